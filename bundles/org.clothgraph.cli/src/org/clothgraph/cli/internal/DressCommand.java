package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.cloth.ClothRun;
import org.clothgraph.cloth.DressingReport;
import org.clothgraph.cloth.DressingRun;
import org.clothgraph.cloth.SleeveReport;
import org.clothgraph.cloth.dressing.DressingAction;
import org.clothgraph.cloth.dressing.ActionQueue;
import org.clothgraph.cloth.dressing.DressingController;
import org.clothgraph.explore.ExploredStart;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.motion.project.ProjectCharacter;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.garment.Garments;

/**
 * {@code dress}: runs a dressing action queue (Clegg et al. 2015) on the character and stores the dressing clip as a
 * simulation run; {@code --report} instead measures the queue from many hood-down states of the stored runs (or of
 * the explored graph, {@code --from-graph}), or with {@code --task sleeve} from perturbed starts of the open-front robe
 * hanging off one shoulder (arm into sleeve).
 */
public final class DressCommand extends WorkspaceCommand {
    public DressCommand() {
        super("dress", "Run a dressing action queue on the character with the simulated garment (docs/DRESSING.md).");
        option(Option.value("actions", "FILE.json", "the action queue (required)"));
        option(Option.value("from-state", "ID", "start from this secondary-graph cloth state and its pose"));
        option(Option.value("from-run", "RUN", "start from a frame of this stored simulation run (with --frame)"));
        option(Option.value("frame", "F", "the frame of --from-run (default 0)"));
        option(Option.value("garment", "NAME", "the garment (default: the hooded robe, generated if missing)"));
        option(Option.value("vertices", "N", "vertex count when the demo robe has to be generated (default "
                + Garments.DEFAULT_ROBE_VERTICES + ")"));
        option(Option.value("solver", "legacy|small-steps", "the embedded solver (default: legacy)"));
        option(Option.value("threads", "N", "embedded simulator worker threads (default: 2)"));
        option(Option.value("compression-recovery", "M/S", "small-steps: a squeezed mesh edge regains its length at most"
                + " this fast (default 0: off; recorded with the run, see docs/SIMULATION.md)"));
        option(Option.value("add-clip", "NAME", "also add the dressing motion to the project's clips under NAME"));
        option(Option.flag("report", "measure instead: run the queue from --starts hood-down states of the stored runs"
                + " (nothing stored)"));
        option(Option.value("runs", "R1,R2,...", "--report: take the starts from these stored runs (default: every"
                + " simulation run of the garment but dressing runs)"));
        option(Option.flag("from-graph", "--report: take the starts from the explored graph's live hood-down states"
                + " instead of stored runs"));
        option(Option.value("task", "hood|sleeve", "--report: hood back up from the stored runs' hood-down states (hood,"
                + " the default) or arm into sleeve: the open-front robe generated at --vertices on the character, hanging"
                + " off the --hand's shoulder in --starts perturbed starts (sleeve)"));
        option(Option.value("hand", "left|right", "--task sleeve: the free arm, out of its sleeve at the start (default"
                + " left)"));
        option(Option.value("starts", "N", "--report: how many starts (default 20)"));
        option(Option.value("min-distance-mm", "D", "--report: no two starts closer than this, RMS (default 20)"));
        option(Option.value("min-separation-s", "S", "--report: no start simulated on from another (the same run or"
                + " exploration path) within S seconds (default 2)"));
        option(Option.flag("list-starts", "--report: only list the starts the report would take"));
        option(Option.value("hold-seconds", "S", "--report: the hood must stay up this long after Release (default 2)"));
        option(Option.value("workers", "K", "--report: starts run in parallel (default: one per core)"));
        offerWait();
    }

    @Override
    protected boolean writes(Args args) {
        return !args.flag("report");
    }

    @Override
    protected String usage() {
        return "--workspace DIR --actions FILE.json [--from-state ID | --from-run RUN [--frame F]] [--garment NAME]"
                + " [--solver legacy|small-steps] [--compression-recovery M/S] [--add-clip NAME] [--report [--runs R1,R2,... | --from-graph] [--starts N] [--min-distance-mm D]"
                + " [--min-separation-s T] [--list-starts] [--hold-seconds S] [--workers K]] [--report --task sleeve [--vertices N] [--hand left|right] [--starts N] [--workers K]] [--json]";
    }

