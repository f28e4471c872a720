package org.clothgraph.explore;

import java.util.List;

import org.clothgraph.sim.ClothState;

/**
 * Where an expanded branch ends: its dead end is the state, among the branch's last {@code mergeWindow} states at
 * primary nodes (never in its first half, never before a change of the garment's class along it: a hood that falls
 * in a branch stays fallen), whose merge into the states already at that node ranks lowest (class penalty
 * included); the later of equal candidates. With a window of 1 it is the branch's last state (Kim et al.
 * 2013). Placing the merge where the error is least along the way is Kovar et al.'s rule for motion-graph transitions
 * (a local minimum of the distance) applied to cloth: the merge jump playback blends over is smaller, and the dead end
 * queued is the one that is cheapest to leave merged.
 */
final class DeadEndPlacement {

    /** FindMostSimilar at one node: the least ranked error of merging {@code state} there (≥ {@code bound}: any). */
    interface Merges {
        double leastRanked(long node, ClothState state, String cls, double bound);
    }

    private DeadEndPlacement() {
    }

    /**
     * The index into {@code nodes} of the branch's dead end. {@code nodes[0]} is the start, {@code nodes[f]} (f ≥ 1)
     * the primary node of frame f - 1 (negative for a transition's inner frame, which cannot end a branch).
     */
    static int choose(long[] nodes, List<ClothState> frames, List<String> classes, int window, Merges merges) {
        int last = nodes.length - 1;
        if (window <= 1 || last <= 1) {
            return last;
        }
        int first = Math.max(Math.max(1, (last + 1) / 2), last - window + 1);
        int best = last;
        double bestRanked = merges.leastRanked(nodes[last], frames.get(last - 1), classes.get(last - 1),
                Double.POSITIVE_INFINITY);
        String lastClass = classes.get(last - 1);
        for (int f = last - 1; f >= first; f--) {
            if (!classes.get(f - 1).equals(lastClass)) {
                break; // a class change the simulation found (the hood falling) is never cut off
            }
            if (nodes[f] < 0) {
                continue;
            }
            double ranked = merges.leastRanked(nodes[f], frames.get(f - 1), classes.get(f - 1), bestRanked);
            if (ranked < bestRanked) {
                bestRanked = ranked;
                best = f;
            }
        }
        return best;
    }
}
