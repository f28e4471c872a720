package org.clothgraph.model;

import java.util.Set;

/**
 * One committed change to a project. Delivered after the database transaction commits, on the
 * thread that wrote; UI listeners marshal to their own thread.
 */
public record ModelChange(Project project, Set<Aspect> aspects) {
    public ModelChange {
        aspects = Set.copyOf(aspects);
    }

    public boolean touches(Aspect aspect) {
        return aspects.contains(aspect);
    }
}
