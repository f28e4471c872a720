package org.clothgraph.model.frames;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * Layout of one frame record in a segment file: a 32-byte header (magic, version, frame id, vertex
 * count, CRC-32C of the payload) and a little-endian float32 payload (positions then velocities).
 */
final class FrameRecordFormat {
    static final int MAGIC = 0x43474652; // "CGFR"
    static final int VERSION = 1;
    static final int HEADER_BYTES = 32;
    /** Segments roll over past this size so no single file grows without bound. */
    static final long SEGMENT_BYTES = 1L << 30;
    /** The most vertices a record can have: one record fills at most a whole segment. */
    static final int MAX_VERTICES = (int) ((SEGMENT_BYTES - HEADER_BYTES) / (3 * 4 * 2));

    private FrameRecordFormat() {
    }

    static int payloadBytes(int vertexCount) {
        return vertexCount * 3 * 4 * 2;
    }

    static long recordBytes(int vertexCount) {
        return HEADER_BYTES + (long) payloadBytes(vertexCount);
    }

    static String segmentName(int segment) {
        return String.format("segment-%05d.cgf", segment);
    }

    /** The number of a segment file name, or -1 when {@code name} is not one. */
    static int segmentNumber(String name) {
        if (!name.matches("segment-\\d{5,9}\\.cgf")) {
            return -1;
        }
        return Integer.parseInt(name.substring(8, name.length() - 4));
    }

    /** Meta key of the next frame id: ids are never reused, even after collected frames left the index. */
    static final String NEXT_ID_KEY = "frames.nextId";

    static void raiseNextId(java.sql.Connection c, long next) throws java.sql.SQLException {
        try (java.sql.PreparedStatement p = c.prepareStatement("INSERT INTO meta(key, value) VALUES (?, ?)"
                + " ON CONFLICT(key) DO UPDATE SET value = excluded.value"
                + " WHERE CAST(meta.value AS INTEGER) < CAST(excluded.value AS INTEGER)")) {
            p.setString(1, NEXT_ID_KEY);
            p.setString(2, Long.toString(next));
            p.executeUpdate();
        }
    }

    /** Encodes the payload into {@code payload} (cleared, little-endian) and returns its CRC. */
    static int encode(float[] positions, float[] velocities, ByteBuffer payload) {
        payload.clear().order(ByteOrder.LITTLE_ENDIAN);
        payload.asFloatBuffer().put(positions).put(velocities);
        payload.limit(payloadBytes(positions.length / 3));
        int crc = crc(payload);
        payload.position(0);
        return crc;
    }

    static void header(ByteBuffer header, long frameId, int vertexCount, int crc) {
        header.clear().order(ByteOrder.LITTLE_ENDIAN);
        header.putInt(MAGIC).putInt(VERSION).putLong(frameId).putInt(vertexCount).putInt(crc).putLong(0L);
        header.flip();
    }

    static int crc(ByteBuffer payload) {
        CRC32C c = new CRC32C();
        int pos = payload.position();
        c.update(payload);
        payload.position(pos);
        return (int) c.getValue();
    }
}
