package org.clothgraph.model.frames;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;

import org.clothgraph.model.Project;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * Writes {@code frames} synthetic cloth states of {@code vertices} vertices to a fresh project's frame
 * store, then reads random ones back and verifies them bit-exactly against regenerated data. Reports
 * throughput and the peak Java heap, which stays far below the data size because the store is out of core.
 */
public final class FrameStoreBenchmark {

    /** Measured numbers; read throughput is through the OS page cache (files were just written). */
    public record Result(int frames, int vertices, long bytes, double writeSeconds, double writeMBps, int framesRead,
            double readSeconds, double readMBps, int verified, long peakHeapBytes, long dataBytes, boolean coldRead) {
    }

    private FrameStoreBenchmark() {
    }

    public static Result run(Path folder, int frames, int vertices, int reads, IProgressMonitor monitor) {
        return run(folder, frames, vertices, reads, () -> false, monitor);
    }

    /**
     * @param betweenPhases runs after writing, before reading; returns true when it emptied the OS page
     *            cache so the reads come from disk
     */
    public static Result run(Path folder, int frames, int vertices, int reads, BooleanSupplier betweenPhases,
            IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Frame store benchmark", frames + reads);
        resetPeaks();
        float[] p = new float[vertices * 3];
        float[] v = new float[vertices * 3];
        long t0 = System.nanoTime();
        long firstId;
        try (Project project = Project.create(folder, "framestore-benchmark")) {
            try (FrameWriter w = project.frames().writer()) {
                firstId = -1;
                for (int f = 0; f < frames; f++) {
                    sub.split(1);
                    synthesize(f, p, v);
                    long id = w.append(p, v);
                    if (firstId < 0) {
                        firstId = id;
                    }
                    if ((f + 1) % 256 == 0) {
                        w.commit();
                    }
                }
                w.commit();
            }
            double writeSeconds = (System.nanoTime() - t0) / 1e9;
            long bytes = project.frames().bytes();
            boolean cold = betweenPhases.getAsBoolean();
            SplittableRandom pick = new SplittableRandom(42);
            float[] ep = new float[p.length];
            float[] ev = new float[v.length];
            int verified = 0;
            long t1 = System.nanoTime();
            for (int i = 0; i < reads; i++) {
                sub.split(1);
                int f = pick.nextInt(frames);
                project.frames().read(firstId + f, p, v);
                synthesize(f, ep, ev);
                if (bitEqual(p, ep) && bitEqual(v, ev)) {
                    verified++;
                }
            }
            double readSeconds = (System.nanoTime() - t1) / 1e9;
            long readBytes = (long) reads * FrameRecordFormat.recordBytes(vertices);
            return new Result(frames, vertices, bytes, writeSeconds, bytes / 1e6 / writeSeconds, reads, readSeconds,
                    readBytes / 1e6 / readSeconds, verified, peakHeap(), (long) frames * FrameRecordFormat.payloadBytes(vertices),
                    cold);
        }
    }

    /** Deterministic, incompressible-looking cloth data for frame f: regenerated to verify reads. */
    static void synthesize(int frame, float[] p, float[] v) {
        SplittableRandom r = new SplittableRandom(0x9E3779B97F4A7C15L * (frame + 1));
        for (int i = 0; i < p.length; i++) {
            p[i] = (float) (r.nextDouble() * 2 - 1);
            v[i] = (float) (r.nextDouble() * 10 - 5);
        }
    }

    private static boolean bitEqual(float[] a, float[] b) {
        for (int i = 0; i < a.length; i++) {
            if (Float.floatToRawIntBits(a[i]) != Float.floatToRawIntBits(b[i])) {
                return false;
            }
        }
        return true;
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
            }
        }
    }

    /** Sum of the heap pools' peaks: an upper bound on the peak heap in use. */
    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}
