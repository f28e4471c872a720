package org.clothgraph.model;

/**
 * A secondary-graph edge C(c, p -> q): cloth state c at primary node p continues to cloth state
 * {@code to} at q. A simulated transition is a real trajectory; a merged one leads to the most similar
 * existing state instead of the dead end that was simulated (the jump is blended at playback).
 * {@code innerFrames} are the frames strictly between the two states along a blended primary transition
 * (empty along a clip edge).
 */
public record ClothTransition(long id, long from, long to, long primaryEdge, boolean merged, long[] innerFrames) {
    public ClothTransition {
        innerFrames = innerFrames == null ? new long[0] : innerFrames;
    }
}
