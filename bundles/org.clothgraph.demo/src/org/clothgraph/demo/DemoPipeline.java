package org.clothgraph.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.clothgraph.cloth.ClothRun;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.explore.ExplorationSettings;
import org.clothgraph.explore.Explorer;
import org.clothgraph.explore.ThreadUnitExecutor;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.ProjectFormat;
import org.clothgraph.model.StorageException;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.demo.DemoMotions;
import org.clothgraph.motion.project.ProjectCharacter;
import org.clothgraph.motion.project.ProjectClips;
import org.clothgraph.motion.project.ProjectPrimaryGraph;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.garment.Garments;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * Creates the demo project from the project's own generated defaults. Each pipeline stage adds a step
 * here; the result is the open project.
 */
public final class DemoPipeline {
    public static final String PROJECT_NAME = "ClothGraph demo";
    /** Length of the demo's first simulation run (3 s at 30 fps). */
    public static final int DEMO_RUN_FRAMES = 90;

    /**
     * What the demo builds.
     *
     * @param clipFrames keep only the first N frames of every demo clip (0: whole clips); small demos for tests
     * @param robeVertices vertex count of the generated robe
     * @param exploreFrames frames of secondary-graph exploration after the first simulation (0: none)
     * @param workers parallel simulations of the exploration (0: one per core)
     */
    public record Options(int clipFrames, int robeVertices, long exploreFrames, int workers) {
        /** The default demo explores this many frames: the initialisation of the demo graph and a few rounds. */
        public static final long DEFAULT_EXPLORE_FRAMES = 4000;

        public static Options defaults() {
            return new Options(0, Garments.DEFAULT_ROBE_VERTICES, DEFAULT_EXPLORE_FRAMES, 0);
        }

        /** The demo without exploration (character, clips, graph, garments, first simulation). */
        public static Options noExploration() {
            return new Options(0, Garments.DEFAULT_ROBE_VERTICES, 0, 0);
        }

        /** A small demo for tests: short clips, a coarse robe, a short exploration. */
        public static Options small(long exploreFrames) {
            return new Options(40, 700, exploreFrames, 0);
        }
    }

    private DemoPipeline() {
    }

    /** The default demo, exploring {@link Options#DEFAULT_EXPLORE_FRAMES} frames. */
    public static Project run(Path folder, IProgressMonitor monitor) {
        return run(folder, Options.defaults(), monitor);
    }

    /**
     * Runs the demo pipeline into a new project folder and returns the open project (caller closes
     * it). The project is built in a hidden sibling folder and moved into place only when complete, so
     * a failed or cancelled demo leaves nothing half-built behind.
     */
    public static Project run(Path folder, Options options, IProgressMonitor monitor) {
        return run(folder, options, List.of(), monitor);
    }

    /**
     * The demo with only the named demo clips (empty: all of them), e.g. a small project whose explored graph has
     * the hood thrown off: jog and backflip, whole, give hood-down states within a thousand explored frames. The
     * first simulation plays the walk, or the first clip kept when the walk is not among them.
     */
    public static Project run(Path folder, Options options, List<String> clipNames, IProgressMonitor monitor) {
        return build(folder, options, clipNames, monitor).project();
    }

    /** A written demo project and how its exploration ended (null when it explored nothing). */
    public record Built(Project project, Explorer.Report exploration) {
        /** Whether the exploration stopped on trouble (a simulator that failed, a full disk). */
        public boolean troubled() {
            return exploration != null && exploration.trouble();
        }
    }

    /** The demo, with the report of its exploration: a caller should say when the exploration stopped on trouble. */
    public static Built build(Path folder, Options options, List<String> clipNames, IProgressMonitor monitor) {
        Path target = folder.toAbsolutePath().normalize();
        Path partial = target.resolveSibling("." + target.getFileName() + ".partial");
        deleteTree(partial);
        Explorer.Report[] report = { null };
        try {
            build(partial, options, clipNames, report, monitor).close();
            if (Files.isDirectory(target)) {
                // only an empty folder, or one a replaced project left its lock file in: callers refuse anything else
                Files.deleteIfExists(target.resolve(ProjectFormat.LOCK_FILE));
                Files.delete(target);
            }
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new StorageException("cannot move the demo project into " + target + ": " + e.getMessage(), e);
        } finally {
            deleteTree(partial);
        }
        return new Built(Project.open(target), report[0]);
    }

    private static Project build(Path folder, Options options, List<String> clipNames, Explorer.Report[] report,
            IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Building the demo project", options.exploreFrames() > 0 ? 300 : 100);
        Project project = Project.create(folder, PROJECT_NAME);
        try {
            sub.split(1).subTask("Default settings");
            DemoSettings.apply(project);
            sub.split(4).subTask("Demo character");
            ProjectCharacter.ensure(project);
            sub.subTask("Generating the demo clips");
            List<Motion> clips = DemoMotions.all().stream()
                    .filter(m -> clipNames.isEmpty() || clipNames.contains(m.name())).toList();
            if (clips.isEmpty()) {
                throw new IllegalArgumentException("no demo clip is named " + clipNames);
            }
            if (options.clipFrames() > 0) {
                clips = clips.stream().map(m -> m.frameCount() > options.clipFrames()
                        ? m.sub(0, options.clipFrames(), m.name()) : m).toList();
            }
            ProjectClips.store(project, clips, sub.split(15));
            sub.subTask("Primary motion graph");
            ProjectPrimaryGraph.build(project, Double.NaN, 0, sub.split(20));
            sub.subTask("Demo garments");
            GarmentInfo robe = ProjectGarments.ensureRobe(project, options.robeVertices());
            ProjectGarments.ensureCasualOutfit(project, options.robeVertices());
            sub.worked(5);
            sub.subTask("A first simulation: the robe on a short walk");
            try {
                String first = clips.stream().anyMatch(m -> m.name().equals("walk")) ? "walk" : clips.get(0).name();
                ClothRun.simulate(project, robe, List.of(first), Math.min(DEMO_RUN_FRAMES,
                        options.clipFrames() > 0 ? options.clipFrames() : DEMO_RUN_FRAMES), new XpbdClothSimulator(),
                        SimulationSettings.defaults(), sub.split(55));
            } catch (SimulationFailedException e) {
                throw new IllegalStateException("the demo simulation failed: " + e.getMessage(), e);
            } catch (InvalidInputException e) {
                // the clips cut too short to play (the only input of this step)
                throw new InvalidInputException("demo", "clipFrames", options.clipFrames() + " frames per clip: "
                        + e.reason(), e);
            }
            if (options.exploreFrames() > 0) {
                sub.subTask("Exploring the secondary cloth graph");
                try (ThreadUnitExecutor executor = new ThreadUnitExecutor()) {
                    report[0] = new Explorer(project, robe, new XpbdClothSimulator(),
                            ExplorationSettings.defaults().withWorkers(options.workers()), executor)
                            .run(Explorer.Limits.frames(options.exploreFrames()), sub.split(200));
                }
            }
            return project;
        } catch (RuntimeException e) {
            project.close();
            throw e;
        }
    }

    private static void deleteTree(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new StorageException("cannot remove " + folder + ": " + e.getMessage(), e);
        }
    }
}
