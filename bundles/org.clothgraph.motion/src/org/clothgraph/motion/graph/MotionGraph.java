package org.clothgraph.motion.graph;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector;
import org.jgrapht.graph.DefaultDirectedGraph;
import org.jgrapht.graph.DefaultEdge;

/**
 * A pruned motion graph: one node per kept frame; CLIP edges play the next frame of the same clip, TRANSITION
 * edges play a blended segment (Kovar et al. 2002) ending in the target frame, after which playback continues in
 * the target clip mapped by the edge's alignment.
 */
public final class MotionGraph {
    public enum Kind { CLIP, TRANSITION }

    /** A frame of a clip. */
    public record Node(int clip, int frame) {}

    /**
     * An edge. For transitions: distance is the RMS point-cloud distance (m) over the window, alignment maps the
     * target clip into the source clip's frame, and blend holds the blended frames (the last one is the target frame).
     */
    public record Edge(Node from, Node to, Kind kind, double distance, Alignment alignment, Motion blend) {}

    /** Build timings in milliseconds and sizes; minimaMillis covers local minima, suppression and pruning. */
    public record Stats(int frames, long pointCloudMillis, long distanceMillis, long minimaMillis, long blendAndPruneMillis) {
        public long totalMillis() { return pointCloudMillis + distanceMillis + minimaMillis + blendAndPruneMillis; }
    }

    private final List<Motion> clips;
    private final List<Node> nodes;
    private final List<Edge> edges;
    private final PruneReport report;
    private final Stats stats;
    private final int window;
    private final Map<Node, List<Edge>> outgoing = new HashMap<>();

    MotionGraph(List<Motion> clips, List<Node> nodes, List<Edge> edges, PruneReport report, Stats stats, int window) {
        this.clips = List.copyOf(clips);
        this.nodes = Collections.unmodifiableList(nodes);
        this.edges = Collections.unmodifiableList(edges);
        this.report = report;
        this.stats = stats;
        this.window = window;
        for (Edge e : this.edges) outgoing.computeIfAbsent(e.from(), x -> new ArrayList<>()).add(e);
        outgoing.replaceAll((n, l) -> List.copyOf(l));
    }

    public List<Motion> clips() { return clips; }
    public List<Node> nodes() { return nodes; }
    public List<Edge> edges() { return edges; }
    public List<Edge> transitions() { return edges.stream().filter(e -> e.kind() == Kind.TRANSITION).toList(); }
    public PruneReport pruneReport() { return report; }
    public Stats stats() { return stats; }
    public int window() { return window; }

    /** Foot slide of a transition edge in mm (see {@link org.clothgraph.motion.contact.FootSlide#transitionMm}). */
    public double footSlideMm(Edge e) {
        if (e.kind() != Kind.TRANSITION) throw new IllegalArgumentException("not a transition");
        return org.clothgraph.motion.contact.FootSlide.transitionMm(clips.get(e.from().clip()), e.from().frame(), e.blend(),
                clips.get(e.to().clip()), e.to().frame(), e.alignment()::apply);
    }

    /** Blended poses of a transition edge, in the source clip's coordinates. */
    public Motion blendedPoses(Edge e) {
        if (e.kind() != Kind.TRANSITION) throw new IllegalArgumentException("not a transition");
        return e.blend();
    }

    /** Edges leaving a node: its CLIP edge (if the next frame is kept) and its transitions; empty for unknown nodes. */
    public List<Edge> outgoing(Node n) { return outgoing.getOrDefault(n, List.of()); }

    /**
     * The transition between two frames of this graph's clips computed as the builder does, whether or not the graph
     * has it (for transitions added by hand); see {@link MotionGraphBuilder#transition}.
     */
    public Transition transition(Node from, Node to) {
        return MotionGraphBuilder.transition(clips, from.clip(), from.frame(), to.clip(), to.frame(), window);
    }

    /**
     * The edges along a node sequence: consecutive nodes must be joined by an edge of this graph (the CLIP edge when
     * the second is the next frame of the same clip, else a transition).
     *
     * @throws IllegalArgumentException when two consecutive nodes are not joined by an edge
     */
    public List<Edge> edgesAlong(List<Node> path) {
        List<Edge> out = new ArrayList<>();
        for (int i = 1; i < path.size(); i++) {
            Node a = path.get(i - 1), b = path.get(i);
            Edge found = null;
            for (Edge e : outgoing(a)) {
                if (e.to().equals(b) && (found == null || e.kind() == Kind.CLIP)) found = e;
            }
            if (found == null) throw new IllegalArgumentException("no edge from " + a + " to " + b);
            out.add(found);
        }
        return out;
    }

