package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.FailureReason;
import org.clothgraph.sim.InitialDrape;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationResult;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.SimulationWorkUnit;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.ProceduralBody;
import org.clothgraph.sim.garment.Garments;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SimulatorTest {
    static BodyMotion walk = ProceduralBody.motion(ProceduralBody.Motion.WALK);
    static ClothMesh robe;
    static ClothState rest;

    @BeforeAll
    static void drape() throws SimulationFailedException {
        robe = Garments.hoodedRobe(walk.poseAt(0), 800);
        rest = InitialDrape.drape(robe, Material.defaults(), SimulationSettings.defaults(), walk, 0, 0.3, null);
    }

    private static SimulationResult run(SimulationSettings s, int frames) throws SimulationFailedException {
        return new XpbdClothSimulator().simulate(robe, Material.defaults(), s, walk, 0, rest, 30, frames,
                new NullProgressMonitor());
    }

    @Test
    void sameInputsGiveBitIdenticalFramesWhateverTheThreadCount() throws Exception {
        SimulationResult a = run(SimulationSettings.defaults().withThreads(2), 8);
        SimulationResult b = run(SimulationSettings.defaults().withThreads(2), 8);
        SimulationResult c = run(SimulationSettings.defaults().withThreads(1), 8);
        assertEquals(8, a.frames().size());
        assertEquals(8, a.frameCostMillis().length);
        for (int k = 0; k < 8; k++) {
            assertArrayEquals(a.frames().get(k).positions(), b.frames().get(k).positions(), "frame " + k);
            assertArrayEquals(a.frames().get(k).velocities(), b.frames().get(k).velocities(), "frame " + k);
            assertEquals(a.frames().get(k), c.frames().get(k), "frame " + k + " with 1 thread");
        }
        // and the cloth actually moved
        assertNotEquals(rest, a.last());
    }

    @Test
    void workUnitRoundTripReproducesIdenticalOutput() throws Exception {
        SimulationWorkUnit unit = SimulationWorkUnit.create(robe, Material.defaults(), SimulationSettings.defaults(),
                walk, 0.5, rest, 30, 4);
        byte[] bytes = unit.toBytes();
        SimulationWorkUnit back = SimulationWorkUnit.fromBytes(bytes);
        assertArrayEquals(bytes, back.toBytes());
        SimulationResult a = unit.run(null), b = back.run(null);
        assertEquals(a.frames(), b.frames());
        byte[] broken = Arrays.copyOf(bytes, bytes.length / 2);
        assertThrows(IOException.class, () -> SimulationWorkUnit.fromBytes(broken));
    }

    @Test
    void cancellationEscapesAsOperationCanceled() {
        NullProgressMonitor m = new NullProgressMonitor();
        m.setCanceled(true);
        assertThrows(OperationCanceledException.class, () -> new XpbdClothSimulator().simulate(robe,
                Material.defaults(), SimulationSettings.defaults(), walk, 0, rest, 30, 100, m));
    }

    @Test
    void failuresAreTyped() {
        float[] p = rest.positions().clone();
        p[7] = Float.NaN;
        SimulationFailedException nan = assertThrows(SimulationFailedException.class,
                () -> new XpbdClothSimulator().simulate(robe, Material.defaults(), SimulationSettings.defaults(), walk,
                        0, new ClothState(p, new float[p.length]), 30, 3, null));
        assertEquals(FailureReason.NAN, nan.reason());

        float[] v = new float[p.length];
        Arrays.fill(v, 400f);
        SimulationFailedException boom = assertThrows(SimulationFailedException.class,
                () -> new XpbdClothSimulator().simulate(robe, Material.defaults(), SimulationSettings.defaults(), walk,
                        0, new ClothState(rest.positions(), v), 30, 3, null));
        assertEquals(FailureReason.EXPLOSION, boom.reason());
        assertEquals(0, boom.frame());

        SimulationSettings tiny = SimulationSettings.defaults().withLimits(60, 4, 1e-9);
        SimulationFailedException slow = assertThrows(SimulationFailedException.class,
                () -> new XpbdClothSimulator().simulate(robe, Material.defaults(), tiny, walk, 0, rest, 30, 3, null));
        assertEquals(FailureReason.TIMEOUT, slow.reason());
    }

    /** A stretch failure names the edge, so the place can be found (a pair of vertices joined by a mesh edge). */
    @Test
    void aStretchFailureNamesTheEdge() {
        for (SimulationSettings s : new SimulationSettings[] { SimulationSettings.defaults(),
                SimulationSettings.smallSteps() }) {
            // any draped cloth hanging under gravity is longer than its rest mesh somewhere by more than 0.01 %
            SimulationSettings strict = s.withLimits(s.maxSpeed(), 1.0001, s.frameTimeoutSeconds());
            SimulationFailedException e = assertThrows(SimulationFailedException.class,
                    () -> new XpbdClothSimulator().simulate(robe, Material.defaults(), strict, walk, 0, rest, 30, 3,
                            null));
            assertEquals(FailureReason.EXPLOSION, e.reason());
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\(vertices (\\d+)-(\\d+)\\)")
                    .matcher(e.getMessage());
            assertTrue(m.find(), e.getMessage());
            int a = Integer.parseInt(m.group(1)), b = Integer.parseInt(m.group(2));
            boolean edge = false;
            int[] t = robe.triangles();
            for (int k = 0; k < t.length && !edge; k += 3) {
                for (int j = 0; j < 3; j++) {
                    int u = t[k + j], v = t[k + (j + 1) % 3];
                    edge |= u == a && v == b || u == b && v == a;
                }
            }
            assertTrue(edge, s.solver() + ": " + a + "-" + b + " is not a mesh edge: " + e.getMessage());
        }
    }

    @Test
    void drapeIsPenetrationFreeAndAtRest() {
        assertTrue(walk.poseAt(0).maxPenetration(rest.positions()) <= 1e-6);
        for (float f : rest.velocities()) {
            assertEquals(0f, f);
        }
        assertFalse(robe.vertexCount() < 500);
    }
}
