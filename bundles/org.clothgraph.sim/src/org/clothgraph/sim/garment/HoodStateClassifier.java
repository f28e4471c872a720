package org.clothgraph.sim.garment;

import java.util.List;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.Capsule;

/**
 * Hood UP vs DOWN: does the mesh's "hood" vertex group cover the head?
 * <p>
 * Everything is measured relative to the head and neck capsules, so the classes do not depend on where the
 * character stands or how it is oriented (upside down in a flip the hood can still be UP). The axis u is the
 * unit direction from the neck base (end a of the "neck" capsule) to the centre of the "head" capsule
 * ("up" for the head). The hood is <b>UP</b> when all three hold:
 * <ol>
 * <li><b>near the head</b>: the centroid of the hood vertices lies within {@code maxHeadDistance} (default
 * {@value #DEFAULT_MAX_HEAD_DISTANCE} m) of the head capsule's centre. A hood worn on a 0.19 m wide head has
 * its centroid 0.04-0.07 m from the head centre (a bit behind and above it); a hood hanging on the upper back
 * has it about 0.2 m away;</li>
 * <li><b>above the neck</b>: the centroid's height along u above the neck base is at least
 * {@code minHeightFraction} (default {@value #DEFAULT_MIN_HEIGHT_FRACTION}) of the neck-base-to-head-centre
 * distance (worn: about 0.7-0.8). A hood collapsed around the neck like a collar - in front, at the side or
 * behind - has its centroid near the neck base (about 0-0.3) even though it can be close to the head
 * centre;</li>
 * <li><b>over the crown</b>: at least {@code minAboveFraction} (default {@value #DEFAULT_MIN_ABOVE_FRACTION})
 * of the hood vertices lie above the head centre along u (worn: about 0.35-0.45; fallen: 0).</li>
 * </ol>
 * Otherwise the hood is <b>DOWN</b>, whichever direction it fell (front, side or back). A hood only
 * displaced on the head during a fast motion (pushed back, flapping) still passes all three tests and is UP.
 * The rule uses no "behind the neck" test, so a hood that slid off to the side or collapsed in front of the
 * neck is DOWN as well.
 */
public final class HoodStateClassifier implements GarmentStateClassifier {
    public static final String UP = "UP";
    public static final String DOWN = "DOWN";

    /** Default maximal distance of the hood centroid from the head capsule centre for UP, m. */
    public static final double DEFAULT_MAX_HEAD_DISTANCE = 0.12;
    /** Default minimal centroid height along the neck-to-head axis, as a fraction of the neck base to head centre. */
    public static final double DEFAULT_MIN_HEIGHT_FRACTION = 0.5;
    /** Default minimal fraction of hood vertices above the head centre for UP. */
    public static final double DEFAULT_MIN_ABOVE_FRACTION = 0.15;

    /** Index in {@link #measure}: centroid height fraction along u (0 = neck base, 1 = level with the head centre). */
    public static final int HEIGHT_FRACTION = 0;
    /** Index in {@link #measure}: distance of the centroid from the head capsule centre, m. */
    public static final int HEAD_DISTANCE = 1;
    /**
     * Index in {@link #measure}: offset of the centroid from the neck base along f, m (negative = behind for a
     * body whose shoulders capsule runs from the right to the left shoulder, see {@link #measure}).
     */
    public static final int FORWARD = 6;
    /** Index in {@link #measure}: drop of the centroid below the top of the head along u, m. */
    public static final int DROP = 7;
    /** Index in {@link #measure}: fraction of hood vertices above the head centre along u. */
    public static final int ABOVE_FRACTION = 8;

    private final int[] hood;
    private final double maxHeadDistance;
    private final double minHeightFraction;
    private final double minAboveFraction;

    public HoodStateClassifier(ClothMesh mesh) {
        this(mesh, DEFAULT_MAX_HEAD_DISTANCE, DEFAULT_MIN_HEIGHT_FRACTION, DEFAULT_MIN_ABOVE_FRACTION);
    }

    /** The criterion of the class comment with explicit thresholds. */
    public HoodStateClassifier(ClothMesh mesh, double maxHeadDistance, double minHeightFraction,
            double minAboveFraction) {
        this.hood = mesh.group("hood");
        if (hood.length == 0) {
            throw new IllegalArgumentException("mesh " + mesh.name() + " has no \"hood\" vertex group");
        }
        if (!(maxHeadDistance > 0 && minHeightFraction > 0 && minAboveFraction > 0)) {
            throw new IllegalArgumentException("the hood classifier's thresholds must be positive: " + maxHeadDistance
                    + " m, " + minHeightFraction + ", " + minAboveFraction);
        }
        this.maxHeadDistance = maxHeadDistance;
        this.minHeightFraction = minHeightFraction;
        this.minAboveFraction = minAboveFraction;
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
        return decide(state, body).hoodClass();
    }

