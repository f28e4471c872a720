package org.clothgraph.runtime;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.clothgraph.runtime.internal.DecodeKernel;
import org.clothgraph.runtime.internal.Kernels;

/**
 * {@code bench decode}: decode time of a paper-sized synthetic basis against its floor, measured in the same run.
 * The floor is one streaming read of the quantised payload exactly as decodes stream it (a plain loop summing it
 * as longs): every decoded frame reads every basis byte once, so a decode cannot beat it by much. With the SIMD
 * kernel a stricter floor is measured too, the same read with vector loads. Frames alternate floor, vector floor,
 * one-core decode and threaded decode, so machine noise hits all of them alike; medians and bests are kept.
 */
public final class DecodeBenchmark {
    /** Share of 8-bit vectors in the synthetic basis (the paper's Casual outfit: 82 %). */
    public static final double EIGHT_BIT_SHARE = 0.8;

    /** Times in milliseconds per frame. */
    public record Result(int vertices, int rows, int basis, int eightBitVectors, long basisBytes, int frames,
            int threads, String kernel, boolean simd, double floorMs, double floorMsBest, double vectorFloorMs,
            double vectorFloorMsBest, double decodeMs,
            double decodeMsBest, double threadedMs, double threadedMsBest, boolean threadedIdentical,
            long checksum, long floorChecksum, boolean cold) {
        /** decode / floor, medians. */
        public double ratio() {
            return decodeMs / floorMs;
        }

        /** decode / floor, bests. */
        public double ratioBest() {
            return decodeMsBest / floorMsBest;
        }
    }

    /** Bytes streamed to push the basis out of the CPU caches (several times any L3 of today). */
    private static final int EVICT_BYTES = 128 << 20;
    private static volatile long sink;

    private DecodeBenchmark() {
    }

    /** Reads a large buffer so that the next read of the basis comes from memory, not from the caches. */
    private static void evict(long[] buffer) {
        if (buffer != null) {
            long s = 0;
            for (int i = 0; i < buffer.length; i += 8) { // one long per 64-byte line; reads only, so that no
                s += buffer[i];                         // dirty lines are left to write back during the timed read
            }
            sink += s;
        }
    }

    /** A synthetic basis: the leading (high-energy) 20 % of the vectors 16-bit, the rest 8-bit; values spread
     *  like a basis's (roughly normal, a few at the extremes), steps around the paper's 0.3 mm quantum. */
    public static QuantisedBasis syntheticBasis(int vertices, int basis, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int rows = 3 * vertices;
        int sixteen = basis - (int) Math.round(basis * EIGHT_BIT_SHARE);
        int[] bits = new int[basis];
        float[] steps = new float[basis];
        short[][] q = new short[basis][rows];
        for (int i = 0; i < basis; i++) {
            bits[i] = i < sixteen ? 16 : 8;
            int max = bits[i] == 8 ? Byte.MAX_VALUE : Short.MAX_VALUE;
            steps[i] = (float) (3e-4 * (bits[i] == 8 ? 1 : 1.0 / 256) * rnd.nextDouble(0.5, 1.5));
            for (int r = 0; r < rows; r++) {
                double g = rnd.nextGaussian() * max / 3;
                q[i][r] = (short) Math.max(-max - 1, Math.min(max, Math.round(g)));
            }
        }
        return QuantisedBasis.of(rows, bits, steps, q);
    }

    /** The floor: one pass summing the payload as little-endian longs in a plain loop. */
    static long streamingRead(QuantisedBasis q) {
        return Kernels.scalar().streamingSum(q.payload());
    }

    /**
     * @param cold whether to evict the CPU caches before each timed read (floor and decodes then stream the basis
     *             from memory; otherwise a basis smaller than the last-level cache is read from it)
     */
    public static Result run(int vertices, int basis, int frames, int threads, long seed, boolean cold) {
        QuantisedBasis q = syntheticBasis(vertices, basis, seed);
        SplittableRandom rnd = new SplittableRandom(seed + 1);
        int warmup = Math.max(20, frames / 4);
        float[][] coefficients = new float[warmup + frames][basis];
        for (float[] c : coefficients) {
            for (int i = 0; i < basis; i++) {
                c[i] = (float) rnd.nextDouble(-1, 1); // C' = M^-1 C lies in [-1, 1]
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads - 1), r -> {
            Thread t = new Thread(r, "decode-bench");
            t.setDaemon(true);
            return t;
        });
        try {
            float[] single = new float[q.rows()];
            float[] threaded = new float[q.rows()];
            DecodeKernel kernel = Kernels.chosen();
            long[] floor = new long[frames];
            long[] vectorFloor = new long[frames];
            long[] decode = new long[frames];
            long[] parallel = new long[frames];
            long checksum = 0;
            long floorChecksum = 0;
            boolean identical = true;
            long[] evict = cold ? new long[EVICT_BYTES / 8] : null;
            if (evict != null) {
                Arrays.fill(evict, 1); // touch every page now, not during the first timed frames
            }
            for (int f = 0; f < warmup + frames; f++) {
                float[] c = coefficients[f];
                evict(evict);
                long tf = System.nanoTime();
                long sum = streamingRead(q);
                long t0 = System.nanoTime();
                evict(evict);
                long tv = System.nanoTime();
                if (kernel.simd() && kernel.streamingSum(q.payload()) != sum) {
                    throw new IllegalStateException("the vector floor read another sum than the plain loop");
                }
                long t1 = System.nanoTime();
                floorChecksum += sum;
                evict(evict);
                long td = System.nanoTime();
                q.decode(c, single);
                long t2 = System.nanoTime();
                evict(evict);
                long tt = System.nanoTime();
                q.decode(c, threaded, pool, threads);
                long t3 = System.nanoTime();
                if (f >= warmup) {
                    floor[f - warmup] = t0 - tf;
                    vectorFloor[f - warmup] = t1 - tv;
                    decode[f - warmup] = t2 - td;
                    parallel[f - warmup] = t3 - tt;
                    checksum = 31 * checksum + hash(single);
                    identical &= Arrays.equals(single, threaded);
                }
            }
            return new Result(vertices, q.rows(), basis, q.eightBitVectors(), q.bytes(), frames, threads,
                    QuantisedBasis.kernel(), QuantisedBasis.simd(), median(floor), best(floor),
                    kernel.simd() ? median(vectorFloor) : Double.NaN, kernel.simd() ? best(vectorFloor) : Double.NaN,
                    median(decode),
                    best(decode), median(parallel), best(parallel), identical, checksum, floorChecksum, cold);
        } finally {
            pool.shutdownNow();
            try {
                pool.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static long hash(float[] frame) {
        long h = 0;
        for (float v : frame) {
            h = 31 * h + Float.floatToRawIntBits(v);
        }
        return h;
    }

    private static double median(long[] nanos) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        return s[s.length / 2] / 1e6;
    }

    private static double best(long[] nanos) {
        return Arrays.stream(nanos).min().orElse(0) / 1e6;
    }
}
