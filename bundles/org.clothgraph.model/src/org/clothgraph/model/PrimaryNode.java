package org.clothgraph.model;

/** A node of the primary motion graph: one character pose, with its clip and frame provenance. */
public record PrimaryNode(long id, long clipId, int frame) {
}
