package org.clothgraph.motion.project;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.PrimaryGraph;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector;
import org.jgrapht.graph.DefaultDirectedGraph;
import org.jgrapht.graph.DefaultEdge;

/**
 * An immutable view of a project's primary graph for editors: the clips with their motions, the stored
 * graph, look-ups between (clip, frame) and nodes, and live validation (dead ends, poses outside the
 * largest strongly connected component).
 */
public final class PrimaryGraphSnapshot {
    /** What makes a graph unusable for exploration: nodes without a way on, or without a way back. */
    public record Validation(List<PrimaryNode> deadEnds, List<PrimaryNode> outsideLargestComponent, int components) {
        public boolean ok() {
            return deadEnds.isEmpty() && outsideLargestComponent.isEmpty();
        }

        public String summary() {
            if (ok()) {
                return "strongly connected: every pose can reach every other";
            }
            return deadEnds.size() + " dead end(s), " + outsideLargestComponent.size()
                    + " pose(s) outside the largest strongly connected component (" + components + " components)";
        }
    }

    private final List<ClipInfo> clips;
    private final List<Motion> motions;
    private final PrimaryGraph graph;
    private final Map<Long, Integer> clipIndex = new HashMap<>();
    private final Map<Long, PrimaryNode> nodesById = new HashMap<>();
    private final Map<Long, Map<Integer, PrimaryNode>> nodeAt = new HashMap<>();
    private final Validation validation;

    private PrimaryGraphSnapshot(List<ClipInfo> clips, List<Motion> motions, PrimaryGraph graph) {
        this.clips = List.copyOf(clips);
        this.motions = List.copyOf(motions);
        this.graph = graph;
        for (int i = 0; i < clips.size(); i++) {
            clipIndex.put(clips.get(i).id(), i);
        }
        for (PrimaryNode n : graph.nodes()) {
            nodesById.put(n.id(), n);
            nodeAt.computeIfAbsent(n.clipId(), k -> new HashMap<>()).put(n.frame(), n);
        }
        this.validation = validate(graph);
    }

    /** Reads the project's clips, their motions and the stored graph. */
    public static PrimaryGraphSnapshot of(Project project) {
        List<ClipInfo> clips = project.clips();
        return new PrimaryGraphSnapshot(clips, ProjectClips.load(project, clips), project.primaryGraph());
    }

    /** The same clips and motions with another stored graph (after an edit), without reloading files. */
    public PrimaryGraphSnapshot withGraph(PrimaryGraph newGraph, List<ClipInfo> newClips) {
        return new PrimaryGraphSnapshot(newClips, motions, newGraph);
    }

    public List<ClipInfo> clips() {
        return clips;
    }

    public Motion motion(ClipInfo clip) {
        return motions.get(clipIndex.get(clip.id()));
    }

    public Motion motionOfClip(long clipId) {
        Integer i = clipIndex.get(clipId);
        return i == null ? null : motions.get(i);
    }

    public ClipInfo clip(long clipId) {
        Integer i = clipIndex.get(clipId);
        return i == null ? null : clips.get(i);
    }

    public PrimaryGraph graph() {
        return graph;
    }

    public PrimaryNode node(long id) {
        return nodesById.get(id);
    }

    /** The node of a clip frame, or null when the frame was pruned (or the clip excluded). */
    public PrimaryNode nodeAt(long clipId, int frame) {
        Map<Integer, PrimaryNode> m = nodeAt.get(clipId);
        return m == null ? null : m.get(frame);
    }

    public List<PrimaryEdge> transitions() {
        List<PrimaryEdge> out = new ArrayList<>();
        for (PrimaryEdge e : graph.edges()) {
            if (e.kind() == PrimaryEdge.Kind.TRANSITION) {
                out.add(e);
            }
        }
        return out;
    }

    public Validation validation() {
        return validation;
    }

    private static Validation validate(PrimaryGraph graph) {
        Graph<Long, DefaultEdge> g = new DefaultDirectedGraph<>(DefaultEdge.class);
        graph.nodes().forEach(n -> g.addVertex(n.id()));
        for (PrimaryEdge e : graph.edges()) {
            if (g.containsVertex(e.from()) && g.containsVertex(e.to())) {
                g.addEdge(e.from(), e.to());
            }
        }
        Map<Long, PrimaryNode> byId = new HashMap<>();
        graph.nodes().forEach(n -> byId.put(n.id(), n));
        List<PrimaryNode> deadEnds = new ArrayList<>();
        for (PrimaryNode n : graph.nodes()) {
            if (g.outDegreeOf(n.id()) == 0) {
                deadEnds.add(n);
            }
        }
        List<java.util.Set<Long>> sccs = new KosarajuStrongConnectivityInspector<>(g).stronglyConnectedSets();
        java.util.Set<Long> largest = sccs.stream().max((a, b) -> Integer.compare(a.size(), b.size())).orElse(java.util.Set.of());
        List<PrimaryNode> outside = new ArrayList<>();
        for (PrimaryNode n : graph.nodes()) {
            if (!largest.contains(n.id())) {
                outside.add(n);
            }
        }
        return new Validation(deadEnds, outside, sccs.size());
    }
}
