package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.clothgraph.measure.SelfIntersections;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothSimulator;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.SolverCounters;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.internal.XpbdSolver;
import org.junit.jupiter.api.Test;

/**
 * The small-step solver's untangling (intersection contour minimisation): two sheets, the lower one with a bump in
 * its rest shape that passes up through the upper one (a closed intersection contour, 12 cm across), no gravity,
 * no body. Nothing but the untangling moves them (both rest where they are): with it off the crossings stay, with
 * it on the independent checker finds none at the end. Crossings are counted by the measure bundle's
 * {@link SelfIntersections}, not by the solver.
 */
class UntangleTest {

    /** Two 17 x 17 sheets, 30 cm square, 1 cm apart; the lower one bulges 3 cm up through the upper one. */
    static ClothMesh bubble() {
        int n = 17;
        double size = 0.3;
        float[] p = new float[2 * 3 * n * n];
        float[] uv = new float[2 * 2 * n * n];
        int[] t = new int[2 * 6 * (n - 1) * (n - 1)];
        int q = 0;
        for (int sheet = 0; sheet < 2; sheet++) {
            int base = sheet * n * n;
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < n; i++) {
                    int k = base + j * n + i;
                    // the lower sheet's grid is offset from the upper one's, so no edge meets a vertex exactly
                    double off = sheet == 0 ? 0 : 0.007;
                    double x = size * i / (n - 1) - size / 2 + off, z = size * j / (n - 1) - size / 2 + 0.6 * off;
                    double y = sheet == 0 ? 1.0 : 0.99 + 0.03 * Math.exp(-(x * x + z * z) / (2 * 0.04 * 0.04));
                    p[3 * k] = (float) x;
                    p[3 * k + 1] = (float) y;
                    p[3 * k + 2] = (float) z;
                    uv[2 * k] = (float) (x + size / 2 + sheet);
                    uv[2 * k + 1] = (float) (z + size / 2);
                }
            }
            for (int j = 0; j + 1 < n; j++) {
                for (int i = 0; i + 1 < n; i++) {
                    int a = base + j * n + i, b = a + 1, c = a + n, d = c + 1;
                    t[q++] = a; t[q++] = c; t[q++] = b;
                    t[q++] = b; t[q++] = c; t[q++] = d;
                }
            }
        }
        return new ClothMesh("bubble", p, uv, t, Map.of());
    }

    private static float[] run(ClothMesh mesh, SimulationSettings s, int frames, SolverCounters[] counters)
            throws SimulationFailedException {
        float[][] last = { null };
        new XpbdClothSimulator().simulate(mesh, Material.defaults(), s, t -> new Body(List.of()), 0,
                new ClothState(mesh.restPositions().clone(), new float[3 * mesh.vertexCount()]), 30, frames,
                new ClothSimulator.FrameSink() {
                    @Override
                    public void frame(int index, ClothState state, double costMillis) {
                        last[0] = state.positions();
                    }

                    @Override
                    public void finished(SolverCounters c) {
                        counters[0] = c;
                    }
                }, null);
        assertNotNull(counters[0]);
        return last[0];
    }

    @Test
    void aBubblePushedThroughAnotherLayerIsUntangled() throws SimulationFailedException {
        ClothMesh mesh = bubble();
        int before = SelfIntersections.count(mesh.restPositions(), mesh.triangles());
        assertTrue(before >= 8, "the bump passes through the upper sheet: " + before);
        SimulationSettings s = SimulationSettings.smallSteps().withGravity(0, 0, 0).withThreads(1);
        SolverCounters[] c = { null };
        float[] off = run(mesh, s.withUntangleSpeed(0), 20, c);
        assertEquals(0, c[0].untangles());
        int stays = SelfIntersections.count(off, mesh.triangles());
        assertTrue(stays >= 8, "without untangling the layers stay crossed: " + stays);
        float[] on = run(mesh, s, 20, c);
        assertEquals(0, SelfIntersections.count(on, mesh.triangles()), c[0].summary());
        assertTrue(c[0].untangles() > 0, c[0].summary());
    }

    /**
     * The untangler's crossing search, restricted to the vertices of the last collision pass's close pairs when the
     * last search found nothing and the contact solve moved no vertex far, finds what the full search finds: the same
     * frames bit for bit, while the crossings are undone and after. (The bubble's crossings are there from the start;
     * every search is full until they are gone.)
     */
    @Test
    void theRestrictedCrossingSearchGivesTheFramesOfTheFullOne() throws SimulationFailedException {
        ClothMesh mesh = bubble();
        // gravity on: the sheets fall, so the layers move against each other while they untangle
        SimulationSettings s = SimulationSettings.smallSteps().withThreads(1);
        float[][] last = new float[2][];
        SolverCounters[] counters = new SolverCounters[2];
        double restricted = 0;
        for (int full = 0; full < 2; full++) {
            try (XpbdSolver solver = new XpbdSolver(mesh, Material.defaults(), s)) {
                solver.fullCrossingSearch(full == 1);
                solver.setState(new ClothState(mesh.restPositions().clone(), new float[3 * mesh.vertexCount()]));
                for (int f = 0; f < 20; f++) {
                    solver.advanceFrame(t -> new Body(List.of()), f / 30.0, 1 / 30.0, f, null, 0);
                }
                last[full] = solver.state().positions();
                counters[full] = solver.counters();
                if (full == 0) {
                    restricted = solver.searchedEdgeFraction();
                }
            }
        }
        assertTrue(counters[0].untangles() > 0, counters[0].summary());
        assertTrue(restricted < 0.9, "the restricted search looked at fewer edges: " + restricted);
        assertEquals(counters[1], counters[0]);
        org.junit.jupiter.api.Assertions.assertArrayEquals(last[1], last[0]);
    }
}
