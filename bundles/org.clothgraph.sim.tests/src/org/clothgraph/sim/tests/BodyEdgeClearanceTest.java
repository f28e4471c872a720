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
 * The body's edge passes skip an edge while its clearance from the capsules (found when it was last tested clear)
 * exceeds how far its ends and the body have moved since ({@code SmoothCapsuleCollider.keepClearances}): the frames
 * are those of testing every edge, bit for bit, on the hooded robe spinning with a flip and whipping its head, on one
 * thread and on two (where the pass pretests its edges on the workers first), and most edge tests are saved.
 */
class BodyEdgeClearanceTest {

    private static final Material MATERIAL = Material.defaults();

    private record Run(ClothState state, long skips) {
    }

    private static Run run(ClothMesh robe, ClothState draped, BodyMotion body, int threads, boolean keep)
            throws Exception {
        try (XpbdSolver solver = new XpbdSolver(robe, MATERIAL, SimulationSettings.smallSteps().withThreads(threads))) {
            solver.keepClearances(keep);
            solver.setState(draped);
            for (int f = 0; f < 8; f++) {
                solver.advanceFrame(body, f / 30.0, 1 / 30.0, f, null, 0);
            }
            return new Run(solver.state(), solver.clearanceSkips());
        }
    }

    @Test
    void skippingEdgesStillClearOfTheBodyLeavesTheFramesAsTheyAre() throws Exception {
        // one thread on the smaller robe; two on one with more edges than the pass pretests on the workers
        Object[][] cases = { { ProceduralBody.Motion.SPIN_FLIP, 1, 1200 }, { ProceduralBody.Motion.HEAD_WHIP, 2, 3200 } };
        for (Object[] c : cases) {
            ProceduralBody.Motion motion = (ProceduralBody.Motion) c[0];
            int threads = (Integer) c[1];
            BodyMotion body = ProceduralBody.motion(motion);
            ClothMesh robe = Garments.hoodedRobe(body.poseAt(0), (Integer) c[2]);
            SimulationSettings s = SimulationSettings.smallSteps().withThreads(1);
            ClothState draped = InitialDrape.drape(robe, MATERIAL, s.withSelfCollision(false, 1), body, 0, 0.2, null);
            Run kept = run(robe, draped, body, threads, true);
            Run all = run(robe, draped, body, threads, false);
            String what = motion + ", " + robe.vertexCount() + " vertices, " + threads + " threads";
            assertEquals(0, all.skips(), what);
            assertTrue(kept.skips() > 0, what + ": no edge skipped");
            assertArrayEquals(all.state().positions(), kept.state().positions(), what);
            assertArrayEquals(all.state().velocities(), kept.state().velocities(), what);
        }
    }
}
