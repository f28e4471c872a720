package org.clothgraph.sim.arcsim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.clothgraph.measure.SelfIntersections;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.FailureReason;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationResult;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.arcsim.ArcsimClothSimulator;
import org.clothgraph.sim.arcsim.ArcsimOptions;
import org.clothgraph.sim.arcsim.internal.StartStateCheck;
import org.clothgraph.sim.body.BodyMotion;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The adapter refuses start states ARCSim cannot resolve before starting it, unless told not to check. */
class StartStateTest {

    @TempDir
    Path tmp;

    private final BodyMotion body = ArcsimTestSupport.body();

    /** A fake arcsim that leaves a marker when asked to simulate, then behaves like {@link ArcsimTestSupport#fake}. */
    private Path fake() throws Exception {
        Path exe = ArcsimTestSupport.fake(tmp, "arcsim-inner", "0", -1, "true");
        return ArcsimTestSupport.script(tmp, "arcsim", "[ \"$1\" = resumeoffline ] && touch " + tmp.resolve("started")
                + "\nexec " + exe + " \"$@\"\n");
    }

    private SimulationResult run(Path exe, ClothMesh mesh, ClothState start, boolean check)
            throws SimulationFailedException {
        ArcsimOptions o = ArcsimOptions.of(exe).withWorkRoot(tmp.resolve("work")).withStartupTimeout(0)
                .withStartStateCheck(check);
        return new ArcsimClothSimulator(o).simulate(mesh, Material.defaults(), SimulationSettings.defaults(), body,
                1.0, start, 25, 3, new NullProgressMonitor());
    }

    /** The 4 x 4 patch and a second one through it along x = 0 (both in front of the chest). */
    private static ClothMesh crossedPatches() {
        ClothMesh a = ArcsimTestSupport.patch(4);
        int n = a.vertexCount();
        float[] p = new float[6 * n];
        float[] uv = new float[4 * n];
        System.arraycopy(a.restPositions(), 0, p, 0, 3 * n);
        System.arraycopy(a.materialCoords(), 0, uv, 0, 2 * n);
        for (int i = 0; i < n; i++) {
            float x = a.restPositions()[3 * i];
            p[3 * (n + i)] = 0.013f; // off the first sheet's vertex columns
            p[3 * (n + i) + 1] = a.restPositions()[3 * i + 1];
            p[3 * (n + i) + 2] = 0.25f + x / 2;
            uv[2 * (n + i)] = a.materialCoords()[2 * i] + 1;
            uv[2 * (n + i) + 1] = a.materialCoords()[2 * i + 1];
        }
        int[] t = new int[2 * a.triangles().length];
        for (int k = 0; k < a.triangles().length; k++) {
            t[k] = a.triangles()[k];
            t[a.triangles().length + k] = a.triangles()[k] + n;
        }
        return new ClothMesh("crossed", p, uv, t, Map.of());
    }

    @Test
    void aStartThatCrossesItselfIsRefusedWithTheCheckersCountAndArcsimIsNotStarted() throws Exception {
        ClothMesh mesh = crossedPatches();
        ClothState start = ArcsimTestSupport.rest(mesh);
        int crossings = SelfIntersections.count(start.positions(), mesh.triangles());
        assertTrue(crossings > 0, "the two sheets cross");
        Path exe = fake();
        SimulationFailedException e = assertThrows(SimulationFailedException.class, () -> run(exe, mesh, start, true));
        assertEquals(FailureReason.BAD_START, e.reason());
        assertEquals(0, e.frame());
        assertEquals("BAD_START at frame 0: start state intersects itself at " + crossings
                + " edge-triangle pairs; ARCSim cannot resolve such a start", e.getMessage());
        assertFalse(Files.exists(tmp.resolve("started")), "ARCSim was not started");

        assertEquals(3, run(exe, mesh, start, false).frames().size(), "the check can be turned off");
        assertTrue(Files.exists(tmp.resolve("started")));
    }

    @Test
    void aStartInsideTheBodyIsRefusedAndOneWithinTheThicknessIsNot() throws Exception {
        ClothMesh mesh = ArcsimTestSupport.patch(4);
        float[] p = mesh.restPositions().clone();
        // vertex 5 (x -0.067, y 1.367) pushed to z 0.10: inside the chest capsule (radius ~0.137 there)
        p[3 * 5 + 2] = 0.10f;
        ClothState start = new ClothState(p, new float[p.length]);
        StartStateCheck c = StartStateCheck.of(mesh, start, body.poseAt(1.0), 0.004);
        assertEquals(0, c.crossings());
        assertEquals(1, c.insideVertices());
        assertTrue(c.closestMm() < -10, "inside: " + c.closestMm());
        Path exe = fake();
        SimulationFailedException e = assertThrows(SimulationFailedException.class, () -> run(exe, mesh, start, true));
        assertEquals(FailureReason.BAD_START, e.reason());
        assertEquals(String.format(java.util.Locale.ROOT, "BAD_START at frame 0: start state has 1 vertices inside the"
                + " body (deepest %.1f mm; collision thickness 4.0 mm); ARCSim cannot resolve such a start",
                -c.closestMm()), e.getMessage());
        assertFalse(Files.exists(tmp.resolve("started")));

        // 3 mm from the chest (radius 0.13 at its top end y = 1.5) is within the thickness, which ARCSim's
        // repulsion resolves (its own dress start lies 0.02 mm from the dancer): counted, not refused; 1 mm inside is
        StartStateCheck near = StartStateCheck.of(mesh, state(0, 1.5f, 0.133f), body.poseAt(1.0), 0.004);
        assertEquals(1, near.closeVertices());
        assertTrue(near.clean());
        assertEquals(0, StartStateCheck.of(mesh, state(0, 1.5f, 0.135f), body.poseAt(1.0), 0.004).closeVertices());
        StartStateCheck in = StartStateCheck.of(mesh, state(0, 1.5f, 0.129f), body.poseAt(1.0), 0.004);
        assertEquals(1, in.insideVertices());
        assertFalse(in.clean());
    }

    /** The patch's rest state with its first vertex moved to (x, y, z). */
    private static ClothState state(float x, float y, float z) {
        float[] p = ArcsimTestSupport.patch(4).restPositions().clone();
        p[0] = x;
        p[1] = y;
        p[2] = z;
        return new ClothState(p, new float[p.length]);
    }

    @Test
    void aCleanStartRuns() throws Exception {
        ClothMesh mesh = ArcsimTestSupport.patch(4);
        assertEquals(3, run(fake(), mesh, ArcsimTestSupport.rest(mesh), true).frames().size());
        assertTrue(Files.exists(tmp.resolve("started")));
    }
}
