package org.clothgraph.model.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.ProjectFormat;
import org.sqlite.JDBC;

/**
 * The project's SQLite connection. WAL journal with synchronous=FULL: a killed process leaves either
 * the old or the new graph, never half of a transaction.
 */
public final class Database implements AutoCloseable {
    private final Path file;
    private final Connection connection;

    private Database(Path file, Connection connection) {
        this.file = file;
        this.connection = connection;
    }

    public static Database create(Path file, String projectName) throws SQLException {
        Database db = new Database(file, connect(file));
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

    /** Opens an existing project database, refusing truncated, corrupt or newer-format files untouched. */
    public static Database open(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException(file, null, "no ClothGraph project here (database file missing)");
        }
        SqliteFileCheck.verify(file);
        Connection c = null;
        try {
            c = connect(file);
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
                    throw new InvalidInputException(file, null, "database is corrupt: " + result);
                }
            }
            c.setAutoCommit(false);
            if (version < ProjectFormat.VERSION) {
                // older projects are upgraded in place, in one transaction (all or nothing)
                Schema.migrate(c, version);
                c.commit();
            }
            return new Database(file, c);
        } catch (SQLException e) {
            closeQuietly(c);
            throw new InvalidInputException(file, null, "database is unreadable: " + firstLine(e.getMessage()), e);
        } catch (RuntimeException e) {
            closeQuietly(c);
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

    private static Connection connect(Path file) throws SQLException {
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

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
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

    @Override
    public void close() throws SQLException {
        try (Statement s = connection.createStatement()) {
            connection.commit();
            s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
        } finally {
            connection.close();
        }
    }
}
