package org.clothgraph.model.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.StorageException;

/**
 * SHA-256 and size of the files a project references (clips, garments, the character, compressed databases),
 * kept in table {@code file_digest} so {@code check} can tell a damaged file from the one ClothGraph stored.
 */
public final class FileDigests {
    /** Every file the project references, by its stored relative path. */
    private static final String REFERENCED = "SELECT file FROM clip UNION SELECT skeleton_file FROM character"
            + " UNION SELECT body_file FROM character WHERE body_file IS NOT NULL UNION SELECT mesh_file FROM garment"
            + " UNION SELECT file FROM compressed_db";

    /** A file's SHA-256 (lower-case hex) and length. */
    public record Digest(String sha256, long bytes) {
        /** "sha256 3f2a9c0d1e4b…, 12,345 bytes" */
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "sha256 %s…, %,d bytes", sha256.substring(0, 12), bytes);
        }
    }

    private FileDigests() {
    }

    public static Digest of(Path file) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        long bytes = 0;
        byte[] buf = new byte[64 * 1024];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0;) {
                sha.update(buf, 0, n);
                bytes += n;
            }
        }
        return new Digest(HexFormat.of().formatHex(sha.digest()), bytes);
    }

    /** Records the digest of {@code relative} (a path under {@code folder}, as the project stores it). */
    public static void record(Connection c, Path folder, String relative) throws SQLException {
        Path file = ProjectPaths.confine(folder, folder.resolve(org.clothgraph.model.ProjectFormat.DATABASE_FILE),
                "file " + relative, relative);
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException(file, null, "file missing: a project file must be written before it is"
                    + " registered");
        }
        Digest d;
        try {
            d = of(file);
        } catch (IOException e) {
            throw new StorageException("cannot read " + file + ": " + e.getMessage(), e);
        }
        try (PreparedStatement p = c.prepareStatement(
                "INSERT OR REPLACE INTO file_digest(file, sha256, bytes) VALUES (?, ?, ?)")) {
            p.setString(1, relative);
            p.setString(2, d.sha256());
            p.setLong(3, d.bytes());
            p.executeUpdate();
        }
    }

    /** Records the digest of every referenced file that exists (a missing one stays for check to report). */
    public static void recordAll(Connection c, Path folder) throws SQLException {
        List<String> files = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(REFERENCED)) {
            while (r.next()) {
                files.add(r.getString(1));
            }
        }
        for (String f : files) {
            Path file;
            try {
                file = ProjectPaths.confine(folder, folder.resolve(org.clothgraph.model.ProjectFormat.DATABASE_FILE),
                        "file " + f, f);
            } catch (org.clothgraph.model.InvalidInputException e) {
                continue; // a reference out of the folder gets no digest; check refuses it
            }
            if (Files.isRegularFile(file)) {
                record(c, folder, f);
            }
        }
    }

    /** The recorded digest of {@code relative}; null when none was recorded. */
    public static Digest recorded(Connection c, String relative) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT sha256, bytes FROM file_digest WHERE file = ?")) {
            p.setString(1, relative);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? new Digest(r.getString(1), r.getLong(2)) : null;
            }
        }
    }
}
