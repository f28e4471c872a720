package org.clothgraph.explore.ui;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.clothgraph.explore.ExpansionResult;
import org.clothgraph.explore.ExpansionUnit;
import org.clothgraph.explore.Explorer;
import org.clothgraph.explore.UnitExecutor;
import org.clothgraph.explore.UnitRunner;
import org.clothgraph.sim.ClothSimulator;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.ProgressMonitorWrapper;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobGroup;

/**
 * Runs every unit of a round as its own Eclipse Job (family {@link Explorer#FAMILY}, named by the unit's label), so
 * each expansion in flight shows in the Progress view (the explorer hands over one unit per branch, labelled with the
 * branch's place in its expansion). A {@link JobGroup} with {@code workers} threads bounds the
 * parallelism; results come back in unit order. Cancelling the caller's monitor cancels every unit; cancelling one
 * unit (from the Progress view) cancels the round, since a round commits all its units or none.
 */
public final class JobUnitExecutor implements UnitExecutor {
    private static final String PLUGIN = "org.clothgraph.explore.ui";
    private static final long POLL_MILLIS = 100;

    @Override
    public List<ExpansionResult> runAll(List<ExpansionUnit> units, ClothSimulator simulator, int workers,
            Progress progress, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, units.size());
        if (units.isEmpty()) {
            return List.of();
        }
        JobGroup group = new JobGroup("Exploration round", Math.max(1, workers), units.size());
        ExpansionResult[] results = new ExpansionResult[units.size()];
        List<UnitJob> jobs = new ArrayList<>();
        for (int i = 0; i < units.size(); i++) {
            UnitJob job = new UnitJob(units.get(i), simulator, progress, sub, results, i);
            job.setJobGroup(group);
            jobs.add(job);
        }
        jobs.forEach(Job::schedule);
        int reported = 0;
        try {
            boolean done = false;
            while (!done) {
                done = group.join(POLL_MILLIS, null);
                int finished = finished(results);
                sub.worked(finished - reported);
                reported = finished;
                if (!done && sub.isCanceled()) {
                    group.cancel();
                    group.join(0, null);
                    throw new OperationCanceledException();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            group.cancel();
            throw new OperationCanceledException();
        }
        for (UnitJob job : jobs) {
            if (job.failure != null) {
                throw new IllegalStateException("expansion failed: " + job.failure, job.failure);
            }
        }
        if (finished(results) < results.length) {
            throw new OperationCanceledException(); // a unit was cancelled: the round is void
        }
        return List.copyOf(Arrays.asList(results));
    }

    private static int finished(ExpansionResult[] results) {
        int n = 0;
        synchronized (results) {
            for (ExpansionResult r : results) {
                if (r != null) {
                    n++;
                }
            }
        }
        return n;
    }

    /** One unit of work as a job; it stores its result in its slot. */
    private static final class UnitJob extends Job {
        private final ExpansionUnit unit;
        private final ClothSimulator simulator;
        private final Progress progress;
        private final IProgressMonitor round;
        private final ExpansionResult[] results;
        private final int slot;
        private volatile Throwable failure;

        UnitJob(ExpansionUnit unit, ClothSimulator simulator, Progress progress, IProgressMonitor round,
                ExpansionResult[] results, int slot) {
            super(unit.label());
            this.unit = unit;
            this.simulator = simulator;
            this.progress = progress;
            this.round = round;
            this.results = results;
            this.slot = slot;
            setPriority(LONG);
        }

        @Override
        protected IStatus run(IProgressMonitor monitor) {
            try {
                progress.started(unit);
                ExpansionResult r = UnitRunner.run(unit, simulator, new CancelledWithRound(monitor, round));
                synchronized (results) {
                    results[slot] = r;
                }
                progress.finished(unit, r);
                return Status.OK_STATUS;
            } catch (OperationCanceledException e) {
                return Status.CANCEL_STATUS;
            } catch (RuntimeException | Error e) {
                failure = e;
                return new Status(IStatus.ERROR, PLUGIN, unit.label() + " failed: " + e, e);
            }
        }

        @Override
        public boolean belongsTo(Object family) {
            return Explorer.FAMILY.equals(family);
        }
    }

    /** The unit job's own monitor (shown in the Progress view), also cancelled when the round is. */
    private static final class CancelledWithRound extends ProgressMonitorWrapper {
        private final IProgressMonitor round;

        CancelledWithRound(IProgressMonitor own, IProgressMonitor round) {
            super(own);
            this.round = round;
        }

        @Override
        public boolean isCanceled() {
            return super.isCanceled() || round.isCanceled();
        }
    }
}
