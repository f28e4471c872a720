package org.clothgraph.explore;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.clothgraph.model.PrimaryEdge;

/**
 * The initialisation of Kim et al. 2013 (section 3.1) planned on the primary graph alone: breadth-first from the
 * initial pose, every outgoing edge of every reached node starts a branch (see {@link Horizon}); a branch also
 * stops at a node that already has a state (its leaf will be merged there); a leaf at a new node is explored
 * further. Every primary edge is traversed once and every node gets exactly one live state. The plan is a pure
 * function of the graph, so an interrupted initialisation resumes with the same branches.
 */
public final class InitialisationPlan {

    /**
     * A planned branch: it starts from the leaf of branch {@code parent}; -1 is the initial drape, -2 - k the
     * existing state {@code rootStates().get(k)} (an initialisation of primary nodes added after exploration).
     */
    public record PlannedBranch(int index, int parent, long startNode, List<PrimaryEdge> edges, boolean leafContinues) {
        public long leafNode() {
            return edges.get(edges.size() - 1).to();
        }
    }

    private final List<PlannedBranch> branches;
    private final long startNode;
    private final List<Long> rootStates;

    private InitialisationPlan(long startNode, List<Long> rootStates, List<PlannedBranch> branches) {
        this.startNode = startNode;
        this.rootStates = List.copyOf(rootStates);
        this.branches = List.copyOf(branches);
    }

    /** The initialisation of an empty secondary graph from the initial drape at {@code startNode}. */
    public static InitialisationPlan of(Horizon horizon, long startNode) {
        Set<Long> covered = new HashSet<>();
        covered.add(startNode);
        ArrayDeque<long[]> queue = new ArrayDeque<>(); // {parent branch, node}
        queue.add(new long[] { -1, startNode });
        return new InitialisationPlan(startNode, List.of(), plan(horizon, covered, queue, false));
    }

    /**
     * The initialisation of primary nodes that have no cloth yet (clips added after exploration): branches leave
     * covered nodes along their edges into uncovered ones, each from the oldest live state of its node
     * ({@code rootState}), and go on breadth-first as in {@link #of}.
     */
    public static InitialisationPlan extend(Horizon horizon, java.util.Map<Long, Long> rootStateOfCoveredNode) {
        Set<Long> covered = new HashSet<>(rootStateOfCoveredNode.keySet());
        List<Long> roots = new ArrayList<>();
        ArrayDeque<long[]> queue = new ArrayDeque<>();
        for (long node : new java.util.TreeSet<>(rootStateOfCoveredNode.keySet())) {
            if (horizon.out(node).stream().anyMatch(e -> !covered.contains(e.to()))) {
                queue.add(new long[] { -2 - roots.size(), node });
                roots.add(rootStateOfCoveredNode.get(node));
            }
        }
        return new InitialisationPlan(-1, roots, plan(horizon, covered, queue, true));
    }

    private static List<PlannedBranch> plan(Horizon horizon, Set<Long> covered, ArrayDeque<long[]> queue,
            boolean onlyIntoUncoveredFromRoots) {
        List<PlannedBranch> out = new ArrayList<>();
        while (!queue.isEmpty()) {
            long[] item = queue.poll();
            for (PrimaryEdge first : horizon.out(item[1])) {
                if (onlyIntoUncoveredFromRoots && item[0] <= -2 && covered.contains(first.to())) {
                    continue; // the covered node's states already have this transition
                }
                List<PrimaryEdge> edges = horizon.branch(first, covered);
                for (int i = 0; i + 1 < edges.size(); i++) {
                    covered.add(edges.get(i).to());
                }
                long leaf = edges.get(edges.size() - 1).to();
                boolean continues = covered.add(leaf);
                PlannedBranch b = new PlannedBranch(out.size(), (int) item[0], item[1], edges, continues);
                out.add(b);
                if (continues) {
                    queue.add(new long[] { b.index(), leaf });
                }
            }
        }
        return out;
    }

    /** Existing states that root branches of an extending initialisation. */
    public List<Long> rootStates() {
        return rootStates;
    }

    /** Whether the plan starts from the initial drape (an empty graph) rather than from existing states. */
    public boolean fromDrape() {
        return rootStates.isEmpty() && startNode >= 0;
    }

    public List<PlannedBranch> branches() {
        return branches;
    }

    public long startNode() {
        return startNode;
    }

    public int frames(Horizon horizon) {
        int n = 0;
        for (PlannedBranch b : branches) {
            n += horizon.frames(b.edges());
        }
        return n;
    }

    /** A fingerprint of the plan (and so of the graph it was made on), stored with staged branches. */
    public String fingerprint() {
        long h = 1125899906842597L + startNode;
        for (long r : rootStates) {
            h = 31 * h + r;
        }
        for (PlannedBranch b : branches) {
            h = 31 * h + b.parent();
            for (PrimaryEdge e : b.edges()) {
                h = 31 * h + e.id();
                h = 31 * h + e.to();
            }
        }
        return Long.toHexString(h) + "-" + branches.size();
    }
}
