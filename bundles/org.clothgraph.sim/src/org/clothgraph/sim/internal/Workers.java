package org.clothgraph.sim.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Fixed partitions of an index range over a small private thread pool. Callers only run per-index work
 * that writes to its own index (or to per-chunk buffers, {@link #maxChunks()} of them, merged in chunk order), so
 * results never depend on the thread count, the chunk count or scheduling.
 */
public final class Workers implements AutoCloseable {
    private static final AtomicInteger IDS = new AtomicInteger();
    private final int threads;
    private final ExecutorService pool;

    public interface RangeTask {
        void run(int chunk, int from, int to);
    }

    public Workers(int threads) {
        this.threads = Math.max(1, threads);
        if (this.threads > 1) {
            int id = IDS.incrementAndGet();
            AtomicInteger n = new AtomicInteger();
            pool = Executors.newFixedThreadPool(this.threads - 1, r -> {
                Thread t = new Thread(r, "clothgraph-sim-" + id + "-" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
            });
        } else {
            pool = null;
        }
    }

    public int threads() {
        return threads;
    }

    /** Number of chunks {@link #forRange} uses for n items (fixed for given n and thread count). */
    public int chunks(int n, int minPerChunk) {
        if (pool == null || n < 2 * minPerChunk) {
            return 1;
        }
        return threads;
    }

    /** Chunks per thread of {@link #forChunks}. */
    static final int CHUNKS_PER_THREAD = 8;

    /** The most chunks {@link #forRange} or {@link #forChunks} uses: the size of per-chunk buffers. */
    public int maxChunks() {
        return pool == null ? 1 : threads * CHUNKS_PER_THREAD;
    }

    /** Runs task over [0,n) split into {@link #chunks(int, int)} contiguous chunks; the caller runs chunk 0. */
    public void forRange(int n, int minPerChunk, RangeTask task) {
        run(n, chunks(n, minPerChunk), task);
    }

    /**
     * As {@link #forRange}, for work gathered in parts of the range (the cloth-cloth candidates where layers of cloth
     * lie together, the body's edges along the limbs), which two halves would share unevenly: the range is cut into
     * {@link #maxChunks()} contiguous chunks (one when n is below twice minPerChunk) and thread t (the caller 0) runs
     * chunks t, t + T, t + 2T, ... of them, so each thread has a share of every part of the range, and the same
     * chunks at every call.
     */
    public void forChunks(int n, int minPerChunk, RangeTask task) {
        run(n, pool == null || n < 2 * minPerChunk ? 1 : Math.min(n, maxChunks()), task);
    }

    private void run(int n, int k, RangeTask task) {
        if (k == 1) {
            task.run(0, 0, n);
            return;
        }
        int stride = Math.min(threads, k);
        List<Future<?>> futures = new ArrayList<>(stride - 1);
        for (int t = 1; t < stride; t++) {
            int first = t;
            futures.add(pool.submit((Callable<Void>) () -> {
                runChunks(n, k, first, stride, task);
                return null;
            }));
        }
        RuntimeException failure = null;
        try {
            runChunks(n, k, 0, stride, task);
        } catch (RuntimeException e) {
            failure = e;
        }
        for (Future<?> f : futures) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure = failure != null ? failure : new IllegalStateException(e);
            } catch (ExecutionException e) {
                if (failure == null) {
                    failure = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Chunks first, first + stride, ... of the k chunks of [0,n). */
    private static void runChunks(int n, int k, int first, int stride, RangeTask task) {
        for (int c = first; c < k; c += stride) {
            task.run(c, (int) ((long) n * c / k), (int) ((long) n * (c + 1) / k));
        }
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
