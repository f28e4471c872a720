package org.clothgraph.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.clothgraph.cloth.ClothRun;
import org.clothgraph.cloth.HoodDecisions;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.cloth.RunMeasures;
import org.clothgraph.measure.ArcsimMeasure;
import org.clothgraph.measure.ArcsimRun;
import org.clothgraph.measure.FrameMeasure;
import org.clothgraph.measure.RunMeasure;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.StorageException;
import org.clothgraph.model.WriterWait;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * {@code measure}: the independent measures (self crossings, body crossings, penetration, strain) of stored
 * simulation runs, of the explored secondary states, or of an ARCSim output folder; a table per frame on
 * stdout and one JSON report per run, kept with the run (project settings) or written beside the ARCSim frames.
 */
public final class MeasureCommand extends Command {

    public MeasureCommand() {
        super("measure", "Measure cloth frames independently of the solver: self crossings, body crossings,"
                + " penetration, strain; and how clearly the hood classifier decided each frame.");
        option(Option.value("workspace", "DIR", "the project whose simulation runs (or explored states) to measure"));
        option(Option.value("run", "ID", "only this simulation run (default: every run)"));
        option(Option.flag("explored", "measure the explored secondary cloth states instead of the runs"));
        option(Option.value("garment", "NAME", "with --explored: the garment (default: the hooded robe)"));
        option(Option.value("arcsim", "DIR", "measure an ARCSim output folder (NNNN_00.obj, obs_JJ.obj, NNNNobsJJ.txt)"));
        option(Option.value("every", "N", "measure every N-th frame or state (default 1: all)"));
        option(Option.value("report", "FILE", "write the JSON report here instead of beside the run"));
        option(Option.flag("json", "print the JSON report(s) instead of the table"));
        option(Option.flag("wait", "if another process is writing the project, wait until it finishes (default:"
                + " refuse)"));
    }

    @Override
    protected String usage() {
        return "(--workspace DIR [--run ID | --explored [--garment NAME]] | --arcsim DIR) [--every N] [--report FILE]"
                + " [--json] [--wait]";
    }

    @Override
    public int run(Args args, PrintStream out, PrintStream err) {
        int every = args.intValue("every", 1, 1, 1_000_000);
        boolean json = args.flag("json");
        if (args.value("arcsim").isPresent() == args.value("workspace").isPresent()) {
            throw new UsageException("give either --workspace DIR or --arcsim DIR");
        }
        if (args.value("arcsim").isPresent()) {
            ArcsimRun run = ArcsimRun.open(args.requiredPath("arcsim"));
            List<Integer> all = run.frameNumbers();
            List<Integer> frames = new ArrayList<>();
            for (int i = 0; i < all.size(); i += every) {
                frames.add(all.get(i));
            }
            RunMeasure m = ArcsimMeasure.measure(run, frames, new ConsoleProgressMonitor(err));
            Path report = args.value("report").map(Path::of).orElse(run.folder().resolve("clothgraph-measure.json"));
            write(report, m.toJson());
            show(m, json, out);
            if (!json) {
                out.println("report: " + report);
            }
            return 0;
        }
        Path report = args.value("report").map(Path::of).orElse(null);
        try (Project project = Project.open(args.requiredPath("workspace"))) {
            if (report == null) {
                if (args.flag("wait")) {
                    project.setWriterWait(WriterWait.indefinitely(holder -> err.println("clothgraph measure: "
                            + project.folder() + " is being written by " + holder.describe()
                            + "; waiting for it to finish (Ctrl-C to give up)")));
                }
                project.claimWriter();
            }
            List<RunMeasure> reports = new ArrayList<>();
            List<String> keys = new ArrayList<>();
            // beside each run's independent measures, its report: what its solver counted and the settings it ran with
            // (null: explored states)
            List<ClothRun.Report> runReports = new ArrayList<>();
            // and how clearly the hood classifier decided each measured frame (null: explored states, no hood)
            List<HoodDecisions> hoods = new ArrayList<>();
            if (args.flag("explored")) {
                String name = args.value("garment").orElse(ProjectGarments.ROBE);
                GarmentInfo g = ProjectGarments.find(project, name);
                if (g == null) {
                    throw new InvalidInputException(project.folder().toString(), "--garment", "no garment named '" + name
                            + "'");
                }
                reports.add(ProjectMeasures.measureExplored(project, g, every, new ConsoleProgressMonitor(err)));
                keys.add(ProjectMeasures.EXPLORED);
                runReports.add(null);
                hoods.add(null);
            } else {
                List<ClothRun.Report> runs = args.value("run").map(id -> List.of(RunMeasures.run(project, id)))
                        .orElseGet(() -> ClothRun.runs(project));
                if (runs.isEmpty()) {
                    throw new InvalidInputException(project.folder().toString(), "runs", "the project has no simulation"
                            + " runs (clothgraph simulate makes one)");
                }
                for (ClothRun.Report r : runs) {
                    reports.add(RunMeasures.measure(project, r, every, new ConsoleProgressMonitor(err)));
                    keys.add(r.runId());
                    runReports.add(r);
                    hoods.add(HoodDecisions.of(project, r, every, new ConsoleProgressMonitor(err)));
                }
            }
            List<String> texts = new ArrayList<>();
            for (int i = 0; i < reports.size(); i++) {
                texts.add(withRunReport(reports.get(i).toJson(), runReports.get(i), hoods.get(i)));
            }
            String all = texts.size() == 1 ? texts.get(0) : "[\n" + String.join(",\n", texts) + "]\n";
            for (int i = 0; i < reports.size(); i++) {
                if (report == null) {
                    RunMeasures.store(project, keys.get(i), reports.get(i));
                }
                if (!json) {
                    show(reports.get(i), false, out);
                    ClothRun.Report run = runReports.get(i);
                    if (run != null) {
                        if (run.settings() != null) {
                            out.println("settings: " + run.settings().summary());
                        }
                        out.println("solver: " + (run.solver() == null ? "no counts (this solver counts no repairs)"
                                : run.solver().summary()));
                    }
                    if (hoods.get(i) != null) {
                        out.println(hoods.get(i).summary());
                    }
                }
            }
            if (json) {
                out.print(all); // one JSON value: the report, or an array of them
            }
            if (report != null) {
                write(report, all);
            }
            if (!json) {
                out.println("report: " + (report != null ? report
                        : project.folder() + " (settings " + RunMeasures.SCOPE + "/" + String.join(", ", keys) + ")"));
            }
            return 0;
        }
    }

