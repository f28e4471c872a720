package org.clothgraph.model;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Little-endian int arrays as database blobs (vertex groups). */
final class Blobs {
    private Blobs() {
    }

    static byte[] fromInts(int[] values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().put(values);
        return b.array();
    }

    static int[] toInts(byte[] bytes) {
        int[] out = new int[bytes.length / 4];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out);
        return out;
    }
}
