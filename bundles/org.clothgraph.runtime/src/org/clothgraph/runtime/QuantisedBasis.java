package org.clothgraph.runtime;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.EOFException;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.zip.CRC32C;

import org.clothgraph.runtime.internal.DecodeKernel;
import org.clothgraph.runtime.internal.Kernels;

/**
 * The quantised basis B' = B M (Kim et al. 2013, section 4): {@code rows} = 3v rows by {@code vectors} = b basis
 * vectors, vector i stored as 8- or 16-bit integers q_i with a step s_i, value = s_i q_i. A frame is decoded as
 * {@code out[r] = sum_i (c[i] s_i) q_i[r]}.
 *
 * <p>Exactness: every decode sums, per row, the float products {@code w_i * q_i[r]} (with {@code w_i = c[i] * s_i}
 * rounded to float) starting from 0, the 8-bit vectors first, then the 16-bit vectors, each group by ascending
 * index, one float multiply and one float add per term. {@link #decodeReference}, the fast {@link #decode(float[],
 * float[])} (SIMD or scalar kernel) and the threaded decode therefore give the same floats bit for bit. Against
 * exact arithmetic the error is bounded by the usual recursive-summation bound (see {@link #errorBound}).
 *
 * <p>Memory layout (the decoder's choice, not the serial form): blocks of {@link DecodeKernel#BLOCK} rows, each
 * holding all 8-bit vectors' bytes, then all 16-bit vectors' little-endian shorts for those rows, so a decode
 * streams the payload exactly once, front to back. Immutable and safe to share between threads.
 */
public final class QuantisedBasis {
    /** The serial form's first four bytes, {@code "CGQB"}. */
    public static final int MAGIC = 0x43475142;
    /** The serial form's version. */
    public static final int VERSION = 1;
    /** Largest accepted rows and payload (one array), so that a corrupt header cannot ask for absurd allocations. */
    private static final int MAX_ROWS = 1 << 28;
    private static final long MAX_PAYLOAD = Integer.MAX_VALUE - 64L * 1024;
    /** Decodes of a small basis after which the JIT has compiled the kernel (1,000 was not always enough). */
    private static final int WARM_UP_CALLS = 3000;
    /** Chunks of rows per thread in a threaded decode, claimed dynamically. */
    private static final int CHUNKS_PER_PART = 8;
    private static final VarHandle SHORT_LE = MethodHandles.byteArrayViewVarHandle(short[].class,
            ByteOrder.LITTLE_ENDIAN);

    private final int rows;
    private final int[] bits;
    private final float[] steps;
    /** slot (position in the layout) -> vector index; slots 0..n8-1 are the 8-bit vectors. */
    private final int[] vectorOfSlot;
    private final int[] slotOfVector;
    private final int n8;
    private final int n16;
    private final int blocks;
    private final byte[] payload;

    private QuantisedBasis(int rows, int[] bits, float[] steps) {
        this.rows = rows;
        this.bits = bits;
        this.steps = steps;
        int vectors = bits.length;
        vectorOfSlot = new int[vectors];
        slotOfVector = new int[vectors];
        int eight = 0;
        for (int i = 0; i < vectors; i++) {
            if (bits[i] == 8) {
                eight++;
            }
        }
        n8 = eight;
        n16 = vectors - eight;
        int next8 = 0;
        int next16 = eight;
        for (int i = 0; i < vectors; i++) {
            int slot = bits[i] == 8 ? next8++ : next16++;
            vectorOfSlot[slot] = i;
            slotOfVector[i] = slot;
        }
        blocks = (rows + DecodeKernel.BLOCK - 1) / DecodeKernel.BLOCK;
        payload = new byte[(int) (blocks * DecodeKernel.blockBytes(n8, n16))];
    }

