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
        // every branch is its own task (a unit's branches are independent), so one long unit does not idle the
        // other workers at the end of a round; results are put back together per unit, in unit order
        List<List<Future<ExpansionResult>>> futures = new ArrayList<>();
        for (ExpansionUnit u : units) {
            List<Future<ExpansionResult>> parts = new ArrayList<>();
            for (ExpansionUnit.Branch b : u.branches()) {
                ExpansionUnit part = new ExpansionUnit(u.id(), u.label(), u.classify(), List.of(b));
                parts.add(pool.submit(() -> {
                    if (b == u.branches().get(0)) {
                        progress.started(u);
                    }
                    return UnitRunner.run(part, simulator, new CancelOnly(sub));
                }));
            }
            futures.add(parts);
        }
        List<ExpansionResult> out = new ArrayList<>();
        try {
            for (int i = 0; i < units.size(); i++) {
                List<ExpansionResult> parts = new ArrayList<>();
                for (Future<ExpansionResult> f : futures.get(i)) {
                    parts.add(f.get());
                }
                ExpansionResult r = combine(units.get(i), parts);
                progress.finished(units.get(i), r);
                out.add(r);
                sub.split(1);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancelAll(futures);
            throw new OperationCanceledException();
        } catch (ExecutionException e) {
            cancelAll(futures);
            if (e.getCause() instanceof OperationCanceledException oce) {
                throw oce;
            }
            throw new IllegalStateException("expansion failed: " + e.getCause(), e.getCause());
        } catch (OperationCanceledException e) {
            cancelAll(futures);
            throw e;
        }
        return out;
    }

    /** One unit's result from its branches' results: failed if any branch failed. */
    static ExpansionResult combine(ExpansionUnit unit, List<ExpansionResult> parts) {
        double cpu = 0, wall = 0;
        List<List<org.clothgraph.sim.ClothState>> frames = new ArrayList<>();
        List<List<String>> classes = new ArrayList<>();
        String failure = null;
        for (ExpansionResult p : parts) {
            cpu += p.cpuSeconds();
            wall = Math.max(wall, p.wallSeconds());
            if (p.failed() && failure == null) {
                failure = p.failure();
            }
            frames.addAll(p.frames());
            classes.addAll(p.classes());
        }
        return failure != null ? ExpansionResult.failure(unit.id(), failure, cpu, wall)
                : new ExpansionResult(unit.id(), frames, classes, null, cpu, wall);
    }

    private static void cancelAll(List<List<Future<ExpansionResult>>> futures) {
        futures.forEach(l -> l.forEach(f -> f.cancel(true)));
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
