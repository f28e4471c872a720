package org.clothgraph.sim.arcsim.internal;

import java.util.Locale;

import org.clothgraph.measure.SelfIntersections;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.body.Body;

/**
 * What ARCSim needs of a start state: cloth that does not cross itself (its collision response only keeps
 * cloth apart, it cannot undo a crossing: such starts stall for minutes or abort with "Collision resolution
 * failed to converge!") and that keeps the repulsion thickness from the obstacles it is given (the capsules
 * written by {@link CapsuleRig}; their facet meshes lie inside the capsules, so capsule distances are the
 * closest the cloth can be to them).
 *
 * @param crossings edge-triangle pairs where the cloth crosses itself (the independent checker)
 * @param closeVertices vertices closer to the body than {@code thickness} (less the output rounding)
 * @param closestMm smallest signed distance of a vertex to the body, mm (negative: inside)
 * @param thicknessMm the collision (repulsion) thickness the distances were held against, mm
 */
public record StartStateCheck(int crossings, int closeVertices, double closestMm, double thicknessMm) {

    /** ARCSim writes 6 significant digits: a vertex resting at the thickness may read this much closer, m. */
    static final double ROUNDING = 1e-5;

    /** Measures {@code state} of {@code mesh} against the posed capsules {@code body}. */
    public static StartStateCheck of(ClothMesh mesh, ClothState state, Body body, double thickness) {
        float[] p = state.positions();
        int crossings = SelfIntersections.count(p, mesh.triangles());
        int close = 0;
        double closest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < p.length; i += 3) {
            double d = body.signedDistance(p[i], p[i + 1], p[i + 2]);
            closest = Math.min(closest, d);
            if (d < thickness - ROUNDING) {
                close++;
            }
        }
        return new StartStateCheck(crossings, close, 1000 * closest, 1000 * thickness);
    }

    public boolean clean() {
        return crossings == 0 && closeVertices == 0;
    }

    /** One sentence saying what is wrong, or "" when clean. */
    public String problem() {
        if (clean()) {
            return "";
        }
        StringBuilder b = new StringBuilder("start state ");
        if (crossings > 0) {
            b.append("intersects itself at ").append(crossings).append(" edge-triangle pairs");
        }
        if (closeVertices > 0) {
            b.append(crossings > 0 ? " and " : "").append(String.format(Locale.ROOT,
                    "has %d vertices closer to the body than the %.1f mm collision thickness (%s)", closeVertices,
                    thicknessMm, closestMm < 0 ? String.format(Locale.ROOT, "%.1f mm inside it", -closestMm)
                            : String.format(Locale.ROOT, "closest %.1f mm", closestMm)));
        }
        return b.append("; ARCSim cannot resolve such a start").toString();
    }
}