    /**
     * @param rows      3v, at least 1
     * @param bits      per vector 8 or 16
     * @param steps     per vector the quantum s_i (finite, at least 0)
     * @param quantised {@code quantised[i][r]}, each within the signed range of {@code bits[i]}
     */
    public static QuantisedBasis of(int rows, int[] bits, float[] steps, short[][] quantised) {
        checkShape(rows, bits, steps);
        if (quantised.length != bits.length) {
            throw new IllegalArgumentException(quantised.length + " quantised vectors for " + bits.length + " bits");
        }
        QuantisedBasis q = new QuantisedBasis(rows, bits.clone(), steps.clone());
        for (int i = 0; i < bits.length; i++) {
            short[] v = quantised[i];
            if (v.length != rows) {
                throw new IllegalArgumentException("vector " + i + " has " + v.length + " rows, not " + rows);
            }
            for (int r = 0; r < rows; r++) {
                if (bits[i] == 8 && (v[r] < Byte.MIN_VALUE || v[r] > Byte.MAX_VALUE)) {
                    throw new IllegalArgumentException("vector " + i + " row " + r + ": " + v[r]
                            + " does not fit 8 bits");
                }
                q.set(i, r, v[r]);
            }
        }
        return q;
    }

    private static void checkShape(int rows, int[] bits, float[] steps) {
        if (rows < 1 || rows > MAX_ROWS) {
            throw new IllegalArgumentException("rows " + rows + " outside 1.." + MAX_ROWS);
        }
        if (bits.length != steps.length) {
            throw new IllegalArgumentException(bits.length + " bits for " + steps.length + " steps");
        }
        long perRow = 0;
        for (int i = 0; i < bits.length; i++) {
            if (bits[i] != 8 && bits[i] != 16) {
                throw new IllegalArgumentException("vector " + i + ": " + bits[i] + " bits (8 or 16)");
            }
            if (!(steps[i] >= 0) || Float.isInfinite(steps[i])) {
                throw new IllegalArgumentException("vector " + i + ": step " + steps[i]);
            }
            perRow += bits[i] / 8;
        }
        long padded = (rows + (long) DecodeKernel.BLOCK - 1) / DecodeKernel.BLOCK * DecodeKernel.BLOCK;
        if (padded * perRow > MAX_PAYLOAD) {
            throw new IllegalArgumentException(rows + " rows x " + bits.length + " vectors: more than 2 GB");
        }
    }

    private int index(int slot, int row) {
        int base = (int) ((row / DecodeKernel.BLOCK) * DecodeKernel.blockBytes(n8, n16));
        int lane = row % DecodeKernel.BLOCK;
        return slot < n8 ? base + slot * DecodeKernel.BLOCK + lane
                : base + n8 * DecodeKernel.BLOCK + (slot - n8) * 2 * DecodeKernel.BLOCK + 2 * lane;
    }

    private void set(int vector, int row, short value) {
        int slot = slotOfVector[vector];
        if (slot < n8) {
            payload[index(slot, row)] = (byte) value;
        } else {
            SHORT_LE.set(payload, index(slot, row), value);
        }
    }

    public int rows() {
        return rows;
    }

    public int vectors() {
        return bits.length;
    }

    public int bits(int i) {
        return bits[i];
    }

    public float step(int i) {
        return steps[i];
    }

    /** Vectors stored with 8 bits. */
    public int eightBitVectors() {
        return n8;
    }

    /** Quantised payload bytes: rows x (1 per 8-bit vector + 2 per 16-bit vector), padding excluded. */
    public long bytes() {
        return (long) rows * (n8 + 2L * n16);
    }

    /** q_i[r]. */
    public short quantised(int vector, int row) {
        if (row < 0 || row >= rows) {
            throw new IndexOutOfBoundsException("row " + row + " of " + rows);
        }
        int slot = slotOfVector[vector];
        return slot < n8 ? payload[index(slot, row)] : (short) SHORT_LE.get(payload, index(slot, row));
    }

    /** Whether decodes in this JVM run the SIMD kernel (jdk.incubator.vector). */
    public static boolean simd() {
        return Kernels.chosen().simd();
    }

    /** The kernel decodes run, for reports, e.g. {@code simd 512-bit (16 float lanes)} or why it is scalar. */
    public static String kernel() {
        return Kernels.chosen().description();
    }

    /**
     * Has the JIT compile the decode kernel on a small synthetic basis (the first frames of a fresh JVM otherwise
     * take up to ~0.5 s each with the SIMD kernel, which runs interpreted until then). Call once, off a UI thread,
     * before playback; safe to call again or concurrently.
     *
     * @return milliseconds spent
     */
    public static double warmUp() {
        long t0 = System.nanoTime();
        Kernels.warmUp(WARM_UP_CALLS);
        return (System.nanoTime() - t0) / 1e6;
    }

