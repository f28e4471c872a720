package org.clothgraph.model;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The stored secondary cloth graph (Kim et al. 2013, section 4): cloth states tied to primary nodes,
 * transitions C(c, p -> q), merge records with their errors, and the expansion queue ordered by error.
 */
public final class Secondary {
    /** A dead end is a cloth state with no outgoing transition; a finished exploration has none. */
    static final String DEAD_END_COUNT = "SELECT COUNT(*) FROM cloth_state s WHERE NOT EXISTS"
            + " (SELECT 1 FROM cloth_transition t WHERE t.src = s.id)";

    private static final Set<Aspect> SECONDARY = Set.of(Aspect.SECONDARY_GRAPH);
    private final Project project;

    Secondary(Project project) {
        this.project = project;
    }

    public long addState(long garmentId, long primaryNode, long frameId, String classes) {
        return project.write(SECONDARY, c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO cloth_state(garment_id, primary_node, frame_id,"
                    + " classes) VALUES (?, ?, ?, ?)", Statement.RETURN_GENERATED_KEYS)) {
                p.setLong(1, garmentId);
                p.setLong(2, primaryNode);
                p.setLong(3, frameId);
                p.setString(4, classes == null ? "" : classes);
                p.executeUpdate();
                return Project.generatedKey(p);
            }
        });
    }

    public long addTransition(long from, long to, long primaryEdge, boolean merged) {
        return project.write(SECONDARY, c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO cloth_transition(src, dst, primary_edge, merged)"
                    + " VALUES (?, ?, ?, ?)", Statement.RETURN_GENERATED_KEYS)) {
                p.setLong(1, from);
                p.setLong(2, to);
                p.setLong(3, primaryEdge);
                p.setInt(4, merged ? 1 : 0);
                p.executeUpdate();
                return Project.generatedKey(p);
            }
        });
    }

    /** Records a merge of a dead end into an existing state and queues it by its error. */
    public long addMerge(long transitionId, long deadEndState, double error) {
        return project.write(SECONDARY, c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO merge_record(transition_id, dead_end_state, error,"
                    + " queued) VALUES (?, ?, ?, 1)", Statement.RETURN_GENERATED_KEYS)) {
                p.setLong(1, transitionId);
                p.setLong(2, deadEndState);
                p.setDouble(3, error);
                p.executeUpdate();
                return Project.generatedKey(p);
            }
        });
    }

    /** The queued merge with the largest error, the next one exploration undoes. */
    public Optional<MergeRecord> worstQueuedMerge() {
        return project.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT id, transition_id,"
                    + " dead_end_state, error, queued FROM merge_record WHERE queued = 1 ORDER BY error DESC, id LIMIT 1")) {
                return r.next() ? Optional.of(merge(r)) : Optional.<MergeRecord>empty();
            }
        });
    }

    public void dequeue(long mergeId) {
        project.write(SECONDARY, c -> {
            try (PreparedStatement p = c.prepareStatement("UPDATE merge_record SET queued = 0 WHERE id = ?")) {
                p.setLong(1, mergeId);
                p.executeUpdate();
            }
            return null;
        });
    }

    public List<ClothStateRecord> states() {
        return project.read(c -> {
            List<ClothStateRecord> out = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(
                    "SELECT id, garment_id, primary_node, frame_id, classes FROM cloth_state ORDER BY id")) {
                while (r.next()) {
                    out.add(new ClothStateRecord(r.getLong(1), r.getLong(2), r.getLong(3), r.getLong(4), r.getString(5)));
                }
            }
            return out;
        });
    }

    public List<ClothTransition> transitions() {
        return project.read(c -> {
            List<ClothTransition> out = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(
                    "SELECT id, src, dst, primary_edge, merged FROM cloth_transition ORDER BY id")) {
                while (r.next()) {
                    out.add(new ClothTransition(r.getLong(1), r.getLong(2), r.getLong(3), r.getLong(4), r.getInt(5) != 0));
                }
            }
            return out;
        });
    }

    public List<MergeRecord> merges() {
        return project.read(c -> {
            List<MergeRecord> out = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(
                    "SELECT id, transition_id, dead_end_state, error, queued FROM merge_record ORDER BY id")) {
                while (r.next()) {
                    out.add(merge(r));
                }
            }
            return out;
        });
    }

    private static MergeRecord merge(ResultSet r) throws SQLException {
        return new MergeRecord(r.getLong(1), r.getLong(2), r.getLong(3), r.getDouble(4), r.getInt(5) != 0);
    }
}