    @Override
    protected int run(Project project, Args args, PrintStream out, PrintStream err) {
        Path file = args.requiredPath("actions");
        ActionQueue queue = ActionQueue.read(file);
        GarmentInfo garment = SimulateCommand.garment(project, args,
                args.intValue("vertices", Garments.DEFAULT_ROBE_VERTICES, 100, 200_000));
        String solver = args.value("solver").orElse("legacy");
        SimulationSettings settings = switch (solver) {
            case "legacy" -> SimulationSettings.defaults();
            case "small-steps" -> SimulationSettings.smallSteps();
            default -> throw new UsageException("--solver must be legacy or small-steps (got '" + solver + "')");
        };
        settings = settings.withThreads(args.intValue("threads", 0, 0, 64));
        if (args.value("compression-recovery").isPresent()) {
            if (settings.solver() != SimulationSettings.Solver.SMALL_STEPS) {
                throw new UsageException("--compression-recovery needs --solver small-steps");
            }
            settings = settings.withCompressionRecoverySpeed(args.doubleValue("compression-recovery", 0, 0,
                    SimulationSettings.MAX_COMPRESSION_RECOVERY_SPEED));
        }
        ConsoleProgressMonitor monitor = new ConsoleProgressMonitor(err).cancelOnShutdown();
        String task = args.value("task").orElse("hood");
        if (!task.equals("hood") && !task.equals("sleeve")) {
            throw new UsageException("--task must be hood or sleeve (got '" + task + "')");
        }
        if (args.value("task").isPresent() && !args.flag("report")) {
            throw new UsageException("--task goes with --report");
        }
        if (task.equals("sleeve")) {
            String h = args.value("hand").orElse("left");
            if (!h.equals("left") && !h.equals("right")) {
                throw new UsageException("--hand must be left or right (got '" + h + "')");
            }
            double fps = project.clips().isEmpty() ? 30 : project.clips().get(0).fps();
            SleeveReport.Report r = SleeveReport.run(ProjectCharacter.skeleton(project), args.intValue("vertices",
                    Garments.DEFAULT_ROBE_VERTICES, 100, 200_000), queue, file.toString(), settings,
                    h.equals("left") ? DressingAction.Hand.LEFT : DressingAction.Hand.RIGHT,
                    args.intValue("starts", 20, 1, 10_000), fps,
                    args.intValue("workers", Runtime.getRuntime().availableProcessors(), 1, 256), monitor);
            printSleeve(r, settings, args.flag("json"), out);
            return 0;
        }
        if (args.flag("report")) {
            List<String> runs = new ArrayList<>();
            for (String x : args.value("runs").orElse("").split(",")) {
                if (!x.isBlank()) {
                    runs.add(x.strip());
                }
            }
            if (args.flag("from-graph") && !runs.isEmpty()) {
                throw new UsageException("--from-graph and --runs exclude each other");
            }
            DressingReport.Candidates candidates = args.flag("from-graph") ? ExploredStart.hoodDown(project, garment)
                    : DressingReport.fromRuns(project, garment, runs);
            int starts = args.intValue("starts", 20, 1, 10_000);
            double minDistance = args.doubleValue("min-distance-mm", 20, 0, 10_000) / 1000;
            double separation = args.doubleValue("min-separation-s", 2, 0, 3600);
            if (args.flag("list-starts")) {
                printStarts(DressingReport.pick(candidates, starts, minDistance, separation), args.flag("json"), out);
                return 0;
            }
            DressingReport.Report r = DressingReport.run(project, garment, queue, file.toString(), settings, candidates,
                    starts, minDistance, separation, args.doubleValue("hold-seconds", 2, 0, 60),
                    args.intValue("workers", Runtime.getRuntime().availableProcessors(), 1, 256), monitor);
            printReport(r, settings, args.flag("json"), out);
            return 0;
        }
        if (args.value("from-state").isPresent() && args.value("from-run").isPresent()) {
            throw new UsageException("--from-state and --from-run exclude each other");
        }
        try {
            DressingRun.Start start;
            if (args.value("from-state").isPresent()) {
                start = ExploredStart.of(project, args.intValue("from-state", 0, 1, Integer.MAX_VALUE));
            } else if (args.value("from-run").isPresent()) {
                String id = args.value("from-run").get();
                ClothRun.Report run = ClothRun.runs(project).stream().filter(r -> r.runId().equals(id)).findFirst()
                        .orElseThrow(() -> new InvalidInputException(project.folder().toString(), "--from-run",
                                "no simulation run " + id));
                start = DressingRun.fromRun(project, run, args.intValue("frame", 0, 0, Integer.MAX_VALUE));
            } else {
                start = DressingRun.fittingStart(project, garment, settings, monitor);
            }
            DressingRun.Outcome o = DressingRun.dress(project, garment, queue, file.getFileName().toString(), start,
                    settings, args.value("add-clip").orElse(null), monitor);
            print(o, start, args.flag("json"), out);
            return 0;
        } catch (SimulationFailedException e) {
            err.println("clothgraph dress: simulation failed: " + e.getMessage());
            return 1;
        }
    }

