package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.InitialDrape;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.ProceduralBody;
import org.clothgraph.sim.garment.Garments;
import org.clothgraph.sim.internal.XpbdSolver;
import org.junit.jupiter.api.Test;

/**
 * The small-step solver's cloth-cloth candidates kept over collision passes (a Verlet list made exact,
 * {@code KeptCandidates}): every pass gets the pairs, in the order, that its own search would find, so the frames are
 * those of a solver searching afresh at every pass, bit for bit. Checked pass by pass (the solver's test hook
 * searches afresh beside the kept candidates and fails on any difference) and by the frames, on the hooded robe
 * walking, spinning with a flip and whipping its head, on one thread and on two.
 */
class SelfCollisionReuseTest {

    private record Run(float[] positions, float[] velocities, long[] statistics) {
    }

    private static Run run(ProceduralBody.Motion motion, int vertices, int frames, int threads, boolean reuse,
            boolean check) throws Exception {
        BodyMotion body = ProceduralBody.motion(motion);
        ClothMesh robe = Garments.hoodedRobe(body.poseAt(0), vertices);
        Material m = Material.defaults();
        SimulationSettings s = SimulationSettings.smallSteps().withThreads(threads);
        ClothState rest = InitialDrape.drape(robe, m, s.withSelfCollision(false, 1), body, 0, 0.2, null);
        try (XpbdSolver solver = new XpbdSolver(robe, m, s)) {
            solver.reuseCandidates(reuse);
            solver.checkCandidates(check);
            solver.setState(rest);
            for (int f = 0; f < frames; f++) {
                solver.advanceFrame(body, f / 30.0, 1 / 30.0, f, null, 0);
            }
            ClothState st = solver.state();
            return new Run(st.positions(), st.velocities(), solver.candidateStatistics());
        }
    }

    /** Every pass: the kept candidates give the search's pairs in its order (an IllegalStateException if not). */
    @Test
    void everyPassGetsTheSearchsPairsInItsOrder() throws Exception {
        for (ProceduralBody.Motion motion : new ProceduralBody.Motion[] { ProceduralBody.Motion.WALK,
                ProceduralBody.Motion.SPIN_FLIP, ProceduralBody.Motion.HEAD_WHIP }) {
            long[] st = run(motion, 1500, 8, 2, true, true).statistics();
            // passes, full searches, passes that added changed boxes' pairs: most passes did not search
            assertTrue(st[0] >= 8 * 20, motion + ": passes " + st[0]);
            assertTrue(st[1] < st[0] / 2, motion + ": full searches " + st[1] + " of " + st[0] + " passes");
            assertTrue(st[2] > 0, motion + ": no pass added pairs for boxes a vertex had left");
        }
    }

    /** The frames with kept candidates are those of a search at every pass, bit for bit, on one and two threads. */
    @Test
    void theFramesAreThoseOfASearchAtEveryPass() throws Exception {
        for (int threads = 1; threads <= 2; threads++) {
            for (ProceduralBody.Motion motion : new ProceduralBody.Motion[] { ProceduralBody.Motion.SPIN_FLIP,
                    ProceduralBody.Motion.HEAD_WHIP }) {
                Run kept = run(motion, 1500, 10, threads, true, false);
                Run searched = run(motion, 1500, 10, threads, false, false);
                assertEquals(0, searched.statistics()[1], "with reuse off nothing is kept");
                assertTrue(kept.statistics()[1] < kept.statistics()[0] / 2, "most passes used kept candidates");
                assertArrayEquals(searched.positions(), kept.positions(), motion + ", " + threads + " threads");
                assertArrayEquals(searched.velocities(), kept.velocities(), motion + ", " + threads + " threads");
            }
        }
    }
}
