package org.clothgraph.cloth;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;

/**
 * The independent starts of a dressing report ({@link DressingReport}, {@link SleeveReport}) run K at a time, each on
 * its own daemon thread; the caller reads their rows in its own order with {@link #await}, which polls its monitor so
 * that a cancel stops every start within a substep. Close it when done (it cancels what is still running).
 */
final class ParallelStarts implements AutoCloseable {
    private final ExecutorService pool;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    /** The monitor each start runs with: cancelled when the report is. */
    private final IProgressMonitor startMonitor = new NullProgressMonitor() {
        @Override
        public boolean isCanceled() {
            return cancelled.get();
        }
    };

    ParallelStarts(String name, int threads) {
        pool = Executors.newFixedThreadPool(Math.max(1, threads), r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /** The monitor to hand each start. */
    IProgressMonitor startMonitor() {
        return startMonitor;
    }

    <T> Future<T> submit(Callable<T> start) {
        return pool.submit(start);
    }

    /** The start's result once it is done; cancels every start when {@code monitor} is cancelled meanwhile. */
    <T> T await(Future<T> f, IProgressMonitor monitor) {
        while (true) {
            if (monitor.isCanceled()) {
                cancelled.set(true);
                throw new OperationCanceledException();
            }
            try {
                return f.get(200, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // poll the monitor again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                cancelled.set(true);
                throw new OperationCanceledException();
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException re) {
                    throw re;
                }
                throw new IllegalStateException(e.getCause());
            }
        }
    }

    @Override
    public void close() {
        cancelled.set(true);
        pool.shutdownNow();
    }
}