    private static void print(DressingRun.Outcome o, DressingRun.Start start, boolean json, PrintStream out) {
        ClothRun.Report r = o.run();
        List<Map<String, Object>> events = new ArrayList<>();
        for (DressingController.GripEvent e : o.result().events()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("frame", e.frame());
            m.put("hand", e.hand().id());
            m.put("kind", e.kind());
            m.put("vertices", e.vertices().length);
            m.put("distanceMm", BenchCommand.round(e.distance() * 1000));
            events.add(m);
        }
        List<String> hood = new ArrayList<>();
        r.classes().forEach(c -> hood.add(c.toLowerCase(Locale.ROOT)));
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("run", r.runId());
            m.put("garment", r.garment());
            m.put("start", start.description());
            m.put("frames", r.frames());
            m.put("fps", r.fps());
            m.put("secondsPerFrame", BenchCommand.round(r.secondsPerFrame()));
            m.put("events", events);
            m.put("hood", hood);
            m.put("clip", o.clip());
            m.put("solver", r.solver() == null ? null : SimulateCommand.counters(r.solver()));
            JsonOutput.print(out, m);
        } else {
            out.printf(Locale.ROOT, "%s: dressing of %s from %s, %d frames at %.0f fps, %.3f s/frame%n", r.runId(),
                    r.garment(), start.description(), r.frames(), r.fps(), r.secondsPerFrame());
            for (Map<String, Object> e : events) {
                out.printf(Locale.ROOT, "  frame %s: %s %s (%s vertices, hand %s mm from the patch)%n", e.get("frame"),
                        e.get("hand"), e.get("kind"), e.get("vertices"), e.get("distanceMm"));
            }
            if (!hood.isEmpty() && !hood.get(0).isEmpty()) {
                out.println("hood: " + SimulateCommand.summarize(hood));
            }
            if (o.clip() != null) {
                out.println("added clip " + o.clip() + " (motion graph puts it in the primary graph)");
            }
        }
    }

    private static void printSleeve(SleeveReport.Report r, SimulationSettings settings, boolean json, PrintStream out) {
        String solver = settings.solver().name().toLowerCase(Locale.ROOT).replace('_', '-');
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("task", "sleeve");
            m.put("garment", r.garment());
            m.put("vertices", r.vertices());
            m.put("hand", r.hand().id());
            m.put("solver", solver);
            m.put("settings", settings);
            m.put("fps", r.fps());
            m.put("starts", r.rows().size());
            m.put("inSleeve", r.succeeded());
            m.put("inSleeveBySleeveCheckAlone", r.inSleeveBySleeveCheckAlone());
            List<Map<String, Object>> rows = new ArrayList<>();
            for (SleeveReport.Row x : r.rows()) {
                Map<String, Object> o = new LinkedHashMap<>();
                o.put("start", x.start());
                o.put("variation", x.variation());
                o.put("outOfSleeveAtStart", x.outAtStart());
                o.put("armCrossingsAtStart", x.armCrossingsAtStart());
                o.put("inSleeve", x.inSleeve());
                o.put("handPastCuffMm", x.end() == null ? null : BenchCommand.round(x.end().handPastCuffMm()));
                o.put("upperArmWinding", x.end() == null ? null : BenchCommand.round(x.end().upperArmWinding()));
                o.put("forearmWinding", x.end() == null ? null : BenchCommand.round(x.end().forearmWinding()));
                o.put("armCrossingsAtEnd", x.armCrossingsAtEnd());
                putRun(o, x.gripsMissed(), x.maxArmCrossings(), x.framesWithArmCrossings(), x.seconds(), x.failure());
                rows.add(o);
            }
            m.put("rows", rows);
            List<Map<String, Object>> rejected = new ArrayList<>();
            for (SleeveReport.Row x : r.rejected()) {
                Map<String, Object> o = new LinkedHashMap<>();
                o.put("variation", x.start());
                o.put("description", x.variation());
                o.put("outOfSleeveAtStart", x.outAtStart());
                o.put("armCrossingsAtStart", x.armCrossingsAtStart());
                rejected.add(o);
            }
            m.put("variationsRejected", rejected);
            JsonOutput.print(out, m);
            return;
        }
        out.printf(Locale.ROOT, "arm into sleeve on the %s at %d vertices (%s solver, %s hand): %d of %d starts end with"
                + " the arm in the sleeve (and no arm bone through the cloth)%n", r.garment(), r.vertices(), solver, r.hand().id(), r.succeeded(),
                r.rows().size());
        out.printf(Locale.ROOT, "  by the sleeve check alone (arm bones through the cloth or not): %d of %d%n",
                r.inSleeveBySleeveCheckAlone(), r.rows().size());
        out.printf(Locale.ROOT, "  variations drawn %d, rejected as starts %d (the free arm not out of its sleeve, or"
                + " through the cloth, when the start was made):%s%n", r.rows().size() + r.rejected().size(),
                r.rejected().size(), r.rejected().stream().map(x -> " " + x.start() + (x.outAtStart() ? " ("
                        + x.armCrossingsAtStart() + " crossings)" : " (in the sleeve)")).reduce("", String::concat));
        out.println("  settings: " + settings + ", material " + org.clothgraph.sim.Material.defaults() + ", " + r.fps()
                + " fps");
        for (SleeveReport.Row x : r.rows()) {
            String end = x.end() == null ? "" : String.format(Locale.ROOT, "hand %+4.0f mm past the cuff, upper arm %s,"
                    + " forearm %s, %d arm crossings", x.end().handPastCuffMm(), x.end().upperArmInside() ? "in" : "out",
                    x.end().forearmInside() ? "in" : "out", x.armCrossingsAtEnd());
            out.printf(Locale.ROOT, "  variation %2d %s %s; at start %s, %d arm crossings; missed %d, arm crossings max %d"
                    + " (%d frames), %.0f s%s%n     (%s)%n", x.start(), x.inSleeve() ? "IN " : "---", end,
                    x.outAtStart() ? "out" : "NOT OUT", x.armCrossingsAtStart(), x.gripsMissed(), x.maxArmCrossings(),
                    x.framesWithArmCrossings(), x.seconds(), x.failure() == null ? "" : " FAILED: " + x.failure(),
                    x.variation());
        }
    }

    /** The fields both reports give per start about the run itself: missed grips, arm crossings, time, failure. */
    private static void putRun(Map<String, Object> o, int gripsMissed, int maxArmCrossings, int framesWithArmCrossings,
            double seconds, String failure) {
        o.put("gripsMissed", gripsMissed);
        o.put("maxArmCrossings", maxArmCrossings);
        o.put("framesWithArmCrossings", framesWithArmCrossings);
        o.put("seconds", BenchCommand.round(seconds));
        o.put("failure", failure);
    }

    private static void printStarts(DressingReport.Picked p, boolean json, PrintStream out) {
        List<String> starts = p.starts().stream().map(DressingRun.Start::description).toList();
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("starts", starts);
            m.put("candidatesLookedAt", p.looked());
            JsonOutput.print(out, m);
        } else {
            starts.forEach(out::println);
            out.printf(Locale.ROOT, "%d starts (%d hood-down states looked at)%n", starts.size(), p.looked());
        }
    }

    private static void printReport(DressingReport.Report r, SimulationSettings settings, boolean json, PrintStream out) {
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("garment", r.garment());
            m.put("solver", settings.solver().name().toLowerCase(Locale.ROOT));
            m.put("starts", r.rows().size());
            m.put("candidatesLookedAt", r.candidates());
            m.put("minDistanceMm", r.minDistanceMm());
            m.put("minSeparationSeconds", r.separationSeconds());
            m.put("holdSeconds", r.holdSeconds());
            m.put("heldUp", r.succeeded());
            List<Map<String, Object>> rows = new ArrayList<>();
            for (DressingReport.Row x : r.rows()) {
                Map<String, Object> o = new LinkedHashMap<>();
                o.put("start", x.start());
                o.put("releaseSeconds", BenchCommand.round(x.releaseSeconds()));
                o.put("endClass", x.endClass());
                o.put("heldUp", x.heldUp());
                o.put("upFractionAfterRelease", BenchCommand.round(x.upFraction()));
                o.put("patchVertices", x.patchVertices());
                o.put("armCrossingsAtStart", x.armCrossingsAtStart());
                putRun(o, x.gripsMissed(), x.maxArmCrossings(), x.framesWithArmCrossings(), x.seconds(), x.failure());
                rows.add(o);
            }
            m.put("rows", rows);
            JsonOutput.print(out, m);
            return;
        }
        out.printf(Locale.ROOT, "hood back up on %s (%s solver): %d of %d starts held up %.1f s after Release"
                + " (starts no two within %.0f mm RMS or %.1f s of simulation, %d hood-down frames looked at)%n",
                r.garment(), settings.solver().name().toLowerCase(Locale.ROOT), r.succeeded(), r.rows().size(),
                r.holdSeconds(), r.minDistanceMm(), r.separationSeconds(), r.candidates());
        for (DressingReport.Row x : r.rows()) {
            out.printf(Locale.ROOT, "  %-28s %s end %-4s up %3.0f%% after release, patch %d, missed %d, arm crossings"
                    + " %d at start, max %d (%d frames), %.0f s%s%n", x.start(), x.heldUp() ? "HELD" : "----",
                    x.endClass(), 100 * x.upFraction(), x.patchVertices(), x.gripsMissed(), x.armCrossingsAtStart(),
                    x.maxArmCrossings(), x.framesWithArmCrossings(), x.seconds(),
                    x.failure() == null ? "" : " FAILED: " + x.failure());
        }
    }
}
