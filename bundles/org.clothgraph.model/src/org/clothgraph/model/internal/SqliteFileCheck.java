package org.clothgraph.model.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.clothgraph.model.InvalidInputException;

/**
 * Reads an SQLite file header without opening the database, so a truncated or foreign file is refused
 * before SQLite could touch it (the user's data is never overwritten by a recovery attempt).
 */
public final class SqliteFileCheck {
    private static final byte[] MAGIC = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

    private SqliteFileCheck() {
    }

    public static void verify(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size < 100) {
                throw new InvalidInputException(file, "header", "not a ClothGraph database (file has " + size
                        + " bytes; truncated or empty)");
            }
            ByteBuffer h = ByteBuffer.allocate(100);
            while (h.hasRemaining() && ch.read(h, h.position()) > 0) {
                // fill
            }
            h.flip();
            for (int i = 0; i < MAGIC.length; i++) {
                if (h.get(i) != MAGIC[i]) {
                    throw new InvalidInputException(file, "header", "not an SQLite database");
                }
            }
            int pageSize = Short.toUnsignedInt(h.getShort(16));
            if (pageSize == 1) {
                pageSize = 65536;
            }
            if (pageSize < 512 || Integer.bitCount(pageSize) != 1) {
                throw new InvalidInputException(file, "header", "corrupt database header (page size " + pageSize + ")");
            }
            long changeCounter = Integer.toUnsignedLong(h.getInt(24));
            long pageCount = Integer.toUnsignedLong(h.getInt(28));
            long validFor = Integer.toUnsignedLong(h.getInt(92));
            if (size % pageSize != 0) {
                throw new InvalidInputException(file, "size", "database is truncated (" + size
                        + " bytes is not a whole number of " + pageSize + "-byte pages)");
            }
            // The in-header page count is authoritative only when the change counters agree (SQLite file format 1.3.8).
            if (changeCounter == validFor && pageCount * pageSize > size) {
                throw new InvalidInputException(file, "size", "database is truncated (" + size + " bytes, header says "
                        + pageCount * pageSize + ")");
            }
        } catch (IOException e) {
            throw new InvalidInputException(file, null, "cannot read database: " + e.getMessage(), e);
        }
    }
}
