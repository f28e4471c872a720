package org.clothgraph.motion.graph;

import java.util.List;
import java.util.Locale;

/**
 * What candidate selection and pruning removed and why: frame ranges per clip and the transitions that lost an
 * endpoint. candidateTransitions counts the local minima below the threshold; of these suppressedTransitions were
 * near-duplicates of a better one or were passed over for foot slide (footSlideRejected, counted among them; see
 * {@link MotionGraphBuilder.Options}), the dropped ones lost an endpoint to
 * pruning and the rest are kept: candidateTransitions = suppressedTransitions + droppedTransitions.size() +
 * keptTransitions - connectingTransitions. connectingTransitions (above the threshold, at most connectCap) link clips
 * that had no transition below the threshold.
 */
public record PruneReport(List<RemovedRange> removedRanges, List<DroppedTransition> droppedTransitions, int candidateTransitions,
        int suppressedTransitions, int keptTransitions, int keptNodes, int totalNodes, int connectingTransitions, double threshold,
        double connectCap, int footSlideRejected, double maxFootSlideMm) {

    /**
     * Frames [from, to] (inclusive) of one clip removed from the graph, why, and the smallest threshold at which a
     * transition (for a whole clip: an entry and a later exit) would link it with the kept graph (NaN: none can).
     */
    public record RemovedRange(int clip, String clipName, int from, int to, String reason, double keepThreshold) {
        public RemovedRange(int clip, String clipName, int from, int to, String reason) {
            this(clip, clipName, from, to, reason, Double.NaN);
        }
    }

    /** A candidate transition that was dropped. */
    public record DroppedTransition(int fromClip, int fromFrame, int toClip, int toFrame, double distance, String reason) {}

    /** Without suppression counts (none suppressed) and no connecting transitions. */
    public PruneReport(List<RemovedRange> removedRanges, List<DroppedTransition> droppedTransitions, int candidateTransitions,
            int keptTransitions, int keptNodes, int totalNodes) {
        this(removedRanges, droppedTransitions, candidateTransitions, 0, keptTransitions, keptNodes, totalNodes, 0, Double.NaN, 0, 0, 0);
    }

    public String summary() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "kept %d of %d frames, %d of %d candidate transitions below the threshold %.3f m"
                + " (%d near-duplicates suppressed)%n", keptNodes, totalNodes, keptTransitions - connectingTransitions,
                candidateTransitions, threshold, suppressedTransitions));
        if (maxFootSlideMm > 0) {
            b.append(String.format(Locale.ROOT, "  %d candidates passed over: their blends slide a foot more than %.0f mm even with"
                    + " the feet planted%n", footSlideRejected, maxFootSlideMm));
        }
        if (connectCap > 0) {
            b.append(String.format(Locale.ROOT, "  %d connecting transitions above the threshold link clips that had none below it"
                    + " (hard cap %.2f m)%n", connectingTransitions, Math.max(threshold, connectCap)));
        }
        for (RemovedRange r : removedRanges) {
            b.append(String.format(Locale.ROOT, "  removed %s frames %d..%d: %s%s%n", r.clipName(), r.from(), r.to(), r.reason(),
                    Double.isNaN(r.keepThreshold()) ? "" : String.format(Locale.ROOT, "; a threshold of %.3f m would link it",
                            r.keepThreshold())));
        }
        b.append(String.format("  dropped %d transitions with a pruned endpoint%n", droppedTransitions.size()));
        return b.toString();
    }
}
