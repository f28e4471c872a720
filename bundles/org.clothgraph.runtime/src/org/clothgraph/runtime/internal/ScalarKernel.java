package org.clothgraph.runtime.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** The portable kernel: one float tile of {@link DecodeKernel#BLOCK} rows, accumulated slot by slot. */
public final class ScalarKernel extends DecodeKernel {
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle SHORT_LE = MethodHandles.byteArrayViewVarHandle(short[].class,
            ByteOrder.LITTLE_ENDIAN);

    private final String why;

    /** @param why why the SIMD kernel is not used (part of {@link #description()}), or {@code null}. */
    public ScalarKernel(String why) {
        this.why = why;
    }

    @Override
    public void decode(byte[] payload, int n8, int n16, int rows, float[] w, float[] out, int fromBlock,
            int toBlock) {
        float[] acc = new float[BLOCK];
        long stride = blockBytes(n8, n16);
        for (int b = fromBlock; b < toBlock; b++) {
            java.util.Arrays.fill(acc, 0f);
            int base = (int) (b * stride);
            // Four slots per pass over the tile: the same additions in the same order, a quarter of the tile traffic.
            int s = 0;
            for (; s + 4 <= n8; s += 4) {
                float w0 = w[s];
                float w1 = w[s + 1];
                float w2 = w[s + 2];
                float w3 = w[s + 3];
                int o = base + s * BLOCK;
                for (int l = 0; l < BLOCK; l++) {
                    float a = acc[l];
                    a += w0 * payload[o + l];
                    a += w1 * payload[o + BLOCK + l];
                    a += w2 * payload[o + 2 * BLOCK + l];
                    a += w3 * payload[o + 3 * BLOCK + l];
                    acc[l] = a;
                }
            }
            for (; s < n8; s++) {
                float ws = w[s];
                int o = base + s * BLOCK;
                for (int l = 0; l < BLOCK; l++) {
                    acc[l] += ws * payload[o + l];
                }
            }
            int o16 = base + n8 * BLOCK;
            for (int k = 0; k < n16; k++) {
                float ws = w[n8 + k];
                int o = o16 + k * 2 * BLOCK;
                for (int l = 0; l < BLOCK; l++) {
                    acc[l] += ws * (short) SHORT_LE.get(payload, o + 2 * l);
                }
            }
            int r0 = b * BLOCK;
            System.arraycopy(acc, 0, out, r0, Math.min(BLOCK, rows - r0));
        }
    }

    /** The floor: a plain loop summing the bytes as longs. */
    @Override
    public long streamingSum(byte[] p) {
        long sum = 0;
        for (int i = 0; i + 8 <= p.length; i += 8) {
            sum += (long) LONG_LE.get(p, i);
        }
        return sum;
    }

    @Override
    public boolean simd() {
        return false;
    }

    @Override
    public String description() {
        return why == null ? "scalar" : "scalar (" + why + ")";
    }
}
