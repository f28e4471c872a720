package org.clothgraph.model;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What a write does when another process holds the project's writer lock: be refused at once
 * ({@link #REFUSE}, the default), or wait up to a timeout, telling {@code onWait} who it is waiting for
 * (when it starts waiting and whenever the holder changes).
 */
public record WriterWait(Duration timeout, Consumer<LockHolder> onWait) {
    /** Refuse at once with a {@link ProjectLockedException}. */
    public static final WriterWait REFUSE = new WriterWait(Duration.ZERO, holder -> {
        // nothing to report: the refusal says who holds the lock
    });

    public WriterWait {
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(onWait, "onWait");
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("negative timeout " + timeout);
        }
    }

    /** Waits until the lock is free (a waiting thread can be interrupted). */
    public static WriterWait indefinitely(Consumer<LockHolder> onWait) {
        return new WriterWait(ChronoUnit.FOREVER.getDuration(), onWait);
    }

    /** Waits at most {@code timeout}, then refuses. */
    public static WriterWait upTo(Duration timeout, Consumer<LockHolder> onWait) {
        return new WriterWait(timeout, onWait);
    }

    /** The timeout in nanoseconds, saturated at {@link Long#MAX_VALUE}. */
    public long timeoutNanos() {
        return timeout.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : timeout.toNanos();
    }
}
