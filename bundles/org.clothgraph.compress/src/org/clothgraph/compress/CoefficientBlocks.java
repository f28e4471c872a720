package org.clothgraph.compress;

import java.io.ByteArrayOutputStream;

import org.clothgraph.runtime.RuntimeFormat;

/**
 * The entropy coding beyond the paper: the columns cut into blocks of consecutive frames (random access per
 * block), each frame's integer coefficients coded as the difference from the frame it was simulated from when that
 * frame is in the same block (coefficients change little along a simulated trajectory), vector-major zig-zag
 * varints, one raw LZMA2 stream per block (XZ for Java).
 */
public final class CoefficientBlocks {
    final int[] predecessor;
    final int[] blockFirst;
    final int[] offset;
    final int[] length;
    final int[] rawLength;
    final byte[] data;
    /** The same blocks without the differences (absolute values), for the report's entropy-coding gain. */
    final long bytesWithoutDeltas;

    private CoefficientBlocks(int[] predecessor, int[] blockFirst, int[] offset, int[] length, int[] rawLength,
            byte[] data, long bytesWithoutDeltas) {
        this.predecessor = predecessor;
        this.blockFirst = blockFirst;
        this.offset = offset;
        this.length = length;
        this.rawLength = rawLength;
        this.data = data;
        this.bytesWithoutDeltas = bytesWithoutDeltas;
    }

    /**
     * @param predecessor per column the column it was simulated from (earlier in the order), or -1
     * @param blockFrames frames per block
     * @param preset LZMA2 preset (0..9)
     * @param withoutDeltas also code the blocks without differences (for the report)
     */
    public static CoefficientBlocks encode(Quantisation q, int[] predecessor, int blockFrames, int preset,
            boolean withoutDeltas) {
        int n = predecessor.length;
        int b = q.basisSize();
        int blocks = (n + blockFrames - 1) / blockFrames;
        int[] pred = new int[n];
        int[] first = new int[blocks];
        int[] off = new int[blocks];
        int[] len = new int[blocks];
        int[] raw = new int[blocks];
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        long plain = 0;
        for (int k = 0; k < blocks; k++) {
            int f0 = k * blockFrames;
            int f1 = Math.min(n, f0 + blockFrames);
            first[k] = f0;
            for (int f = f0; f < f1; f++) {
                int p = predecessor[f];
                pred[f] = p >= f0 && p < f ? p : -1;
            }
            ByteArrayOutputStream bytes = new ByteArrayOutputStream((f1 - f0) * b * 2);
            for (int i = 0; i < b; i++) {
                for (int f = f0; f < f1; f++) {
                    int v = q.coefficient(f, i) - (pred[f] >= 0 ? q.coefficient(pred[f], i) : 0);
                    RuntimeFormat.putVarint(bytes, v);
                }
            }
            byte[] rawBytes = bytes.toByteArray();
            byte[] packed = RuntimeFormat.lzma2(rawBytes, preset);
            off[k] = all.size();
            len[k] = packed.length;
            raw[k] = rawBytes.length;
            all.write(packed, 0, packed.length);
            if (withoutDeltas) {
                ByteArrayOutputStream abs = new ByteArrayOutputStream((f1 - f0) * b * 2);
                for (int i = 0; i < b; i++) {
                    for (int f = f0; f < f1; f++) {
                        RuntimeFormat.putVarint(abs, q.coefficient(f, i));
                    }
                }
                plain += RuntimeFormat.lzma2(abs.toByteArray(), preset).length;
            }
        }
        return new CoefficientBlocks(pred, first, off, len, raw, all.toByteArray(), plain);
    }

    public int blocks() {
        return offset.length;
    }

    public long bytes() {
        return data.length;
    }

    /** Frames coded as a difference from their predecessor. */
    public int deltaFrames() {
        int k = 0;
        for (int p : predecessor) {
            if (p >= 0) {
                k++;
            }
        }
        return k;
    }
}
