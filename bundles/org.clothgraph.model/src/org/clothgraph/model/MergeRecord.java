package org.clothgraph.model;

/**
 * A merge (Kim et al. 2013, RemoveDeadend): the transition that now leads to an existing state, the dead end
 * it would have reached (0 when the transition was never simulated: a primary edge added after exploration),
 * the error that orders the expansion queue (the plain error plus the classifier penalty), the plain
 * L-infinity error in metres, whether the two states are in different classes, whether it is queued, and
 * why its expansion failed when it is quarantined (null otherwise).
 */
public record MergeRecord(long id, long transitionId, long deadEndState, double error, boolean queued,
        double plainError, boolean crossClass, String quarantine) {

    public boolean quarantined() {
        return quarantine != null;
    }
}
