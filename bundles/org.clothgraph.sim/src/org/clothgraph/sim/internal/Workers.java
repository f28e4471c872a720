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
 * that writes to its own index (or to per-chunk buffers merged in chunk order), so results never depend
 * on the thread count or scheduling.
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

    /** Runs task over [0,n) split into {@link #chunks(int, int)} contiguous chunks; the caller runs chunk 0. */
    public void forRange(int n, int minPerChunk, RangeTask task) {
        int k = chunks(n, minPerChunk);
        if (k == 1) {
            task.run(0, 0, n);
            return;
        }
        List<Future<?>> futures = new ArrayList<>(k - 1);
        for (int c = 1; c < k; c++) {
            int chunk = c;
            int from = (int) ((long) n * c / k), to = (int) ((long) n * (c + 1) / k);
            futures.add(pool.submit((Callable<Void>) () -> {
                task.run(chunk, from, to);
                return null;
            }));
        }
        RuntimeException failure = null;
        try {
            task.run(0, 0, (int) ((long) n / k));
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

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
