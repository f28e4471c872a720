package org.clothgraph.model;

/**
 * A secondary-graph node: a simulated cloth state of one garment tied to a primary node, its frame in the
 * frame store (positions and velocities in the character's root frame), the classifier results (e.g.
 * "hood=UP"), its status and the exploration round that created it. States on primary nodes that a rebuilt primary graph no
 * longer has are retired: removed from the graph (their frames stay in the store).
 */
public record ClothStateRecord(long id, long garmentId, long primaryNode, long frameId, String classes, Status status,
        int round) {

    /** Whether a state takes part in the graph. */
    public enum Status {
        /** In the graph: it has exactly one transition for every outgoing primary edge of its node. */
        LIVE,
        /** A dead end merged into the most similar state (Kim et al. 2013, RemoveDeadend); undone by expansion. */
        MERGED;

        public String sql() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        public static Status of(String sql) {
            return valueOf(sql.toUpperCase(java.util.Locale.ROOT));
        }
    }

    public boolean live() {
        return status == Status.LIVE;
    }
}
