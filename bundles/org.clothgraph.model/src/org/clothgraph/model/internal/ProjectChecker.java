package org.clothgraph.model.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.clothgraph.model.CheckReport;
import org.clothgraph.model.CheckReport.Reclaimable;
import org.clothgraph.model.CheckReport.Violation;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.LockHolder;
import org.clothgraph.model.ProjectFormat;
import org.clothgraph.model.StorageException;
import org.clothgraph.model.frames.FrameLocation;
import org.clothgraph.model.frames.FrameReferences;
import org.clothgraph.model.frames.FrameStore;
import org.clothgraph.model.internal.FileDigests.Digest;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/** Verifies every invariant of a stored project and reports each violation (the {@code check} command). */
public final class ProjectChecker {
    private final Project project;
    private final List<Violation> violations = new ArrayList<>();
    private final List<String> checked = new ArrayList<>();
    private final List<Reclaimable> reclaimable = new ArrayList<>();

    public ProjectChecker(Project project) {
        this.project = project;
    }

    public CheckReport run(IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Checking " + project.folder(), 100);
        section("database integrity", this::checkDatabase);
        section("referenced files", this::checkFiles);
        section("vertex groups", this::checkVertexGroups);
        section("primary graph", this::checkPrimaryGraph);
        section("secondary graph", this::checkSecondaryGraph);
        section("frame references", this::checkFrameReferences);
        sub.worked(10);
        try {
            checkFrames(sub.split(85));
        } catch (RuntimeException e) {
            couldNotCheck("frame records", e);
        }
        try {
            checkSegments();
        } catch (RuntimeException e) {
            couldNotCheck("segment files", e);
        }
        return new CheckReport(violations, checked, reclaimable);
    }

    private interface SectionCheck {
        void run(Connection c) throws SQLException;
    }

    /** Runs one group of checks in its own read; a failure to read is itself reported and the next group runs. */
    private void section(String name, SectionCheck check) {
        try {
            project.read(c -> {
                check.run(c);
                return null;
            });
        } catch (RuntimeException e) {
            couldNotCheck(name, e);
        }
    }

