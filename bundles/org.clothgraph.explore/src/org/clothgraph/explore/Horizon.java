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

    /** Frames simulated along {@code path}. */
    public int frames(List<PrimaryEdge> path) {
        int n = 0;
        for (PrimaryEdge e : path) {
            n += frames(e);
        }
        return n;
    }

    public int window() {
        return window;
    }

    /**
     * One branch of an expansion: its primary edges, and the index of the branch whose last state it continues from
     * (-1: the expanded state).
     */
    public record Step(int parent, List<PrimaryEdge> edges) {
        public Step {
            edges = List.copyOf(edges);
        }

        public long lastNode() {
            return edges.get(edges.size() - 1).to();
        }
    }

    /**
     * The branches of one expansion that leaves along {@code first} (the outgoing edges of the expanded state's node,
     * or one new edge): each runs as {@link #branch}; one that ends at a branching node after fewer than
     * {@code minBranchFrames} frames, while the path from the expanded state is shorter than the horizon's
     * {@code maxFrames}, goes on from there along every outgoing edge of that node (its last state stays live, its
     * continuations give it a transition for every edge). So no expansion ends in a dead end a few frames after a
     * branching node, where the dead end's place has nothing to choose from ({@link DeadEndPlacement}) and the live
     * states at the node are few. Depth first: a branch's continuations follow it, so every branch of {@code first}
     * and its continuations are contiguous ({@link ExpansionUnit#parts()}). 0: every branch ends at the first branching
     * node.
     */
    public List<Step> expansion(List<PrimaryEdge> first, int minBranchFrames) {
        List<Step> steps = new ArrayList<>();
        for (PrimaryEdge e : first) {
            grow(steps, -1, e, 0, minBranchFrames);
        }
        return steps;
    }

    private void grow(List<Step> steps, int parent, PrimaryEdge first, int before, int minBranchFrames) {
        Step step = new Step(parent, branch(first, Set.of()));
        int index = steps.size();
        steps.add(step);
        int frames = frames(step.edges());
        List<PrimaryEdge> next = out(step.lastNode());
        if (next.size() > 1 && frames < minBranchFrames && before + frames < maxFrames) {
            for (PrimaryEdge e : next) {
                grow(steps, index, e, before + frames, minBranchFrames);
            }
        }
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
