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
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;
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

    private DemoPipeline() {
    }

    /**
     * Runs the demo pipeline into a new project folder and returns the open project (caller closes
     * it). The project is built in a hidden sibling folder and moved into place only when complete, so
     * a failed or cancelled demo leaves nothing half-built behind.
     */
    public static Project run(Path folder, IProgressMonitor monitor) {
        Path target = folder.toAbsolutePath().normalize();
        Path partial = target.resolveSibling("." + target.getFileName() + ".partial");
        deleteTree(partial);
        try {
            build(partial, monitor).close();
            if (Files.isDirectory(target)) {
                Files.delete(target); // only an empty folder: callers refuse anything else
            }
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new StorageException("cannot move the demo project into " + target + ": " + e.getMessage(), e);
        } finally {
            deleteTree(partial);
        }
        return Project.open(target);
    }

    private static Project build(Path folder, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Building the demo project", 100);
        Project project = Project.create(folder, PROJECT_NAME);
        try {
            sub.split(1).subTask("Default settings");
            DemoSettings.apply(project);
            sub.split(4).subTask("Demo character");
            ProjectCharacter.ensure(project);
            sub.subTask("Generating the demo clips");
            List<Motion> clips = DemoMotions.all();
            ProjectClips.store(project, clips, sub.split(15));
            sub.subTask("Primary motion graph");
            ProjectPrimaryGraph.build(project, Double.NaN, 0, sub.split(20));
            sub.subTask("Demo garments");
            GarmentInfo robe = ProjectGarments.ensureRobe(project, Garments.DEFAULT_ROBE_VERTICES);
            ProjectGarments.ensureCasualOutfit(project, Garments.DEFAULT_ROBE_VERTICES);
            sub.worked(5);
            sub.subTask("A first simulation: the robe on a short walk");
            try {
                ClothRun.simulate(project, robe, List.of("walk"), DEMO_RUN_FRAMES, new XpbdClothSimulator(),
                        SimulationSettings.defaults(), sub.split(55));
            } catch (SimulationFailedException e) {
                throw new IllegalStateException("the demo simulation failed (" + e.reason() + "): " + e.getMessage(), e);
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
