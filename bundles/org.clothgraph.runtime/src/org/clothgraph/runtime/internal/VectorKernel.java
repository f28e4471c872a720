package org.clothgraph.runtime.internal;

import java.nio.ByteOrder;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.LongVector;
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
    /** Float vector width: the JVM's preferred one, narrowed by {@code -Dclothgraph.decode.vectorBits}. */
    static final int BITS = Math.min(FloatVector.SPECIES_PREFERRED.vectorBitSize(),
            Integer.getInteger("clothgraph.decode.vectorBits", 512));
    // Species must be static finals: C2 only intrinsifies vector operations on constant species.
    private static final VectorSpecies<Float> FS = VectorSpecies.of(float.class, VectorShape.forBitSize(BITS));
    private static final int LANES = FS.length();
    /** With 4 float lanes (128-bit vectors, e.g. NEON) no byte vector has 4 lanes: load 8 bytes, convert halves. */
    private static final boolean SPLIT_BYTES = LANES * 8 < 64;
    private static final VectorSpecies<Byte> BS = VectorSpecies.of(byte.class,
            VectorShape.forBitSize(Math.max(64, LANES * 8)));
    private static final VectorSpecies<Short> SS = VectorSpecies.of(short.class,
            VectorShape.forBitSize(LANES * 16));
    private static final VectorSpecies<Long> LS = VectorSpecies.of(long.class, VectorShape.forBitSize(BITS));

    VectorKernel() {
        if (BLOCK % (4 * LANES) != 0) {
            throw new IllegalArgumentException("a block of " + BLOCK + " rows does not take 4 x " + LANES + " lanes");
        }
    }

    @Override
    public void decode(byte[] payload, int n8, int n16, int rows, float[] w, float[] out, int fromBlock,
            int toBlock) {
        final int l = LANES;
        float[] tail = null;
        long stride = blockBytes(n8, n16);
        for (int b = fromBlock; b < toBlock; b++) {
            int base = (int) (b * stride);
            int r0 = b * BLOCK;
            boolean full = r0 + BLOCK <= rows;
            for (int j = 0; j < BLOCK; j += 4 * l) {
                FloatVector a0 = FloatVector.zero(FS);
                FloatVector a1 = a0;
                FloatVector a2 = a0;
                FloatVector a3 = a0;
                int o = base + j;
                for (int s = 0; s < n8; s++, o += BLOCK) {
                    FloatVector ws = FloatVector.broadcast(FS, w[s]);
                    if (SPLIT_BYTES) {
                        ByteVector b01 = ByteVector.fromArray(BS, payload, o);
                        ByteVector b23 = ByteVector.fromArray(BS, payload, o + 2 * l);
                        a0 = a0.add(((FloatVector) b01.convertShape(VectorOperators.B2F, FS, 0)).mul(ws));
                        a1 = a1.add(((FloatVector) b01.convertShape(VectorOperators.B2F, FS, 1)).mul(ws));
                        a2 = a2.add(((FloatVector) b23.convertShape(VectorOperators.B2F, FS, 0)).mul(ws));
                        a3 = a3.add(((FloatVector) b23.convertShape(VectorOperators.B2F, FS, 1)).mul(ws));
                    } else {
                        a0 = a0.add(bytes(payload, o).mul(ws));
                        a1 = a1.add(bytes(payload, o + l).mul(ws));
                        a2 = a2.add(bytes(payload, o + 2 * l).mul(ws));
                        a3 = a3.add(bytes(payload, o + 3 * l).mul(ws));
                    }
                }
                o = base + n8 * BLOCK + 2 * j;
                for (int k = 0; k < n16; k++, o += 2 * BLOCK) {
                    FloatVector ws = FloatVector.broadcast(FS, w[n8 + k]);
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

    private static FloatVector bytes(byte[] p, int o) {
        return (FloatVector) ByteVector.fromArray(BS, p, o).convertShape(VectorOperators.B2F, FS, 0);
    }

    private static FloatVector shorts(byte[] p, int o) {
        return (FloatVector) ShortVector.fromByteArray(SS, p, o, ByteOrder.LITTLE_ENDIAN)
                .convertShape(VectorOperators.S2F, FS, 0);
    }

    /** The same read with vector loads and four vector accumulators: a stricter floor than the plain loop. */
    @Override
    public long streamingSum(byte[] p) {
        int step = LS.vectorByteSize();
        LongVector a0 = LongVector.zero(LS);
        LongVector a1 = a0;
        LongVector a2 = a0;
        LongVector a3 = a0;
        int i = 0;
        for (; i + 4 * step <= p.length; i += 4 * step) {
            a0 = a0.add(LongVector.fromByteArray(LS, p, i, ByteOrder.LITTLE_ENDIAN));
            a1 = a1.add(LongVector.fromByteArray(LS, p, i + step, ByteOrder.LITTLE_ENDIAN));
            a2 = a2.add(LongVector.fromByteArray(LS, p, i + 2 * step, ByteOrder.LITTLE_ENDIAN));
            a3 = a3.add(LongVector.fromByteArray(LS, p, i + 3 * step, ByteOrder.LITTLE_ENDIAN));
        }
        long sum = a0.add(a1).add(a2).add(a3).reduceLanes(VectorOperators.ADD);
        for (; i + 8 <= p.length; i += 8) {
            long v = 0;
            for (int k = 7; k >= 0; k--) {
                v = v << 8 | p[i + k] & 0xff;
            }
            sum += v;
        }
        return sum;
    }

    @Override
    public boolean simd() {
        return true;
    }

    @Override
    public String description() {
        return "simd " + BITS + "-bit (" + LANES + " float lanes)";
    }
}
