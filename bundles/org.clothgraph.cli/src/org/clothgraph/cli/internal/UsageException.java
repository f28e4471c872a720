package org.clothgraph.cli.internal;

/** A command line that does not fit the command: unknown option, missing value, bad number. */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
