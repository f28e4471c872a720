package org.clothgraph.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.clothgraph.cli.Cli;
import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.ProjectFormat;
import org.clothgraph.model.StorageException;
import org.clothgraph.model.WriterWait;
import org.clothgraph.model.internal.WriterLock;
import org.clothgraph.sim.garment.Garments;

/** {@code demo}: the main job on the embedded default, into a new project folder. */
public final class DemoCommand extends Command {
    public DemoCommand() {
        super("demo", "Build the demo project from ClothGraph's own generated character, garments and motions.");
        option(Option.value("workspace", "DIR", "the project folder to create (required)"));
        option(Option.flag("headless", "do not open the workbench afterwards"));
        option(Option.flag("force", "replace an existing ClothGraph project in DIR"));
        option(Option.value("frames", "N", "frames of secondary-graph exploration (default "
                + DemoPipeline.Options.DEFAULT_EXPLORE_FRAMES + "; 0: none)"));
        option(Option.value("workers", "K", "parallel simulations of the exploration (default: one per core)"));
        option(Option.value("clip-frames", "N", "keep only the first N frames of every demo clip (a small demo)"));
        option(Option.value("vertices", "N", "vertex count of the demo robe (default "
                + Garments.DEFAULT_ROBE_VERTICES + ")"));
        option(Option.flag("json", "print the resulting project's stats as JSON"));
    }

    @Override
    protected String usage() {
        return "--workspace DIR [--headless] [--force] [--frames N] [--workers K] [--clip-frames N] [--vertices N] [--json]";
    }

    @Override
    public int run(Args args, PrintStream out, PrintStream err) {
        Path folder = args.requiredPath("workspace");
        prepare(folder, args.flag("force"));
        long t0 = System.nanoTime();
        DemoPipeline.Options options = new DemoPipeline.Options(args.intValue("clip-frames", 0, 0, 100_000),
                args.intValue("vertices", Garments.DEFAULT_ROBE_VERTICES, 100, 200_000),
                args.intValue("frames", (int) DemoPipeline.Options.DEFAULT_EXPLORE_FRAMES, 0, 100_000_000),
                args.intValue("workers", 0, 0, 256));
        DemoPipeline.Built built = DemoPipeline.build(folder, options, java.util.List.of(),
                new ConsoleProgressMonitor(err).cancelOnShutdown());
        try (Project project = built.project()) {
            if (args.flag("json")) {
                JsonOutput.print(out, StatsCommand.stats(project));
            } else {
                out.printf("demo project written to %s in %.1f s%n", folder, (System.nanoTime() - t0) / 1e9);
            }
        }
        if (built.troubled()) {
            // the project is there (character, clips, primary graph, a first simulation), its exploration is not
            err.println("clothgraph demo: " + folder + ": the exploration " + built.exploration().stopReason()
                    + "; the project is kept without it");
            return Cli.FAILURE;
        }
        return 0;
    }

    /**
     * Refuses to touch a folder holding anything but a ClothGraph project; replaces one only with --force, and
     * not while another process writes it (the writer lock is held while the old project is deleted).
     */
    private static void prepare(Path folder, boolean force) {
        if (Files.isRegularFile(folder)) {
            throw new InvalidInputException(folder, null, "is a file, not a folder");
        }
        if (!Files.isDirectory(folder) || isEmpty(folder)) {
            return;
        }
        if (!Project.isProject(folder)) {
            throw new InvalidInputException(folder, null, "folder is not empty and holds no ClothGraph project;"
                    + " choose an empty or new folder");
        }
        if (!force) {
            throw new InvalidInputException(folder, null, "a project already exists here; use --force to replace it");
        }
        try (WriterLock lock = new WriterLock(folder); Stream<Path> walk = Files.walk(folder)) {
            lock.acquire(WriterWait.REFUSE);
            for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                if (!p.equals(folder) && !p.equals(lock.file())) {
                    Files.delete(p);
                }
            }
        } catch (IOException e) {
            throw new StorageException("cannot clear " + folder + ": " + e.getMessage(), e);
        }
    }

    /** Empty but for a lock file, which a replaced project leaves behind. */
    private static boolean isEmpty(Path folder) {
        try (Stream<Path> s = Files.list(folder)) {
            return s.allMatch(p -> p.getFileName().toString().equals(ProjectFormat.LOCK_FILE));
        } catch (IOException e) {
            throw new StorageException("cannot list " + folder + ": " + e.getMessage(), e);
        }
    }
}