    /** {@link #play(List, List, Alignment)} on this graph's clips from the identity alignment. */
    public Motion play(List<Edge> path) { return play(clips, path, Alignment.IDENTITY); }

    /** Plays a node sequence (see {@link #edgesAlong(List)} and {@link #play(List, List, Alignment)}). */
    public Motion playNodes(List<Node> path) {
        if (path.isEmpty()) throw new IllegalArgumentException("empty path");
        if (path.size() == 1) return play(clips, List.of(), path.get(0), Alignment.IDENTITY);
        return play(edgesAlong(path));
    }

    /**
     * The motion along a path of edges, one output frame per played frame: the first frame is the first edge's source
     * frame, a CLIP edge adds the next frame, a TRANSITION edge adds its blended frames (window frames, the last being
     * its target frame). The first clip is placed by start (usually {@link Alignment#IDENTITY}); after each transition
     * the target clip is mapped by the accumulated alignment, so the root trajectory is continuous and joint world
     * positions ({@link Motion#worldPositions(int)}) are what the cloth simulator follows. The clips must be the
     * graph's clips (at its frame rate); edges may come from the graph or from
     * {@link Transition#toEdge()}.
     *
     * @throws IllegalArgumentException when the path is empty, edges do not join up, a CLIP edge does not go to the
     *         next frame, or a transition has no blend
     */
    public static Motion play(List<Motion> clips, List<Edge> path, Alignment start) {
        if (path.isEmpty()) throw new IllegalArgumentException("empty path");
        return play(clips, path, path.get(0).from(), start);
    }

    /** The alignment mapping the last clip of the path into the output frame of {@link #play(List, List, Alignment)}. */
    public static Alignment alignmentAfter(List<Edge> path, Alignment start) {
        Alignment cur = start;
        for (Edge e : path) if (e.kind() == Kind.TRANSITION) cur = cur.compose(e.alignment());
        return cur;
    }

    private static Motion play(List<Motion> clips, List<Edge> path, Node first, Alignment start) {
        int frames = 1;
        Node at = first;
        for (Edge e : path) {
            if (!e.from().equals(at)) throw new IllegalArgumentException("edge " + e.from() + "->" + e.to() + " does not start at " + at);
            if (e.kind() == Kind.CLIP) {
                if (e.to().clip() != e.from().clip() || e.to().frame() != e.from().frame() + 1) {
                    throw new IllegalArgumentException("clip edge " + e.from() + "->" + e.to() + " does not go to the next frame");
                }
                frames++;
            } else {
                if (e.blend() == null || e.alignment() == null) throw new IllegalArgumentException("transition without blend");
                frames += e.blend().frameCount();
            }
            at = e.to();
        }
        Motion m0 = clips.get(first.clip());
        Motion.Builder out = new Motion.Builder("path", m0.skeleton(), m0.fps(), frames);
        Alignment cur = start;
        put(out, 0, m0, first.frame(), cur);
        int f = 1;
        for (Edge e : path) {
            if (e.kind() == Kind.CLIP) {
                put(out, f++, clips.get(e.to().clip()), e.to().frame(), cur);
            } else {
                for (int p = 0; p < e.blend().frameCount(); p++) put(out, f++, e.blend(), p, cur);
                cur = cur.compose(e.alignment());
            }
        }
        return out.build();
    }

    private static void put(Motion.Builder out, int f, Motion m, int frame, Alignment al) {
        Skeleton sk = m.skeleton();
        out.setRoot(f, al.apply(m.rootPosition(frame)));
        out.setRotation(f, 0, al.apply(m.rotation(frame, 0)));
        for (int j = 1; j < sk.size(); j++) {
            out.setRotation(f, j, m.rotation(frame, j));
            if (sk.joint(j).hasPositionChannels()) out.setTranslation(f, j, m.localTranslation(frame, j));
        }
    }

    /** The graph as JGraphT sees it (vertices are Nodes). */
    public Graph<Node, DefaultEdge> toJGraphT() {
        Graph<Node, DefaultEdge> g = new DefaultDirectedGraph<>(DefaultEdge.class);
        nodes.forEach(g::addVertex);
        for (Edge e : edges) g.addEdge(e.from(), e.to());
        return g;
    }

    public boolean isStronglyConnected() {
        return !nodes.isEmpty() && new KosarajuStrongConnectivityInspector<>(toJGraphT()).isStronglyConnected();
    }

    /** Number of transitions whose endpoints lie in different clips. */
    public long crossClipTransitions() {
        return transitions().stream().filter(e -> e.from().clip() != e.to().clip()).count();
    }
}
