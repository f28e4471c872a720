package org.clothgraph.model.jobs;

/** Immutable state of a job: RUNNING, COMPLETED with its result, FAILED with a message, or CANCELLED. */
public record JobSnapshot<T>(State state, T result, String message) {
    public enum State {
        RUNNING, COMPLETED, FAILED, CANCELLED
    }

    static <T> JobSnapshot<T> running() {
        return new JobSnapshot<>(State.RUNNING, null, null);
    }

    static <T> JobSnapshot<T> completed(T result) {
        return new JobSnapshot<>(State.COMPLETED, result, null);
    }

    static <T> JobSnapshot<T> failed(String message) {
        return new JobSnapshot<>(State.FAILED, null, message);
    }

    static <T> JobSnapshot<T> cancelled() {
        return new JobSnapshot<>(State.CANCELLED, null, null);
    }
}
