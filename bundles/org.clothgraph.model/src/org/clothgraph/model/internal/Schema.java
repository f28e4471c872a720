package org.clothgraph.model.internal;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;

/**
 * The SQLite schema (format version 2): graph and metadata; bulk cloth frames live in the frame store.
 * Version 2 added the secondary graph's exploration state (state status, blended inner frames, plain and
 * cross-class merge errors, quarantine, the exploration log, initialisation staging) and file digests.
 */
public final class Schema {
    private static final String[] TABLES = {
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE character (id INTEGER PRIMARY KEY CHECK (id = 1), name TEXT NOT NULL, skeleton_file TEXT NOT NULL,"
            + " body_file TEXT, joints INTEGER NOT NULL, height REAL NOT NULL)",
        "CREATE TABLE garment (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, mesh_file TEXT NOT NULL,"
            + " material TEXT NOT NULL, vertex_count INTEGER NOT NULL)",
        "CREATE TABLE vertex_group (garment_id INTEGER NOT NULL REFERENCES garment(id) ON DELETE CASCADE,"
            + " name TEXT NOT NULL, vertices BLOB NOT NULL, PRIMARY KEY (garment_id, name))",
        "CREATE TABLE clip (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, file TEXT NOT NULL, fps REAL NOT NULL,"
            + " frame_count INTEGER NOT NULL, excluded INTEGER NOT NULL DEFAULT 0)",
        "CREATE TABLE primary_node (id INTEGER PRIMARY KEY, clip_id INTEGER NOT NULL REFERENCES clip(id),"
            + " frame INTEGER NOT NULL)",
        "CREATE TABLE primary_edge (id INTEGER PRIMARY KEY, src INTEGER NOT NULL REFERENCES primary_node(id),"
            + " dst INTEGER NOT NULL REFERENCES primary_node(id), kind TEXT NOT NULL CHECK (kind IN ('CLIP','TRANSITION')),"
            + " distance REAL NOT NULL)",
        "CREATE TABLE frame (id INTEGER PRIMARY KEY, segment INTEGER NOT NULL, offset INTEGER NOT NULL,"
            + " vertex_count INTEGER NOT NULL, crc INTEGER NOT NULL)",
        "CREATE TABLE cloth_state (id INTEGER PRIMARY KEY, garment_id INTEGER NOT NULL REFERENCES garment(id),"
            + " primary_node INTEGER NOT NULL REFERENCES primary_node(id), frame_id INTEGER NOT NULL REFERENCES frame(id),"
            + " classes TEXT NOT NULL DEFAULT '')",
        "CREATE TABLE cloth_transition (id INTEGER PRIMARY KEY, src INTEGER NOT NULL REFERENCES cloth_state(id),"
            + " dst INTEGER NOT NULL REFERENCES cloth_state(id), primary_edge INTEGER NOT NULL REFERENCES primary_edge(id),"
            + " merged INTEGER NOT NULL DEFAULT 0)",
        "CREATE TABLE merge_record (id INTEGER PRIMARY KEY, transition_id INTEGER NOT NULL REFERENCES cloth_transition(id),"
            + " dead_end_state INTEGER REFERENCES cloth_state(id), error REAL NOT NULL, queued INTEGER NOT NULL DEFAULT 1)",
        "CREATE TABLE setting (scope TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (scope, key))",
        "CREATE TABLE compressed_db (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, file TEXT NOT NULL,"
            + " basis_vectors INTEGER NOT NULL, bytes INTEGER NOT NULL)",
        "CREATE INDEX primary_edge_src ON primary_edge(src)",
        "CREATE INDEX cloth_transition_src ON cloth_transition(src)",
        "CREATE INDEX cloth_state_node ON cloth_state(primary_node)",
        "CREATE INDEX merge_queue ON merge_record(queued, error)",
    };

    /** Version 1 -> 2: applied in order by {@link #migrate}; a fresh project gets them right after {@link #TABLES}. */
    private static final String[] VERSION_2 = {
        // live: has every outgoing transition; merged: a dead end merged away (undoable)
        "ALTER TABLE cloth_state ADD COLUMN status TEXT NOT NULL DEFAULT 'live'",
        "ALTER TABLE cloth_state ADD COLUMN round INTEGER NOT NULL DEFAULT 0",
        // frame ids (int64 little endian) strictly between src and dst along a blended primary transition
        "ALTER TABLE cloth_transition ADD COLUMN inner_frames BLOB",
        "ALTER TABLE merge_record ADD COLUMN plain_error REAL NOT NULL DEFAULT 0",
        "ALTER TABLE merge_record ADD COLUMN cross_class INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE merge_record ADD COLUMN quarantine TEXT",
        "CREATE INDEX cloth_transition_dst ON cloth_transition(dst)",
        "CREATE INDEX merge_transition ON merge_record(transition_id)",
        "CREATE TABLE exploration_log (id INTEGER PRIMARY KEY, round INTEGER NOT NULL, simulated_frames INTEGER NOT NULL,"
            + " states INTEGER NOT NULL, queue INTEGER NOT NULL, quarantined INTEGER NOT NULL,"
            + " worst_error REAL NOT NULL, median_error REAL NOT NULL, cross_class INTEGER NOT NULL,"
            + " cpu_seconds REAL NOT NULL, bookkeeping_seconds REAL NOT NULL, wall_seconds REAL NOT NULL,"
            + " time TEXT NOT NULL)",
        "CREATE TABLE init_branch (id INTEGER PRIMARY KEY, record TEXT NOT NULL)",
        "CREATE TABLE file_digest (file TEXT PRIMARY KEY, sha256 TEXT NOT NULL, bytes INTEGER NOT NULL)",
    };

    /** Table name to its columns, as {@link #create} makes them; filled on first use. */
    private static volatile Map<String, Set<String>> expected;

    private Schema() {
    }

    /**
     * Refuses a database whose tables or columns are not those of the current format (a foreign or damaged file that
     * SQLite itself reads without complaint): every table and column the current schema has must be there.
     */
    public static void verify(Connection c, Path file) throws SQLException {
        Map<String, Set<String>> want = expected();
        Map<String, Set<String>> have = columns(c);
        for (Map.Entry<String, Set<String>> t : want.entrySet()) {
            Set<String> columns = have.get(t.getKey());
            if (columns == null) {
                throw new org.clothgraph.model.InvalidInputException(file, "table " + t.getKey(), "missing: not a"
                        + " ClothGraph project database of format " + org.clothgraph.model.ProjectFormat.VERSION);
            }
            for (String column : t.getValue()) {
                if (!columns.contains(column)) {
                    throw new org.clothgraph.model.InvalidInputException(file, "table " + t.getKey() + ", column "
                            + column, "missing: not a ClothGraph project database of format "
                                    + org.clothgraph.model.ProjectFormat.VERSION);
                }
            }
        }
    }

    private static Map<String, Set<String>> expected() throws SQLException {
        Map<String, Set<String>> e = expected;
        if (e == null) {
            try (Connection m = new org.sqlite.JDBC().connect(org.sqlite.JDBC.PREFIX + ":memory:", new Properties())) {
                create(m);
                e = columns(m);
            }
            expected = e;
        }
        return e;
    }

    private static Map<String, Set<String>> columns(Connection c) throws SQLException {
        Map<String, Set<String>> out = new TreeMap<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")) {
            while (r.next()) {
                out.put(r.getString(1), new HashSet<>());
            }
        }
        for (Map.Entry<String, Set<String>> t : out.entrySet()) {
            try (PreparedStatement p = c.prepareStatement("SELECT name FROM pragma_table_info(?)")) {
                p.setString(1, t.getKey());
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        t.getValue().add(r.getString(1));
                    }
                }
            }
        }
        return out;
    }

    public static void create(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : TABLES) {
                s.executeUpdate(sql);
            }
            for (String sql : VERSION_2) {
                s.executeUpdate(sql);
            }
        }
    }

    /**
     * Upgrades a database of {@code fromVersion} to the current version inside the caller's transaction;
     * {@code folder} is the project folder, whose files get their digests.
     */
    public static void migrate(Connection c, int fromVersion, Path folder) throws SQLException {
        try (Statement s = c.createStatement()) {
            if (fromVersion < 2) {
                for (String sql : VERSION_2) {
                    s.executeUpdate(sql);
                }
                // Version 1 kept no digests: record the referenced files as they are now. There is nothing older to
                // compare them with, so damage done before the migration goes unnoticed.
                FileDigests.recordAll(c, folder);
            }
            s.executeUpdate("UPDATE meta SET value = '" + org.clothgraph.model.ProjectFormat.VERSION
                    + "' WHERE key = 'formatVersion'");
        }
    }
}
