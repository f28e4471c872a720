package org.clothgraph.model;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.clothgraph.model.ClothStateRecord.Status;

/**
 * The stored secondary cloth graph (Kim et al. 2013, section 3): cloth states tied to primary nodes,
 * transitions C(c, p -> q), merge records with their errors (the expansion queue), the exploration log and
 * the staging of an unfinished initialisation. Each method is one write; callers group the writes of one
 * expansion with {@link Project#batch(Runnable)} so that it commits atomically.
 */
public final class Secondary {
    /**
     * Dead ends by the exact rule: live states lacking exactly one transition for some outgoing primary edge of
     * their node. A graph under exploration has none after every commit.
     */
    static final String DEAD_END_STATES = "SELECT DISTINCT s.id FROM cloth_state s JOIN primary_edge e ON e.src = s.primary_node"
            + " WHERE s.status = 'live' AND (SELECT COUNT(*) FROM cloth_transition t WHERE t.src = s.id"
            + " AND t.primary_edge = e.id) <> 1";
    static final String DEAD_END_COUNT = "SELECT COUNT(*) FROM (" + DEAD_END_STATES + ")";

    private static final Set<Aspect> SECONDARY = Set.of(Aspect.SECONDARY_GRAPH);
    private static final String STATE_COLUMNS = "id, garment_id, primary_node, frame_id, classes, status, round";
    private static final String MERGE_COLUMNS = "id, transition_id, dead_end_state, error, queued, plain_error,"
            + " cross_class, quarantine";
    private final Project project;

    Secondary(Project project) {
        this.project = project;
    }

    // ---- states and transitions --------------------------------------------------------------------

