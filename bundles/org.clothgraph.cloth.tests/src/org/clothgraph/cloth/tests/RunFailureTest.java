package org.clothgraph.cloth.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.clothgraph.cloth.ClothRun;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.model.CheckReport;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothSimulator;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.FailureReason;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationResult;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.body.BodyMotion;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15, acceptance 3: a simulation run that fails and one that is cancelled, each after committing frames, leave
 * no orphan frames: their frames leave the index and the store, and check after each is clean.
 */
class RunFailureTest {
    @TempDir
    static Path dir;
    private static Project project;
    private static GarmentInfo robe;

    @BeforeAll
    static void demo() {
        project = DemoPipeline.run(dir.resolve("demo"), DemoPipeline.Options.small(0), null);
        robe = ProjectGarments.find(project, ProjectGarments.ROBE);
    }

    @AfterAll
    static void close() {
        project.close();
    }

    @Test
    void aFailedRunLeavesNoOrphanFrames() {
        long frames = project.frames().count();
        long bytes = project.frames().bytes();
        StopsAfter stops = new StopsAfter(20, null);
        SimulationFailedException failed = assertThrows(SimulationFailedException.class, () -> ClothRun.simulate(
                project, robe, all(), 0, stops, SimulationSettings.defaults(), null));
        assertEquals(frames + 16, stops.committedAtStop, "frame 0 and 15 more were committed before it failed");
        assertTrue(failed.getMessage().contains("fails after 20 frames"), failed.getMessage());
        assertEquals(frames, project.frames().count(), "the failed run's committed frames left the index");
        assertEquals(bytes, project.frames().bytes(), "and their bytes the store");
        assertNoOrphans();
    }

    @Test
    void aCancelledRunLeavesNoOrphanFrames() {
        long frames = project.frames().count();
        long bytes = project.frames().bytes();
        NullProgressMonitor monitor = new NullProgressMonitor();
        StopsAfter stops = new StopsAfter(20, monitor);
        assertThrows(OperationCanceledException.class, () -> ClothRun.simulate(project, robe, all(), 0, stops,
                SimulationSettings.defaults(), monitor));
        assertEquals(frames + 16, stops.committedAtStop, "frame 0 and 15 more were committed before it was cancelled");
        assertEquals(frames, project.frames().count(), "the cancelled run's committed frames left the index");
        assertEquals(bytes, project.frames().bytes(), "and their bytes the store");
        assertNoOrphans();
    }

    /** Every clip of the primary graph in turn: a path long enough to commit frames before it stops. */
    private static List<String> all() {
        java.util.Set<Long> inGraph = new java.util.HashSet<>();
        project.primaryGraph().nodes().forEach(n -> inGraph.add(n.clipId()));
        return project.clips().stream().filter(c -> inGraph.contains(c.id())).map(c -> c.name()).toList();
    }

    private static void assertNoOrphans() {
        CheckReport report = project.check(null);
        assertTrue(report.clean(), report.violations().toString());
        assertTrue(report.reclaimable().isEmpty(), "no orphan frames, no unreachable bytes: " + report.reclaimable());
        assertTrue(report.checked().stream().anyMatch(c -> c.startsWith("orphan frames (")), "orphans were judged: "
                + report.checked());
    }

    /**
     * The embedded simulator, stopped after {@code frames} streamed frames (after a commit of 15): by failing (as on an
     * explosion) when {@code cancel} is null, else by cancelling that monitor, which the simulator then obeys.
     */
    private static final class StopsAfter implements ClothSimulator {
        private final XpbdClothSimulator real = new XpbdClothSimulator();
        private final int frames;
        private final IProgressMonitor cancel;
        long committedAtStop = -1;

        StopsAfter(int frames, IProgressMonitor cancel) {
            this.frames = frames;
            this.cancel = cancel;
        }

        @Override
        public SimulationResult simulate(ClothMesh mesh, Material material, SimulationSettings settings,
                BodyMotion motion, double startTime, ClothState initial, double fps, int n, IProgressMonitor monitor)
                throws SimulationFailedException {
            return real.simulate(mesh, material, settings, motion, startTime, initial, fps, n, monitor);
        }

        @Override
        public void simulate(ClothMesh mesh, Material material, SimulationSettings settings, BodyMotion motion,
                double startTime, ClothState initial, double fps, int n, FrameSink sink, IProgressMonitor monitor)
                throws SimulationFailedException {
            if (n <= frames) {
                throw new IllegalStateException("the path has only " + n + " frames to simulate (" + all() + ")");
            }
            if (cancel == null) {
                real.simulate(mesh, material, settings, motion, startTime, initial, fps, frames, sink, monitor);
                committedAtStop = project.frames().count();
                throw new SimulationFailedException(FailureReason.EXPLOSION, frames, "test double: fails after "
                        + frames + " frames");
            }
            real.simulate(mesh, material, settings, motion, startTime, initial, fps, n, (i, s, ms) -> {
                sink.frame(i, s, ms);
                if (i + 1 == frames) {
                    committedAtStop = project.frames().count();
                    cancel.setCanceled(true);
                }
            }, monitor);
        }
    }
}
