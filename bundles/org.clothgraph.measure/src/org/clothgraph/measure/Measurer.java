package org.clothgraph.measure;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.Capsule;

/**
 * Measures frames of one garment: self-intersections, strain against its rest, and, when a body is given,
 * crossings with and penetration into it. A body is a closed triangle surface (the deforming
 * {@link org.clothgraph.sim.body.BodySurface}, or ARCSim's obstacles) or, when a motion has no surface, its
 * capsules (penetration only: capsules have no edges to cross).
 */
public final class Measurer {

    private final int[] clothTriangles;
    private final Strain strain;
    private final BodyCrossings bodyCrossings;
    private final BodyPenetration bodyPenetration;

    /**
     * @param bodyVertexCount vertices of the body surface, ignored when {@code bodyTriangles} is null
     * @param bodyTriangles   the closed body surface's triangles, or null when frames come without a surface
     */
    public Measurer(int[] clothTriangles, Strain strain, int bodyVertexCount, int[] bodyTriangles) {
        this.clothTriangles = clothTriangles.clone();
        this.strain = strain;
        this.bodyCrossings = bodyTriangles == null ? null : new BodyCrossings(clothTriangles, bodyTriangles);
        this.bodyPenetration = bodyTriangles == null ? null : new BodyPenetration(bodyVertexCount, bodyTriangles);
    }

    /** A measurer for a garment against its rest positions, without a body surface. */
    public static Measurer of(ClothMesh mesh) {
        return new Measurer(mesh.triangles(), Strain.againstRest(mesh), 0, null);
    }

    /** Self-intersections and strain only. */
    public FrameMeasure measure(int frame, double[] cloth) {
        Strain.Result s = strain.measure(cloth);
        return new FrameMeasure(frame, SelfIntersections.count(cloth, clothTriangles), -1, Double.NaN, 0, Double.NaN,
                s.p99(), s.max());
    }

    /** All measures against the body surface at {@code body} (needs the body triangles given at construction). */
    public FrameMeasure measure(int frame, double[] cloth, double[] body) {
        if (bodyCrossings == null) {
            throw new IllegalStateException("this measurer has no body surface");
        }
        Strain.Result s = strain.measure(cloth);
        BodyPenetration.Result p = bodyPenetration.measure(cloth, body);
        return new FrameMeasure(frame, SelfIntersections.count(cloth, clothTriangles),
                bodyCrossings.measure(cloth, body, false).count(), p.maxDepth(), p.inside(), p.clearance(), s.p99(),
                s.max());
    }

    /** Self-intersections, strain, and penetration into the capsules of {@code body} (no body crossings). */
    public FrameMeasure measure(int frame, double[] cloth, Body body) {
        Strain.Result s = strain.measure(cloth);
        double maxDepth = 0, clearance = Double.POSITIVE_INFINITY;
        int inside = 0;
        for (int i = 0; i < cloth.length / 3; i++) {
            double d = Double.POSITIVE_INFINITY;
            for (Capsule c : body.capsules()) {
                d = Math.min(d, c.signedDistance(cloth[3 * i], cloth[3 * i + 1], cloth[3 * i + 2]));
            }
            if (d < 0) {
                inside++;
                maxDepth = Math.max(maxDepth, -d);
            } else if (d >= 0) {
                clearance = Math.min(clearance, d);
            }
        }
        return new FrameMeasure(frame, SelfIntersections.count(cloth, clothTriangles), -1, maxDepth, inside, clearance,
                s.p99(), s.max());
    }
}
