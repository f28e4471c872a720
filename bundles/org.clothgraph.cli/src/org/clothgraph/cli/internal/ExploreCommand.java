package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.cli.Cli;
import org.clothgraph.explore.ExplorationSettings;
import org.clothgraph.explore.ExplorationStatus;
import org.clothgraph.explore.Explorer;
import org.clothgraph.explore.ThreadUnitExecutor;
import org.clothgraph.explore.UnitExecutor;
import org.clothgraph.explore.slurm.ExplorationBackend;
import org.clothgraph.explore.slurm.SlurmSettings;
import org.clothgraph.explore.slurm.SlurmUnitExecutor;
import org.clothgraph.explore.slurm.internal.SlurmCommands;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.sim.ClothSimulator;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.garment.Garments;

/**
 * {@code explore}: grows the secondary cloth graph (Kim et al. 2013) until a limit; stopping and continuing later
 * is normal use.
 */
public final class ExploreCommand extends WorkspaceCommand {
    public ExploreCommand() {
        super("explore", "Grow the secondary cloth graph: initialise, then always expand the worst merge.");
        option(Option.value("frames", "N", "stop after simulating N frames in this run"));
        option(Option.value("minutes", "M", "stop after M minutes"));
        option(Option.value("until-error", "MM", "stop when the worst same-class merge error is at most MM millimetres"));
        option(Option.value("settle", "N", "after the limit, at most N rounds that expand only the queued cross-class"
                + " merges, ending when none is left (default " + Explorer.Limits.DEFAULT_SETTLE_ROUNDS + "; 0: stop at"
                + " the limit)"));
        option(Option.value("workers", "K", "parallel simulations (default: one per core)"));
        option(Option.value("round", "R", "expansions per round (default: the stored setting, 4)"));
        option(Option.value("horizon", "N", "longest branch of one expansion in frames (default: the stored setting, 60);"
                + " a branch also ends at the next branching primary node"));
        option(Option.value("merge-window", "N", "an expanded branch's dead end is the state of least merge error among"
                + " its last N states, never in its first half (default: the stored setting, 8 for a new project; 1: the"
                + " branch's last state)"));
        option(Option.value("min-branch", "N", "a branch that reaches a branching primary node after fewer than N frames"
                + " goes on along each of its edges, while the path is shorter than the horizon (default: the stored"
                + " setting, 10 for a new project; 0: every branch ends at the first branching node)"));
        option(Option.value("start-clip", "NAME", "the clip whose first pose the initial drape is made in, stored with the"
                + " project's exploration settings (default: the stored one, the first clip); set before the first state"));
        option(Option.value("garment", "NAME", "garment to explore (default: the hooded robe, generated if missing)"));
        option(Option.value("simulator", "embedded|arcsim", "the simulator (default: the project's, embedded)"));
        option(Option.value("arcsim", "PATH", "the arcsim executable (with --simulator arcsim)"));
        option(Option.value("solver", "legacy|small-steps", "the embedded solver, stored with the project's exploration"
                + " settings (default: the stored one, legacy); a graph grown with one solver is not continued with"
                + " another"));
        option(Option.value("focus", "CLIP,...", "expand first the queued merges on these clips (e.g. a dressing clip"
                + " just added), worst first; the whole queue when none is left there"));
        option(Option.flag("retry-quarantined", "put quarantined dead ends back on the queue first"));
        SlurmOptions.add(this);
        option(Option.flag("cancel-jobs", "slurm: cancel every pilot job of the project (scancel) and empty its queue;"
                + " needs no limit"));
        offerWait();
    }

    @Override
    protected boolean writes(Args args) {
        return true;
    }

    @Override
    protected String usage() {
        return "--workspace DIR [--frames N | --minutes M | --until-error MM] [--settle N] [--workers K] [--round R] [--horizon N]"
                + " [--merge-window N] [--min-branch N] [--start-clip NAME] [--simulator embedded|arcsim] [--arcsim PATH] [--solver legacy|small-steps] [--focus CLIP,...]"
                + " [--retry-quarantined] "
                + SlurmOptions.usage() + " [--cancel-jobs] [--wait] [--json]";
    }

