package org.clothgraph.model;

/**
 * A secondary-graph edge C(c, p -> q): cloth state c at primary node p continues to cloth state
 * {@code to} at q. Merged transitions replace a dead end by the most similar existing state.
 */
public record ClothTransition(long id, long from, long to, long primaryEdge, boolean merged) {
}