    /**
     * The margin of {@link #decide}: the criteria's slacks as fractions of their thresholds, the smallest of them
     * for UP, the largest shortfall for DOWN.
     */
    @Override
    public double margin(ClothState state, Body body) {
        return decide(state, body).margin();
    }

    /**
     * A decision and how clearly it was made. Each of the three criteria has a slack, its distance from its
     * threshold as a fraction of the threshold, positive on the UP side: (0.12 m - head distance) / 0.12 m, (height
     * fraction - 0.5) / 0.5, (above fraction - 0.15) / 0.15 with the default thresholds. UP needs every slack to be at
     * least 0, so the decision is made by the smallest slack: its size is the margin (for UP, how far the weakest
     * criterion is from failing; for DOWN, how far the most failed criterion is from passing), and that criterion is
     * the deciding one.
     *
     * @param hoodClass {@link #UP} or {@link #DOWN}, as {@link #classify} says
     * @param margin    the smallest slack's size (0.5: the deciding criterion is half its threshold away from it)
     * @param criterion the deciding criterion: "head distance", "height" or "crown"
     * @param value     the deciding criterion's measure (m, or a fraction)
     * @param threshold its threshold
     */
    public record Decision(String hoodClass, double margin, String criterion, double value, double threshold) {
    }

    /** {@link #classify}'s decision with its margin and deciding criterion. */
    public Decision decide(ClothState state, Body body) {
        double[] m = measure(state, body);
        String hoodClass = m[HEAD_DISTANCE] <= maxHeadDistance && m[HEIGHT_FRACTION] >= minHeightFraction
                && m[ABOVE_FRACTION] >= minAboveFraction ? UP : DOWN;
        double[] slack = { (maxHeadDistance - m[HEAD_DISTANCE]) / maxHeadDistance,
                (m[HEIGHT_FRACTION] - minHeightFraction) / minHeightFraction,
                (m[ABOVE_FRACTION] - minAboveFraction) / minAboveFraction };
        int k = 0;
        for (int i = 1; i < slack.length; i++) {
            if (slack[i] < slack[k]) {
                k = i;
            }
        }
        return switch (k) {
            case 0 -> new Decision(hoodClass, Math.abs(slack[0]), "head distance", m[HEAD_DISTANCE], maxHeadDistance);
            case 1 -> new Decision(hoodClass, Math.abs(slack[1]), "height", m[HEIGHT_FRACTION], minHeightFraction);
            default -> new Decision(hoodClass, Math.abs(slack[2]), "crown", m[ABOVE_FRACTION], minAboveFraction);
        };
    }

    /**
     * {height fraction along the neck-to-head axis u (1 = level with the head centre), distance to the head
     * centre (m), centroid x, y, z, height above the neck base along u (m), forward offset along f (m, negative
     * = behind the neck), drop below the top of the head along u (m), fraction of hood vertices above the head
     * centre along u}. The forward direction f = l x u uses l, the direction from end a to end b of the
     * "shoulders" capsule made orthogonal to u (+X if there is no such capsule): it is forward when end a is
     * the body's right shoulder (as in {@link org.clothgraph.sim.body.ProceduralBody}) and backward otherwise,
     * so it is informative only and not used by {@link #classify}.
     */
    public double[] measure(ClothState state, Body body) {
        Capsule head = body.find("head"), neck = body.find("neck");
        if (head == null || neck == null) {
            throw new IllegalArgumentException("body needs capsules named \"head\" and \"neck\"");
        }
        float[] p = state.positions();
        double[] hc = head.center();
        double ux = hc[0] - neck.ax(), uy = hc[1] - neck.ay(), uz = hc[2] - neck.az();
        double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
        ux /= ul;
        uy /= ul;
        uz /= ul;
        double cx = 0, cy = 0, cz = 0;
        int above = 0;
        for (int i : hood) {
            double x = p[3 * i], y = p[3 * i + 1], z = p[3 * i + 2];
            cx += x;
            cy += y;
            cz += z;
            if ((x - hc[0]) * ux + (y - hc[1]) * uy + (z - hc[2]) * uz > 0) {
                above++;
            }
        }
        cx /= hood.length;
        cy /= hood.length;
        cz /= hood.length;
        double dist = Math.sqrt((cx - hc[0]) * (cx - hc[0]) + (cy - hc[1]) * (cy - hc[1]) + (cz - hc[2]) * (cz - hc[2]));
        // body frame at the neck: up u, lateral l (shoulder line, body's left), forward f = l x u
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
        if (ll < 1e-9) {
            lx = 1;
            ly = lz = 0;
            ll = 1;
        }
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
        return new double[] {up / ul, dist, cx, cy, cz, up, fwd, top - up, above / (double) hood.length};
    }
}