    @Override
    protected int run(Project project, Args args, PrintStream out, PrintStream err) {
        ExplorationBackend backend = SlurmOptions.backend(args, ExplorationBackend.of(project));
        SlurmSettings slurm = SlurmOptions.apply(args, SlurmSettings.of(project));
        if (!slurm.equals(SlurmSettings.of(project))) {
            slurm.store(project);
        }
        if (backend != ExplorationBackend.of(project)) {
            backend.store(project);
        }
        if (args.flag("cancel-jobs")) {
            int n = SlurmUnitExecutor.cancelAll(project, new SlurmCommands());
            out.println("cancelled " + n + " pilot job(s) and emptied the queue of " + project.folder());
            return Cli.OK;
        }
        long frames = args.intValue("frames", 0, 0, Integer.MAX_VALUE);
        double minutes = args.doubleValue("minutes", 0, 0, 1e7);
        double untilMm = args.doubleValue("until-error", 0, 0, 1e7);
        int settle = args.intValue("settle", Explorer.Limits.DEFAULT_SETTLE_ROUNDS, 0, 1000);
        if (frames == 0 && minutes == 0 && untilMm == 0) {
            throw new UsageException("give a limit: --frames N, --minutes M or --until-error MM (exploration never ends"
                    + " by itself)");
        }
        GarmentInfo garment = SimulateCommand.garment(project, args, Garments.DEFAULT_ROBE_VERTICES);
        ExplorationSettings settings = ExplorationSettings.of(project);
        settings = settings.withWorkers(args.intValue("workers", settings.workers(), 0, 256))
                .withRoundSize(args.intValue("round", settings.roundSize(), 1, 1024))
                .withHorizon(args.intValue("horizon", settings.horizonFrames(), 1, 10_000))
                .withMergeWindow(args.intValue("merge-window", settings.mergeWindow(), 1, 10_000))
                .withMinBranchFrames(args.intValue("min-branch", settings.minBranchFrames(), 0, 10_000));
        if (args.value("start-clip").isPresent()) {
            settings = settings.withStartClip(startClip(project, settings, args.value("start-clip").get().strip()));
        }
        if (args.value("solver").isPresent()) {
            settings = settings.withSimulation(solver(project, settings, args.value("solver").get()));
        }
        ClothSimulator simulator = SimulateCommand.simulator(project, args);
        if (args.flag("retry-quarantined")) {
            int n = project.secondary().releaseQuarantine();
            err.println("released " + n + " quarantined dead ends back to the queue");
        }
        ConsoleProgressMonitor monitor = new ConsoleProgressMonitor(err).cancelOnShutdown();
        try (UnitExecutor executor = executor(project, backend, slurm, err)) {
            Explorer explorer = new Explorer(project, garment, simulator, settings, executor);
            explorer.focus(focus(project, args));
            ProgressLine line = new ProgressLine(err, frames);
            explorer.addListener(line::status);
            Explorer.Report r = explorer.run(new Explorer.Limits(frames, minutes, untilMm, settle), monitor);
            line.end();
            if (args.flag("json")) {
                JsonOutput.print(out, report(r));
            } else {
                ExplorationStatus s = r.status();
                out.printf(Locale.ROOT, "%s%n%d frames in %.1f s this run (%d of them from identical branches, not"
                        + " simulated again; %d simulated past a dead end's place, not kept); %d states, %d queued, %d quarantined, worst merge error %.2f mm, median"
                        + " %.2f mm%n", r.stopReason(), r.framesThisRun(), r.secondsThisRun(), r.reusedFrames(),
                        r.discardedFrames(), s.states(), s.queue(), s.quarantined(), s.worstErrorMm(), s.medianErrorMm());
            }
            return r.trouble() ? Cli.FAILURE : Cli.OK;
        }
    }

    /** The ids of the --focus clips; bad input naming the clip when the project has none of that name. */
    private static List<Long> focus(Project project, Args args) {
        List<Long> ids = new ArrayList<>();
        for (String name : args.value("focus").orElse("").split(",")) {
            if (name.isBlank()) {
                continue;
            }
            ClipInfo clip = project.clips().stream().filter(c -> c.name().equals(name.strip())).findFirst()
                    .orElseThrow(() -> new InvalidInputException(project.folder().toString(), "--focus",
                            "no clip named '" + name.strip() + "' (clips: " + String.join(", ",
                                    project.clips().stream().map(ClipInfo::name).toList()) + ")"));
            ids.add(clip.id());
        }
        return ids;
    }

    /**
     * The clip --start-clip names, when the project has it; an exploration that has begun (states, or staged branches
     * of an interrupted initialisation) keeps the initial drape it was grown from.
     */
    private static String startClip(Project project, ExplorationSettings settings, String name) {
        List<String> names = project.clips().stream().map(ClipInfo::name).toList();
        if (!names.contains(name)) {
            throw new InvalidInputException(project.folder().toString(), "--start-clip", "no clip named '" + name
                    + "' (clips: " + String.join(", ", names) + ")");
        }
        if (!Explorer.begun(project)) {
            return name;
        }
        String current = Explorer.startClipName(settings, PrimaryGraphSnapshot.of(project));
        if (!name.equals(current)) {
            throw new UsageException("the secondary graph in " + project.folder() + " was grown from clip '" + current
                    + "'; explore a new project to start from another clip");
        }
        return name;
    }

