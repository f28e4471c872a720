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
        double worstDistance = 0, worstAbove = 1;
        for (int k = 0; k < r.frames().size(); k++) {
            assertEquals(HoodStateClassifier.UP, hc[0].classify(r.frames().get(k), m.poseAt((k + 1) / 30.0)),
                    "frame " + k);
            // and really on the head, well inside the UP thresholds: centroid near the head centre, a good part
            // of the hood over the crown
            double[] meas = hc[0].measure(r.frames().get(k), m.poseAt((k + 1) / 30.0));
            worstDistance = Math.max(worstDistance, meas[HoodStateClassifier.HEAD_DISTANCE]);
            worstAbove = Math.min(worstAbove, meas[HoodStateClassifier.ABOVE_FRACTION]);
        }
        System.out.printf("WALK: hood centroid at most %.3f m from the head centre, at least %.2f of the hood above it%n",
                worstDistance, worstAbove);
        assertTrue(worstDistance < 0.08, "walk: hood centroid " + worstDistance + " m from the head centre");
        assertTrue(worstAbove > HoodStateClassifier.DEFAULT_MIN_ABOVE_FRACTION + 0.1, "walk: above fraction " + worstAbove);
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
        System.out.printf("HEAD_WHIP: %s; end: centroid %.3f m from the head centre, height fraction %.2f, "
                + "%.2f of the hood above the head centre, %.3f m behind the neck%n", seq,
                meas[HoodStateClassifier.HEAD_DISTANCE], meas[HoodStateClassifier.HEIGHT_FRACTION],
                meas[HoodStateClassifier.ABOVE_FRACTION], -meas[HoodStateClassifier.FORWARD]);
        // the body is at rest from t = 1.7 s (frame 50): from then on the hood hangs behind the head
        for (int k = 50; k < frames; k++) {
            assertEquals('D', seq.charAt(k), "frame " + k + " in " + seq);
        }
        // clearly fallen (off the head, nothing over the crown) and, for this motion, behind the neck
        assertTrue(meas[HoodStateClassifier.HEAD_DISTANCE] > HoodStateClassifier.DEFAULT_MAX_HEAD_DISTANCE + 0.03
                && meas[HoodStateClassifier.ABOVE_FRACTION] < 0.05, "clearly fallen: " + meas[HoodStateClassifier.HEAD_DISTANCE]
                        + " m, above fraction " + meas[HoodStateClassifier.ABOVE_FRACTION]);
        assertTrue(-meas[HoodStateClassifier.FORWARD] > 0.06, "behind the neck: " + -meas[HoodStateClassifier.FORWARD]);
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
