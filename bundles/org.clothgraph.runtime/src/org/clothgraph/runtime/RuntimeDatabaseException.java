package org.clothgraph.runtime;

import java.nio.file.Path;

/**
 * A runtime database that cannot be read: foreign, truncated, corrupt or of another format version. The message
 * is one line naming the file and the part that failed.
 */
public final class RuntimeDatabaseException extends java.io.IOException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final String part;

    public RuntimeDatabaseException(Path file, String part, String what) {
        this(file, part, what, null);
    }

    public RuntimeDatabaseException(Path file, String part, String what, Throwable cause) {
        super(file + ": part '" + part + "': " + what, cause);
        this.file = file;
        this.part = part;
    }

    public Path file() {
        return file;
    }

    /** The part that failed: header, meta, mesh, graph, frames, basis or coefficients. */
    public String part() {
        return part;
    }
}
