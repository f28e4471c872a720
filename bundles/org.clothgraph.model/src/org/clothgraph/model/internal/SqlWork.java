package org.clothgraph.model.internal;

import java.sql.Connection;
import java.sql.SQLException;

/** A unit of database work run inside the project's transaction. */
@FunctionalInterface
public interface SqlWork<T> {
    T run(Connection c) throws SQLException;
}
