package org.clothgraph.explore.ui.internal;

import org.clothgraph.model.MergeRecord;

/**
 * One row of the queue table: a merge (queued or quarantined) and where its dead end sits in the primary graph.
 *
 * @param node the dead end's primary node (the merge target's when no dead end was simulated)
 * @param clip the node's clip name, {@code frame} its frame in the clip
 */
public record QueueRow(MergeRecord merge, long node, String clip, int frame) {
    String clipFrame() {
        return clip + ":" + frame;
    }

    double errorMm() {
        return merge.error() * 1000;
    }

    double plainMm() {
        return merge.plainError() * 1000;
    }
}
