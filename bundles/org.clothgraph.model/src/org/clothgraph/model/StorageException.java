package org.clothgraph.model;

/** The project storage failed underneath (disk full, I/O error, driver failure): an internal error, not bad input. */
public class StorageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public StorageException(String message, Throwable cause) {
        super(message, cause);
    }
}