    private void couldNotCheck(String name, RuntimeException e) {
        String what = e instanceof StorageException || e instanceof InvalidInputException ? e.getMessage()
                : e.toString();
        violations.add(new Violation("check", name + " could not be checked: " + what));
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
        checked.add("referenced files are inside the project folder, exist and match the SHA-256 recorded when"
                + " ClothGraph stored them");
        query(c, "SELECT name, file FROM clip", r -> requireFile(c, "clip " + r.getString(1), "file", r.getString(2)));
        query(c, "SELECT name, skeleton_file, body_file FROM character", r -> {
            requireFile(c, "character " + r.getString(1) + " (skeleton)", "skeleton_file", r.getString(2));
            if (r.getString(3) != null) {
                requireFile(c, "character " + r.getString(1) + " (body)", "body_file", r.getString(3));
            }
        });
        query(c, "SELECT name, mesh_file FROM garment",
                r -> requireFile(c, "garment " + r.getString(1), "mesh_file", r.getString(2)));
        query(c, "SELECT name, file FROM compressed_db",
                r -> requireFile(c, "database " + r.getString(1), "file", r.getString(2)));
        // the motion a simulation run was simulated along, kept with it (runs stored before that have none)
        try (PreparedStatement p = c.prepareStatement("SELECT key, value FROM setting WHERE scope = ? ORDER BY key")) {
            p.setString(1, FrameReferences.RUNS_SCOPE);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    String motion = runMotionFile(r.getString(2));
                    if (motion != null) {
                        requireFile(c, "run " + r.getString(1), "motionFile", motion);
                    }
                }
            }
        }
    }

    /** A run report's motionFile, or null (none, or an unreadable report: that is reported with the frame references). */
    private static String runMotionFile(String json) {
        try {
            com.google.gson.JsonElement e = com.google.gson.JsonParser.parseString(json).getAsJsonObject().get("motionFile");
            return e == null || e.isJsonNull() ? null : e.getAsString();
        } catch (RuntimeException | StackOverflowError e) {
            return null;
        }
    }

    private void checkVertexGroups(Connection c) throws SQLException {
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

    private void requireFile(Connection c, String what, String field, String relative) throws SQLException {
        Path f;
        try {
            f = project.file(what + ", field " + field, relative);
        } catch (InvalidInputException e) {
            violations.add(new Violation(what, e.getMessage()));
            return;
        }
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
        checked.add("primary graph strongly connected (every pose reaches every other)");
        org.clothgraph.model.PrimaryGraph graph = project.primaryGraph();
        List<Long> outside = graph.notMutuallyReachable();
        if (!outside.isEmpty()) {
            violations.add(new Violation("primary graph", "not strongly connected: " + outside.size() + " of "
                    + graph.nodes().size() + " nodes do not reach primary node " + graph.nodes().get(0).id()
                    + " and back (e.g. " + outside.subList(0, Math.min(5, outside.size())) + ")"));
        }
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

    private void checkFrameReferences(Connection c) throws SQLException {
        checked.add("run reports name stored frames");
        FrameReferences refs = FrameReferences.read(c);
        for (String problem : refs.problems()) {
            violations.add(new Violation("frame references", problem));
        }
        for (FrameReferences.RunFrames run : refs.runs()) {
            String range = "frames " + run.first() + ".." + run.last();
            if (run.frames() <= 0 || run.first() <= 0 || run.last() - run.first() + 1 != run.frames()) {
                violations.add(new Violation("run " + run.runId(), "names " + range + ", which are not its "
                        + run.frames() + " frames"));
                continue;
            }
            long present;
            try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM frame WHERE id BETWEEN ? AND ?")) {
                p.setLong(1, run.first());
                p.setLong(2, run.last());
                try (ResultSet r = p.executeQuery()) {
                    present = r.next() ? r.getLong(1) : 0;
                }
            }
            if (present != run.frames()) {
                violations.add(new Violation("run " + run.runId(), "names " + range + "; " + (run.frames() - present)
                        + " of them are missing from the frame store"));
            }
        }
        checked.add("staged initialisation branches name stored frames");
        query(c, "SELECT id, record FROM init_branch", r -> {
            long[] ids = FrameReferences.branchFrames(r.getString(2));
            for (long f : ids == null ? new long[0] : ids) {
                if (!frameExists(c, f)) {
                    violations.add(new Violation("staged initialisation branch " + r.getLong(1), "frame " + f
                            + " is missing from the frame store"));
                    break;
                }
            }
        });
        checkOrphans(c, refs);
    }

    /** Frames nothing refers to and no work in flight claims: orphans, in ranges of consecutive ids. */
    private void checkOrphans(Connection c, FrameReferences refs) throws SQLException {
        FrameStore store = project.frames();
        List<long[]> ranges = new ArrayList<>(); // first id, last id, bytes
        long orphans = 0;
        long claimed = 0;
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT id, vertex_count FROM frame ORDER BY id")) {
            long prev = Long.MIN_VALUE;
            while (r.next()) {
                long id = r.getLong(1);
                if (refs.referenced(id)) {
                    continue;
                }
                if (store.claimant(id) != null) {
                    claimed++;
                    continue;
                }
                orphans++;
                long bytes = 32L + 24L * Math.max(0, r.getInt(2));
                long[] last = ranges.isEmpty() ? null : ranges.get(ranges.size() - 1);
                if (last != null && prev == id - 1 && last[1] == prev) {
                    last[1] = id;
                    last[2] += bytes;
                } else {
                    ranges.add(new long[] { id, id, bytes });
                }
                prev = id;
            }
        }
        LockHolder other = project.otherWriter();
        if (other != null) {
            checked.add("orphan frames: not judged, " + orphans + " unreferenced frames may belong to work in flight in"
                    + " the process writing the project (" + other.describe() + ")");
            return;
        }
        checked.add("orphan frames (no cloth state, transition, staged initialisation branch, run report or work in"
                + " flight refers to them)" + (claimed > 0 ? "; " + claimed + " frames are claimed by work in flight ("
                        + String.join(", ", store.worksInFlight()) + ")" : ""));
        // one line per range of consecutive ids; past MAX_LISTED ranges, one line for the rest
        int listed = ranges.size() <= MAX_LISTED ? ranges.size() : MAX_LISTED - 1;
        for (int i = 0; i < listed; i++) {
            long[] range = ranges.get(i);
            long n = range[1] - range[0] + 1;
            reclaimable.add(new Reclaimable(range[0] == range[1] ? "frame " + range[0] : "frames " + range[0] + ".."
                    + range[1], String.format(java.util.Locale.ROOT, "%s nothing refers to (%,d bytes); clothgraph gc"
                            + " collects %s", n == 1 ? "an orphan frame" : n + " orphan frames", range[2],
                            n == 1 ? "it" : "them"), range[2]));
        }
        if (listed < ranges.size()) {
            long frames = 0;
            long bytes = 0;
            for (long[] range : ranges.subList(listed, ranges.size())) {
                frames += range[1] - range[0] + 1;
                bytes += range[2];
            }
            reclaimable.add(new Reclaimable("frames " + ranges.get(listed)[0] + "..", String.format(java.util.Locale.ROOT,
                    "%,d more orphan frames in %d ranges (%,d bytes); clothgraph gc collects them", frames,
                    ranges.size() - listed, bytes), bytes));
        }
    }

    private void checkFrames(IProgressMonitor monitor) {
        checked.add("frame checksums and record format version");
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
            try {
                project.frames().validate(loc);
                if (p.length != loc.vertexCount() * 3) {
                    p = new float[loc.vertexCount() * 3];
                    v = new float[loc.vertexCount() * 3];
                }
                project.frames().read(loc, p, v);
            } catch (InvalidInputException | StorageException e) {
                violations.add(new Violation("frame " + loc.frameId(), e.getMessage()));
            }
        }
    }

    /** Bytes of segment files that no indexed frame covers: nobody can reach them, so say so. */
    private void checkSegments() {
        checked.add("segment files hold only indexed frames");
        FrameStore store = project.frames();
        Map<Integer, Long> covered = project.read(c -> {
            Map<Integer, Long> m = new TreeMap<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(
                    "SELECT segment, SUM(32 + 24 * vertex_count) FROM frame GROUP BY segment")) {
                while (r.next()) {
                    m.put(r.getInt(1), r.getLong(2));
                }
            }
            return m;
        });
        LockHolder other = project.otherWriter();
        boolean inFlight = other != null || store.writing();
        List<Path> segments = new ArrayList<>();
        if (Files.isDirectory(store.folder())) {
            try (java.util.stream.Stream<Path> files = Files.list(store.folder())) {
                files.filter(f -> f.getFileName().toString().matches("segment-\\d{5,9}\\.cgf")).sorted()
                        .forEach(segments::add);
            } catch (IOException e) {
                throw new StorageException("cannot list " + store.folder() + ": " + e.getMessage(), e);
            }
        }
        for (Path f : segments) {
            String name = f.getFileName().toString();
            int number = Integer.parseInt(name.substring(8, name.length() - 4));
            long size;
            try {
                size = Files.size(f);
            } catch (IOException e) {
                violations.add(new Violation(ProjectFormat.FRAMES_FOLDER + "/" + name, "unreadable: " + e.getMessage()));
                continue;
            }
            long unreachable = size - covered.getOrDefault(number, 0L);
            if (unreachable <= 0) {
                continue;
            }
            if (inFlight) {
                checked.add(ProjectFormat.FRAMES_FOLDER + "/" + name + ": " + unreachable + " unindexed bytes not judged:"
                        + " frames are being written (" + (other != null ? other.describe() : "this process") + ")");
                continue;
            }
            reclaimable.add(new Reclaimable(ProjectFormat.FRAMES_FOLDER + "/" + name, String.format(java.util.Locale.ROOT,
                    "%,d bytes no indexed frame covers (left by an interrupted write or by collected frames);"
                            + " clothgraph gc reclaims them", unreachable), unreachable));
        }
    }

    private static final int MAX_LISTED = 20;

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
