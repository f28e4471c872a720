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
        if (nodes.isEmpty()) {
            return false;
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
                return false;
            }
            fwd.get(a).add(b);
            bwd.get(b).add(a);
        }
        return reachesAll(fwd) && reachesAll(bwd);
    }

    private static boolean reachesAll(List<List<Integer>> adjacency) {
        boolean[] seen = new boolean[adjacency.size()];
        ArrayDeque<Integer> stack = new ArrayDeque<>();
        stack.push(0);
        seen[0] = true;
        int count = 1;
        while (!stack.isEmpty()) {
            for (int next : adjacency.get(stack.pop())) {
                if (!seen[next]) {
                    seen[next] = true;
                    count++;
                    stack.push(next);
                }
            }
        }
        return count == adjacency.size();
    }

    public long transitionCount() {
        return edges.stream().filter(e -> e.kind() == PrimaryEdge.Kind.TRANSITION).count();
    }
}
