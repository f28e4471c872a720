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
 * The small-step solver on a robe large enough that every parallel stage runs on both threads, and the stages whose
 * work gathers in parts of the cloth (the cloth-cloth candidates, the body's edge pretest) cut it into more chunks
 * than threads, taken in turn by the threads ({@code Workers.forChunks}): the frames on two threads are those on one,
 * bit for bit, with the hood whipped against itself.
 */
class LargeRobeThreadsTest {

    private static final Material MATERIAL = Material.defaults();

    private static ClothState run(ClothMesh robe, ClothState draped, BodyMotion body, int threads) throws Exception {
        try (XpbdSolver solver = new XpbdSolver(robe, MATERIAL, SimulationSettings.smallSteps().withThreads(threads))) {
            solver.setState(draped);
            for (int f = 0; f < 3; f++) {
                solver.advanceFrame(body, f / 30.0, 1 / 30.0, f, null, 0);
            }
            assertTrue(solver.counters().selfContacts() > 0, "cloth-cloth contacts: " + solver.counters().summary());
            return solver.state();
        }
    }

    @Test
    void twoThreadsGiveTheFramesOfOne() throws Exception {
        BodyMotion body = ProceduralBody.motion(ProceduralBody.Motion.HEAD_WHIP);
        ClothMesh robe = Garments.hoodedRobe(body.poseAt(0), 10_000);
        assertTrue(robe.vertexCount() >= 8192, robe.vertexCount() + " vertices");
        ClothState draped = InitialDrape.drape(robe, MATERIAL,
                SimulationSettings.smallSteps().withThreads(1).withSelfCollision(false, 1), body, 0, 0.1, null);
        ClothState one = run(robe, draped, body, 1), two = run(robe, draped, body, 2);
        assertArrayEquals(one.positions(), two.positions());
        assertArrayEquals(one.velocities(), two.velocities());
    }
}
