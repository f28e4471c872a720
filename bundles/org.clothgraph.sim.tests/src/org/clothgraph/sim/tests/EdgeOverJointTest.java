package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.clothgraph.measure.BodyCrossings;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.ClothStepper;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.Capsule;
import org.clothgraph.sim.body.CapsuleUnion;
import org.clothgraph.sim.body.SkinnedSurface;
import org.junit.jupiter.api.Test;

/**
 * A cloth edge coming down onto the outside of a joint bent at a right angle. Round the joint the two capsules are the
 * same distance away, and the body (the smooth union of the capsules the vertex pass collides with, and the skinned
 * mesh drawn from it) lies a quarter of the blend radius, 6.25 mm, outside both. A triangle moves at 0.4 m/s towards
 * the joint, its edge 0-1 a chord 51 mm long whose middle comes first: stopped where its middle is 4 mm from the
 * capsules, it would lie 2.25 mm inside the union. Tested against each capsule alone (the edge
 * pass until 2026-12-04) it went through the body there. Measured apart from the solver: the union's distance along
 * the edge ({@link CapsuleUnion}, not the collider's own) and the crossings with the skinned mesh
 * ({@link BodyCrossings}) at every frame.
 */
class EdgeOverJointTest {

    private static final float R = 0.05f;

    @Test
    void anEdgeComingOntoTheOutsideOfAJointStaysOutOfTheBody() throws Exception {
        // upper capsule up from the joint at the origin, lower one along +x: the outside of the bend is x < 0, y < 0
        Body limb = new Body(List.of(new Capsule("upperarm_r", 0, 0, 0, 0, 0.3f, 0, R, R),
                new Capsule("forearm_r", 0, 0, 0, 0.3f, 0, 0, R, R)));
        boolean[] joined = CapsuleUnion.joined(limb, SkinnedSurface.DEFAULT_BLEND);
        assertTrue(joined[1], "the two capsules are joined (blended) at the joint");
        // the chord's ends on the circle 4.25 mm outside the union, then the triangle moved 20 mm out along the
        // bisector of the outside (225 degrees) and sent back in
        double r = R + SkinnedSurface.DEFAULT_BLEND / 4 + 0.00425;
        double a0 = Math.toRadians(200), a1 = Math.toRadians(250), am = Math.toRadians(225);
        double ox = 0.02 * Math.cos(am), oy = 0.02 * Math.sin(am);
        float[] p = { (float) (r * Math.cos(a0) + ox), (float) (r * Math.sin(a0) + oy), 0,
                (float) (r * Math.cos(a1) + ox), (float) (r * Math.sin(a1) + oy), 0,
                (float) (0.1 * Math.cos(am) + ox), (float) (0.1 * Math.sin(am) + oy), 0.03f };
        float[] v = new float[9];
        for (int i = 0; i < 3; i++) {
            v[3 * i] = (float) (-0.4 * Math.cos(am));
            v[3 * i + 1] = (float) (-0.4 * Math.sin(am));
        }
        ClothMesh mesh = new ClothMesh("chord", p, new float[] { 0, 0, 1, 0, 0, 1 }, new int[] { 0, 1, 2 }, Map.of());
        SkinnedSurface skin = SkinnedSurface.of(limb);
        double[] body = skin.bindPositions();
        BodyCrossings crossings = new BodyCrossings(mesh.triangles(), skin.triangles());
        SimulationSettings s = SimulationSettings.smallSteps().withThreads(1).withGravity(0, 0, 0);
        double least = Double.POSITIVE_INFINITY, last = Double.NaN;
        int crossed = 0;
        try (ClothStepper stepper = new ClothStepper(mesh, Material.defaults(), s, new ClothState(p.clone(), v))) {
            for (int f = 0; f < 8; f++) {
                stepper.advance(XpbdPropertiesTest.still(limb), f / 30.0, 1 / 30.0, f, null);
                float[] x = stepper.state().positions();
                last = deepest(limb, joined, x);
                least = Math.min(least, last);
                crossed += crossings.measure(toDouble(x), body, false).count();
            }
        }
        System.out.printf("EDGE OVER A JOINT: the edge's deepest point at least %.2f mm outside the union, %.2f mm at"
                + " the end; crossings with the skinned mesh over 8 frames %d%n", 1000 * least, 1000 * last, crossed);
        assertEquals(0, crossed, "crossings with the skinned mesh");
        double thick = Material.defaults().thickness();
        assertTrue(least > 0.5 * thick, "the edge's deepest point " + 1000 * least + " mm");
        // it did come down onto the body (the triangle then turns about it as its far corner comes on)
        assertTrue(least < 2 * thick, "the edge came no closer than " + 1000 * least + " mm");
    }

    /** The least union distance along edge 0-1, sampled every millimetre or finer. */
    private static double deepest(Body body, boolean[] joined, float[] x) {
        double least = Double.POSITIVE_INFINITY;
        double[] g = new double[3];
        for (int k = 0; k <= 100; k++) {
            double s = k / 100.0;
            least = Math.min(least, CapsuleUnion.distance(body, joined, SkinnedSurface.DEFAULT_BLEND,
                    x[0] + s * (x[3] - x[0]), x[1] + s * (x[4] - x[1]), x[2] + s * (x[5] - x[2]), g));
        }
        return least;
    }

    private static double[] toDouble(float[] f) {
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            d[i] = f[i];
        }
        return d;
    }
}
