package org.clothgraph.sim.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothSimulator;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.FailureReason;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.SolverCounters;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.Capsule;
import org.junit.jupiter.api.Test;

/**
 * A run the runaway check fails names the body parts near the thrown vertex (docs/DRESSING.md, "the 17 throws on the
 * demo robe traced"): over twenty dressing starts the report then tells cloth caught between the forearm and the head
 * from a sleeve at the elbow without a trace of each run.
 */
class RunawayNamesPartsTest {

    /**
     * A forearm along x through the origin (radius 40 mm) and a head above it, its axis upward from 0.2 m (radius 90
     * mm).
     */
    private static final Body BODY = new Body(List.of(
            new Capsule("forearm_r", -0.2f, 0f, 0f, 0.2f, 0f, 0f, 0.04f, 0.04f),
            new Capsule("head", 0f, 0.2f, 0f, 0f, 0.3f, 0f, 0.09f, 0.09f)));

    @Test
    void theTwoNearestPartsWithinFiveCentimetresAreNamedNearestFirst() {
        // vertex 1, the thrown one, 52 mm above the forearm's axis: 12 mm from its surface, 148 - 90 = 58 mm from the
        // head's (beyond 5 cm, not named)
        double[] v = { 0, 0, 0, 0, 70, 0 };
        double[] x = { 1, 1, 1, 0, 0.052, 0 };
        SimulationFailedException e = assertThrows(SimulationFailedException.class,
                () -> SolverChecks.speed(v, 60, 7, x, BODY));
        assertEquals(FailureReason.EXPLOSION, e.reason());
        assertTrue(e.getMessage().endsWith("(vertex 1; 12 mm from forearm_r)"), e.getMessage());
        x[4] = 0.085; // 45 mm from the forearm, 25 mm from the head
        e = assertThrows(SimulationFailedException.class, () -> SolverChecks.speed(v, 60, 7, x, BODY));
        assertTrue(e.getMessage().endsWith("(vertex 1; 25 mm from head, 45 mm from forearm_r)"), e.getMessage());
        x[4] = 0.115; // 5 mm inside the head, 75 mm from the forearm
        e = assertThrows(SimulationFailedException.class, () -> SolverChecks.speed(v, 60, 7, x, BODY));
        assertTrue(e.getMessage().endsWith("(vertex 1; 5 mm inside head)"), e.getMessage());
        // far from every part, or with no body: the vertex alone, as before
        x[3] = 3;
        e = assertThrows(SimulationFailedException.class, () -> SolverChecks.speed(v, 60, 7, x, BODY));
        assertTrue(e.getMessage().endsWith("(vertex 1)"), e.getMessage());
        e = assertThrows(SimulationFailedException.class, () -> SolverChecks.speed(v, 60, 7));
        assertTrue(e.getMessage().endsWith("(vertex 1)"), e.getMessage());
    }

    @Test
    void theSmallStepSolverNamesThePartsAsPosedInTheSubstep() {
        // a sheet 30 mm above a wide, flat-topped part, thrown sideways at 70 m/s (the check fails a run above 60):
        // the first substep fails the run, every vertex then about 30 mm above the part
        assertNamesTheFloor(SimulationSettings.smallSteps().withThreads(1).withSelfCollision(false, 1), 70);
    }

    @Test
    void theFirstSolverNamesThemToo() {
        // the first solver fails a run at twice the limit within a frame (120 m/s) and at the limit at its end; thrown
        // at 400 m/s the sheet fails its first substep (at 130 m/s the frame ended below 60 m/s)
        assertNamesTheFloor(SimulationSettings.defaults().withThreads(1), 400);
    }

    private static void assertNamesTheFloor(SimulationSettings s, float speed) {
        ClothMesh mesh = sheet(8, 0.4, 1.0);
        float[] vel = new float[3 * mesh.vertexCount()];
        for (int i = 0; i < mesh.vertexCount(); i++) {
            vel[3 * i] = speed;
        }
        ClothState thrown = new ClothState(mesh.restPositions().clone(), vel);
        float r = 10f;
        Body floor = new Body(List.of(new Capsule("floor", -5f, 1.0f - 0.03f - r, 0f, 5f, 1.0f - 0.03f - r, 0f, r, r)));
        SimulationFailedException e = assertThrows(SimulationFailedException.class,
                () -> new XpbdClothSimulator().simulate(mesh, Material.defaults(), s, t -> floor, 0, thrown, 30, 1,
                        new ClothSimulator.FrameSink() {
                            @Override
                            public void frame(int index, ClothState state, double costMillis) {
                            }

                            @Override
                            public void finished(SolverCounters c) {
                            }
                        }, null));
        assertEquals(FailureReason.EXPLOSION, e.reason(), e.getMessage());
        assertTrue(e.getMessage().matches(".*\\(vertex \\d+; 3\\d mm from floor\\)"), e.getMessage());
    }

    /** A horizontal n x n sheet of the given size at height y. */
    private static ClothMesh sheet(int n, double size, double y) {
        float[] p = new float[3 * n * n];
        float[] uv = new float[2 * n * n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                int k = j * n + i;
                p[3 * k] = (float) (size * i / (n - 1) - size / 2);
                p[3 * k + 1] = (float) y;
                p[3 * k + 2] = (float) (size * j / (n - 1) - size / 2);
                uv[2 * k] = (float) (size * i / (n - 1));
                uv[2 * k + 1] = (float) (size * j / (n - 1));
            }
        }
        int[] t = new int[6 * (n - 1) * (n - 1)];
        int q = 0;
        for (int j = 0; j + 1 < n; j++) {
            for (int i = 0; i + 1 < n; i++) {
                int a = j * n + i, b = a + 1, c = a + n, d = c + 1;
                t[q++] = a;
                t[q++] = c;
                t[q++] = b;
                t[q++] = b;
                t[q++] = c;
                t[q++] = d;
            }
        }
        return new ClothMesh("sheet", p, uv, t, Map.of());
    }
}
