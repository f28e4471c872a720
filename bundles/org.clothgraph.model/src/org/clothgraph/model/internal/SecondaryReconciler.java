package org.clothgraph.model.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.PrimaryGraph;
import org.clothgraph.model.PrimaryGraphChange;
import org.clothgraph.model.PrimaryNode;

/**
 * Replaces the primary graph under an explored secondary graph without wiping it: nodes keep their ids by (clip,
 * frame), edges by (source, target, kind); the secondary graph loses only what hangs on removed nodes and edges,
 * and every live state gets a merged, queued transition for each new primary edge whose target has cloth.
 * Runs inside the caller's transaction.
 */
public final class SecondaryReconciler {
    private final Connection c;

    public SecondaryReconciler(Connection c) {
        this.c = c;
    }

    /** Applies (or with {@code dryRun} only measures) the replacement; returns what it does. */
    public PrimaryGraphChange replace(PrimaryGraph graph, boolean dryRun) throws SQLException {
        Map<String, Long> oldNodeByKey = new HashMap<>();
        long maxNode = 0;
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT id, clip_id, frame FROM primary_node")) {
            while (r.next()) {
                oldNodeByKey.put(r.getLong(2) + ":" + r.getInt(3), r.getLong(1));
                maxNode = Math.max(maxNode, r.getLong(1));
            }
        }
        Map<Long, Long> finalId = new HashMap<>();
        List<PrimaryNode> nodes = new ArrayList<>();
        Set<Long> kept = new HashSet<>();
        for (PrimaryNode n : graph.nodes()) {
            Long old = oldNodeByKey.get(n.clipId() + ":" + n.frame());
            long id = old != null ? old : ++maxNode;
            if (old != null) {
                kept.add(old);
            }
            finalId.put(n.id(), id);
            nodes.add(new PrimaryNode(id, n.clipId(), n.frame()));
        }
        Map<String, Long> oldEdgeByKey = new HashMap<>();
        long maxEdge = 0;
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT id, src, dst, kind FROM primary_edge")) {
            while (r.next()) {
                oldEdgeByKey.put(r.getLong(2) + ">" + r.getLong(3) + ":" + r.getString(4), r.getLong(1));
                maxEdge = Math.max(maxEdge, r.getLong(1));
            }
        }
        List<PrimaryEdge> edges = new ArrayList<>();
        Set<Long> keptEdges = new HashSet<>();
        List<PrimaryEdge> added = new ArrayList<>();
        for (PrimaryEdge e : graph.edges()) {
            long src = finalId.get(e.from()), dst = finalId.get(e.to());
            Long old = oldEdgeByKey.get(src + ">" + dst + ":" + e.kind().name());
            PrimaryEdge f = new PrimaryEdge(old != null ? old : ++maxEdge, src, dst, e.kind(), e.distance());
            edges.add(f);
            if (old != null) {
                keptEdges.add(old);
            } else {
                added.add(f);
            }
        }
        Set<Long> removedNodes = new HashSet<>(oldNodeByKey.values());
        removedNodes.removeAll(kept);
        Set<Long> removedEdges = new HashSet<>(oldEdgeByKey.values());
        removedEdges.removeAll(keptEdges);

        // what hangs on removed nodes and edges
        Set<Long> doomedTransitions = ids("SELECT id FROM cloth_transition WHERE primary_edge IN " + in(removedEdges));
        Set<Long> doomedStates = ids("SELECT id FROM cloth_state WHERE primary_node IN " + in(removedNodes));
        doomedStates.addAll(ids("SELECT dead_end_state FROM merge_record WHERE dead_end_state IS NOT NULL AND transition_id IN "
                + in(doomedTransitions)));
        doomedTransitions.addAll(ids("SELECT id FROM cloth_transition WHERE src IN " + in(doomedStates) + " OR dst IN "
                + in(doomedStates)));
        long states = count("SELECT COUNT(*) FROM cloth_state");
        Set<Long> coveredAfter = ids("SELECT DISTINCT primary_node FROM cloth_state WHERE status = 'live' AND id NOT IN "
                + in(doomedStates));
        int merges = 0;
        Set<Long> awaiting = new HashSet<>();
        for (PrimaryNode n : nodes) {
            if (!coveredAfter.contains(n.id())) {
                awaiting.add(n.id());
            }
        }
        if (states > 0) {
            for (PrimaryEdge e : added) {
                if (coveredAfter.contains(e.to())) {
                    merges += (int) count("SELECT COUNT(*) FROM cloth_state WHERE status = 'live' AND primary_node = "
                            + e.from() + " AND id NOT IN " + in(doomedStates));
                }
            }
        }
        PrimaryGraphChange change = new PrimaryGraphChange(kept.size(), removedNodes.size(), nodes.size() - kept.size(),
                removedEdges.size(), added.size(), (int) (states - doomedStates.size()), doomedStates.size(),
                doomedTransitions.size(), merges, states > 0 ? awaiting.size() : 0);
        if (dryRun) {
            return change;
        }
        try (Statement s = c.createStatement()) {
            s.executeUpdate("DELETE FROM merge_record WHERE transition_id IN " + in(doomedTransitions));
            s.executeUpdate("DELETE FROM cloth_transition WHERE id IN " + in(doomedTransitions));
            s.executeUpdate("DELETE FROM cloth_state WHERE id IN " + in(doomedStates));
            s.executeUpdate("DELETE FROM primary_edge WHERE id IN " + in(removedEdges));
            s.executeUpdate("DELETE FROM primary_node WHERE id IN " + in(removedNodes));
        }
        List<PrimaryNode> newNodes = new ArrayList<>();
        for (PrimaryNode n : nodes) {
            if (!kept.contains(n.id())) {
                newNodes.add(n);
            }
        }
        List<PrimaryEdge> newEdges = new ArrayList<>();
        try (PreparedStatement update = c.prepareStatement("UPDATE primary_edge SET distance = ? WHERE id = ?")) {
            for (PrimaryEdge e : edges) {
                if (keptEdges.contains(e.id())) {
                    update.setDouble(1, e.distance());
                    update.setLong(2, e.id());
                    update.addBatch();
                } else {
                    newEdges.add(e);
                }
            }
            update.executeBatch();
        }
        insert(c, newNodes, newEdges);
        linkMissingTransitions();
        return change;
    }

    /** Inserts primary nodes and edges with the ids they carry. */
    public static void insert(Connection c, List<PrimaryNode> nodes, List<PrimaryEdge> edges) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("INSERT INTO primary_node(id, clip_id, frame) VALUES (?, ?, ?)")) {
            for (PrimaryNode n : nodes) {
                p.setLong(1, n.id());
                p.setLong(2, n.clipId());
                p.setInt(3, n.frame());
                p.addBatch();
            }
            p.executeBatch();
        }
        try (PreparedStatement p = c.prepareStatement(
                "INSERT INTO primary_edge(id, src, dst, kind, distance) VALUES (?, ?, ?, ?, ?)")) {
            for (PrimaryEdge e : edges) {
                p.setLong(1, e.id());
                p.setLong(2, e.from());
                p.setLong(3, e.to());
                p.setString(4, e.kind().name());
                p.setDouble(5, e.distance());
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /**
     * Gives every live state a transition for each outgoing primary edge it lacks, when the edge's target has cloth:
     * merged into the target node's oldest live state and queued with {@link PrimaryGraphChange#NEW_EDGE_ERROR}
     * (no dead end was simulated, so exploration simulates the edge itself). Returns how many it added.
     */
    public int linkMissingTransitions() throws SQLException {
        List<long[]> missing = new ArrayList<>(); // {state, edge, target}
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT s.id, e.id, (SELECT MIN(t.id) FROM"
                + " cloth_state t WHERE t.primary_node = e.dst AND t.status = 'live') FROM cloth_state s JOIN primary_edge e"
                + " ON e.src = s.primary_node WHERE s.status = 'live' AND NOT EXISTS (SELECT 1 FROM cloth_transition x"
                + " WHERE x.src = s.id AND x.primary_edge = e.id) ORDER BY s.id, e.id")) {
            while (r.next()) {
                long target = r.getLong(3);
                if (!r.wasNull()) {
                    missing.add(new long[] { r.getLong(1), r.getLong(2), target });
                }
            }
        }
        try (PreparedStatement t = c.prepareStatement("INSERT INTO cloth_transition(src, dst, primary_edge, merged)"
                + " VALUES (?, ?, ?, 1)", Statement.RETURN_GENERATED_KEYS);
                PreparedStatement m = c.prepareStatement("INSERT INTO merge_record(transition_id, dead_end_state, error,"
                        + " queued, plain_error, cross_class) VALUES (?, NULL, ?, 1, 0, 0)")) {
            for (long[] x : missing) {
                t.setLong(1, x[0]);
                t.setLong(2, x[2]);
                t.setLong(3, x[1]);
                t.executeUpdate();
                long id;
                try (ResultSet k = t.getGeneratedKeys()) {
                    k.next();
                    id = k.getLong(1);
                }
                m.setLong(1, id);
                m.setDouble(2, PrimaryGraphChange.NEW_EDGE_ERROR);
                m.executeUpdate();
            }
        }
        return missing.size();
    }

    private Set<Long> ids(String sql) throws SQLException {
        Set<Long> out = new HashSet<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            while (r.next()) {
                out.add(r.getLong(1));
            }
        }
        return out;
    }

    private long count(String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            return r.next() ? r.getLong(1) : 0;
        }
    }

    private static String in(Set<Long> ids) {
        if (ids.isEmpty()) {
            return "(-1)"; // ids are positive; NOT IN (NULL) would match nothing
        }
        StringBuilder b = new StringBuilder("(");
        for (long id : ids) {
            if (b.length() > 1) {
                b.append(',');
            }
            b.append(id);
        }
        return b.append(')').toString();
    }
}
