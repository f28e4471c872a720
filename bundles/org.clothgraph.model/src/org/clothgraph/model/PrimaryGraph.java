package org.clothgraph.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Immutable snapshot of the primary motion graph as stored: its nodes, edges, and what pruning to the
 * largest strongly connected component removed (a human-readable report, empty when nothing was).
 */
public record PrimaryGraph(List<PrimaryNode> nodes, List<PrimaryEdge> edges, int prunedNodes, String pruneReport) {
    public PrimaryGraph {
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
        pruneReport = pruneReport == null ? "" : pruneReport;
    }

    public static PrimaryGraph empty() {
        return new PrimaryGraph(List.of(), List.of(), 0, "");
    }

    /** True when every node reaches every other (no dead ends, no unreachable poses); false when empty. */
    public boolean isStronglyConnected() {
        return !nodes.isEmpty() && notMutuallyReachable().isEmpty();
    }

    /**
     * The nodes that the first node does not reach, or that do not reach it: empty exactly when the graph is strongly
     * connected (or empty). An edge naming a missing node counts its stored end as unreachable.
     */
    public List<Long> notMutuallyReachable() {
        List<Long> out = new ArrayList<>();
        if (nodes.isEmpty()) {
            return out;
        }
        Map<Long, Integer> index = new HashMap<>();
        for (PrimaryNode n : nodes) {
            index.put(n.id(), index.size());
        }
        int n = nodes.size();
        List<List<Integer>> fwd = new ArrayList<>();
        List<List<Integer>> bwd = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            fwd.add(new ArrayList<>());
            bwd.add(new ArrayList<>());
        }
        for (PrimaryEdge e : edges) {
            Integer a = index.get(e.from());
            Integer b = index.get(e.to());
            if (a == null || b == null) {
                out.add(a == null ? e.from() : e.to());
                continue;
            }
            fwd.get(a).add(b);
            bwd.get(b).add(a);
        }
        boolean[] there = reachable(fwd);
        boolean[] back = reachable(bwd);
        for (int i = 0; i < n; i++) {
            if (!there[i] || !back[i]) {
                out.add(nodes.get(i).id());
            }
        }
        return out;
    }

    private static boolean[] reachable(List<List<Integer>> adjacency) {
        boolean[] seen = new boolean[adjacency.size()];
        ArrayDeque<Integer> stack = new ArrayDeque<>();
        stack.push(0);
        seen[0] = true;
        while (!stack.isEmpty()) {
            for (int next : adjacency.get(stack.pop())) {
                if (!seen[next]) {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        return seen;
    }

    public long transitionCount() {
        return edges.stream().filter(e -> e.kind() == PrimaryEdge.Kind.TRANSITION).count();
    }
}
