package org.clothgraph.runtime.internal;

import java.nio.ByteOrder;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * The SIMD kernel (jdk.incubator.vector). Loaded only through {@link Kernels}, so that without the module this
 * class is never linked. Four float vectors of partial sums cover {@code 4 L} rows of a block (L lanes) and stay in
 * registers over all slots: four independent add chains hide the add latency, and the block's payload is read once.
 */
final class VectorKernel extends DecodeKernel {
    private final VectorSpecies<Float> fs;
    private final VectorSpecies<Byte> bs;
    private final VectorSpecies<Short> ss;
    private final int lanes;

    /** @param bits vector width in bits (128, 256 or 512), at most the preferred width. */
    VectorKernel(int bits) {
        fs = VectorSpecies.of(float.class, VectorShape.forBitSize(bits));
        lanes = fs.length();
        bs = VectorSpecies.of(byte.class, VectorShape.forBitSize(lanes * 8));
        ss = VectorSpecies.of(short.class, VectorShape.forBitSize(lanes * 16));
        if (BLOCK % (4 * lanes) != 0) {
            throw new IllegalArgumentException("block of " + BLOCK + " rows does not take 4 x " + lanes + " lanes");
        }
    }

    static int preferredBits() {
        return FloatVector.SPECIES_PREFERRED.vectorBitSize();
    }

    @Override
    public void decode(byte[] payload, int n8, int n16, int rows, float[] w, float[] out, int fromBlock,
            int toBlock) {
        int l = lanes;
        float[] tail = null;
        long stride = blockBytes(n8, n16);
        for (int b = fromBlock; b < toBlock; b++) {
            int base = (int) (b * stride);
            int r0 = b * BLOCK;
            boolean full = r0 + BLOCK <= rows;
            for (int j = 0; j < BLOCK; j += 4 * l) {
                FloatVector a0 = FloatVector.zero(fs);
                FloatVector a1 = a0;
                FloatVector a2 = a0;
                FloatVector a3 = a0;
                int o = base + j;
                for (int s = 0; s < n8; s++, o += BLOCK) {
                    FloatVector ws = FloatVector.broadcast(fs, w[s]);
                    a0 = a0.add(bytes(payload, o).mul(ws));
                    a1 = a1.add(bytes(payload, o + l).mul(ws));
                    a2 = a2.add(bytes(payload, o + 2 * l).mul(ws));
                    a3 = a3.add(bytes(payload, o + 3 * l).mul(ws));
                }
                o = base + n8 * BLOCK + 2 * j;
                for (int k = 0; k < n16; k++, o += 2 * BLOCK) {
                    FloatVector ws = FloatVector.broadcast(fs, w[n8 + k]);
                    a0 = a0.add(shorts(payload, o).mul(ws));
                    a1 = a1.add(shorts(payload, o + 2 * l).mul(ws));
                    a2 = a2.add(shorts(payload, o + 4 * l).mul(ws));
                    a3 = a3.add(shorts(payload, o + 6 * l).mul(ws));
                }
                if (full) {
                    a0.intoArray(out, r0 + j);
                    a1.intoArray(out, r0 + j + l);
                    a2.intoArray(out, r0 + j + 2 * l);
                    a3.intoArray(out, r0 + j + 3 * l);
                } else {
                    if (tail == null) {
                        tail = new float[BLOCK];
                    }
                    a0.intoArray(tail, j);
                    a1.intoArray(tail, j + l);
                    a2.intoArray(tail, j + 2 * l);
                    a3.intoArray(tail, j + 3 * l);
                }
            }
            if (!full) {
                System.arraycopy(tail, 0, out, r0, rows - r0);
            }
        }
    }

    private FloatVector bytes(byte[] p, int o) {
        return (FloatVector) ByteVector.fromArray(bs, p, o).convertShape(VectorOperators.B2F, fs, 0);
    }

    private FloatVector shorts(byte[] p, int o) {
        return (FloatVector) ShortVector.fromByteArray(ss, p, o, ByteOrder.LITTLE_ENDIAN)
                .convertShape(VectorOperators.S2F, fs, 0);
    }

    @Override
    public boolean simd() {
        return true;
    }

    @Override
    public String description() {
        return "simd " + fs.vectorBitSize() + "-bit (" + lanes + " float lanes)";
    }
}
