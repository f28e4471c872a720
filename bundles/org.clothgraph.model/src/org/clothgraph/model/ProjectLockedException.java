package org.clothgraph.model;

import java.nio.file.Path;

/**
 * A write was refused because another process (or another open {@link Project} of this process) holds the
 * project's writer lock. Bad input, not an internal error: the CLI prints the one-line message and exits 2.
 */
public final class ProjectLockedException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    private final transient LockHolder holder;

    /**
     * @param lockFile the project's lock file
     * @param holder who holds it; null when the holder has not written its name yet
     */
    public ProjectLockedException(Path lockFile, LockHolder holder) {
        super(lockFile, null, message(holder));
        this.holder = holder;
    }

    /** The process holding the lock; null when it could not be read. */
    public LockHolder holder() {
        return holder;
    }

    private static String message(LockHolder holder) {
        if (holder == null) {
            return "the project is being written by another process (it has not named itself yet); wait for it or stop it";
        }
        if (holder.isThisProcess()) {
            return "the project is being written by another open project of this process, " + holder.describe()
                    + "; close that one first";
        }
        return "the project is being written by " + holder.describe() + "; wait for it or stop it";
    }
}
