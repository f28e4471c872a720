package org.clothgraph.explore;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.clothgraph.model.ClothTransition;
import org.clothgraph.model.Project;

/**
 * The explored branches of a secondary graph: its states joined by simulated (not merged) transitions form a tree
 * grown from the initial drape; a branch is a stretch of it between forks, one continuous simulation in which no state
 * continues along two primary edges. Two states of one branch are the same simulation some frames apart; states of
 * different branches differ in at least one choice of motion on their way from the drape.
 */
public final class ExploredBranch {
    private final Map<Long, Long> parent = new HashMap<>();
    private final Map<Long, Integer> children = new HashMap<>();

    private ExploredBranch() {
    }

    /** The branches of the project's secondary graph as stored now. */
    public static ExploredBranch of(Project project) {
        ExploredBranch b = new ExploredBranch();
        for (ClothTransition t : project.secondary().transitions()) {
            if (!t.merged()) {
                b.parent.put(t.to(), t.from());
                b.children.merge(t.from(), 1, Integer::sum);
            }
        }
        return b;
    }

    /**
     * The first state of the branch the state lies on: the state itself or the nearest state it was simulated on from
     * whose predecessor is a fork (continues along two or more edges) or the initial drape's state.
     */
    public long firstState(long state) {
        long s = state;
        Set<Long> seen = new HashSet<>();
        while (seen.add(s)) {
            Long p = parent.get(s);
            if (p == null || children.getOrDefault(p, 0) > 1) {
                return s;
            }
            s = p;
        }
        return s; // a cycle of simulated transitions (a damaged graph): the state where it closed
    }
}
