package org.clothgraph.motion.graph;

import java.util.Collections;
import java.util.List;

import org.clothgraph.motion.Motion;
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

    /** Build timings in milliseconds and sizes. */
    public record Stats(int frames, long pointCloudMillis, long distanceMillis, long minimaMillis, long blendAndPruneMillis) {
        public long totalMillis() { return pointCloudMillis + distanceMillis + minimaMillis + blendAndPruneMillis; }
    }

    private final List<Motion> clips;
    private final List<Node> nodes;
    private final List<Edge> edges;
    private final PruneReport report;
    private final Stats stats;
    private final int window;

    MotionGraph(List<Motion> clips, List<Node> nodes, List<Edge> edges, PruneReport report, Stats stats, int window) {
        this.clips = List.copyOf(clips);
        this.nodes = Collections.unmodifiableList(nodes);
        this.edges = Collections.unmodifiableList(edges);
        this.report = report;
        this.stats = stats;
        this.window = window;
    }

    public List<Motion> clips() { return clips; }
    public List<Node> nodes() { return nodes; }
    public List<Edge> edges() { return edges; }
    public List<Edge> transitions() { return edges.stream().filter(e -> e.kind() == Kind.TRANSITION).toList(); }
    public PruneReport pruneReport() { return report; }
    public Stats stats() { return stats; }
    public int window() { return window; }

    /** Blended poses of a transition edge, in the source clip's coordinates. */
    public Motion blendedPoses(Edge e) {
        if (e.kind() != Kind.TRANSITION) throw new IllegalArgumentException("not a transition");
        return e.blend();
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
