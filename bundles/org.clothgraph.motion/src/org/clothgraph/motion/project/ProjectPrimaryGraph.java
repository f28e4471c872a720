package org.clothgraph.motion.project;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.PrimaryGraph;
import org.clothgraph.model.PrimaryGraphChange;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.graph.MotionGraph;
import org.clothgraph.motion.graph.MotionGraphBuilder;
import org.clothgraph.motion.graph.Transition;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * Builds the primary motion graph from a project's clips (Kovar et al. 2002) and stores it in the
 * project: one node per kept frame with its clip/frame provenance, clip edges, and transitions with
 * the distance that justified them. The settings used are stored too, so the blends can be replayed.
 */
public final class ProjectPrimaryGraph {
    public static final String SCOPE = "motiongraph";

    /** What a build did: the stored graph and the core graph it came from (with its prune report). */
    public record Result(PrimaryGraph stored, MotionGraph graph, long millis, PrimaryGraphChange change) {
    }

    private ProjectPrimaryGraph() {
    }

    /** Options from the project settings, overridden where the arguments are given (NaN / 0: keep). */
    public static MotionGraphBuilder.Options options(Project project, double threshold, int window) {
        return options(project, threshold, window, Double.NaN);
    }

    /** Options from the project settings, overridden where the arguments are given (NaN / 0: keep; cap NaN: keep). */
    public static MotionGraphBuilder.Options options(Project project, double threshold, int window, double connectCap) {
        MotionGraphBuilder.Options o = MotionGraphBuilder.Options.DEFAULT;
        double t = !Double.isNaN(threshold) ? threshold
                : project.setting(SCOPE, "threshold").map(Double::parseDouble).orElse(o.threshold());
        int k = window > 0 ? window : project.setting(SCOPE, "window").map(Integer::parseInt).orElse(o.window());
        double fps = project.setting("project", "fps").map(Double::parseDouble).orElse(o.fps());
        if (!(t > 0) || t > 10) {
            throw new InvalidInputException("motion graph", "threshold", "threshold must be in (0, 10] metres, got " + t);
        }
        if (k < 2 || k > 120) {
            throw new InvalidInputException("motion graph", "window", "window must be 2..120 frames, got " + k);
        }
        double cap = !Double.isNaN(connectCap) ? connectCap
                : project.setting(SCOPE, "connectCap").map(Double::parseDouble).orElse(o.connectCap());
        if (!(cap >= 0) || cap > 10) {
            throw new InvalidInputException("motion graph", "cap", "the hard cap must be in [0, 10] metres, got " + cap);
        }
        double slide = project.setting(SCOPE, "maxFootSlideMm").map(Double::parseDouble).orElse(o.maxFootSlideMm());
        return o.withThreshold(t).withWindow(k).withFps(fps).withConnectCap(cap).withMaxFootSlide(slide);
    }

    /** Builds from every non-excluded clip and replaces the stored primary graph. */
    public static Result build(Project project, double threshold, int window, IProgressMonitor monitor) {
        return build(project, threshold, window, false, monitor);
    }

    /**
     * Builds the graph; with {@code dryRun} only says what storing it would do to the secondary cloth graph (kept,
     * retired, new dead ends) and stores nothing.
     */
    public static Result build(Project project, double threshold, int window, boolean dryRun, IProgressMonitor monitor) {
        return build(project, threshold, window, Double.NaN, dryRun, monitor);
    }

    /** As above with the hard cap of connecting transitions (NaN: the project's, else the default). */
    public static Result build(Project project, double threshold, int window, double connectCap, boolean dryRun,
            IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Building the primary motion graph", 100);
        List<ClipInfo> clips = project.clips();
        if (clips.isEmpty()) {
            throw new InvalidInputException(project.folder().toString(), "clips", "the project has no motion clips; import some first");
        }
        MotionGraphBuilder.Options options = options(project, threshold, window, connectCap);
        Set<String> excluded = new HashSet<>();
        clips.stream().filter(ClipInfo::excluded).forEach(c -> excluded.add(c.name()));
        if (excluded.size() == clips.size()) {
            throw new InvalidInputException(project.folder().toString(), "clips", "every clip is excluded");
        }
        List<Motion> motions = ProjectClips.load(project, clips);
        sub.worked(10);
        long t0 = System.nanoTime();
        MotionGraph graph = MotionGraphBuilder.build(motions, options.withExcluded(excluded), sub.split(80));
        long millis = (System.nanoTime() - t0) / 1_000_000;
        PrimaryGraph stored = toStored(graph, clips);
        if (dryRun) {
            return new Result(stored, graph, millis, project.previewPrimaryGraph(stored));
        }
        PrimaryGraphChange[] change = new PrimaryGraphChange[1];
        project.batch(() -> {
            change[0] = project.replacePrimaryGraph(stored);
            project.setSetting(SCOPE, "threshold", Double.toString(options.threshold()));
            project.setSetting(SCOPE, "window", Integer.toString(options.window()));
            project.setSetting(SCOPE, "connectCap", Double.toString(options.connectCap()));
            project.setSetting(SCOPE, "maxFootSlideMm", Double.toString(options.maxFootSlideMm()));
        });
        sub.worked(10);
        return new Result(stored, graph, millis, change[0]);
    }

