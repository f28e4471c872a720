package org.clothgraph.motion.graph;

import java.util.List;

/**
 * What candidate selection and pruning removed and why: frame ranges per clip and the transitions that lost an
 * endpoint. candidateTransitions counts the local minima below the threshold; of these suppressedTransitions were
 * near-duplicates of a better one (see {@link MotionGraphBuilder.Options}), the dropped ones lost an endpoint to
 * pruning and the rest are kept: candidateTransitions = suppressedTransitions + droppedTransitions.size() +
 * keptTransitions.
 */
public record PruneReport(List<RemovedRange> removedRanges, List<DroppedTransition> droppedTransitions, int candidateTransitions,
        int suppressedTransitions, int keptTransitions, int keptNodes, int totalNodes) {

    /** Frames [from, to] (inclusive) of one clip removed from the graph. */
    public record RemovedRange(int clip, String clipName, int from, int to, String reason) {}

    /** A candidate transition that was dropped. */
    public record DroppedTransition(int fromClip, int fromFrame, int toClip, int toFrame, double distance, String reason) {}

    /** Without suppression counts (none suppressed). */
    public PruneReport(List<RemovedRange> removedRanges, List<DroppedTransition> droppedTransitions, int candidateTransitions,
            int keptTransitions, int keptNodes, int totalNodes) {
        this(removedRanges, droppedTransitions, candidateTransitions, 0, keptTransitions, keptNodes, totalNodes);
    }

    public String summary() {
        StringBuilder b = new StringBuilder();
        b.append(String.format("kept %d of %d frames, %d of %d candidate transitions (%d near-duplicates suppressed)%n", keptNodes,
                totalNodes, keptTransitions, candidateTransitions, suppressedTransitions));
        for (RemovedRange r : removedRanges) {
            b.append(String.format("  removed %s frames %d..%d: %s%n", r.clipName(), r.from(), r.to(), r.reason()));
        }
        b.append(String.format("  dropped %d transitions with a pruned endpoint%n", droppedTransitions.size()));
        return b.toString();
    }
}
