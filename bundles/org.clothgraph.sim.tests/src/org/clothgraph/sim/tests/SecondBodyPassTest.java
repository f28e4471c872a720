package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
 * The small-step solver's second body pass of a substep (after the cloth-cloth contacts are solved again) tests only
 * the vertices the first pass touched or something moved since, and the edges at them ({@code FirstBodyPass}): the
 * frames are those of a second pass testing everything, bit for bit, on the hooded robe spinning with a flip and
 * whipping its head (where cloth presses on cloth and on the body), on one thread and on two.
 */
class SecondBodyPassTest {

    private static final Material MATERIAL = Material.defaults();

    private record Run(ClothState state, long[] passes) {
    }

    private static Run run(ClothMesh robe, ClothState draped, BodyMotion body, int threads, boolean skip)
            throws Exception {
        try (XpbdSolver solver = new XpbdSolver(robe, MATERIAL, SimulationSettings.smallSteps().withThreads(threads))) {
            solver.skipSettled(skip);
            solver.setState(draped);
            for (int f = 0; f < 8; f++) {
                solver.advanceFrame(body, f / 30.0, 1 / 30.0, f, null, 0);
            }
            return new Run(solver.state(), solver.secondBodyPasses());
        }
    }

    @Test
    void skippingWhatTheFirstPassSettledLeavesTheFramesAsTheyAre() throws Exception {
        int threads = 1;
        for (ProceduralBody.Motion motion : new ProceduralBody.Motion[] { ProceduralBody.Motion.SPIN_FLIP,
                ProceduralBody.Motion.HEAD_WHIP }) {
            BodyMotion body = ProceduralBody.motion(motion);
            ClothMesh robe = Garments.hoodedRobe(body.poseAt(0), 1200);
            SimulationSettings s = SimulationSettings.smallSteps().withThreads(1);
            ClothState draped = InitialDrape.drape(robe, MATERIAL, s.withSelfCollision(false, 1), body, 0, 0.2, null);
            Run skipped = run(robe, draped, body, threads, true);
            Run all = run(robe, draped, body, threads, false);
            long[] p = skipped.passes(), q = all.passes();
            assertTrue(p[0] > 0, motion + ": no second body pass ran");
            // every second pass tests all vertices with skipping off; with it on, fewer, and edges were skipped
            assertTrue(q[1] == q[0] * robe.vertexCount() && q[2] == 0, motion + ": " + java.util.Arrays.toString(q));
            assertTrue(p[1] < q[1] / 2 && p[2] > 0, motion + ": tested " + p[1] + " of " + q[1] + " vertices, skipped "
                    + p[2] + " edges");
            assertArrayEquals(all.state().positions(), skipped.state().positions(), motion + ", " + threads + " threads");
            assertArrayEquals(all.state().velocities(), skipped.state().velocities(), motion + ", " + threads + " threads");
            threads = 3 - threads;
        }
    }
}
