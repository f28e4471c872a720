package org.clothgraph.runtime;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

import org.tukaani.xz.FinishableOutputStream;
import org.tukaani.xz.FinishableWrapperOutputStream;
import org.tukaani.xz.LZMA2InputStream;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.UnsupportedOptionsException;

/**
 * The byte-level format of a runtime database (docs/RUNTIME.md): magic, version, a table of named parts with a
 * CRC-32C each, and the helpers the writer ({@code org.clothgraph.compress}) and the reader share: raw LZMA2
 * streams (XZ for Java) and zig-zag varints. Big-endian throughout (java.io.DataOutput).
 */
public final class RuntimeFormat {
    /** The first 8 bytes of every runtime database. */
    public static final byte[] MAGIC = "CGRUNTDB".getBytes(StandardCharsets.US_ASCII);
    /** The format version this reader reads and the writer writes. */
    public static final int VERSION = 2;
    /** File name extension of runtime databases. */
    public static final String EXTENSION = ".cgrt";
    /** LZMA2 dictionary size of every compressed stream in the file (the decoder must use the same). */
    public static final int DICT_SIZE = 1 << 16;

    /** Part names, in file order. */
    public static final String META = "meta";
    public static final String MESH = "mesh";
    public static final String GRAPH = "graph";
    public static final String FRAMES = "frames";
    public static final String BASIS = "basis";
    public static final String COEFFICIENTS = "coefficients";
    static final String[] PARTS = { META, MESH, GRAPH, FRAMES, BASIS, COEFFICIENTS };

    /** Primary edge kinds as stored. */
    public static final int EDGE_CLIP = 0;
    public static final int EDGE_TRANSITION = 1;

    private RuntimeFormat() {
    }

    public static int crc(byte[] b, int off, int len) {
        CRC32C c = new CRC32C();
        c.update(b, off, len);
        return (int) c.getValue();
    }

    /** Raw LZMA2 (no container: the part CRC guards it) at the given preset. */
    public static byte[] lzma2(byte[] raw, int preset) {
        try {
            LZMA2Options options = new LZMA2Options(preset);
            options.setDictSize(DICT_SIZE);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length / 3 + 64);
            FinishableOutputStream out = options.getOutputStream(new FinishableWrapperOutputStream(bytes));
            out.write(raw);
            out.finish();
            return bytes.toByteArray();
        } catch (UnsupportedOptionsException e) {
            throw new IllegalArgumentException(e);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Inflates a raw LZMA2 stream of exactly {@code rawLength} bytes. */
    public static byte[] unlzma2(byte[] b, int off, int len, int rawLength) throws IOException {
        if (rawLength < 0) {
            throw new IOException("negative raw length " + rawLength);
        }
        // the announced length is not trusted with an allocation: the buffer grows with what the stream delivers
        byte[] raw = new byte[Math.min(rawLength, Math.max(1 << 16, 4 * len))];
        try (InputStream in = new LZMA2InputStream(new ByteArrayInputStream(b, off, len), DICT_SIZE)) {
            int n = 0;
            while (n < rawLength) {
                if (n == raw.length) {
                    raw = java.util.Arrays.copyOf(raw, (int) Math.min(rawLength, 2L * raw.length));
                }
                int got = in.read(raw, n, raw.length - n);
                if (got < 0) {
                    throw new EOFException("compressed stream ends after " + n + " of " + rawLength + " bytes");
                }
                n += got;
            }
            if (in.read() >= 0) {
                throw new IOException("compressed stream holds more than the " + rawLength + " bytes announced");
            }
        }
        return raw;
    }

    /** Appends a zig-zag varint (small magnitudes of either sign take one byte). */
    public static void putVarint(ByteArrayOutputStream out, int v) {
        int z = (v << 1) ^ (v >> 31);
        while ((z & ~0x7F) != 0) {
            out.write((z & 0x7F) | 0x80);
            z >>>= 7;
        }
        out.write(z);
    }

    /** Reads zig-zag varints from a byte array, position kept by the caller. */
    public static final class VarintReader {
        private final byte[] b;
        private int pos;

        public VarintReader(byte[] b) {
            this.b = b;
        }

        public int next() throws IOException {
            int z = 0;
            int shift = 0;
            while (true) {
                if (pos >= b.length) {
                    throw new EOFException("varint past the end");
                }
                int x = b[pos++];
                z |= (x & 0x7F) << shift;
                if ((x & 0x80) == 0) {
                    break;
                }
                shift += 7;
                if (shift > 28) {
                    throw new IOException("varint too long");
                }
            }
            return (z >>> 1) ^ -(z & 1);
        }

        public boolean atEnd() {
            return pos == b.length;
        }
    }

    /** A part's payload: a flag byte (0 raw, 1 LZMA2), its raw length, the bytes. */
    public static byte[] packPart(byte[] raw, boolean compress) {
        byte[] body = compress ? lzma2(raw, 6) : raw;
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + 5);
        out.write(compress ? 1 : 0);
        out.write(raw.length >>> 24);
        out.write(raw.length >>> 16);
        out.write(raw.length >>> 8);
        out.write(raw.length);
        out.write(body, 0, body.length);
        return out.toByteArray();
    }

    /** The raw bytes of a part packed by {@link #packPart}. */
    public static DataInputStream unpackPart(byte[] packed) throws IOException {
        if (packed.length < 5) {
            throw new EOFException("part too short");
        }
        int flag = packed[0];
        int len = ((packed[1] & 0xFF) << 24) | ((packed[2] & 0xFF) << 16) | ((packed[3] & 0xFF) << 8) | (packed[4] & 0xFF);
        byte[] raw;
        if (flag == 0) {
            if (len != packed.length - 5) {
                throw new IOException("raw part length " + len + " does not match " + (packed.length - 5));
            }
            raw = java.util.Arrays.copyOfRange(packed, 5, packed.length);
        } else if (flag == 1) {
            if (len < 0 || len > (1 << 30)) {
                throw new IOException("implausible part length " + len);
            }
            raw = unlzma2(packed, 5, packed.length - 5, len);
        } else {
            throw new IOException("unknown part encoding " + flag);
        }
        return new DataInputStream(new ByteArrayInputStream(raw));
    }
}
