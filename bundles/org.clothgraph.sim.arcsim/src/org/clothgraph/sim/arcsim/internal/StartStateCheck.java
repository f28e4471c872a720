package org.clothgraph.sim.arcsim.internal;

import java.util.Locale;

import org.clothgraph.measure.SelfIntersections;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.body.Body;

/**
 * What ARCSim needs of a start state: cloth that does not cross itself and does not lie inside the obstacles.
 * Its collision response only keeps cloth apart; it cannot undo a crossing or a penetration: such starts stall
 * for minutes in the collision response or abort with "Collision resolution failed to converge!". Cloth closer
 * to the body than the repulsion thickness but outside it is accepted: the repulsion pushes it out (ARCSim's own
 * dress-on-dancer start, in ../shared/data, lies 0.02 mm from the dancer with a 5 mm thickness and runs).
 * Distances are to the capsules written by {@link CapsuleRig}; their facet meshes lie inside the capsules, so a
 * vertex outside a capsule is outside its mesh too.
 *
 * @param crossings edge-triangle pairs where the cloth crosses itself (the independent checker)
 * @param insideVertices vertices inside the body
 * @param closeVertices vertices outside the body but closer to it than the thickness (less the output rounding)
 * @param closestMm smallest signed distance of a vertex to the body, mm (negative: inside)
 * @param thicknessMm the collision (repulsion) thickness, mm
 */
public record StartStateCheck(int crossings, int insideVertices, int closeVertices, double closestMm,
        double thicknessMm) {

    /** ARCSim writes 6 significant digits: a vertex resting at the thickness may read this much closer, m. */
    static final double ROUNDING = 1e-5;

    /** Measures {@code state} of {@code mesh} against the posed capsules {@code body}. */
    public static StartStateCheck of(ClothMesh mesh, ClothState state, Body body, double thickness) {
        float[] p = state.positions();
        int crossings = SelfIntersections.count(p, mesh.triangles());
        int inside = 0, close = 0;
        double closest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < p.length; i += 3) {
            double d = body.signedDistance(p[i], p[i + 1], p[i + 2]);
            closest = Math.min(closest, d);
            if (d < 0) {
                inside++;
            } else if (d < thickness - ROUNDING) {
                close++;
            }
        }
        return new StartStateCheck(crossings, inside, close, 1000 * closest, 1000 * thickness);
    }

    /** No crossing and no vertex inside the body. */
    public boolean clean() {
        return crossings == 0 && insideVertices == 0;
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
        if (insideVertices > 0) {
            b.append(crossings > 0 ? " and " : "").append(String.format(Locale.ROOT,
                    "has %d vertices inside the body (deepest %.1f mm; collision thickness %.1f mm)", insideVertices,
                    -closestMm, thicknessMm));
        }
        return b.append("; ARCSim cannot resolve such a start").toString();
    }
}
