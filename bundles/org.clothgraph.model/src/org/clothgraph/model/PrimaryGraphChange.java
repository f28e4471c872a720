package org.clothgraph.model;

/**
 * What a change of the primary graph does to an explored secondary graph, said before (a dry run) and after it
 * is applied: states on unchanged primary nodes survive; states on removed nodes are retired (removed from the
 * graph, frames kept in the store) with the transitions and merges along removed edges; every live state gets a
 * transition for each new primary edge, merged into a state at the edge's target and queued for exploration
 * ({@link #newEdgeMerges}); new primary nodes without cloth wait for {@code explore} to initialise them.
 */
public record PrimaryGraphChange(int keptNodes, int removedNodes, int newNodes, int removedEdges, int newEdges,
        int keptStates, int retiredStates, int removedTransitions, int newEdgeMerges, int nodesAwaitingCloth) {

    /** Queue error of a transition that was never simulated: above every simulated merge, cross-class included. */
    public static final double NEW_EDGE_ERROR = 1e6;

    public boolean touchesSecondaryGraph() {
        return retiredStates > 0 || removedTransitions > 0 || newEdgeMerges > 0 || nodesAwaitingCloth > 0;
    }

    /** One paragraph for the CLI and the workbench. */
    public String describe() {
        if (keptStates + retiredStates == 0) {
            return "no secondary cloth graph yet: nothing to keep or lose";
        }
        return String.format(java.util.Locale.ROOT, "secondary cloth graph: keeps %d of %d cloth states; retires %d on"
                + " %d removed primary nodes, with %d transitions along removed edges; %d new primary edges become"
                + " %d queued dead ends%s", keptStates, keptStates + retiredStates, retiredStates, removedNodes,
                removedTransitions, newEdges, newEdgeMerges, nodesAwaitingCloth == 0 ? ""
                        : "; " + nodesAwaitingCloth + " new primary nodes have no cloth yet: explore initialises them");
    }
}
