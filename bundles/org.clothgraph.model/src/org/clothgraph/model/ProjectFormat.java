package org.clothgraph.model;

/** File layout and format version of a project folder. */
public final class ProjectFormat {
    /** Version written by this build; a project with a larger number is refused. */
    public static final int VERSION = 2;
    /** Graph and metadata: an SQLite database. */
    public static final String DATABASE_FILE = "clothgraph.db";
    /**
     * The writer lock: one process writes a project at a time, holding an OS lock on this file, whose text
     * names that process. Never deleted (a deleted lock file could be locked by two processes at once).
     */
    public static final String LOCK_FILE = "clothgraph.lock";
    /** Bulk cloth frames: append-only checksummed segment files. */
    public static final String FRAMES_FOLDER = "frames";
    /** Motion clips as BVH, readable by any tool. */
    public static final String MOTIONS_FOLDER = "motions";
    /** Garment meshes as OBJ. */
    public static final String GARMENTS_FOLDER = "garments";
    /** The character's skeleton and body. */
    public static final String CHARACTER_FOLDER = "character";
    /** Compressed playback databases. */
    public static final String DATABASES_FOLDER = "databases";

    private ProjectFormat() {
    }
}
