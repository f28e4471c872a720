package org.clothgraph.explore.ui.internal;

import java.util.List;

import org.clothgraph.explore.ExplorationSettings;
import org.clothgraph.explore.ExplorationStatus;
import org.clothgraph.explore.Explorer;
import org.clothgraph.explore.UnitExecutor;
import org.clothgraph.explore.slurm.ExplorationBackend;
import org.clothgraph.explore.slurm.SlurmSettings;
import org.clothgraph.explore.slurm.SlurmStatus;
import org.clothgraph.explore.slurm.SlurmUnitExecutor;
import org.clothgraph.explore.slurm.internal.SlurmCommands;
import org.clothgraph.explore.ui.JobUnitExecutor;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.JobSnapshot;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.sim.ClothSimulator;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;

/**
 * Start, pause, resume and stop of one exploration, each run a thin {@link OperationJob} of family
 * {@link Explorer#FAMILY} around {@link Explorer#run}. Pause asks the explorer to stop after the round in flight
 * commits; resume is a new run (the exploration state lives in the project); stop cancels the job, which aborts
 * the round in flight. Listeners are called on job and worker threads: the view marshals to the UI thread.
 */
final class ExplorationRunner {
    enum State {
        /** Nothing ran yet in this view. */
        IDLE,
        RUNNING,
        /** Pause asked: the round in flight finishes and commits. */
        PAUSING,
        PAUSED,
        /** Stop asked: the round in flight is abandoned. */
        STOPPING,
        STOPPED;

        boolean active() {
            return this == RUNNING || this == PAUSING || this == STOPPING;
        }
    }

    /** What one run needs; resume reuses the garment and takes fresh settings. */
    record Request(Project project, GarmentInfo garment, ClothSimulator simulator, ExplorationSettings settings,
            ExplorationBackend backend, List<Long> focus) {
    }

    interface Listener {
        /** A status of the running exploration (exploring or worker thread). */
        void status(ExplorationStatus status);

        /** The run state changed, with a sentence saying why (any thread). */
        void state(State state, String message);

        /** A status of the Slurm backend (exploring thread). */
        default void slurm(SlurmStatus status) {
        }
    }

    private final Listener listener;
    private State state = State.IDLE;
    private Explorer explorer;
    private OperationJob<Explorer.Report> job;
    private UnitExecutor executor;
    private Project project;

    ExplorationRunner(Listener listener) {
        this.listener = listener;
    }

    synchronized State state() {
        return state;
    }

    /** The project the current or last run explored. */
    synchronized Project project() {
        return project;
    }

    /** Starts a run (also what resume does). */
    void start(Request r) {
        OperationJob<Explorer.Report> j;
        synchronized (this) {
            if (state.active()) {
                throw new IllegalStateException("an exploration is running (" + state + ")");
            }
            project = r.project();
            UnitExecutor x;
            if (r.backend() == ExplorationBackend.SLURM) {
                SlurmUnitExecutor slurm = new SlurmUnitExecutor(r.project(), SlurmSettings.of(r.project()));
                slurm.addListener(listener::slurm);
                x = slurm;
            } else {
                x = new JobUnitExecutor();
            }
            executor = x;
            Explorer e = new Explorer(r.project(), r.garment(), r.simulator(), r.settings(), x);
            e.addListener(listener::status);
            e.focus(r.focus());
            j = new OperationJob<>("Exploring " + r.garment().name(), Explorer.FAMILY,
                    m -> e.run(new Explorer.Limits(0, 0, 0), m));
            j.addJobChangeListener(new JobChangeAdapter() {
                @Override
                public void done(IJobChangeEvent event) {
                    finished(j);
                }
            });
            explorer = e;
            job = j;
            state = State.RUNNING;
        }
        listener.state(State.RUNNING, "exploring " + r.garment().name() + (r.backend() == ExplorationBackend.SLURM
                ? " on Slurm" : " with " + r.settings().effectiveWorkers() + " parallel simulations") + ", "
                + r.settings().roundSize() + " expansions per round" + (r.focus().isEmpty() ? ""
                        : ", the focus clip's dead ends first"));
        j.schedule();
    }

    /** Stops after the round in flight has been committed. */
    void pause() {
        synchronized (this) {
            if (state != State.RUNNING) {
                return;
            }
            explorer.requestStop();
            state = State.PAUSING;
        }
        listener.state(State.PAUSING, "pausing after the round in flight");
    }

    /** Aborts the round in flight (its frames are never committed); a paused exploration just ends. */
    void stop() {
        OperationJob<Explorer.Report> j;
        synchronized (this) {
            if (state == State.PAUSED) {
                state = State.STOPPED;
                j = null;
            } else if (state == State.RUNNING || state == State.PAUSING) {
                state = State.STOPPING;
                j = job;
            } else {
                return;
            }
        }
        if (j == null) {
            listener.state(State.STOPPED, "stopped");
        } else {
            listener.state(State.STOPPING, "stopping: the round in flight is abandoned");
            j.cancel();
        }
    }

    /**
     * Cancels every Slurm pilot job of the project and empties its queue; a Slurm run in flight stops as if
     * stopped. Runs in a job of its own (scancel is a process).
     */
    void cancelAllJobs(Project p) {
        UnitExecutor x;
        synchronized (this) {
            x = executor;
        }
        Job.create("Cancelling Slurm jobs", m -> {
            if (x instanceof SlurmUnitExecutor slurm) {
                slurm.cancelAll();
            } else {
                SlurmUnitExecutor.cancelAll(p, new SlurmCommands());
            }
        }).schedule();
    }

    private void finished(OperationJob<Explorer.Report> j) {
        JobSnapshot<Explorer.Report> s = j.snapshot();
        State next;
        String message;
        UnitExecutor x;
        synchronized (this) {
            if (job != j) {
                return;
            }
            job = null;
            explorer = null;
            x = executor;
            executor = null;
            next = state == State.PAUSING && s.state() == JobSnapshot.State.COMPLETED ? State.PAUSED : State.STOPPED;
            state = next;
        }
        if (x != null) {
            x.close();
        }
        message = switch (s.state()) {
            case COMPLETED -> next == State.PAUSED ? "paused: " + s.result().stopReason() : s.result().stopReason();
            case CANCELLED -> "stopped: the round in flight was abandoned, everything committed before it is kept";
            case FAILED -> "the exploration failed: " + s.message();
            case RUNNING -> "";
        };
        if (s.state() == JobSnapshot.State.COMPLETED) {
            listener.status(s.result().status());
        }
        listener.state(next, message);
    }
}
