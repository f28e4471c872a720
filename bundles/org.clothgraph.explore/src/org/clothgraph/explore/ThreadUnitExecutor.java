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
        // every part (a branch from the start state with its continuations) is its own task (a unit's parts are
        // independent), so one long unit does not idle the other workers at the end of a round; the longest parts are
        // handed out first (longest processing time first), so that the round does not end on one worker running a
        // long part started last; results are put back together per unit, in unit order, whatever order they ran in
        List<List<Future<ExpansionResult>>> futures = new ArrayList<>();
        List<List<ExpansionUnit>> parts = new ArrayList<>();
        List<int[]> order = new ArrayList<>();
        for (int i = 0; i < units.size(); i++) {
            futures.add(new ArrayList<>());
            parts.add(units.get(i).parts());
            for (int b = 0; b < parts.get(i).size(); b++) {
                futures.get(i).add(null);
                order.add(new int[] { i, b, parts.get(i).get(b).frames() });
            }
        }
        order.sort((p, q) -> q[2] != p[2] ? Integer.compare(q[2], p[2])
                : p[0] != q[0] ? Integer.compare(p[0], q[0]) : Integer.compare(p[1], q[1]));
        boolean[] startedUnit = new boolean[units.size()];
        for (int[] o : order) {
            ExpansionUnit u = units.get(o[0]);
            ExpansionUnit part = parts.get(o[0]).get(o[1]);
            boolean first = !startedUnit[o[0]];
            startedUnit[o[0]] = true;
            futures.get(o[0]).set(o[1], pool.submit(() -> {
                if (first) {
                    progress.started(u);
                }
                return UnitRunner.run(part, simulator, new CancelOnly(sub));
            }));
        }
        List<ExpansionResult> out = new ArrayList<>();
        try {
            for (int i = 0; i < units.size(); i++) {
                List<ExpansionResult> results = new ArrayList<>();
                for (Future<ExpansionResult> f : futures.get(i)) {
                    results.add(f.get());
                }
                ExpansionResult r = ExpansionResult.ofParts(units.get(i), results);
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
