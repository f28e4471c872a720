package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.explore.ExplorationStats;
import org.clothgraph.model.ExplorationLogEntry;
import org.clothgraph.model.PrimaryGraph;
import org.clothgraph.model.Project;
import org.clothgraph.model.ProjectSummary;

/** {@code stats}: counts describing a project, with stable JSON keys that later stages extend. */
public final class StatsCommand extends WorkspaceCommand {
    public StatsCommand() {
        super("stats", "Describe a project: character, garments, clips, primary and secondary graph, frames.");
    }

    @Override
    protected String usage() {
        return "--workspace DIR [--json]";
    }

    @Override
    protected int run(Project project, Args args, PrintStream out, PrintStream err) {
        Map<String, Object> stats = stats(project);
        if (args.flag("json")) {
            JsonOutput.print(out, stats);
        } else {
            print(out, "", stats);
        }
        return 0;
    }

    /** The stats object; keys are part of the CLI contract. */
    public static Map<String, Object> stats(Project project) {
        ProjectSummary s = project.summary();
        PrimaryGraph graph = project.primaryGraph();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("formatVersion", s.formatVersion());
        m.put("name", s.name());
        m.put("folder", project.folder().toString());
        m.put("character", s.character());
        Map<String, Object> garments = new LinkedHashMap<>();
        garments.put("count", s.garments().size());
        garments.put("names", s.garments());
        m.put("garments", garments);
        Map<String, Object> primary = new LinkedHashMap<>();
        primary.put("nodes", s.primaryNodes());
        primary.put("edges", s.primaryEdges());
        primary.put("clips", s.clipNames().size());
        primary.put("clipNames", s.clipNames());
        primary.put("transitions", s.primaryTransitions());
        primary.put("stronglyConnected", graph.isStronglyConnected());
        primary.put("pruned", graph.prunedNodes());
        m.put("primary", primary);
        Map<String, Object> secondary = new LinkedHashMap<>();
        secondary.put("states", s.secondaryStates());
        secondary.put("transitions", s.secondaryTransitions());
        secondary.put("deadEnds", s.deadEnds());
        secondary.put("merges", s.merges());
        secondary.put("queuedMerges", s.queuedMerges());
        secondary.put("byClass", project.secondary().liveStatesByClass());
        ExplorationStats x = ExplorationStats.of(project);
        secondary.put("crossClassMerges", x.crossClassMerges());
        m.put("secondary", secondary);
        List<ExplorationLogEntry> log = project.secondary().log();
        ExplorationLogEntry last = log.isEmpty() ? null : log.get(log.size() - 1);
        Map<String, Object> exploration = new LinkedHashMap<>();
        exploration.put("simulatedFrames", last == null ? 0 : last.simulatedFrames());
        exploration.put("queue", x.queue());
        exploration.put("quarantined", x.quarantined());
        exploration.put("worstErrorMm", BenchCommand.round(x.worstError() * 1000));
        exploration.put("medianErrorMm", BenchCommand.round(x.medianError() * 1000));
        List<double[]> history = new ArrayList<>();
        for (ExplorationLogEntry e : log) {
            history.add(new double[] { e.simulatedFrames(), BenchCommand.round(e.worstError() * 1000) });
        }
        exploration.put("errorHistory", history);
        exploration.put("cpuSeconds", last == null ? 0 : BenchCommand.round(last.cpuSeconds()));
        exploration.put("bookkeepingSeconds", last == null ? 0 : BenchCommand.round(last.bookkeepingSeconds()));
        exploration.put("wallSeconds", last == null ? 0 : BenchCommand.round(last.wallSeconds()));
        exploration.put("rounds", last == null ? 0 : last.round());
        m.put("exploration", exploration);
        Map<String, Object> frames = new LinkedHashMap<>();
        frames.put("stored", s.framesStored());
        frames.put("bytes", s.frameBytes());
        try {
            frames.put("diskFreeBytes", java.nio.file.Files.getFileStore(project.folder()).getUsableSpace());
        } catch (java.io.IOException e) {
            frames.put("diskFreeBytes", null);
        }
        m.put("frames", frames);
        Map<String, Object> databases = new LinkedHashMap<>();
        databases.put("count", s.databases());
        m.put("databases", databases);
        m.put("compression", compression(project));
        return m;
    }

    /**
     * {@code compression.*}: the report of the project's newest runtime database as {@code compress --json} gave it
     * (without the per-vector energies), and the names of all.
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> compression(Project project) {
        Map<String, Object> c = new LinkedHashMap<>();
        List<String> names = new ArrayList<>();
        project.databases().forEach(d -> names.add(d.name()));
        c.put("databases", names);
        if (!names.isEmpty()) {
            String json = project.setting(org.clothgraph.compress.Compressor.SETTINGS_SCOPE, names.get(names.size() - 1))
                    .orElse(null);
            if (json != null) {
                Map<String, Object> report = new com.google.gson.GsonBuilder()
                        .setObjectToNumberStrategy(com.google.gson.ToNumberPolicy.LONG_OR_DOUBLE).create()
                        .fromJson(json, LinkedHashMap.class);
                report.remove("energyPerVector");
                c.putAll(report);
            }
        }
        return c;
    }

    @SuppressWarnings("unchecked")
    private static void print(PrintStream out, String indent, Map<String, Object> m) {
        for (Map.Entry<String, Object> e : m.entrySet()) {
            if (e.getValue() instanceof Map<?, ?> child) {
                out.println(indent + e.getKey() + ":");
                print(out, indent + "  ", (Map<String, Object>) child);
            } else {
                out.println(indent + e.getKey() + ": " + text(e.getValue()));
            }
        }
    }

    /** A value as a person reads it: lists and arrays element by element (an array's own toString is its address). */
    private static String text(Object v) {
        if (v instanceof double[] a) {
            StringBuilder b = new StringBuilder("[");
            for (int i = 0; i < a.length; i++) {
                b.append(i == 0 ? "" : ", ").append(a[i] == Math.rint(a[i]) && Math.abs(a[i]) < 1e15
                        ? Long.toString((long) a[i]) : Double.toString(a[i]));
            }
            return b.append(']').toString();
        }
        if (v instanceof List<?> l) {
            StringBuilder b = new StringBuilder("[");
            for (int i = 0; i < l.size(); i++) {
                b.append(i == 0 ? "" : ", ").append(text(l.get(i)));
            }
            return b.append(']').toString();
        }
        return String.valueOf(v);
    }
}
