package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.Project;
import org.clothgraph.motion.graph.MotionGraphBuilder;
import org.clothgraph.motion.graph.PruneReport;
import org.clothgraph.motion.io.ImportOptions;
import org.clothgraph.motion.project.ProjectClips;
import org.clothgraph.motion.project.ProjectPrimaryGraph;
import org.clothgraph.motion.retarget.JointMap;

/** {@code motion import FILES...} and {@code motion graph}: clips and the primary motion graph. */
public final class MotionCommand extends WorkspaceCommand {
    public MotionCommand() {
        super("motion", "Import motion capture (BVH, ASF/AMC) into a project, or build its primary motion graph.");
        option(Option.value("fps", "F", "import: resample to this frame rate (default: the project's, 30)"));
        option(Option.value("scale", "S", "import: metres per file unit (default: detected from the skeleton height)"));
        option(Option.value("up", "auto|y|z", "import: the file's up axis (default auto)"));
        option(Option.value("map", "FILE", "import: joint map, lines 'sourceJoint targetJoint' (default: found from the"
                + " skeleton's names and structure; --verbose prints it)"));
        option(Option.value("amc-fps", "F", "import: frame rate of AMC files (default 120)"));
        option(Option.value("threshold", "T", "graph: transition threshold, RMS metres over the window"));
        option(Option.value("window", "K", "graph: transition window in frames (default 10)"));
        option(Option.value("cap", "C", "graph: hard cap of the transitions that connect clips with none below the"
                + " threshold, RMS metres (default " + MotionGraphBuilder.Options.DEFAULT_CONNECT_CAP + "; 0: none)"));
        option(Option.flag("dry-run", "graph: say what rebuilding would keep and lose of the secondary cloth graph,"
                + " store nothing"));
    }

    @Override
    public boolean takesPositionals() {
        return true;
    }

    @Override
    protected String usage() {
        return "import --workspace DIR [options] FILES...  |  motion graph --workspace DIR [--threshold T] [--window K] [--cap C] [--dry-run] [--json]";
    }

    @Override
    protected boolean writes(Args args) {
        List<String> pos = args.positionals();
        return !pos.isEmpty() && (pos.get(0).equals("import") || pos.get(0).equals("graph"));
    }

    @Override
    protected int run(Project project, Args args, PrintStream out, PrintStream err) {
        List<String> pos = args.positionals();
        if (pos.isEmpty()) {
            throw new UsageException("name a subcommand: import or graph");
        }
        return switch (pos.get(0)) {
            case "import" -> importClips(project, args, pos.subList(1, pos.size()), out, err);
            case "graph" -> graph(project, args, pos.subList(1, pos.size()), out, err);
            default -> throw new UsageException("unknown subcommand '" + pos.get(0) + "' (import or graph)");
        };
    }

    private static int importClips(Project project, Args args, List<String> files, PrintStream out, PrintStream err) {
        if (files.isEmpty()) {
            throw new UsageException("name the files to import");
        }
        double projectFps = project.setting("project", "fps").map(Double::parseDouble).orElse(30.0);
        ImportOptions options = ImportOptions.DEFAULT.withFps(args.doubleValue("fps", projectFps, 1, 1000));
        if (args.value("scale").isPresent()) {
            options = options.withScale(args.doubleValue("scale", 1, 1e-6, 1e6));
        }
        String up = args.value("up").orElse("auto").toLowerCase(Locale.ROOT);
        options = options.withUpAxis(switch (up) {
            case "auto" -> ImportOptions.UpAxis.AUTO;
            case "y" -> ImportOptions.UpAxis.Y;
            case "z" -> ImportOptions.UpAxis.Z;
            default -> throw new UsageException("--up must be auto, y or z (got '" + up + "')");
        });
        JointMap map = args.value("map").map(m -> JointMap.load(Path.of(m))).orElse(null);
        List<Path> paths = new ArrayList<>();
        files.forEach(f -> paths.add(Path.of(f).toAbsolutePath().normalize()));
        boolean verbose = args.flag("verbose");
        List<Map<String, String>> maps = new ArrayList<>();
        List<ClipInfo> added = ProjectClips.importInto(project, ProjectClips.sources(paths),
                new ProjectClips.Settings(options, map, args.doubleValue("amc-fps", 120, 1, 10000)), (source, mapping) -> {
                    Map<String, String> roles = new LinkedHashMap<>();
                    mapping.entries().values().forEach(e -> roles.put(e.role(), e.source()));
                    maps.add(roles);
                    if (verbose) {
                        // the mapping goes to stderr with --json so that stdout stays one JSON document
                        (args.flag("json") ? err : out).printf("joint mapping of %s%s:%n%s",
                                source.amc() != null ? source.amc().getFileName() + " (" + source.file().getFileName() + ")"
                                        : source.file().getFileName(), map != null ? " (--map " + map.name() + ")" : "",
                                mapping.describe());
                    }
                }, new ConsoleProgressMonitor(err).cancelOnShutdown());
        if (args.flag("json")) {
            List<Map<String, Object>> list = new ArrayList<>();
            for (int i = 0; i < added.size(); i++) {
                ClipInfo c = added.get(i);
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("name", c.name());
                m.put("frames", c.frameCount());
                m.put("fps", c.fps());
                m.put("seconds", c.durationSeconds());
                m.put("file", c.file());
                m.put("jointMap", maps.get(i));
                list.add(m);
            }
            JsonOutput.print(out, Map.of("imported", list));
        } else {
            for (ClipInfo c : added) {
                out.printf(Locale.ROOT, "imported %s: %d frames at %.0f fps (%.2f s)%n", c.name(), c.frameCount(), c.fps(),
                        c.durationSeconds());
            }
        }
        return 0;
    }

