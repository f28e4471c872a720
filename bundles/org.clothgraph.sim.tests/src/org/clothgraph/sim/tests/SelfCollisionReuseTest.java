package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.Map;

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

    private static final Material MATERIAL = Material.defaults();
    private static final Map<ProceduralBody.Motion, ClothMesh> ROBES = new EnumMap<>(ProceduralBody.Motion.class);
    private static final Map<ProceduralBody.Motion, ClothState> DRAPED = new EnumMap<>(ProceduralBody.Motion.class);

    /** The robe (about 800 vertices) draped on the motion's first pose, once per motion. */
    private static ClothMesh robe(ProceduralBody.Motion motion) throws Exception {
        if (!ROBES.containsKey(motion)) {
            BodyMotion body = ProceduralBody.motion(motion);
            ClothMesh robe = Garments.hoodedRobe(body.poseAt(0), 800);
            SimulationSettings s = SimulationSettings.smallSteps().withThreads(1);
            ROBES.put(motion, robe);
            DRAPED.put(motion, InitialDrape.drape(robe, MATERIAL, s.withSelfCollision(false, 1), body, 0, 0.2, null));
        }
        return ROBES.get(motion);
    }

    private static Run run(ProceduralBody.Motion motion, int frames, int threads, boolean reuse, boolean check)
            throws Exception {
        BodyMotion body = ProceduralBody.motion(motion);
        ClothMesh robe = robe(motion);
        SimulationSettings s = SimulationSettings.smallSteps().withThreads(threads);
        try (XpbdSolver solver = new XpbdSolver(robe, MATERIAL, s)) {
            solver.reuseCandidates(reuse);
            solver.checkCandidates(check);
            solver.setState(DRAPED.get(motion));
            for (int f = 0; f < frames; f++) {
                solver.advanceFrame(body, f / 30.0, 1 / 30.0, f, null, 0);
            }
            ClothState st = solver.state();
            return new Run(st.positions(), st.velocities(), solver.candidateStatistics());
        }
    }

    /**
     * Every pass, the kept candidates give the search's pairs in its order (an IllegalStateException if not), and the
     * frames are those of a solver searching at every pass, bit for bit (one thread and two).
     */
    @Test
    void everyPassGetsTheSearchsPairsInItsOrderAndTheFramesAreTheSame() throws Exception {
        int threads = 1;
        // 10 frames: the first pass that compares the near vertices (below) is in the spin-flip's frame 9 (measured
        // 2026-12-05; the head whip's frame 5 until the start-shift trim)
        int frames = 10;
        long nearChecks = 0;
        for (ProceduralBody.Motion motion : new ProceduralBody.Motion[] { ProceduralBody.Motion.WALK,
                ProceduralBody.Motion.SPIN_FLIP, ProceduralBody.Motion.HEAD_WHIP }) {
            Run kept = run(motion, frames, threads, true, true);
            long[] st = kept.statistics();
            // passes, full searches, passes that added changed boxes' pairs: most passes did not search
            assertTrue(st[0] >= frames * 20, motion + ": passes " + st[0]);
            assertTrue(st[1] < st[0] / 2, motion + ": full searches " + st[1] + " of " + st[0] + " passes");
            assertTrue(st[2] > 0, motion + ": no pass added pairs for boxes a vertex had left");
            nearChecks += st[6];
            Run searched = run(motion, frames, threads, false, false);
            assertEquals(0, searched.statistics()[1], "with reuse off nothing is kept");
            assertArrayEquals(searched.positions(), kept.positions(), motion + ", " + threads + " threads");
            assertArrayEquals(searched.velocities(), kept.velocities(), motion + ", " + threads + " threads");
            threads = 3 - threads;
        }
        // the untangler's near vertices were compared where a contact solve moved vertices far
        assertTrue(nearChecks > 0, "no pass compared the near vertices");
    }

    /**
     * The untangler's restricted crossing search reads the vertices marked near by the collision passes, some of them
     * through the hashes (which hold kept boxes with reuse): on the two crossed sheets of {@link UntangleTest}, falling
     * while they untangle, the same frames and the same share of edges searched with reuse on and off.
     */
    @Test
    void theUntanglersNearVerticesAreTheSame() throws Exception {
        ClothMesh mesh = UntangleTest.bubble();
        SimulationSettings s = SimulationSettings.smallSteps().withThreads(1);
        float[][] last = new float[2][];
        double[] searched = new double[2];
        long[][] untangles = new long[2][];
        for (int reuse = 0; reuse < 2; reuse++) {
            try (XpbdSolver solver = new XpbdSolver(mesh, MATERIAL, s)) {
                solver.reuseCandidates(reuse == 1);
                solver.checkCandidates(reuse == 1);
                solver.setState(new ClothState(mesh.restPositions().clone(), new float[3 * mesh.vertexCount()]));
                for (int f = 0; f < 20; f++) {
                    solver.advanceFrame(t -> new org.clothgraph.sim.body.Body(java.util.List.of()), f / 30.0, 1 / 30.0,
                            f, null, 0);
                }
                last[reuse] = solver.state().positions();
                searched[reuse] = solver.searchedEdgeFraction();
                untangles[reuse] = solver.crossingSearches();
                if (reuse == 1) {
                    long[] st = solver.candidateStatistics();
                    assertTrue(st[1] < st[0], "some passes used kept candidates: " + st[1] + " of " + st[0]);
                }
            }
        }
        assertTrue(untangles[1][1] < untangles[1][0], "some crossing searches were restricted");
        assertArrayEquals(untangles[0], untangles[1]);
        assertEquals(searched[0], searched[1]);
        assertArrayEquals(last[0], last[1]);
    }
}
