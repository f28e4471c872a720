package org.clothgraph.explore.slurm;

import java.util.List;

/**
 * An immutable snapshot of the Slurm backend for views (a render farm's work-item view): the pilot jobs in flight
 * and the ones that ended badly, and every unit of the round with where it runs and how long it took.
 *
 * @param jobs pilot jobs: in flight first, then those that failed, were cancelled, timed out or lost their node
 * @param units the units of the round in flight (or of the last one)
 * @param message the last thing that happened
 * @param submissions sbatch submissions by this controller
 */
public record SlurmStatus(List<Job> jobs, List<Unit> units, String message, int submissions) {

    public SlurmStatus {
        jobs = List.copyOf(jobs);
        units = List.copyOf(units);
    }

    public static SlurmStatus empty() {
        return new SlurmStatus(List.of(), List.of(), "", 0);
    }

    /** A pilot job: Slurm's id (A_T), state, node, time running, and Slurm's reason or exit code. */
    public record Job(String id, String state, String node, String elapsed, String reason) {
    }

    /**
     * One unit of work (one branch of an expansion): QUEUED, RUNNING, DONE, FAILED or QUARANTINED, the job and node
     * that ran it, how often it was placed, and its seconds on the node (0 until it finished).
     */
    public record Unit(String label, String key, String state, String job, String node, int attempts,
            double seconds) {
    }

    /** Receives every status; called on the exploring thread. */
    @FunctionalInterface
    public interface Listener {
        void status(SlurmStatus status);
    }
}
