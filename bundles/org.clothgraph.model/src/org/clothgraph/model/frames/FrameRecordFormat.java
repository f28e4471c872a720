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