    /** out[r] = sum_i c[i] s_i q_i[r] for r &lt; rows, on the calling thread with the fastest kernel. */
    public void decode(float[] c, float[] out) {
        float[] w = weights(c, out);
        Kernels.chosen().decode(payload, n8, n16, rows, w, out, 0, blocks);
    }

    /**
     * The same on up to {@code parts} threads: the caller's and {@code parts - 1} tasks on {@code pool}. Rows are
     * claimed in chunks of whole blocks (8 per part), so a pool thread that starts late (a busy machine) only takes
     * what is left, and a task that had not started when the work ran out is not waited for.
     * Bit-identical to {@link #decode(float[], float[])}: each row is summed by one thread in the same order.
     *
     * @throws CancellationException if the calling thread is interrupted while waiting (its flag is set again)
     */
    public void decode(float[] c, float[] out, ExecutorService pool, int parts) {
        float[] w = weights(c, out);
        int n = Math.max(1, Math.min(parts, blocks));
        if (n == 1 || pool == null) {
            Kernels.chosen().decode(payload, n8, n16, rows, w, out, 0, blocks);
            return;
        }
        int chunks = Math.min(blocks, n * CHUNKS_PER_PART);
        AtomicInteger next = new AtomicInteger();
        Runnable work = () -> {
            DecodeKernel kernel = Kernels.chosen();
            for (int k = next.getAndIncrement(); k < chunks; k = next.getAndIncrement()) {
                kernel.decode(payload, n8, n16, rows, w, out, (int) ((long) blocks * k / chunks),
                        (int) ((long) blocks * (k + 1) / chunks));
            }
        };
        // A task claims itself before working; the caller claims the ones that never started, so it waits only
        // for tasks that are decoding (a FutureTask being run still counts as cancellable, so cancel() can't tell).
        AtomicIntegerArray claimed = new AtomicIntegerArray(n - 1);
        List<Future<?>> futures = new ArrayList<>(n - 1);
        try {
            for (int p = 0; p < n - 1; p++) {
                int task = p;
                futures.add(pool.submit(() -> {
                    if (claimed.compareAndSet(task, 0, 1)) {
                        work.run();
                    }
                }));
            }
            work.run();
            for (int p = 0; p < n - 1; p++) {
                if (claimed.compareAndSet(p, 0, 1)) {
                    futures.get(p).cancel(false); // never started: nothing to wait for
                } else {
                    futures.get(p).get();
                }
            }
        } catch (InterruptedException e) {
            futures.forEach(f -> f.cancel(true));
            Thread.currentThread().interrupt();
            throw new CancellationException("decode interrupted");
        } catch (ExecutionException e) {
            futures.forEach(f -> f.cancel(true));
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error er) {
                throw er;
            }
            throw new IllegalStateException("decode failed", cause);
        }
    }

    /**
     * The scalar reference: a plain loop over rows and slots, independent of the kernels' blocking; bit-identical
     * to {@link #decode(float[], float[])}. Slow; for checks.
     */
    public void decodeReference(float[] c, float[] out) {
        float[] w = weights(c, out);
        for (int r = 0; r < rows; r++) {
            float acc = 0f;
            for (int s = 0; s < w.length; s++) {
                acc += w[s] * quantised(vectorOfSlot[s], r);
            }
            out[r] = acc;
        }
    }

    /**
     * A bound on |decode(c)[r] - exact sum| from float rounding alone: with u = 2^-24 and n terms, each product
     * and the weight rounding add at most 2u relative error and recursive summation (n-1)u, so
     * |error| &lt;= (n + 2) u sum_i |c_i s_i q_i[r]| (1 + O(u)); this returns that bound with a 1 % margin for the
     * O(u^2) terms, for the given coefficients and row.
     */
    public double errorBound(float[] c, int row) {
        double magnitude = 0;
        for (int i = 0; i < bits.length; i++) {
            magnitude += Math.abs((double) c[i] * steps[i] * quantised(i, row));
        }
        return 1.01 * (bits.length + 2) * Math.ulp(1f) / 2 * magnitude;
    }

    private float[] weights(float[] c, float[] out) {
        if (c.length != bits.length) {
            throw new IllegalArgumentException(c.length + " coefficients for " + bits.length + " vectors");
        }
        if (out.length < rows) {
            throw new IllegalArgumentException("output of " + out.length + " floats for " + rows + " rows");
        }
        float[] w = new float[bits.length];
        for (int s = 0; s < w.length; s++) {
            int i = vectorOfSlot[s];
            w[s] = c[i] * steps[i];
        }
        return w;
    }

    /** Package access for the floor measurement: the payload exactly as decodes stream it. */
    byte[] payload() {
        return payload;
    }

    // ---- serial form -----------------------------------------------------------------------------------------
    // "CGQB", version, rows, vectors, then per vector (bits byte, step float), then per vector in index order its
    // rows values (1 or 2 bytes, big-endian like DataOutput), then a CRC-32C of everything before it.

    public void write(DataOutput out) throws IOException {
        CRC32C crc = new CRC32C();
        byte[] header = new byte[16 + 5 * bits.length];
        java.nio.ByteBuffer h = java.nio.ByteBuffer.wrap(header);
        h.putInt(MAGIC).putInt(VERSION).putInt(rows).putInt(bits.length);
        for (int i = 0; i < bits.length; i++) {
            h.put((byte) bits[i]).putFloat(steps[i]);
        }
        out.write(header);
        crc.update(header);
        byte[] row8 = new byte[rows];
        byte[] row16 = new byte[2 * rows];
        for (int i = 0; i < bits.length; i++) {
            byte[] buf = bits[i] == 8 ? row8 : row16;
            for (int r = 0; r < rows; r++) {
                short v = quantised(i, r);
                if (bits[i] == 8) {
                    buf[r] = (byte) v;
                } else {
                    buf[2 * r] = (byte) (v >> 8);
                    buf[2 * r + 1] = (byte) v;
                }
            }
            out.write(buf);
            crc.update(buf);
        }
        out.writeInt((int) crc.getValue());
    }

    /**
     * Reads what {@link #write} wrote.
     *
     * @throws IOException with a one-line message when the input is not a quantised basis, of another version,
     *                     truncated, inconsistent or fails its checksum
     */
    public static QuantisedBasis read(DataInput in) throws IOException {
        CRC32C crc = new CRC32C();
        byte[] head = readFully(in, 16, "header", crc);
        java.nio.ByteBuffer h = java.nio.ByteBuffer.wrap(head);
        int magic = h.getInt();
        if (magic != MAGIC) {
            throw new IOException(String.format("not a quantised basis (starts with 0x%08x, expected 0x%08x \"CGQB\")",
                    magic, MAGIC));
        }
        int version = h.getInt();
        if (version != VERSION) {
            throw new IOException("quantised basis version " + version + " (this reader knows version " + VERSION
                    + ")");
        }
        int rows = h.getInt();
        int vectors = h.getInt();
        if (rows < 1 || vectors < 0 || vectors > 1 << 20) {
            throw new IOException("quantised basis header is corrupt: " + rows + " rows, " + vectors + " vectors");
        }
        java.nio.ByteBuffer v = java.nio.ByteBuffer.wrap(readFully(in, 5 * vectors, "vector table", crc));
        int[] bits = new int[vectors];
        float[] steps = new float[vectors];
        for (int i = 0; i < vectors; i++) {
            bits[i] = v.get();
            steps[i] = v.getFloat();
        }
        try {
            checkShape(rows, bits, steps);
        } catch (IllegalArgumentException e) {
            throw new IOException("quantised basis header is corrupt: " + e.getMessage());
        }
        QuantisedBasis q = new QuantisedBasis(rows, bits, steps);
        for (int i = 0; i < vectors; i++) {
            byte[] buf = readFully(in, rows * (bits[i] / 8), "vector " + i, crc);
            for (int r = 0; r < rows; r++) {
                q.set(i, r, bits[i] == 8 ? buf[r] : (short) ((buf[2 * r] << 8) | (buf[2 * r + 1] & 0xff)));
            }
        }
        int expected = (int) crc.getValue();
        int stored;
        try {
            stored = in.readInt();
        } catch (EOFException e) {
            throw new IOException("quantised basis is truncated: its checksum is missing");
        }
        if (stored != expected) {
            throw new IOException(String.format("quantised basis is corrupt: checksum 0x%08x, computed 0x%08x",
                    stored, expected));
        }
        return q;
    }

    private static byte[] readFully(DataInput in, int n, String part, CRC32C crc) throws IOException {
        byte[] b = new byte[n];
        try {
            in.readFully(b);
        } catch (EOFException e) {
            throw new IOException("quantised basis is truncated in its " + part);
        }
        crc.update(b);
        return b;
    }
}
