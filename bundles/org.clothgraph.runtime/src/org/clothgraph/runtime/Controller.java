package org.clothgraph.runtime;

/** A character controller: picks the next primary edge, an index into {@link Player#choices()}. */
@FunctionalInterface
public interface Controller {
    int choose(Player player);
}
