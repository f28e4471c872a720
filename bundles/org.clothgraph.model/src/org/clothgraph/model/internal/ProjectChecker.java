package org.clothgraph.model.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.clothgraph.model.CheckReport;
import org.clothgraph.model.CheckReport.Violation;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.frames.FrameLocation;
import org.clothgraph.model.internal.FileDigests.Digest;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/** Verifies every invariant of a stored project and reports each violation (the {@code check} command). */
public final class ProjectChecker {
    private final Project project;
    private final List<Violation> violations = new ArrayList<>();
    private final List<String> checked = new ArrayList<>();

    public ProjectChecker(Project project) {
        this.project = project;
    }

    public CheckReport run(IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Checking " + project.folder(), 100);
        project.read(c -> {
            checkDatabase(c);
            checkFiles(c);
            checkPrimaryGraph(c);
            checkSecondaryGraph(c);
            return null;
        });
        sub.worked(10);
        checkFrames(sub.split(90));
        return new CheckReport(violations, checked);
    }

    private void checkDatabase(Connection c) throws SQLException {
        checked.add("database integrity");
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("PRAGMA integrity_check")) {
            while (r.next()) {
                if (!"ok".equals(r.getString(1))) {
                    violations.add(new Violation("database", r.getString(1)));
                }
            }
        }
        checked.add("referential integrity");
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("PRAGMA foreign_key_check")) {
            while (r.next()) {
                violations.add(new Violation(r.getString(1) + " row " + r.getLong(2),
                        "references a missing row of " + r.getString(3)));
            }
        }
    }

    private void checkFiles(Connection c) throws SQLException {
        checked.add("referenced files exist and match the SHA-256 recorded when ClothGraph stored them");
        query(c, "SELECT name, file FROM clip", r -> requireFile(c, "clip " + r.getString(1), r.getString(2)));
        query(c, "SELECT name, skeleton_file, body_file FROM character", r -> {
            requireFile(c, "character " + r.getString(1) + " (skeleton)", r.getString(2));
            if (r.getString(3) != null) {
                requireFile(c, "character " + r.getString(1) + " (body)", r.getString(3));
            }
        });
        query(c, "SELECT name, mesh_file FROM garment", r -> requireFile(c, "garment " + r.getString(1), r.getString(2)));
        query(c, "SELECT name, file FROM compressed_db", r -> requireFile(c, "database " + r.getString(1), r.getString(2)));
        checked.add("vertex groups");
        query(c, "SELECT g.name, v.name, v.vertices, g.vertex_count FROM vertex_group v JOIN garment g ON g.id = v.garment_id",
                r -> {
                    byte[] b = r.getBytes(3);
                    int count = r.getInt(4);
                    java.nio.IntBuffer ints = java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN).asIntBuffer();
                    while (ints.hasRemaining()) {
                        int i = ints.get();
                        if (i < 0 || i >= count) {
                            violations.add(new Violation("garment " + r.getString(1) + " group " + r.getString(2),
                                    "vertex " + i + " out of range 0.." + (count - 1)));
                            break;
                        }
                    }
                });
    }

    private void requireFile(Connection c, String what, String relative) throws SQLException {
        Path f = project.folder().resolve(relative);
        if (!Files.isRegularFile(f)) {
            violations.add(new Violation(what, "file missing: " + relative));
            return;
        }
        Digest expected = FileDigests.recorded(c, relative);
        if (expected == null) {
            violations.add(new Violation(what, relative + " has no recorded digest (stored before ClothGraph recorded"
                    + " them, or registered outside ClothGraph); its content cannot be verified"));
            return;
        }
        try {
            Digest actual = FileDigests.of(f);
            if (!actual.equals(expected)) {
                violations.add(new Violation(what, relative + " changed since import (" + actual + "; expected "
                        + expected + ")"));
            }
        } catch (IOException e) {
            violations.add(new Violation(what, relative + " is unreadable: " + e.getMessage()));
        }
    }

    private void checkPrimaryGraph(Connection c) throws SQLException {
        checked.add("primary nodes within their clips");
        query(c, "SELECT n.id, n.frame, c.frame_count, c.name FROM primary_node n JOIN clip c ON c.id = n.clip_id"
                + " WHERE n.frame < 0 OR n.frame >= c.frame_count",
                r -> violations.add(new Violation("primary node " + r.getLong(1), "frame " + r.getInt(2)
                        + " outside clip " + r.getString(4) + " (" + r.getInt(3) + " frames)")));
        checked.add("clip edges join consecutive frames");
        query(c, "SELECT e.id FROM primary_edge e JOIN primary_node a ON a.id = e.src JOIN primary_node b ON b.id = e.dst"
                + " WHERE e.kind = 'CLIP' AND (a.clip_id <> b.clip_id OR b.frame <> a.frame + 1)",
                r -> violations.add(new Violation("primary edge " + r.getLong(1), "clip edge does not join consecutive frames")));
    }

    private void checkSecondaryGraph(Connection c) throws SQLException {
        checked.add("no dead ends in the secondary graph (every live state has exactly one transition per outgoing primary edge)");
        query(c, "SELECT s.id, e.id, (SELECT COUNT(*) FROM cloth_transition t WHERE t.src = s.id AND t.primary_edge = e.id)"
                + " AS n FROM cloth_state s JOIN primary_edge e ON e.src = s.primary_node WHERE s.status = 'live' AND n <> 1"
                + " ORDER BY s.id, e.id",
                r -> violations.add(new Violation("cloth state " + r.getLong(1), r.getInt(3) == 0
                        ? "dead end (no transition for primary edge " + r.getLong(2) + ")"
                        : r.getInt(3) + " transitions for primary edge " + r.getLong(2))));
        checked.add("transitions follow primary edges");
        query(c, "SELECT t.id FROM cloth_transition t JOIN cloth_state a ON a.id = t.src JOIN cloth_state b ON b.id = t.dst"
                + " JOIN primary_edge e ON e.id = t.primary_edge WHERE e.src <> a.primary_node OR e.dst <> b.primary_node",
                r -> violations.add(new Violation("cloth transition " + r.getLong(1),
                        "does not follow its primary edge")));
        checked.add("transitions lead to live states");
        query(c, "SELECT t.id, b.id, b.status FROM cloth_transition t JOIN cloth_state a ON a.id = t.src"
                + " JOIN cloth_state b ON b.id = t.dst WHERE a.status = 'live' AND b.status <> 'live'",
                r -> violations.add(new Violation("cloth transition " + r.getLong(1), "leads to cloth state "
                        + r.getLong(2) + " which is " + r.getString(3))));
        checked.add("cloth states match their garment");
        query(c, "SELECT s.id, f.vertex_count, g.vertex_count FROM cloth_state s JOIN frame f ON f.id = s.frame_id"
                + " JOIN garment g ON g.id = s.garment_id WHERE f.vertex_count <> g.vertex_count",
                r -> violations.add(new Violation("cloth state " + r.getLong(1), "frame has " + r.getInt(2)
                        + " vertices, garment has " + r.getInt(3))));
        checked.add("queue consistency (merges, merged-away dead ends)");
        query(c, "SELECT m.id FROM merge_record m JOIN cloth_transition t ON t.id = m.transition_id WHERE t.merged = 0",
                r -> violations.add(new Violation("merge " + r.getLong(1), "its transition is not marked merged")));
        query(c, "SELECT t.id FROM cloth_transition t WHERE t.merged = 1 AND (SELECT COUNT(*) FROM merge_record m"
                + " WHERE m.transition_id = t.id) <> 1",
                r -> violations.add(new Violation("cloth transition " + r.getLong(1),
                        "merged transition without exactly one merge record")));
        query(c, "SELECT m.id, s.id, s.status FROM merge_record m JOIN cloth_state s ON s.id = m.dead_end_state"
                + " WHERE s.status <> 'merged'",
                r -> violations.add(new Violation("merge " + r.getLong(1), "its dead end, cloth state " + r.getLong(2)
                        + ", is " + r.getString(3) + ", not merged")));
        query(c, "SELECT s.id FROM cloth_state s WHERE s.status = 'merged' AND NOT EXISTS"
                + " (SELECT 1 FROM merge_record m WHERE m.dead_end_state = s.id)",
                r -> violations.add(new Violation("cloth state " + r.getLong(1),
                        "merged away, but no merge record can undo it")));
        query(c, "SELECT s.id FROM cloth_state s WHERE s.status = 'merged' AND EXISTS"
                + " (SELECT 1 FROM cloth_transition t WHERE t.src = s.id)",
                r -> violations.add(new Violation("cloth state " + r.getLong(1),
                        "merged away, but it has outgoing transitions")));
        query(c, "SELECT m.id FROM merge_record m WHERE (m.queued = 1) = (m.quarantine IS NOT NULL)",
                r -> violations.add(new Violation("merge " + r.getLong(1),
                        "must be either queued or quarantined")));
        checked.add("inner frames of transitions exist");
        query(c, "SELECT id, inner_frames FROM cloth_transition WHERE inner_frames IS NOT NULL", r -> {
            for (long f : org.clothgraph.model.Secondary.longs(r.getBytes(2))) {
                if (!frameExists(c, f)) {
                    violations.add(new Violation("cloth transition " + r.getLong(1), "inner frame " + f + " is missing"));
                    break;
                }
            }
        });
    }

    private static boolean frameExists(Connection c, long id) throws SQLException {
        try (java.sql.PreparedStatement p = c.prepareStatement("SELECT 1 FROM frame WHERE id = ?")) {
            p.setLong(1, id);
            try (ResultSet r = p.executeQuery()) {
                return r.next();
            }
        }
    }

    private void checkFrames(IProgressMonitor monitor) {
        checked.add("frame checksums");
        List<FrameLocation> locations = project.read(c -> {
            List<FrameLocation> out = new ArrayList<>();
            try (Statement s = c.createStatement();
                    ResultSet r = s.executeQuery("SELECT id, segment, offset, vertex_count, crc FROM frame ORDER BY id")) {
                while (r.next()) {
                    out.add(new FrameLocation(r.getLong(1), r.getInt(2), r.getLong(3), r.getInt(4), r.getInt(5)));
                }
            }
            return out;
        });
        SubMonitor sub = SubMonitor.convert(monitor, "Verifying " + locations.size() + " frames", locations.size());
        float[] p = new float[0];
        float[] v = new float[0];
        for (FrameLocation loc : locations) {
            sub.split(1);
            if (p.length != loc.vertexCount() * 3) {
                p = new float[loc.vertexCount() * 3];
                v = new float[loc.vertexCount() * 3];
            }
            try {
                project.frames().read(loc, p, v);
            } catch (InvalidInputException e) {
                violations.add(new Violation("frame " + loc.frameId(), e.getMessage()));
            }
        }
    }

    private interface RowCheck {
        void row(ResultSet r) throws SQLException;
    }

    private static void query(Connection c, String sql, RowCheck check) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            while (r.next()) {
                check.row(r);
            }
        }
    }
}