    /**
     * A run's report with what its solver counted beside the measures (field {@code solver}, null when the solver
     * counts nothing), the hood classifier's decisions (field {@code hood}, null without a hood) and the settings the
     * run ran with (field {@code settings}, null for runs stored before runs kept them); explored states' reports
     * ({@code run} null) unchanged. The stored measures stay the checker's alone.
     */
    private static String withRunReport(String measureJson, ClothRun.Report run, HoodDecisions hood) {
        if (run == null) {
            return measureJson;
        }
        JsonObject o = JsonParser.parseString(measureJson).getAsJsonObject();
        o.add("solver", run.solver() == null ? JsonNull.INSTANCE
                : new Gson().toJsonTree(SimulateCommand.counters(run.solver())));
        o.add("hood", hood == null ? JsonNull.INSTANCE : hood.toJson());
        o.add("settings", run.settings() == null ? JsonNull.INSTANCE : new Gson().toJsonTree(run.settings()));
        return new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping()
                .serializeSpecialFloatingPointValues().create().toJson(o) + "\n";
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new StorageException("cannot write the report " + file + ": " + e.getMessage(), e);
        }
    }

    /** The table (or, with --json, the report) of one run. */
    static void show(RunMeasure m, boolean json, PrintStream out) {
        if (json) {
            out.print(m.toJson());
            return;
        }
        out.println(m.source());
        out.println(" frame   self   body  pen mm  inside  clear mm  strain p99 %  max %");
        for (FrameMeasure f : m.frames()) {
            out.printf(Locale.ROOT, "%6d %6d %6s %7s %7s %9s %13.2f %6.2f%n", f.frame(), f.selfCrossings(),
                    f.bodyCrossings() < 0 ? "-" : Integer.toString(f.bodyCrossings()), mm(f.maxPenetration()),
                    Double.isNaN(f.maxPenetration()) ? "-" : Integer.toString(f.inside()), mm(f.clearance()),
                    100 * f.strainP99(), 100 * f.strainMax());
        }
        out.printf(Locale.ROOT, "%d frames: max self %d, max body %s, max penetration %s mm, strain p99 %.2f %% max %.2f %%,"
                + " %d frames with crossings, worst frame %d%n", m.frames().size(), m.maxSelfCrossings(),
                m.maxBodyCrossings() < 0 ? "-" : Integer.toString(m.maxBodyCrossings()), mm(m.maxPenetration()),
                100 * m.maxStrainP99(), 100 * m.maxStrain(), m.framesWithCrossings(), m.worstFrame());
    }

    private static String mm(double metres) {
        return Double.isFinite(metres) ? String.format(Locale.ROOT, "%.2f", 1000 * metres) : "-";
    }
}
