package org.clothgraph.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.clothgraph.model.ClothTransition;
import org.clothgraph.model.Project;

/**
 * Where the explored graph's states come from: its states joined by simulated (not merged) transitions form a tree
 * grown from the initial drape, each state simulated on from its parent over the transition's frames (one, or more
 * along a blended primary transition). A state within a few frames below another is that state's simulation a moment
 * later, on the same exploration path.
 */
public final class ExploredLineage {
    private final Map<Long, Long> parent = new HashMap<>();
    private final Map<Long, Integer> frames = new HashMap<>();

    private ExploredLineage() {
    }

    /** The lineage of the project's secondary graph as stored now. */
    public static ExploredLineage of(Project project) {
        ExploredLineage l = new ExploredLineage();
        for (ClothTransition t : project.secondary().transitions()) {
            if (!t.merged()) {
                l.parent.put(t.to(), t.from());
                l.frames.put(t.to(), 1 + t.innerFrames().length);
            }
        }
        return l;
    }

    /**
     * The states the state was simulated on from within {@code withinFrames} frames before it, nearest first (empty
     * for the initial drape's state).
     */
    public List<Long> before(long state, int withinFrames) {
        List<Long> out = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        seen.add(state);
        long s = state;
        int back = 0;
        while (true) {
            Long p = parent.get(s);
            if (p == null || !seen.add(p)) {
                return out; // the drape, or a cycle of simulated transitions (a damaged graph)
            }
            back += frames.get(s);
            if (back > withinFrames) {
                return out;
            }
            out.add(p);
            s = p;
        }
    }
}
