package org.clothgraph.model;

/**
 * A merge: the dead-end transition that was redirected to an existing state, the state it would
 * have reached, and the merge error that places it in the expansion queue.
 */
public record MergeRecord(long id, long transitionId, long deadEndState, double error, boolean queued) {
}
