package org.clothgraph.graphview;

/**
 * What of the graph a person looks at: only merge transitions, only merges that join two classes, only merges whose
 * plain error is at least a threshold, only quarantined dead ends (their merges), only one clip's states. States are
 * all shown unless a clip is chosen; transitions must pass every condition that is on.
 */
public record GraphFilter(boolean mergesOnly, boolean crossClassOnly, double minErrorMm, boolean quarantinedOnly,
        long clipId) {
    /** Everything. */
    public static final GraphFilter ALL = new GraphFilter(false, false, 0, false, -1);

    public boolean isAll() {
        return equals(ALL);
    }

    public boolean shows(SecondaryGraphSnapshot.State s) {
        return clipId < 0 || s.clipId() == clipId;
    }

    public boolean shows(SecondaryGraphSnapshot g, SecondaryGraphSnapshot.Edge e) {
        boolean mergeCondition = mergesOnly || crossClassOnly || minErrorMm > 0 || quarantinedOnly;
        if (mergeCondition && !e.merged()) {
            return false;
        }
        if (crossClassOnly && !e.crossClass() || quarantinedOnly && !e.quarantined() || e.errorMm() < minErrorMm) {
            return false;
        }
        return shows(g.state(e.from())) && shows(g.state(e.to()));
    }

    public GraphFilter withMergesOnly(boolean v) {
        return new GraphFilter(v, crossClassOnly, minErrorMm, quarantinedOnly, clipId);
    }

    public GraphFilter withCrossClassOnly(boolean v) {
        return new GraphFilter(mergesOnly, v, minErrorMm, quarantinedOnly, clipId);
    }

    public GraphFilter withMinErrorMm(double v) {
        return new GraphFilter(mergesOnly, crossClassOnly, v, quarantinedOnly, clipId);
    }

    public GraphFilter withQuarantinedOnly(boolean v) {
        return new GraphFilter(mergesOnly, crossClassOnly, minErrorMm, v, clipId);
    }

    public GraphFilter withClip(long v) {
        return new GraphFilter(mergesOnly, crossClassOnly, minErrorMm, quarantinedOnly, v);
    }
}
