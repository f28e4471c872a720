package org.clothgraph.runtime.internal;

/**
 * The inner loop of {@code QuantisedBasis} decoding over its blocked layout. Every kernel sums, for each row, the
 * terms {@code w[s] * q_s[r]} in slot order starting from {@code 0f}, one IEEE float multiply and one float add per
 * term (never a fused multiply-add), so all kernels give the same floats bit for bit.
 *
 * <p>Layout: rows are cut into blocks of {@link #BLOCK} rows (the last one padded with zeros). A block holds, slot
 * after slot, first the 8-bit vectors ({@code BLOCK} bytes each), then the 16-bit vectors ({@code BLOCK}
 * little-endian shorts each); blocks follow one another, so a decode streams the payload once, front to back,
 * while the block's partial sums stay in registers (SIMD) or in one L1-resident tile (scalar).
 */
public abstract class DecodeKernel {
    /** Rows per block; a multiple of 4 x the widest vector (16 float lanes). */
    public static final int BLOCK = 64;

    /** Payload bytes of one block. */
    public static long blockBytes(int n8, int n16) {
        return (long) BLOCK * (n8 + 2L * n16);
    }

    /**
     * Decodes blocks {@code [fromBlock, toBlock)} into {@code out} (rows {@code fromBlock * BLOCK} up to
     * {@code min(rows, toBlock * BLOCK)}). {@code w} has {@code n8 + n16} weights in slot order.
     */
    public abstract void decode(byte[] payload, int n8, int n16, int rows, float[] w, float[] out, int fromBlock,
            int toBlock);

    /**
     * The sum of {@code p} read as little-endian longs (length a multiple of 8), with this kernel's loads: a
     * plain loop for the scalar kernel, vector adds for the SIMD kernel. Benchmarks time it as the floor.
     */
    public abstract long streamingSum(byte[] p);

    /** Whether this kernel uses jdk.incubator.vector. */
    public abstract boolean simd();

    /** What runs, for reports: e.g. {@code simd 512-bit (16 float lanes)} or {@code scalar}. */
    public abstract String description();
}
