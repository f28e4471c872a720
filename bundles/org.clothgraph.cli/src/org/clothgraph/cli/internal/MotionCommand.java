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
import org.clothgraph.model.operations.ExcludeClipOperation;
import org.clothgraph.model.operations.ProjectOperation;
import org.clothgraph.model.operations.RemoveClipOperation;
import org.clothgraph.motion.graph.MotionGraphBuilder;
import org.clothgraph.motion.graph.PruneReport;
import org.clothgraph.motion.io.ImportOptions;
import org.clothgraph.motion.project.ProjectClips;
import org.clothgraph.motion.project.ProjectPrimaryGraph;
import org.clothgraph.motion.retarget.JointMap;
import org.clothgraph.retarget.ProjectRetargeting;

/** {@code motion import FILES...} and {@code motion graph}: clips and the primary motion graph. */
public final class MotionCommand extends WorkspaceCommand {
    public MotionCommand() {
        super("motion", "Import motion capture (BVH, ASF/AMC) into a project, build its primary motion graph, or train and"
                + " run the learned retargeting.");
        option(Option.value("fps", "F", "import: resample to this frame rate (default: the project's, 30)"));
        option(Option.value("scale", "S", "import: metres per file unit (default: detected from the skeleton height)"));
        option(Option.value("up", "auto|y|z", "import: the file's up axis (default auto)"));
        option(Option.value("map", "FILE", "import: joint map, lines 'sourceJoint targetJoint' (default: found from the"
                + " skeleton's names and structure; --verbose prints it)"));
        option(Option.value("amc-fps", "F", "import: frame rate of AMC files (default 120)"));
        option(Option.value("retarget", "copy|learned", "import: copy joint rotations by joint names (default), or the"
                + " learned retargeting with the project's model (see 'motion train')"));
        option(Option.value("threshold", "T", "graph: transition threshold, RMS metres over the window"));
        option(Option.value("window", "K", "graph: transition window in frames (default 10)"));
        option(Option.value("cap", "C", "graph: hard cap of the transitions that connect clips with none below the"
                + " threshold, RMS metres (default " + MotionGraphBuilder.Options.DEFAULT_CONNECT_CAP + "; 0: none)"));
        option(Option.flag("dry-run", "graph: say what rebuilding would keep and lose of the secondary cloth graph,"
                + " store nothing"));
        MotionRetargeting.options(this);
    }

    @Override
    public boolean takesPositionals() {
        return true;
    }

    @Override
    protected String usage() {
        return "import --workspace DIR [options] [--retarget copy|learned] FILES...  |  motion remove|exclude|include"
                + " --workspace DIR CLIPS...  |  motion graph --workspace DIR [--threshold T] [--window K] [--cap C]"
                + " [--dry-run] [--json]  |  motion train --workspace DIR [--held-out A,B] [--steps N] [--minutes M]"
                + " [--seed S] FILES|DIR  |  motion retarget --workspace DIR (--report [--targets T,...] [--round-trip] |"
                + " [--target T] [--method learned|copy|ik] [--out DIR] FILES)";
    }

    @Override
    protected boolean writes(Args args) {
        List<String> pos = args.positionals();
        return !pos.isEmpty() && List.of("import", "graph", "train", "remove", "exclude", "include").contains(pos.get(0));
    }

    @Override
    protected int run(Project project, Args args, PrintStream out, PrintStream err) {
        List<String> pos = args.positionals();
        if (pos.isEmpty()) {
            throw new UsageException("name a subcommand: import, graph, remove, exclude, include, train or retarget");
        }
        return switch (pos.get(0)) {
            case "import" -> importClips(project, args, pos.subList(1, pos.size()), out, err);
            case "graph" -> graph(project, args, pos.subList(1, pos.size()), out, err);
            case "remove", "exclude", "include" -> clips(project, pos.get(0), pos.subList(1, pos.size()), out);
            case "train" -> MotionRetargeting.train(project, args, pos.subList(1, pos.size()), out, err);
            case "retarget" -> MotionRetargeting.retarget(project, args, pos.subList(1, pos.size()), out, err);
            default -> throw new UsageException("unknown subcommand '" + pos.get(0) + "' (import, graph, remove, exclude,"
                    + " include, train or retarget)");
        };
    }

    /**
     * remove|exclude|include CLIPS...: the Primary Graph view's clip actions, through the same undoable operations
     * (RemoveClipOperation, ExcludeClipOperation); all named clips must exist, and all are changed in one transaction.
     */
    private static int clips(Project project, String action, List<String> names, PrintStream out) {
        if (names.isEmpty()) {
            throw new UsageException("name the clips to " + action);
        }
        List<ProjectOperation> ops = new ArrayList<>();
        for (String n : names) {
            ClipInfo c = project.clips().stream().filter(x -> x.name().equals(n)).findFirst().orElseThrow(
                    () -> new org.clothgraph.model.InvalidInputException(project.folder().toString(), "clip",
                            "no clip named '" + n + "'"));
            ops.add(action.equals("remove") ? new RemoveClipOperation(project, c)
                    : new ExcludeClipOperation(project, c, action.equals("exclude")));
        }
        project.batch(() -> ops.forEach(ProjectOperation::executeNow));
        for (String n : names) {
            out.printf("%s %s%s%n", switch (action) {
                case "remove" -> "removed";
                case "exclude" -> "excluded";
                default -> "included";
            }, n, action.equals("remove") ? "" : " (takes effect at the next motion graph)");
        }
        return 0;
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
        String retarget = args.value("retarget").orElse("copy");
        ProjectClips.Settings settings = new ProjectClips.Settings(options, map, args.doubleValue("amc-fps", 120, 1, 10000));
        boolean verbose = args.flag("verbose");
        List<Map<String, String>> maps = new ArrayList<>();
        List<ClipInfo> added = switch (retarget) {
            case "copy" -> ProjectClips.importInto(project, ProjectClips.sources(paths), settings, (source, mapping) -> {
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
            case "learned" -> ProjectRetargeting.importLearned(project, ProjectClips.sources(paths), settings,
                    MotionRetargeting.retargetSettings(args), new ConsoleProgressMonitor(err).cancelOnShutdown());
            default -> throw new UsageException("--retarget must be copy or learned (got '" + retarget + "')");
        };
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
                if (i < maps.size()) { // the copy import's mapping (the learned import maps onto its canonical skeleton)
                    m.put("jointMap", maps.get(i));
                }
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
            List<Double> slides = new ArrayList<>();
            List<Map<String, Object>> transitions = new ArrayList<>();
            for (var e : r.graph().transitions()) {
                double slide = r.graph().footSlideMm(e);
                slides.add(slide);
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("from", r.graph().clips().get(e.from().clip()).name() + ":" + e.from().frame());
                x.put("to", r.graph().clips().get(e.to().clip()).name() + ":" + e.to().frame());
                x.put("distance", e.distance());
                x.put("footSlideMm", slide);
                transitions.add(x);
            }
            java.util.Collections.sort(slides);
            Map<String, Object> slide = new LinkedHashMap<>();
            slide.put("medianMm", slides.isEmpty() ? 0 : slides.get(slides.size() / 2));
            slide.put("maxMm", slides.isEmpty() ? 0 : slides.get(slides.size() - 1));
            slide.put("limitMm", report.maxFootSlideMm());
            slide.put("passedOver", report.footSlideRejected());
            m.put("footSlide", slide);
            m.put("transitionList", transitions);
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
