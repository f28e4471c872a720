package org.clothgraph.model.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.ProjectFormat;
import org.clothgraph.model.WriterWait;
import org.sqlite.JDBC;

/**
 * The project's SQLite connection. WAL journal with synchronous=FULL: a killed process leaves either
 * the old or the new graph, never half of a transaction.
 */
public final class Database {
    /**
     * Connections this JVM has open, by the database's real path. Closing any descriptor of a file drops all of
     * the process's POSIX locks on it, SQLite's included: the header check, which opens and closes the file
     * itself, must not run while this JVM has the database open, or another process closing its connection
     * would take itself for the last one and reset the WAL under ours.
     */
    private static final Map<Path, Integer> OPEN = new HashMap<>();

    private final Path file;
    private final Connection connection;

    private Database(Path file, Connection connection) {
        this.file = file;
        this.connection = connection;
    }

    public static Database create(Path file, String projectName) throws SQLException {
        Database db = new Database(file, connect(file, false));
        try (Statement s = db.connection.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL");
        }
        db.connection.setAutoCommit(false);
        Schema.create(db.connection);
        try (PreparedStatement p = db.connection.prepareStatement("INSERT INTO meta(key, value) VALUES (?, ?)")) {
            p.setString(1, "formatVersion");
            p.setString(2, Integer.toString(ProjectFormat.VERSION));
            p.executeUpdate();
            p.setString(1, "name");
            p.setString(2, projectName);
            p.executeUpdate();
        }
        db.connection.commit();
        return db;
    }

    /**
     * Opens an existing project database, refusing truncated, corrupt or newer-format files untouched. An older
     * format is migrated in place, which is a write: {@code writer} is acquired first (and stays held).
     */
    public static Database open(Path file, WriterLock writer) {
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException(file, null, "no ClothGraph project here (database file missing)");
        }
        Connection c = null;
        try {
            c = connect(file, true);
            int version = readFormatVersion(file, c);
            if (version > ProjectFormat.VERSION) {
                throw new InvalidInputException(file, "meta.formatVersion", "project format version " + version
                        + " is newer than this ClothGraph supports (" + ProjectFormat.VERSION + "); upgrade ClothGraph");
            }
            if (version < 1) {
                throw new InvalidInputException(file, "meta.formatVersion", "invalid project format version " + version);
            }
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("PRAGMA quick_check")) {
                String result = r.next() ? r.getString(1) : "no result";
                if (!"ok".equals(result)) {
                    throw new InvalidInputException(file, "content", "database is corrupt: " + firstLine(result));
                }
            }
            if (version < ProjectFormat.VERSION) {
                // older projects are upgraded in place, in one transaction (all or nothing), by the one writer
                writer.acquire(WriterWait.REFUSE);
                version = readFormatVersion(file, c);
            }
            c.setAutoCommit(false);
            if (version < ProjectFormat.VERSION) {
                Schema.migrate(c, version, file.getParent());
                c.commit();
            }
            Schema.verify(c, file);
            c.rollback(); // ends the read transaction of the verification: no snapshot stays pinned
            return new Database(file, c);
        } catch (SQLException e) {
            closeQuietly(file, c);
            throw new InvalidInputException(file, "content", "database is unreadable: " + firstLine(e.getMessage()), e);
        } catch (RuntimeException e) {
            closeQuietly(file, c);
            throw e;
        }
    }

    private static int readFormatVersion(Path file, Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT value FROM meta WHERE key = 'formatVersion'")) {
            if (!r.next()) {
                throw new InvalidInputException(file, "meta.formatVersion", "format version missing");
            }
            try {
                return Integer.parseInt(r.getString(1).trim());
            } catch (NumberFormatException e) {
                throw new InvalidInputException(file, "meta.formatVersion", "format version is not a number: "
                        + r.getString(1));
            }
        } catch (SQLException e) {
            if (e.getMessage() != null && e.getMessage().contains("no such table")) {
                throw new InvalidInputException(file, "meta", "not a ClothGraph project database");
            }
            throw e;
        }
    }

    /** Connects and registers the connection in {@link #OPEN}; verifies the header first when asked and safe. */
    private static Connection connect(Path file, boolean verifyHeader) throws SQLException {
        synchronized (OPEN) {
            Path key = key(file);
            if (verifyHeader && !OPEN.containsKey(key)) {
                SqliteFileCheck.verify(file);
            }
            Connection c = driverConnect(file);
            OPEN.merge(key, 1, Integer::sum);
            return c;
        }
    }

    private static void closeRegistered(Path file, Connection c) throws SQLException {
        synchronized (OPEN) {
            try {
                c.close();
            } finally {
                OPEN.computeIfPresent(key(file), (k, n) -> n == 1 ? null : n - 1);
            }
        }
    }

    private static Path key(Path file) {
        try {
            return file.toRealPath();
        } catch (IOException e) {
            return file.toAbsolutePath().normalize();
        }
    }

    private static Connection driverConnect(Path file) throws SQLException {
        Properties p = new Properties();
        p.setProperty("foreign_keys", "true");
        p.setProperty("synchronous", "FULL");
        p.setProperty("busy_timeout", "10000");
        // Through the driver class, not DriverManager's service lookup, which OSGi class loaders hide.
        Connection c = new JDBC().connect(JDBC.PREFIX + file.toAbsolutePath(), p);
        if (c == null) {
            throw new SQLException("SQLite driver refused " + file);
        }
        return c;
    }

    private static void closeQuietly(Path file, Connection c) {
        if (c != null) {
            try {
                closeRegistered(file, c);
            } catch (SQLException e) {
                // already failing; the first error is the one to report
            }
        }
    }

    static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    public Path file() {
        return file;
    }

    public Connection connection() {
        return connection;
    }

    /**
     * Ends the current read transaction. With autocommit off SQLite keeps a read transaction open after a query;
     * in WAL mode it pins the snapshot, so the connection would neither see other processes' commits nor be able
     * to write after them (SQLITE_BUSY_SNAPSHOT). Nothing is written in a read, so rolling back loses nothing.
     */
    public void endRead() throws SQLException {
        connection.rollback();
    }

    /**
     * Closes the connection; the writer also checkpoints the WAL into the database file. A reader does not:
     * a TRUNCATE checkpoint waits for the writer (up to the busy timeout) while one is active.
     */
    public void close(boolean checkpoint) throws SQLException {
        try (Statement s = connection.createStatement()) {
            connection.commit();
            if (checkpoint) {
                s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
            }
        } finally {
            closeRegistered(file, connection);
        }
    }
}