    public long addState(long garmentId, long primaryNode, long frameId, String classes, Status status, int round) {
        return project.write(SECONDARY, c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO cloth_state(garment_id, primary_node, frame_id,"
                    + " classes, status, round) VALUES (?, ?, ?, ?, ?, ?)", Statement.RETURN_GENERATED_KEYS)) {
                p.setLong(1, garmentId);
                p.setLong(2, primaryNode);
                p.setLong(3, frameId);
                p.setString(4, classes == null ? "" : classes);
                p.setString(5, status.sql());
                p.setInt(6, round);
                p.executeUpdate();
                return Project.generatedKey(p);
            }
        });
    }

    public void setStatus(long stateId, Status status) {
        update("UPDATE cloth_state SET status = ? WHERE id = ?", status.sql(), stateId);
    }

    public long addTransition(long from, long to, long primaryEdge, boolean merged, long[] innerFrames) {
        return project.write(SECONDARY, c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO cloth_transition(src, dst, primary_edge, merged,"
                    + " inner_frames) VALUES (?, ?, ?, ?, ?)", Statement.RETURN_GENERATED_KEYS)) {
                p.setLong(1, from);
                p.setLong(2, to);
                p.setLong(3, primaryEdge);
                p.setInt(4, merged ? 1 : 0);
                if (innerFrames == null || innerFrames.length == 0) {
                    p.setNull(5, Types.BLOB);
                } else {
                    p.setBytes(5, longs(innerFrames));
                }
                p.executeUpdate();
                return Project.generatedKey(p);
            }
        });
    }

    /** Points a transition at another state (a merge, or the undoing of one). */
    public void redirect(long transitionId, long to, boolean merged) {
        update("UPDATE cloth_transition SET dst = ?, merged = ? WHERE id = ?", to, merged ? 1 : 0, transitionId);
    }

    /** Replaces a transition's target and inner frames (a merged transition that is now simulated). */
    public void resimulate(long transitionId, long to, long[] innerFrames) {
        project.write(SECONDARY, c -> {
            try (PreparedStatement p = c.prepareStatement(
                    "UPDATE cloth_transition SET dst = ?, merged = 0, inner_frames = ? WHERE id = ?")) {
                p.setLong(1, to);
                if (innerFrames.length == 0) {
                    p.setNull(2, Types.BLOB);
                } else {
                    p.setBytes(2, longs(innerFrames));
                }
                p.setLong(3, transitionId);
                p.executeUpdate();
            }
            return null;
        });
    }

    public List<ClothStateRecord> states() {
        return project.read(c -> {
            List<ClothStateRecord> out = new ArrayList<>();
            try (Statement s = c.createStatement();
                    ResultSet r = s.executeQuery("SELECT " + STATE_COLUMNS + " FROM cloth_state ORDER BY id")) {
                while (r.next()) {
                    out.add(state(r));
                }
            }
            return out;
        });
    }

    public ClothStateRecord state(long id) {
        return project.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT " + STATE_COLUMNS + " FROM cloth_state WHERE id = ?")) {
                p.setLong(1, id);
                try (ResultSet r = p.executeQuery()) {
                    if (!r.next()) {
                        throw new InvalidInputException("secondary graph", "cloth state " + id, "no such state");
                    }
                    return state(r);
                }
            }
        });
    }

    public List<ClothTransition> transitions() {
        return project.read(c -> {
            List<ClothTransition> out = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(
                    "SELECT id, src, dst, primary_edge, merged, inner_frames FROM cloth_transition ORDER BY id")) {
                while (r.next()) {
                    out.add(new ClothTransition(r.getLong(1), r.getLong(2), r.getLong(3), r.getLong(4), r.getInt(5) != 0,
                            longs(r.getBytes(6))));
                }
            }
            return out;
        });
    }

    public ClothTransition transition(long id) {
        return project.read(c -> {
            try (PreparedStatement p = c.prepareStatement(
                    "SELECT id, src, dst, primary_edge, merged, inner_frames FROM cloth_transition WHERE id = ?")) {
                p.setLong(1, id);
                try (ResultSet r = p.executeQuery()) {
                    if (!r.next()) {
                        throw new InvalidInputException("secondary graph", "cloth transition " + id, "no such transition");
                    }
                    return new ClothTransition(r.getLong(1), r.getLong(2), r.getLong(3), r.getLong(4), r.getInt(5) != 0,
                            longs(r.getBytes(6)));
                }
            }
        });
    }

    /** Dead ends by the exact rule (should be empty after every commit). */
    public List<Long> deadEnds() {
        return project.read(c -> {
            List<Long> out = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(DEAD_END_STATES + " ORDER BY s.id")) {
                while (r.next()) {
                    out.add(r.getLong(1));
                }
            }
            return out;
        });
    }

    /** Live states per class string (e.g. "hood=UP" -> 812). */
    public Map<String, Long> liveStatesByClass() {
        return project.read(c -> {
            Map<String, Long> out = new LinkedHashMap<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT classes, COUNT(*) FROM cloth_state"
                    + " WHERE status = 'live' GROUP BY classes ORDER BY classes")) {
                while (r.next()) {
                    out.put(r.getString(1).isEmpty() ? "(none)" : r.getString(1), r.getLong(2));
                }
            }
            return out;
        });
    }

    // ---- merges and the expansion queue ------------------------------------------------------------

    /**
     * Records a merge of the dead end {@code deadEndState} (0: none was simulated) through {@code transitionId}
     * and queues it by {@code error}.
     */
    public long addMerge(long transitionId, long deadEndState, double error, double plainError, boolean crossClass) {
        return project.write(SECONDARY, c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO merge_record(transition_id, dead_end_state, error,"
                    + " queued, plain_error, cross_class) VALUES (?, ?, ?, 1, ?, ?)", Statement.RETURN_GENERATED_KEYS)) {
                p.setLong(1, transitionId);
                if (deadEndState > 0) {
                    p.setLong(2, deadEndState);
                } else {
                    p.setNull(2, Types.INTEGER);
                }
                p.setDouble(3, error);
                p.setDouble(4, plainError);
                p.setInt(5, crossClass ? 1 : 0);
                p.executeUpdate();
                return Project.generatedKey(p);
            }
        });
    }

    /** Removes a merge that exploration undid. */
    public void removeMerge(long mergeId) {
        update("DELETE FROM merge_record WHERE id = ?", mergeId);
    }

    /** Takes a merge off the queue with the reason its expansion failed; the merge itself stays. */
    public void quarantine(long mergeId, String reason) {
        update("UPDATE merge_record SET queued = 0, quarantine = ? WHERE id = ?", reason, mergeId);
    }

    /** Puts every quarantined merge back on the queue; returns how many. */
    public int releaseQuarantine() {
        return project.write(SECONDARY, c -> {
            try (Statement s = c.createStatement()) {
                return s.executeUpdate("UPDATE merge_record SET queued = 1, quarantine = NULL WHERE quarantine IS NOT NULL");
            }
        });
    }

    /** The {@code limit} queued merges with the largest errors, in (error descending, id) order. */
    public List<MergeRecord> worstQueued(int limit) {
        return worstQueuedWhere("", List.of(), limit);
    }

    /**
     * The worst queued merges between states of different classes (in (error, id) order, at most {@code limit}): what
     * an exploration expands after its limit while any are left ({@code explore --settle}).
     */
    public List<MergeRecord> worstQueuedCrossClass(int limit) {
        return worstQueuedWhere(" AND cross_class = 1", List.of(), limit);
    }

    /**
     * The worst queued merges (in (error, id) order, at most {@code limit}) whose dead end lies on a primary node of
     * one of the clips: an exploration focused on them ({@code explore --focus}).
     */
    public List<MergeRecord> worstQueuedOn(int limit, java.util.Collection<Long> clipIds) {
        if (clipIds.isEmpty()) {
            return List.of();
        }
        String in = String.join(", ", java.util.Collections.nCopies(clipIds.size(), "?"));
        return worstQueuedWhere(" AND dead_end_state IN (SELECT s.id FROM cloth_state s JOIN primary_node n"
                + " ON n.id = s.primary_node WHERE n.clip_id IN (" + in + "))", List.copyOf(clipIds), limit);
    }

    /** The queued merges that also meet {@code condition} (its parameters {@code ids}), worst first. */
    private List<MergeRecord> worstQueuedWhere(String condition, List<Long> ids, int limit) {
        return project.read(c -> {
            List<MergeRecord> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT " + MERGE_COLUMNS + " FROM merge_record WHERE queued = 1"
                    + condition + " ORDER BY error DESC, id LIMIT ?")) {
                int k = 1;
                for (long id : ids) {
                    p.setLong(k++, id);
                }
                p.setInt(k, limit);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(merge(r));
                    }
                }
            }
            return out;
        });
    }

    /** The merge record {@code id}, or empty when exploration has undone it since. */
    public java.util.Optional<MergeRecord> merge(long id) {
        return project.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT " + MERGE_COLUMNS + " FROM merge_record WHERE id = ?")) {
                p.setLong(1, id);
                try (ResultSet r = p.executeQuery()) {
                    return r.next() ? java.util.Optional.of(merge(r)) : java.util.Optional.<MergeRecord>empty();
                }
            }
        });
    }

    public List<MergeRecord> merges() {
        return project.read(c -> {
            List<MergeRecord> out = new ArrayList<>();
            try (Statement s = c.createStatement();
                    ResultSet r = s.executeQuery("SELECT " + MERGE_COLUMNS + " FROM merge_record ORDER BY id")) {
                while (r.next()) {
                    out.add(merge(r));
                }
            }
            return out;
        });
    }

    /**
     * Gives every live state a merged, queued transition for each outgoing primary edge it lacks whose target node
     * has cloth (see {@link PrimaryGraphChange#NEW_EDGE_ERROR}); returns how many.
     */
    public int linkMissingTransitions() {
        return project.write(SECONDARY, c -> new org.clothgraph.model.internal.SecondaryReconciler(c).linkMissingTransitions());
    }

    // ---- exploration log and initialisation staging -----------------------------------------------

    public void log(ExplorationLogEntry e) {
        project.write(SECONDARY, c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO exploration_log(round, simulated_frames, states,"
                    + " queue, quarantined, worst_error, median_error, cross_class, cpu_seconds, bookkeeping_seconds,"
                    + " wall_seconds, time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                p.setInt(1, e.round());
                p.setLong(2, e.simulatedFrames());
                p.setLong(3, e.states());
                p.setLong(4, e.queue());
                p.setLong(5, e.quarantined());
                p.setDouble(6, e.worstError());
                p.setDouble(7, e.medianError());
                p.setLong(8, e.crossClassMerges());
                p.setDouble(9, e.cpuSeconds());
                p.setDouble(10, e.bookkeepingSeconds());
                p.setDouble(11, e.wallSeconds());
                p.setString(12, e.time());
                p.executeUpdate();
            }
            return null;
        });
    }

    /** The exploration log, oldest first. */
    public List<ExplorationLogEntry> log() {
        return project.read(c -> {
            List<ExplorationLogEntry> out = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT round, simulated_frames, states,"
                    + " queue, quarantined, worst_error, median_error, cross_class, cpu_seconds, bookkeeping_seconds,"
                    + " wall_seconds, time FROM exploration_log ORDER BY id")) {
                while (r.next()) {
                    out.add(new ExplorationLogEntry(r.getInt(1), r.getLong(2), r.getLong(3), r.getLong(4), r.getLong(5),
                            r.getDouble(6), r.getDouble(7), r.getLong(8), r.getDouble(9), r.getDouble(10),
                            r.getDouble(11), r.getString(12)));
                }
            }
            return out;
        });
    }

    /** Stages one simulated branch of an unfinished initialisation (its frames are already committed). */
    public long addInitBranch(String record) {
        return project.write(SECONDARY, c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO init_branch(record) VALUES (?)",
                    Statement.RETURN_GENERATED_KEYS)) {
                p.setString(1, record);
                p.executeUpdate();
                return Project.generatedKey(p);
            }
        });
    }

    /** Whether any cloth state or staged initialisation branch is stored (one indexed look-up each). */
    public boolean hasStatesOrInitBranches() {
        return project.read(c -> {
            try (Statement s = c.createStatement();
                    ResultSet r = s.executeQuery("SELECT EXISTS (SELECT 1 FROM cloth_state)"
                            + " OR EXISTS (SELECT 1 FROM init_branch)")) {
                return r.next() && r.getInt(1) == 1;
            }
        });
    }

    /** Staged initialisation branches, oldest first. */
    public List<String> initBranches() {
        return project.read(c -> {
            List<String> out = new ArrayList<>();
            try (Statement s = c.createStatement();
                    ResultSet r = s.executeQuery("SELECT record FROM init_branch ORDER BY id")) {
                while (r.next()) {
                    out.add(r.getString(1));
                }
            }
            return out;
        });
    }

    public void clearInitBranches() {
        update("DELETE FROM init_branch");
    }

    // ---- helpers ----------------------------------------------------------------------------------

    private void update(String sql, Object... args) {
        project.write(SECONDARY, c -> {
            try (PreparedStatement p = c.prepareStatement(sql)) {
                for (int i = 0; i < args.length; i++) {
                    p.setObject(i + 1, args[i]);
                }
                p.executeUpdate();
            }
            return null;
        });
    }

    static long count(Connection c, String sql) throws SQLException {
        return Project.count(c, sql);
    }

    private static ClothStateRecord state(ResultSet r) throws SQLException {
        return new ClothStateRecord(r.getLong(1), r.getLong(2), r.getLong(3), r.getLong(4), r.getString(5),
                Status.of(r.getString(6)), r.getInt(7));
    }

    private static MergeRecord merge(ResultSet r) throws SQLException {
        return new MergeRecord(r.getLong(1), r.getLong(2), r.getLong(3), r.getDouble(4), r.getInt(5) != 0,
                r.getDouble(6), r.getInt(7) != 0, r.getString(8));
    }

    /** Encodes frame ids as int64 little endian. */
    public static byte[] longs(long[] a) {
        ByteBuffer b = ByteBuffer.allocate(a.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long x : a) {
            b.putLong(x);
        }
        return b.array();
    }

    public static long[] longs(byte[] b) {
        if (b == null) {
            return new long[0];
        }
        ByteBuffer buf = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        long[] a = new long[b.length / 8];
        for (int i = 0; i < a.length; i++) {
            a[i] = buf.getLong();
        }
        return a;
    }
}
