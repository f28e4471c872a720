package org.clothgraph.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.clothgraph.runtime.internal.DecodeKernel;
import org.clothgraph.runtime.internal.Kernels;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Decoding against a double-precision reference within the float rounding bound, kernels and threads bit for bit
 * against the scalar reference, and the serial form (round trip, foreign, truncated and corrupt input refused).
 */
class QuantisedBasisTest {
    private static ExecutorService pool;

    @BeforeAll
    static void startPool() {
        pool = Executors.newFixedThreadPool(3);
    }

    @AfterAll
    static void stopPool() {
        pool.shutdownNow();
    }

    /** Odd sizes around the block and vector lengths, 8- and 16-bit mixes (all-8, all-16, none). */
    private static final int[][] SHAPES = { { 1, 1 }, { 7, 3 }, { 63, 5 }, { 64, 2 }, { 65, 9 }, { 127, 17 },
            { 129, 1 }, { 1000, 31 }, { 3 * 700 + 1, 40 }, { 5, 0 } };

    /** A random basis: vector i 8-bit with probability p8, extreme values -128/127/-32768/32767 now and then. */
    static QuantisedBasis random(SplittableRandom rnd, int rows, int vectors, double p8) {
        int[] bits = new int[vectors];
        float[] steps = new float[vectors];
        short[][] q = new short[vectors][rows];
        for (int i = 0; i < vectors; i++) {
            bits[i] = rnd.nextDouble() < p8 ? 8 : 16;
            steps[i] = (float) (rnd.nextDouble(0.5, 2) * (bits[i] == 8 ? 3e-4 : 3e-6));
            int lo = bits[i] == 8 ? Byte.MIN_VALUE : Short.MIN_VALUE;
            int hi = bits[i] == 8 ? Byte.MAX_VALUE : Short.MAX_VALUE;
            for (int r = 0; r < rows; r++) {
                int k = rnd.nextInt(10);
                q[i][r] = (short) (k == 0 ? lo : k == 1 ? hi : rnd.nextInt(lo, hi + 1));
            }
        }
        return QuantisedBasis.of(rows, bits, steps, q);
    }

    static float[] coefficients(SplittableRandom rnd, int vectors) {
        float[] c = new float[vectors];
        for (int i = 0; i < vectors; i++) {
            c[i] = (float) rnd.nextDouble(-1, 1);
        }
        if (vectors > 0) {
            c[0] = 1; // extremes times the largest coefficient
        }
        return c;
    }

    @Test
    void decodeMatchesDoublePrecisionWithinTheRoundingBound() {
        SplittableRandom rnd = new SplittableRandom(1);
        for (double p8 : new double[] { 0, 0.8, 1 }) {
            for (int[] shape : SHAPES) {
                QuantisedBasis q = random(rnd, shape[0], shape[1], p8);
                float[] c = coefficients(rnd, shape[1]);
                float[] out = new float[q.rows()];
                q.decode(c, out);
                for (int r = 0; r < q.rows(); r++) {
                    double exact = 0;
                    for (int i = 0; i < q.vectors(); i++) {
                        exact += (double) c[i] * q.step(i) * q.quantised(i, r);
                    }
                    double bound = q.errorBound(c, r);
                    double error = Math.abs(out[r] - exact);
                    int row = r;
                    assertTrue(error <= bound, () -> Arrays.toString(shape) + " p8 " + p8 + " row " + row + ": error "
                            + error + " > bound " + bound);
                }
            }
        }
    }

