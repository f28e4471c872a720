package org.clothgraph.cloth.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.cloth.FittingPose;
import org.clothgraph.measure.SelfIntersections;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.demo.DemoCharacter;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.ProceduralBody;
import org.clothgraph.sim.garment.Garments;
import org.junit.jupiter.api.Test;

/**
 * Generated garments at rest are what a production solver accepts (issue 10): no crossing edge-triangle pair by
 * the independent checker, and every vertex at least the default collision thickness from the rest body's
 * capsules. Both rest bodies are checked: the demo character in its fitting pose (what `clothgraph demo` and
 * `garment robe|outfit` fit to) and the procedural body (the simulator's tests and benchmark).
 */
class GarmentRestShapeTest {

    private static List<Body> restBodies() {
        Skeleton sk = DemoCharacter.skeleton();
        return List.of(CharacterBody.of(sk).pose(FittingPose.aPose(sk, 30), 0), ProceduralBody.restPose());
    }

    private static void assertCleanOnBothBodies(String what, int vertices, boolean robe) {
        double thickness = Material.defaults().thickness();
        for (Body body : restBodies()) {
            ClothMesh m = robe ? Garments.hoodedRobe(body, vertices) : Garments.casualOutfit(body, vertices);
            float[] p = m.restPositions();
            assertEquals(0, SelfIntersections.count(p, m.triangles()), what + " at " + vertices + " crosses itself");
            double closest = Double.POSITIVE_INFINITY;
            for (int i = 0; i < p.length; i += 3) {
                closest = Math.min(closest, body.signedDistance(p[i], p[i + 1], p[i + 2]));
            }
            assertTrue(closest >= thickness, what + " at " + vertices + " comes " + 1000 * closest
                    + " mm from the body (thickness " + 1000 * thickness + " mm)");
        }
    }

    @Test
    void theDefaultRobeIsIntersectionFreeAndClearOfTheBody() {
        assertCleanOnBothBodies("robe", Garments.DEFAULT_ROBE_VERTICES, true);
    }

    @Test
    void aCoarseAndA30000VertexRobeAreIntersectionFreeAndClearOfTheBody() {
        assertCleanOnBothBodies("robe", 800, true);
        assertCleanOnBothBodies("robe", 30_000, true);
    }

    @Test
    void theCasualOutfitIsIntersectionFreeAndClearOfTheBody() {
        assertCleanOnBothBodies("outfit", Garments.DEFAULT_ROBE_VERTICES, false);
        assertCleanOnBothBodies("outfit", 1_500, false);
    }
}
