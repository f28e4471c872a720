package org.clothgraph.graphview;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.explore.SecondaryWalk;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.ClothTransition;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.MergeRecord;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;

/**
 * Every secondary state and transition of one garment's explored graph, indexed 0..n-1, with what a view colours
 * and filters by: class, clip and frame of the primary node, exploration round (age), and per transition whether it
 * is a merge, its plain L-infinity error (mm), whether it joins two classes, and whether its dead end is
 * quarantined. Immutable.
 */
public final class SecondaryGraphSnapshot {

    /** A cloth state: {@code live} false for a merged-away dead end. */
    public record State(int index, long id, long primaryNode, long clipId, int clipFrame, long frameId, String classes,
            boolean live, int round) {
        /** The value of one classifier in this state's classes ("hood=UP,..." gives "UP" for "hood"), or "". */
        public String classOf(String classifier) {
            for (String kv : classes == null ? new String[0] : classes.split(",")) {
                int eq = kv.indexOf('=');
                if (eq > 0 && kv.substring(0, eq).trim().equals(classifier)) {
                    return kv.substring(eq + 1).trim();
                }
            }
            return "";
        }
    }

    /** A transition between states (indices); merge data when {@code merged}. */
    public record Edge(int from, int to, long transitionId, boolean merged, double errorMm, boolean crossClass,
            boolean quarantined, int deadEnd) {
    }

    private final List<State> states;
    private final List<Edge> edges;
    private final Map<Long, Integer> index;
    private final Map<Long, String> clipNames;
    private final int initial;

    public SecondaryGraphSnapshot(List<State> states, List<Edge> edges, Map<Long, String> clipNames, int initial) {
        this.states = List.copyOf(states);
        this.edges = List.copyOf(edges);
        this.clipNames = Map.copyOf(clipNames);
        this.initial = initial;
        this.index = new HashMap<>();
        for (State s : states) {
            index.put(s.id(), s.index());
        }
    }

    /** The explored graph of a garment as stored now. */
    public static SecondaryGraphSnapshot of(Project project, GarmentInfo garment) {
        Map<Long, PrimaryNode> nodes = new HashMap<>();
        for (PrimaryNode n : project.primaryGraph().nodes()) {
            nodes.put(n.id(), n);
        }
        Map<Long, String> clips = new HashMap<>();
        for (ClipInfo c : project.clips()) {
            clips.put(c.id(), c.name());
        }
        List<State> states = new ArrayList<>();
        Map<Long, Integer> idx = new HashMap<>();
        for (ClothStateRecord r : project.secondary().states()) {
            if (r.garmentId() != garment.id()) {
                continue;
            }
            PrimaryNode p = nodes.get(r.primaryNode());
            int i = states.size();
            idx.put(r.id(), i);
            states.add(new State(i, r.id(), r.primaryNode(), p == null ? -1 : p.clipId(), p == null ? -1 : p.frame(),
                    r.frameId(), r.classes(), r.live(), r.round()));
        }
        Map<Long, MergeRecord> merges = new HashMap<>();
        for (MergeRecord m : project.secondary().merges()) {
            merges.put(m.transitionId(), m);
        }
        List<Edge> edges = new ArrayList<>();
        for (ClothTransition t : project.secondary().transitions()) {
            Integer a = idx.get(t.from()), b = idx.get(t.to());
            if (a == null || b == null) {
                continue;
            }
            MergeRecord m = t.merged() ? merges.get(t.id()) : null;
            Integer dead = m == null ? null : idx.get(m.deadEndState());
            edges.add(new Edge(a, b, t.id(), t.merged(), m == null ? 0 : m.plainError() * 1000,
                    m != null && m.crossClass(), m != null && m.quarantined(), dead == null ? -1 : dead));
        }
        int initial = states.isEmpty() ? -1 : idx.get(SecondaryWalk.initialState(project, garment));
        return new SecondaryGraphSnapshot(states, edges, clips, initial);
    }

    public List<State> states() {
        return states;
    }

    public List<Edge> edges() {
        return edges;
    }

    public State state(int i) {
        return states.get(i);
    }

    /** The index of a stored state id, or -1. */
    public int indexOf(long stateId) {
        return index.getOrDefault(stateId, -1);
    }

    /** Index of the initial state (the drape exploration started from), -1 for an empty graph. */
    public int initial() {
        return initial;
    }

    public String clipName(long clipId) {
        return clipNames.getOrDefault(clipId, "clip " + clipId);
    }

    public int size() {
        return states.size();
    }
}
