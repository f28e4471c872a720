package org.clothgraph.model;

/**
 * A secondary-graph node: a simulated cloth state of one garment tied to a primary node, its frame in
 * the frame store and the classifier results (e.g. hood "up"/"down").
 */
public record ClothStateRecord(long id, long garmentId, long primaryNode, long frameId, String classes) {
}
