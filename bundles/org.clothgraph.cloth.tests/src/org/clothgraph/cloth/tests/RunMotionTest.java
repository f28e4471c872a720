package org.clothgraph.cloth.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.clothgraph.cloth.ClothRun;
import org.clothgraph.cloth.PrimaryPath;
import org.clothgraph.cloth.RunMeasures;
import org.clothgraph.cloth.RunMotion;
import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.measure.RunMeasure;
import org.clothgraph.model.CheckReport;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.motion.project.ProjectPrimaryGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15: a simulation run keeps the motion it was simulated along, so renaming or excluding its clips and rebuilding
 * the primary graph afterwards does not change what it replays or how it is measured.
 */
class RunMotionTest {
    @TempDir
    Path dir;

    @Test
    void aRunReplaysItsOwnMotionAfterItsClipIsRenamedAndAnotherExcluded() throws Exception {
        try (Project project = DemoPipeline.run(dir.resolve("demo"), DemoPipeline.Options.small(0), null)) {
            ClothRun.Report run = ClothRun.runs(project).get(0);
            assertNotNull(run.motionFile(), "a new run stores its motion");
            int window = ProjectPrimaryGraph.options(project, Double.NaN, 0).window();
            Motion simulated = PrimaryPath.through(PrimaryGraphSnapshot.of(project), run.clips(), run.frames(), window)
                    .motion();
            Motion stored = RunMotion.of(project, run);
            assertEquals(run.frames(), stored.frameCount());
            double deviation = maxJointDeviation(simulated, stored);
            assertTrue(deviation < 1e-5, "the stored motion is the simulated one (" + deviation + " m apart)");
            RunMeasure before = RunMeasures.measure(project, run, 10, null);

            // rename the run's clip, exclude another one and rebuild: the run's clip names no longer play
            ClipInfo clip = clip(project, run.clips().get(0));
            ClipInfo other = project.clips().stream().filter(c -> c.id() != clip.id()).findFirst().orElseThrow();
            project.renameClip(clip.id(), clip.name() + "_renamed");
            project.setClipExcluded(other.id(), true);
            ProjectPrimaryGraph.build(project, Double.NaN, 0, null);
            assertThrows(InvalidInputException.class, () -> PrimaryPath.through(PrimaryGraphSnapshot.of(project),
                    run.clips(), run.frames(), window), "the clips cannot be played by their old names any more");

            ClothRun.Report again = ClothRun.runs(project).get(0);
            assertEquals(0.0, maxJointDeviation(stored, RunMotion.of(project, again)), "the replayed motion is unchanged");
            RunMeasure after = RunMeasures.measure(project, again, 10, null);
            assertEquals(before.toJson(), after.toJson(), "and so are its measures");
            CheckReport clean = project.check(null);
            assertTrue(clean.clean(), clean.violations().toString());

            // the motion file is checked like every file ClothGraph stored
            Path file = project.folder().resolve(run.motionFile());
            Files.writeString(file, Files.readString(file).replaceFirst("Frames: ", "Frames:  "));
            CheckReport changed = project.check(null);
            assertFalse(changed.clean());
            assertTrue(changed.violations().toString().contains("run " + run.runId()), changed.violations().toString());
        }
    }

    @Test
    void aRunStoredBeforeRunsKeptTheirMotionSaysWhyItCannotReplay() throws Exception {
        try (Project project = DemoPipeline.run(dir.resolve("old"), DemoPipeline.Options.small(0), null)) {
            ClothRun.Report run = ClothRun.runs(project).get(0);
            ClothRun.Report old = new ClothRun.Report(run.runId(), run.garment(), run.clips(), run.frames(), run.fps(),
                    run.secondsPerFrame(), run.classes(), run.maxPenetrationMm(), run.firstFrameId(),
                    run.lastFrameId(), run.drapeSeconds(), null, null, null);
            assertEquals(run.frames(), RunMotion.of(project, old).frameCount(), "played through the unchanged graph");
            ClipInfo clip = clip(project, run.clips().get(0));
            project.renameClip(clip.id(), "renamed");
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> RunMotion.of(project, old));
            assertTrue(e.getMessage().contains("run " + run.runId()) && e.getMessage().contains("before runs kept"),
                    e.getMessage());
        }
    }

    private static ClipInfo clip(Project project, String name) {
        return project.clips().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    /** Largest distance between the same joint of two motions over all frames, in metres. */
    private static double maxJointDeviation(Motion a, Motion b) {
        assertEquals(a.frameCount(), b.frameCount());
        int joints = a.skeleton().size();
        assertEquals(joints, b.skeleton().size());
        double[] pa = new double[3 * joints];
        double[] pb = new double[3 * joints];
        double max = 0;
        for (int f = 0; f < a.frameCount(); f++) {
            a.worldPositions(f, pa);
            b.worldPositions(f, pb);
            for (int i = 0; i < pa.length; i++) {
                max = Math.max(max, Math.abs(pa[i] - pb[i]));
            }
        }
        return max;
    }
}