    /**
     * The exploration's solver settings for --solver: the solver's defaults, one thread per simulation, no
     * wall-clock timeout. An exploration that has begun (states, or staged branches of an interrupted initialisation)
     * keeps the solver it was grown with (states from two solvers would be merged into each other as if one simulator
     * had made them).
     */
    private static SimulationSettings solver(Project project, ExplorationSettings settings, String name) {
        SimulationSettings.Solver wanted = switch (name) {
            case "legacy" -> SimulationSettings.Solver.LEGACY;
            case "small-steps" -> SimulationSettings.Solver.SMALL_STEPS;
            default -> throw new UsageException("--solver must be legacy or small-steps (got '" + name + "')");
        };
        SimulationSettings current = settings.simulation();
        if (current.solver() == wanted) {
            return current;
        }
        if (Explorer.begun(project)) {
            throw new UsageException("the secondary graph in " + project.folder() + " was grown with the "
                    + current.solver().name().toLowerCase(Locale.ROOT).replace('_', '-')
                    + " solver; explore a new project to use another");
        }
        return ExplorationSettings.simulation(wanted == SimulationSettings.Solver.LEGACY ? SimulationSettings.defaults()
                : SimulationSettings.smallSteps());
    }

    static UnitExecutor executor(Project project, ExplorationBackend backend, SlurmSettings slurm, PrintStream err) {
        if (backend == ExplorationBackend.SLURM) {
            SlurmUnitExecutor e = new SlurmUnitExecutor(project, slurm);
            e.addListener(SlurmOptions.printer(err));
            return e;
        }
        return new ThreadUnitExecutor();
    }

    static Map<String, Object> report(Explorer.Report r) {
        ExplorationStatus s = r.status();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("stopReason", r.stopReason());
        m.put("trouble", r.trouble());
        m.put("framesThisRun", r.framesThisRun());
        m.put("secondsThisRun", BenchCommand.round(r.secondsThisRun()));
        m.put("reusedFramesThisRun", r.reusedFrames());
        m.put("discardedFramesThisRun", r.discardedFrames());
        m.put("simulatedFrames", s.simulatedFrames());
        m.put("states", s.states());
        m.put("queue", s.queue());
        m.put("quarantined", s.quarantined());
        m.put("worstErrorMm", BenchCommand.round(s.worstErrorMm()));
        m.put("medianErrorMm", BenchCommand.round(s.medianErrorMm()));
        m.put("crossClassMerges", s.crossClassMerges());
        m.put("byClass", s.byClass());
        m.put("cpuSeconds", BenchCommand.round(s.cpuSeconds()));
        m.put("bookkeepingSeconds", BenchCommand.round(s.bookkeepingSeconds()));
        m.put("wallSeconds", BenchCommand.round(s.wallSeconds()));
        return m;
    }

    /** One console line per round: frames, states, worst error, ETA. */
    private static final class ProgressLine {
        private final PrintStream err;
        private final long target;
        private final long t0 = System.nanoTime();
        private final boolean terminal = System.console() != null;
        private long firstFrames = -1;
        private long lastPrint;

        ProgressLine(PrintStream err, long target) {
            this.err = err;
            this.target = target;
        }

        synchronized void status(ExplorationStatus s) {
            if (firstFrames < 0) {
                firstFrames = s.simulatedFrames();
            }
            long now = System.nanoTime();
            if (now - lastPrint < 2_000_000_000L && !s.phase().equals("STOPPED")) {
                return;
            }
            lastPrint = now;
            long done = s.simulatedFrames() - firstFrames;
            double secs = (now - t0) / 1e9;
            String eta = target > 0 && done > 0 ? String.format(Locale.ROOT, ", ETA %.0f s",
                    Math.max(0, (target - done) * secs / done)) : "";
            String text = String.format(Locale.ROOT, "%s: %d frames (%d this run), %d states, queue %d, worst %.1f mm,"
                    + " %.1f frames/s%s", s.phase().toLowerCase(Locale.ROOT), s.simulatedFrames(), done, s.states(),
                    s.queue(), s.worstErrorMm(), done / Math.max(1e-9, secs), eta);
            if (terminal) {
                err.print("\r" + text + "   ");
                err.flush();
            } else {
                err.println(text);
            }
        }

        void end() {
            if (terminal) {
                err.println();
            }
        }
    }
}
