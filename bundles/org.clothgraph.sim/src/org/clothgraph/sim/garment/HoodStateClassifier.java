package org.clothgraph.sim.garment;

import java.util.List;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.Capsule;

/**
 * Hood UP vs DOWN from the centroid of the mesh's "hood" vertex group, measured in a body frame at the neck
 * base (end a of the "neck" capsule): u is the unit direction from the neck base to the centre of the
 * "head" capsule (up for the head), l the "shoulders" capsule direction made orthogonal to u (the body's
 * left; +X if there is no such capsule) and f = l x u the direction the face looks.
 * <p>
 * The hood is DOWN when it has clearly fallen off the head, i.e. both
 * <ul>
 * <li>its centroid lies at least {@code minDrop} (default 0.20 m) below the top of the head along u. A hood
 * worn on the head has its centroid around the head centre, about 0.13 m below the top of a 0.19 m wide
 * head; a hood hanging on the upper back has it near or below the neck base, about 0.25 m below; and</li>
 * <li>its centroid lies at least {@code minBehind} (default 0.05 m, the neck radius) behind the neck base
 * along -f, i.e. behind the back of the neck rather than pushed forward over the face.</li>
 * </ul>
 * Otherwise the hood is UP (on the head, or only displaced: a hood flapping around the head during a
 * fast motion is not "down"). Both quantities are relative to the head and neck, so the classification
 * works in any body orientation (upside down during a flip the hood can still be UP).
 */
public final class HoodStateClassifier implements GarmentStateClassifier {
    public static final String UP = "UP";
    public static final String DOWN = "DOWN";

    /** Default minimal drop of the hood centroid below the top of the head for DOWN, m. */
    public static final double DEFAULT_MIN_DROP = 0.20;
    /** Default minimal distance of the hood centroid behind the neck base for DOWN, m. */
    public static final double DEFAULT_MIN_BEHIND = 0.05;

    private final int[] hood;
    private final double minDrop;
    private final double minBehind;
    private final boolean legacy;
    private final double minHeightFraction;
    private final double maxHeadDistance;

    public HoodStateClassifier(ClothMesh mesh) {
        this(mesh, DEFAULT_MIN_DROP, DEFAULT_MIN_BEHIND, false, 0, 0);
    }

    /**
     * The earlier criterion, kept for compatibility: UP when the centroid's height along u above the neck base
     * is at least {@code minHeightFraction} of the neck-base-to-head-centre distance AND the centroid lies
     * within {@code maxHeadDistance} of the head centre; otherwise DOWN (which then includes a hood that is
     * only displaced). Prefer {@link #fallen(ClothMesh, double, double)}.
     */
    public HoodStateClassifier(ClothMesh mesh, double minHeightFraction, double maxHeadDistance) {
        this(mesh, 0, 0, true, minHeightFraction, maxHeadDistance);
    }

    private HoodStateClassifier(ClothMesh mesh, double minDrop, double minBehind, boolean legacy,
            double minHeightFraction, double maxHeadDistance) {
        this.hood = mesh.group("hood");
        if (hood.length == 0) {
            throw new IllegalArgumentException("mesh " + mesh.name() + " has no \"hood\" vertex group");
        }
        this.minDrop = minDrop;
        this.minBehind = minBehind;
        this.legacy = legacy;
        this.minHeightFraction = minHeightFraction;
        this.maxHeadDistance = maxHeadDistance;
    }

    /** The fallen-hood criterion (see the class comment) with explicit thresholds in metres. */
    public static HoodStateClassifier fallen(ClothMesh mesh, double minDrop, double minBehind) {
        return new HoodStateClassifier(mesh, minDrop, minBehind, false, 0, 0);
    }

    @Override
    public String name() {
        return "hood";
    }

    @Override
    public List<String> classes() {
        return List.of(UP, DOWN);
    }

    @Override
    public String classify(ClothState state, Body body) {
        double[] m = measure(state, body);
        if (legacy) {
            return m[0] >= minHeightFraction && m[1] <= maxHeadDistance ? UP : DOWN;
        }
        return m[7] >= minDrop && -m[6] >= minBehind ? DOWN : UP;
    }

    /**
     * {height fraction along the neck-to-head axis u (1 = level with the head centre), distance to the head
     * centre (m), centroid x, y, z, height above the neck base along u (m), forward offset along f (m, negative
     * = behind the neck), drop below the top of the head along u (m)}.
     */
    public double[] measure(ClothState state, Body body) {
        Capsule head = body.find("head"), neck = body.find("neck");
        if (head == null || neck == null) {
            throw new IllegalArgumentException("body needs capsules named \"head\" and \"neck\"");
        }
        float[] p = state.positions();
        double cx = 0, cy = 0, cz = 0;
        for (int i : hood) {
            cx += p[3 * i];
            cy += p[3 * i + 1];
            cz += p[3 * i + 2];
        }
        cx /= hood.length;
        cy /= hood.length;
        cz /= hood.length;
        double[] hc = head.center();
        double ux = hc[0] - neck.ax(), uy = hc[1] - neck.ay(), uz = hc[2] - neck.az();
        double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
        double height = ((cx - neck.ax()) * ux + (cy - neck.ay()) * uy + (cz - neck.az()) * uz) / (ul * ul);
        double dist = Math.sqrt((cx - hc[0]) * (cx - hc[0]) + (cy - hc[1]) * (cy - hc[1]) + (cz - hc[2]) * (cz - hc[2]));
        // body frame at the neck: up u, lateral l (shoulder line, body's left), forward f = l x u
        ux /= ul;
        uy /= ul;
        uz /= ul;
        double lx = 1, ly = 0, lz = 0;
        Capsule sh = body.find("shoulders");
        if (sh != null) {
            lx = sh.bx() - sh.ax();
            ly = sh.by() - sh.ay();
            lz = sh.bz() - sh.az();
        }
        double lu = lx * ux + ly * uy + lz * uz;
        lx -= lu * ux;
        ly -= lu * uy;
        lz -= lu * uz;
        double ll = Math.sqrt(lx * lx + ly * ly + lz * lz);
        lx /= ll;
        ly /= ll;
        lz /= ll;
        double fx = ly * uz - lz * uy, fy = lz * ux - lx * uz, fz = lx * uy - ly * ux;
        double rx = cx - neck.ax(), ry = cy - neck.ay(), rz = cz - neck.az();
        double up = rx * ux + ry * uy + rz * uz, fwd = rx * fx + ry * fy + rz * fz;
        // top of the head along u, relative to the neck base
        double top = Math.max((head.ax() - neck.ax()) * ux + (head.ay() - neck.ay()) * uy + (head.az() - neck.az()) * uz
                + head.ra(), (head.bx() - neck.ax()) * ux + (head.by() - neck.ay()) * uy + (head.bz() - neck.az()) * uz
                + head.rb());
        return new double[] {height, dist, cx, cy, cz, up, fwd, top - up};
    }
}