    private static int graph(Project project, Args args, List<String> rest, PrintStream out, PrintStream err) {
        if (!rest.isEmpty()) {
            throw new UsageException("graph takes no file arguments");
        }
        boolean dryRun = args.flag("dry-run");
        ProjectPrimaryGraph.Result r = ProjectPrimaryGraph.build(project, args.doubleValue("threshold", Double.NaN, 1e-6, 10),
                args.intValue("window", 0, 2, 120), args.doubleValue("cap", Double.NaN, 0, 10), dryRun,
                new ConsoleProgressMonitor(err).cancelOnShutdown());
        PruneReport report = r.graph().pruneReport();
        if (args.flag("json")) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("nodes", r.stored().nodes().size());
            m.put("edges", r.stored().edges().size());
            m.put("transitions", r.stored().transitionCount());
            m.put("crossClipTransitions", r.graph().crossClipTransitions());
            m.put("stronglyConnected", r.stored().isStronglyConnected());
            m.put("pruned", r.stored().prunedNodes());
            m.put("candidateTransitions", report.candidateTransitions());
            m.put("threshold", report.threshold());
            m.put("connectCap", report.connectCap());
            m.put("connectingTransitions", report.connectingTransitions());
            m.put("maxTransitionDistance", r.graph().transitions().stream().mapToDouble(e -> e.distance()).max().orElse(0));
            List<Map<String, Object>> perClip = new ArrayList<>();
            for (int c = 0; c < r.graph().clips().size(); c++) {
                final int clip = c;
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("name", r.graph().clips().get(c).name());
                x.put("frames", r.graph().clips().get(c).frameCount());
                x.put("kept", r.graph().nodes().stream().filter(n -> n.clip() == clip).count());
                x.put("entries", r.graph().transitions().stream().filter(e -> e.to().clip() == clip && e.from().clip() != clip).count());
                x.put("exits", r.graph().transitions().stream().filter(e -> e.from().clip() == clip && e.to().clip() != clip).count());
                perClip.add(x);
            }
            m.put("clips", perClip);
            List<Map<String, Object>> removed = new ArrayList<>();
            for (PruneReport.RemovedRange rr : report.removedRanges()) {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("clip", rr.clipName());
                x.put("from", rr.from());
                x.put("to", rr.to());
                x.put("reason", rr.reason());
                x.put("keepThreshold", Double.isNaN(rr.keepThreshold()) ? null : rr.keepThreshold());
                removed.add(x);
            }
            m.put("removed", removed);
            m.put("droppedTransitions", report.droppedTransitions().size());
            m.put("buildMillis", r.millis());
            m.put("stored", !dryRun);
            m.put("secondary", r.change());
            JsonOutput.print(out, m);
        } else {
            out.println(ProjectPrimaryGraph.describe(r));
            out.print(report.summary());
            out.println((dryRun ? "would change the " : "") + r.change().describe()
                    + (dryRun ? " (dry run: nothing stored)" : ""));
        }
        return 0;
    }
}
