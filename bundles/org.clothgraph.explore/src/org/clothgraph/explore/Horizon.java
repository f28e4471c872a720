package org.clothgraph.explore;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.PrimaryGraph;

/**
 * The horizon of one expansion: a branch leaves its start node along one outgoing primary edge and follows the
 * primary graph until it reaches a branching node (more than one outgoing edge, where the choices multiply) or
 * has simulated {@code maxFrames} frames. A clip step is one frame, a blended transition {@code window} frames.
 */
public final class Horizon {
    private final Map<Long, List<PrimaryEdge>> out = new HashMap<>();
    private final int window;
    private final int maxFrames;

    public Horizon(PrimaryGraph graph, int window, int maxFrames) {
        for (PrimaryEdge e : graph.edges()) {
            out.computeIfAbsent(e.from(), k -> new ArrayList<>()).add(e);
        }
        for (List<PrimaryEdge> l : out.values()) {
            l.sort(Comparator.comparingLong(PrimaryEdge::id));
        }
        this.window = window;
        this.maxFrames = maxFrames;
    }

    /** Outgoing primary edges of a node, by id. */
    public List<PrimaryEdge> out(long node) {
        return out.getOrDefault(node, List.of());
    }

    public int frames(PrimaryEdge e) {
        return e.kind() == PrimaryEdge.Kind.TRANSITION ? window : 1;
    }

    public int window() {
        return window;
    }

    /**
     * The edges of the branch that starts with {@code first}; it also stops at the first node in {@code stopAt}
     * (the initialisation stops where the graph already has a state).
     */
    public List<PrimaryEdge> branch(PrimaryEdge first, Set<Long> stopAt) {
        List<PrimaryEdge> edges = new ArrayList<>();
        PrimaryEdge e = first;
        int frames = 0;
        while (true) {
            edges.add(e);
            frames += frames(e);
            long node = e.to();
            List<PrimaryEdge> next = out(node);
            if (next.size() != 1 || frames >= maxFrames || stopAt.contains(node)) {
                return edges;
            }
            e = next.get(0);
        }
    }
}