    @Test
    void fastThreadedAndReferenceDecodesAreBitIdentical() {
        SplittableRandom rnd = new SplittableRandom(2);
        for (int[] shape : SHAPES) {
            QuantisedBasis q = random(rnd, shape[0], shape[1], 0.8);
            float[] c = coefficients(rnd, shape[1]);
            float[] reference = new float[q.rows()];
            q.decodeReference(c, reference);
            float[] fast = new float[q.rows()];
            q.decode(c, fast);
            assertBits(reference, fast, "fast " + Kernels.chosen().description() + " " + Arrays.toString(shape));
            for (int parts : new int[] { 1, 2, 3, 7, 1000 }) {
                float[] threaded = new float[q.rows()];
                q.decode(c, threaded, pool, parts);
                assertBits(fast, threaded, parts + " parts " + Arrays.toString(shape));
            }
        }
    }

    /** The launcher and the test JVM add jdk.incubator.vector; then the bundle must see it and use it. */
    @Test
    void simdKernelRunsWhenTheJvmHasTheVectorModule() {
        System.out.println("decode kernel: " + QuantisedBasis.kernel());
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()
                && !Boolean.getBoolean("clothgraph.decode.scalar")) {
            assertTrue(QuantisedBasis.simd(), QuantisedBasis.kernel());
        }
    }

    /** Repeated threaded decodes with a pool thread held busy, so some tasks start late or never. */
    @Test
    void threadedDecodeIsCompleteWhenPoolThreadsAreBusyOrLate() throws Exception {
        QuantisedBasis q = random(new SplittableRandom(9), 2 * 700 * 3 + 5, 37, 0.8);
        float[] c = coefficients(new SplittableRandom(10), 37);
        float[] single = new float[q.rows()];
        q.decode(c, single);
        ExecutorService two = Executors.newFixedThreadPool(2);
        java.util.concurrent.CountDownLatch hold = new java.util.concurrent.CountDownLatch(1);
        try {
            two.submit(() -> {
                hold.await();
                return null;
            });
            for (int i = 0; i < 200; i++) {
                float[] threaded = new float[q.rows()];
                q.decode(c, threaded, i % 2 == 0 ? two : pool, 2 + i % 4);
                assertBits(single, threaded, "repetition " + i);
            }
        } finally {
            hold.countDown();
            two.shutdown();
        }
    }

    @Test
    void scalarKernelEqualsChosenKernel() {
        SplittableRandom rnd = new SplittableRandom(3);
        int rows = 5 * DecodeKernel.BLOCK + 13;
        int n8 = 11;
        int n16 = 6;
        int blocks = 6;
        byte[] payload = new byte[(int) (blocks * DecodeKernel.blockBytes(n8, n16))];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) rnd.nextInt(256);
        }
        float[] w = coefficients(rnd, n8 + n16);
        float[] a = new float[rows];
        float[] b = new float[rows];
        Kernels.scalar().decode(payload, n8, n16, rows, w, a, 0, blocks);
        Kernels.chosen().decode(payload, n8, n16, rows, w, b, 0, blocks);
        assertBits(a, b, Kernels.chosen().description());
        for (int length : new int[] { 0, 8, 248, 256, 1024 + 24, payload.length }) {
            byte[] p = Arrays.copyOf(payload, length);
            assertEquals(Kernels.scalar().streamingSum(p), Kernels.chosen().streamingSum(p), "floor sum of " + length);
        }
    }

    @Test
    void outputBeyondTheRowsIsUntouchedAndShapesAreChecked() {
        QuantisedBasis q = random(new SplittableRandom(4), 70, 3, 0.5);
        float[] out = new float[75];
        Arrays.fill(out, 70, 75, 42f);
        q.decode(new float[] { 1, 2, 3 }, out);
        for (int r = 70; r < 75; r++) {
            assertEquals(42f, out[r]);
        }
        assertThrows(IllegalArgumentException.class, () -> q.decode(new float[2], new float[70]));
        assertThrows(IllegalArgumentException.class, () -> q.decode(new float[3], new float[69]));
        assertThrows(IllegalArgumentException.class,
                () -> QuantisedBasis.of(2, new int[] { 8 }, new float[] { 1 }, new short[][] { { 0, 128 } }));
        assertThrows(IllegalArgumentException.class,
                () -> QuantisedBasis.of(2, new int[] { 12 }, new float[] { 1 }, new short[][] { { 0, 1 } }));
    }

    @Test
    void writeReadRoundTrip() throws IOException {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int[] shape : SHAPES) {
            QuantisedBasis q = random(rnd, shape[0], shape[1], 0.8);
            QuantisedBasis back = QuantisedBasis.read(in(bytes(q)));
            assertEquals(q.rows(), back.rows());
            assertEquals(q.vectors(), back.vectors());
            assertEquals(q.bytes(), back.bytes());
            for (int i = 0; i < q.vectors(); i++) {
                assertEquals(q.bits(i), back.bits(i));
                assertEquals(Float.floatToRawIntBits(q.step(i)), Float.floatToRawIntBits(back.step(i)));
                for (int r = 0; r < q.rows(); r++) {
                    assertEquals(q.quantised(i, r), back.quantised(i, r));
                }
            }
            float[] c = coefficients(rnd, shape[1]);
            float[] a = new float[q.rows()];
            float[] b = new float[q.rows()];
            q.decode(c, a);
            back.decode(c, b);
            assertBits(a, b, "round trip " + Arrays.toString(shape));
        }
    }

    @Test
    void foreignTruncatedAndCorruptInputIsRefused() throws IOException {
        byte[] good = bytes(random(new SplittableRandom(6), 100, 7, 0.7));
        IOException foreign = assertThrows(IOException.class,
                () -> QuantisedBasis.read(in("PK\u0003\u0004 not a basis at all".getBytes("ISO-8859-1"))));
        assertTrue(foreign.getMessage().startsWith("not a quantised basis"), foreign.getMessage());

        byte[] version = good.clone();
        version[7] = 9;
        assertTrue(assertThrows(IOException.class, () -> QuantisedBasis.read(in(version))).getMessage()
                .contains("version 9"));

        for (int length : new int[] { 0, 3, 15, 16, 20, 16 + 5 * 7, 200, good.length - 4, good.length - 1 }) {
            byte[] cut = Arrays.copyOf(good, length);
            IOException e = assertThrows(IOException.class, () -> QuantisedBasis.read(in(cut)), "length " + length);
            assertTrue(e.getMessage().contains("truncated"), length + ": " + e.getMessage());
        }

        byte[] huge = good.clone();
        huge[8] = 0x7f; // rows ~ 2^31
        assertTrue(assertThrows(IOException.class, () -> QuantisedBasis.read(in(huge))).getMessage()
                .contains("corrupt"));

        byte[] badBits = good.clone();
        badBits[16] = 12;
        assertTrue(assertThrows(IOException.class, () -> QuantisedBasis.read(in(badBits))).getMessage()
                .contains("12 bits"));

        SplittableRandom rnd = new SplittableRandom(7);
        for (int k = 0; k < 50; k++) {
            byte[] flipped = good.clone();
            int at = 16 + 5 * 7 + rnd.nextInt(good.length - 16 - 5 * 7);
            flipped[at] ^= (byte) (1 << rnd.nextInt(8));
            IOException e = assertThrows(IOException.class, () -> QuantisedBasis.read(in(flipped)), "byte " + at);
            assertTrue(e.getMessage().contains("corrupt"), e.getMessage());
        }
    }

    private static byte[] bytes(QuantisedBasis q) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(b)) {
            q.write(out);
        }
        return b.toByteArray();
    }

    private static DataInputStream in(byte[] b) {
        return new DataInputStream(new ByteArrayInputStream(b));
    }

    private static void assertBits(float[] expected, float[] actual, String what) {
        assertEquals(expected.length, actual.length, what);
        for (int r = 0; r < expected.length; r++) {
            assertEquals(Float.floatToRawIntBits(expected[r]), Float.floatToRawIntBits(actual[r]),
                    what + ": row " + r + " " + expected[r] + " vs " + actual[r]);
        }
    }
}
