package org.clothgraph.model;

/** A compressed playback database file produced from the secondary graph. */
public record CompressedDatabaseInfo(long id, String name, String file, int basisVectors, long bytes) {
}
