package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

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
 * What the small-step solver reports about a run (its substeps and how often each counted repair acted), and the
 * parallel distance sweep giving the same frames on one thread as on two.
 */
class SolverCountersTest {

    private static SolverCounters run(ClothMesh mesh, ClothState start, SimulationSettings s, Body body, int frames)
            throws SimulationFailedException {
        return run(mesh, start, s, body, frames, new float[1][]);
    }

    /** Simulates; returns the solver's counters, the last frame's positions in {@code last[0]}. */
    private static SolverCounters run(ClothMesh mesh, ClothState start, SimulationSettings s, Body body, int frames,
            float[][] last) throws SimulationFailedException {
        SolverCounters[] got = { null };
        new XpbdClothSimulator().simulate(mesh, Material.defaults(), s, t -> body, 0, start, 30, frames,
                new ClothSimulator.FrameSink() {
                    @Override
                    public void frame(int index, ClothState state, double costMillis) {
                        last[0] = state.positions();
                    }

                    @Override
                    public void finished(SolverCounters c) {
                        got[0] = c;
                    }
                }, null);
        assertNotNull(got[0], "the small-step solver reports its counters");
        return got[0];
    }

    @Test
    void theSpeedLimitIsCountedWhenItActsAndOnlyThen() throws SimulationFailedException {
        // a sheet thrown upwards at 25 m/s, above the 20 m/s limit: the repair acts on every vertex at once
        ClothMesh mesh = XpbdPropertiesTest.sheet(8, 0.4, 1.0, false);
        float[] v = new float[3 * mesh.vertexCount()];
        for (int i = 0; i < mesh.vertexCount(); i++) {
            v[3 * i + 1] = 25;
        }
        ClothState thrown = new ClothState(mesh.restPositions().clone(), v);
        Body nothing = new Body(List.of());
        SimulationSettings s = SimulationSettings.smallSteps().withThreads(1);
        SolverCounters limited = run(mesh, thrown, s, nothing, 2);
        assertEquals(2, limited.frames());
        assertTrue(limited.substeps() >= 2L * s.substeps(), limited.summary());
        assertTrue(limited.speedLimits() >= mesh.vertexCount(), limited.summary());
        SolverCounters off = run(mesh, thrown, s.withSpeedLimit(0), nothing, 2);
        assertEquals(0, off.speedLimits(), off.summary());
        // a sheet at rest on nothing: no repair acts
        SolverCounters calm = run(mesh, new ClothState(mesh.restPositions().clone(), new float[v.length]), s, nothing, 2);
        assertEquals(0, calm.speedLimits() + calm.depenetrationLimits() + calm.pinches() + calm.deepRescues(),
                calm.summary());
    }

    @Test
    void theRunawayCheckSeesSubstepSpeedsBeforeTheSpeedLimitSlowsThem() throws SimulationFailedException {
        // thrown at 70 m/s, above the 60 m/s that fails a run: the speed limit (20 m/s) would slow every vertex in
        // the first substep and the frame would end at 20 m/s; the check comes first and fails the run there
        ClothMesh mesh = XpbdPropertiesTest.sheet(8, 0.4, 1.0, false);
        Body nothing = new Body(List.of());
        SimulationSettings s = SimulationSettings.smallSteps().withThreads(1);
        SimulationFailedException e = assertThrows(SimulationFailedException.class,
                () -> run(mesh, thrownUp(mesh, 70), s, nothing, 1));
        assertEquals(FailureReason.EXPLOSION, e.reason());
        assertEquals(0, e.frame());
        assertTrue(e.getMessage().contains("exceeds 60.0 m/s"), e.getMessage());
        // at 50 m/s (below 60, above the limit) the run goes on, slowed by the counted repair
        SolverCounters limited = run(mesh, thrownUp(mesh, 50), s, nothing, 1);
        assertTrue(limited.speedLimits() >= mesh.vertexCount(), limited.summary());
    }

    private static ClothState thrownUp(ClothMesh mesh, float speed) {
        float[] v = new float[3 * mesh.vertexCount()];
        for (int i = 0; i < mesh.vertexCount(); i++) {
            v[3 * i + 1] = speed;
        }
        return new ClothState(mesh.restPositions().clone(), v);
    }

    @Test
    void bodyPushesAreCountedAndTheSweepIsTheSameOnOneThreadAndOnTwo() throws SimulationFailedException {
        // 1,600 vertices, about 9,000 distance constraints: swept in two slabs at once, then the crossing ones
        ClothMesh mesh = XpbdPropertiesTest.sheet(40, 0.6, 1.5, false);
        Body bar = new Body(List.of(new Capsule("bar", -0.5f, 1.46f, 0f, 0.5f, 1.46f, 0f, 0.03f, 0.03f)));
        ClothState start = new ClothState(mesh.restPositions().clone(), new float[3 * mesh.vertexCount()]);
        SimulationSettings s = SimulationSettings.smallSteps().withSelfCollision(false, 1);
        float[][] one = new float[1][], two = new float[1][];
        SolverCounters[] counters = { run(mesh, start, s.withThreads(1), bar, 4, one),
                run(mesh, start, s.withThreads(2), bar, 4, two) };
        assertArrayEquals(one[0], two[0]);
        assertEquals(counters[0], counters[1]);
        assertTrue(counters[0].bodyPushes() > 0, counters[0].summary());
    }

    @Test
    void aRunawayFailureNamesTheBodyPartsNearTheVertexAsPosedInTheSubstep() {
        // a sheet 30 mm above a wide, flat-topped part, thrown sideways at 70 m/s (the check fails a run above 60):
        // the first substep fails the run, every vertex then about 30 mm above the part
        assertNamesTheFloor(SimulationSettings.smallSteps().withThreads(1).withSelfCollision(false, 1), 70);
    }

    @Test
    void theFirstSolversRunawayFailureNamesThemToo() {
        // the first solver fails a run at twice the limit within a frame (120 m/s) and at the limit at its end; thrown
        // at 400 m/s the sheet fails its first substep (at 130 m/s the frame ended below 60 m/s)
        assertNamesTheFloor(SimulationSettings.defaults().withThreads(1), 400);
    }

    private static void assertNamesTheFloor(SimulationSettings s, float speed) {
        ClothMesh mesh = XpbdPropertiesTest.sheet(8, 0.4, 1.0, false);
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
}
