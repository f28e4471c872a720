package org.clothgraph.sim.garment;

import java.util.List;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.Capsule;

/**
 * Hood UP vs DOWN from the centroid of the mesh's "hood" vertex group relative to the body's "head" and
 * "neck" capsules: with u the unit direction from the neck base (neck capsule end a) to the head centre,
 * the hood is UP when the centroid's height along u above the neck base is at least
 * {@code minHeightFraction} of the neck-base-to-head-centre distance AND the centroid lies within
 * {@code maxHeadDistance} of the head centre; otherwise DOWN (fallen behind the shoulders, or off).
 * Works in any body orientation (upside down during a flip the hood can still be UP).
 */
public final class HoodStateClassifier implements GarmentStateClassifier {
    public static final String UP = "UP";
    public static final String DOWN = "DOWN";

    private final int[] hood;
    private final double minHeightFraction;
    private final double maxHeadDistance;

    public HoodStateClassifier(ClothMesh mesh) {
        this(mesh, 0.6, 0.16);
    }

    public HoodStateClassifier(ClothMesh mesh, double minHeightFraction, double maxHeadDistance) {
        this.hood = mesh.group("hood");
        if (hood.length == 0) {
            throw new IllegalArgumentException("mesh " + mesh.name() + " has no \"hood\" vertex group");
        }
        this.minHeightFraction = minHeightFraction;
        this.maxHeadDistance = maxHeadDistance;
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
        return m[0] >= minHeightFraction && m[1] <= maxHeadDistance ? UP : DOWN;
    }

    /**
     * {height fraction along neck-to-head axis, distance to head centre (m), centroid x, y, z}.
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
        return new double[] {height, dist, cx, cy, cz};
    }
}