    /** Converts the core graph to stored records: node ids 1..n in graph order, edge ids 1..m. */
    static PrimaryGraph toStored(MotionGraph graph, List<ClipInfo> clips) {
        Map<MotionGraph.Node, Long> ids = new HashMap<>();
        List<PrimaryNode> nodes = new ArrayList<>();
        for (MotionGraph.Node n : graph.nodes()) {
            long id = nodes.size() + 1L;
            ids.put(n, id);
            nodes.add(new PrimaryNode(id, clips.get(n.clip()).id(), n.frame()));
        }
        List<PrimaryEdge> edges = new ArrayList<>();
        for (MotionGraph.Edge e : graph.edges()) {
            edges.add(new PrimaryEdge(edges.size() + 1L, ids.get(e.from()), ids.get(e.to()),
                    e.kind() == MotionGraph.Kind.CLIP ? PrimaryEdge.Kind.CLIP : PrimaryEdge.Kind.TRANSITION,
                    e.distance()));
        }
        int total = graph.pruneReport().totalNodes();
        int pruned = total - graph.nodes().size();
        return new PrimaryGraph(nodes, edges, Math.max(0, pruned), graph.pruneReport().summary() + hints(graph, clips));
    }

    /**
     * The blended poses of a stored transition, recomputed from the clips exactly as the builder made
     * them (Kovar et al. 2002: aligned, eased slerp over the window).
     */
    public static Motion blend(PrimaryGraphSnapshot snapshot, PrimaryEdge edge, int window) {
        return transition(snapshot, snapshot.node(edge.from()), snapshot.node(edge.to()), window).blend();
    }

    /** Foot slide of a stored transition's planted blend, mm (FootSlide over source frame, blend, next target frame). */
    public static double footSlideMm(PrimaryGraphSnapshot snapshot, PrimaryEdge edge, int window) {
        List<Motion> motions = new ArrayList<>();
        snapshot.clips().forEach(c -> motions.add(snapshot.motion(c)));
        return transition(snapshot, snapshot.node(edge.from()), snapshot.node(edge.to()), window).footSlideMm(motions);
    }

    /** The point-cloud distance of a transition between two stored nodes (for hand-made transitions). */
    public static double distance(PrimaryGraphSnapshot snapshot, PrimaryNode from, PrimaryNode to, int window) {
        return transition(snapshot, from, to, window).distance();
    }

    private static Transition transition(PrimaryGraphSnapshot snapshot, PrimaryNode from, PrimaryNode to, int window) {
        List<Motion> motions = new ArrayList<>();
        int fromClip = -1;
        int toClip = -1;
        for (ClipInfo c : snapshot.clips()) {
            if (c.id() == from.clipId()) {
                fromClip = motions.size();
            }
            if (c.id() == to.clipId()) {
                toClip = motions.size();
            }
            motions.add(snapshot.motion(c));
        }
        try {
            return MotionGraphBuilder.transition(motions, fromClip, from.frame(), toClip, to.frame(), window);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("primary graph", "transition " + from.id() + " -> " + to.id(),
                    e.getMessage());
        }
    }

    /** Says what to do about clips that pruning removed entirely, so nothing is lost silently. */
    static String hints(MotionGraph graph, List<ClipInfo> clips) {
        Set<Integer> kept = new HashSet<>();
        graph.nodes().forEach(n -> kept.add(n.clip()));
        StringBuilder b = new StringBuilder();
        for (int c = 0; c < clips.size(); c++) {
            if (!kept.contains(c) && !clips.get(c).excluded()) {
                double need = Double.NaN;
                for (var r : graph.pruneReport().removedRanges()) if (r.clip() == c) need = r.keepThreshold();
                b.append(String.format(Locale.ROOT, "  clip %s was removed entirely: no transition below the threshold or"
                        + " the hard cap links it both ways; %s or exclude the clip%n", clips.get(c).name(), Double.isNaN(need)
                                ? "no transition can link it" : String.format(Locale.ROOT, "--cap %.3f would keep it", need)));
            }
        }
        return b.toString();
    }

    /** One line describing a build, for logs and the CLI. */
    public static String describe(Result r) {
        PrimaryGraph g = r.stored();
        return String.format(Locale.ROOT, "primary graph: %d poses, %d edges (%d transitions), strongly connected %b,"
                + " %d poses pruned, built in %d ms", g.nodes().size(), g.edges().size(), g.transitionCount(),
                g.isStronglyConnected(), g.prunedNodes(), r.millis());
    }
}
