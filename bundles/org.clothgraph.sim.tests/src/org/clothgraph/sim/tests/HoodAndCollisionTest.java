package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.InitialDrape;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationResult;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.ProceduralBody;
import org.clothgraph.sim.garment.Garments;
import org.clothgraph.sim.garment.HoodStateClassifier;
import org.junit.jupiter.api.Test;

/** Hood behaviour and body collisions on a coarse (~1.2k vertex) robe. */
class HoodAndCollisionTest {

    private static final double MAX_PENETRATION = 0.005;

    private static SimulationResult simulate(ProceduralBody.Motion which, int frames, HoodStateClassifier[] hc)
            throws Exception {
        return simulate(which, 1200, frames, hc);
    }

    private static SimulationResult simulate(ProceduralBody.Motion which, int vertices, int frames,
            HoodStateClassifier[] hc) throws Exception {
        BodyMotion m = ProceduralBody.motion(which);
        ClothMesh robe = Garments.hoodedRobe(m.poseAt(0), vertices);
        ClothState rest = InitialDrape.drape(robe, Material.defaults(), SimulationSettings.defaults(), m, 0, 0.5, null);
        assertTrue(m.poseAt(0).maxPenetration(rest.positions()) <= 1e-6, "drape penetration-free");
        hc[0] = new HoodStateClassifier(robe);
        assertEquals(HoodStateClassifier.UP, hc[0].classify(rest, m.poseAt(0)), "hood starts UP");
        SimulationResult r = new XpbdClothSimulator().simulate(robe, Material.defaults(), SimulationSettings.defaults(),
                m, 0, rest, 30, frames, null);
        double pen = TestSupport.maxPenetration(r.frames(), m, 0, 30);
        System.out.printf("%s: max penetration %.5f m over %d frames%n", which, pen, frames);
        assertTrue(pen <= MAX_PENETRATION, "max penetration " + pen);
        return r;
    }

    @Test
    void walkKeepsTheHoodUp() throws Exception {
        HoodStateClassifier[] hc = new HoodStateClassifier[1];
        SimulationResult r = simulate(ProceduralBody.Motion.WALK, 45, hc);
        BodyMotion m = ProceduralBody.motion(ProceduralBody.Motion.WALK);
        double worstDrop = 0;
        for (int k = 0; k < r.frames().size(); k++) {
            assertEquals(HoodStateClassifier.UP, hc[0].classify(r.frames().get(k), m.poseAt((k + 1) / 30.0)),
                    "frame " + k);
            // and really on the head: centroid near the head centre, well above the fallen threshold
            double[] meas = hc[0].measure(r.frames().get(k), m.poseAt((k + 1) / 30.0));
            worstDrop = Math.max(worstDrop, meas[7]);
            assertTrue(meas[1] < 0.08, "frame " + k + " hood centroid " + meas[1] + " m from the head centre");
        }
        System.out.printf("WALK: hood centroid at most %.3f m below the top of the head%n", worstDrop);
        assertTrue(worstDrop < HoodStateClassifier.DEFAULT_MIN_DROP - 0.04, "walk drop " + worstDrop);
    }

    @Test
    void headWhipThrowsTheHoodDown() throws Exception {
        HoodStateClassifier[] hc = new HoodStateClassifier[1];
        int frames = 75;
        SimulationResult r = simulate(ProceduralBody.Motion.HEAD_WHIP, frames, hc);
        BodyMotion m = ProceduralBody.motion(ProceduralBody.Motion.HEAD_WHIP);
        StringBuilder seq = new StringBuilder();
        for (int k = 0; k < frames; k++) {
            seq.append(hc[0].classify(r.frames().get(k), m.poseAt((k + 1) / 30.0)).charAt(0));
        }
        double[] meas = hc[0].measure(r.last(), m.poseAt(frames / 30.0));
        System.out.printf("HEAD_WHIP: %s; end: %.3f m below the head top, %.3f m behind the neck%n", seq, meas[7],
                -meas[6]);
        // the body is at rest from t = 1.7 s (frame 50): from then on the hood hangs behind the head
        for (int k = 50; k < frames; k++) {
            assertEquals('D', seq.charAt(k), "frame " + k + " in " + seq);
        }
        assertTrue(meas[7] > HoodStateClassifier.DEFAULT_MIN_DROP + 0.03 && -meas[6] > HoodStateClassifier.DEFAULT_MIN_BEHIND + 0.01,
                "clearly fallen: " + meas[7] + ", " + -meas[6]);
    }

    @Test
    void spinFlipStaysStableAndOutsideTheBody() throws Exception {
        HoodStateClassifier[] hc = new HoodStateClassifier[1];
        SimulationResult r = simulate(ProceduralBody.Motion.SPIN_FLIP, 60, hc); // penetration asserted inside
        assertEquals(60, r.frames().size());
    }

    // Regression: at the default robe resolution (~4k vertices, dense hood crown) the cloth-cloth contact
    // response used to inject energy in vigorous motions (EXPLOSION at frame ~9-11). Simulate failures throw.

    @Test
    void headWhipAtDefaultResolutionDoesNotExplode() throws Exception {
        HoodStateClassifier[] hc = new HoodStateClassifier[1];
        SimulationResult r = simulate(ProceduralBody.Motion.HEAD_WHIP, Garments.DEFAULT_ROBE_VERTICES, 40, hc);
        assertEquals(40, r.frames().size());
    }

    @Test
    void spinFlipAtDefaultResolutionDoesNotExplode() throws Exception {
        HoodStateClassifier[] hc = new HoodStateClassifier[1];
        SimulationResult r = simulate(ProceduralBody.Motion.SPIN_FLIP, Garments.DEFAULT_ROBE_VERTICES, 40, hc);
        assertEquals(40, r.frames().size());
    }

    @Test
    void contactHeavyRunIsIndependentOfTheThreadCount() throws Exception {
        BodyMotion m = ProceduralBody.motion(ProceduralBody.Motion.HEAD_WHIP);
        ClothMesh robe = Garments.hoodedRobe(m.poseAt(0), Garments.DEFAULT_ROBE_VERTICES);
        SimulationSettings s = SimulationSettings.defaults();
        ClothState rest = InitialDrape.drape(robe, Material.defaults(), s, m, 0, 0.2, null);
        // frames 3-10 of the whip crush the hood: hundreds of contacts per vertex in the crown
        SimulationResult a = new XpbdClothSimulator().simulate(robe, Material.defaults(), s.withThreads(1), m, 0, rest,
                30, 10, null);
        SimulationResult b = new XpbdClothSimulator().simulate(robe, Material.defaults(), s.withThreads(2), m, 0, rest,
                30, 10, null);
        for (int k = 0; k < 10; k++) {
            assertArrayEquals(a.frames().get(k).positions(), b.frames().get(k).positions(), "frame " + k);
            assertArrayEquals(a.frames().get(k).velocities(), b.frames().get(k).velocities(), "frame " + k);
        }
    }
}
