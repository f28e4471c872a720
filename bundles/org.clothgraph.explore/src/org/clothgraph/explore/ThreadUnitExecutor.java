package org.clothgraph.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.clothgraph.sim.ClothSimulator;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;

/** Units in K threads of this process, one solver thread each; the pool lives as long as the executor. */
public final class ThreadUnitExecutor implements UnitExecutor, AutoCloseable {
    private final AtomicInteger names = new AtomicInteger();
    private ExecutorService pool;
    private int poolSize;

    @Override
    public List<ExpansionResult> runAll(List<ExpansionUnit> units, ClothSimulator simulator, int workers,
            Progress progress, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, units.size());
        if (pool == null || poolSize != workers) {
            close();
            poolSize = workers;
            pool = Executors.newFixedThreadPool(workers, r -> {
                Thread t = new Thread(r, "clothgraph-expansion-" + names.incrementAndGet());
                t.setDaemon(true);
                return t;
            });
        }
        List<Future<ExpansionResult>> futures = new ArrayList<>();
        for (ExpansionUnit u : units) {
            futures.add(pool.submit(() -> {
                progress.started(u);
                ExpansionResult r = UnitRunner.run(u, simulator, new CancelOnly(sub));
                progress.finished(u, r);
                return r;
            }));
        }
        List<ExpansionResult> out = new ArrayList<>();
        try {
            for (Future<ExpansionResult> f : futures) {
                out.add(f.get());
                sub.split(1);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            futures.forEach(f -> f.cancel(true));
            throw new OperationCanceledException();
        } catch (ExecutionException e) {
            futures.forEach(f -> f.cancel(true));
            if (e.getCause() instanceof OperationCanceledException oce) {
                throw oce;
            }
            throw new IllegalStateException("expansion failed: " + e.getCause(), e.getCause());
        } catch (OperationCanceledException e) {
            futures.forEach(f -> f.cancel(true));
            throw e;
        }
        return out;
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
            pool = null;
        }
    }

    /** A monitor for a worker thread: it only reports cancellation of the round. */
    private static final class CancelOnly extends NullProgressMonitor {
        private final IProgressMonitor parent;

        CancelOnly(IProgressMonitor parent) {
            this.parent = parent;
        }

        @Override
        public boolean isCanceled() {
            return parent.isCanceled();
        }
    }
}
