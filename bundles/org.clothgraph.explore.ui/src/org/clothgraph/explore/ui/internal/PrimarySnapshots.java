package org.clothgraph.explore.ui.internal;

import org.clothgraph.model.Project;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;

/** The primary graph of the shown project, read once and again only after it changed (background threads). */
final class PrimarySnapshots {
    private Project of;
    private PrimaryGraphSnapshot snapshot;
    private boolean stale;

    synchronized void invalidate() {
        stale = true;
    }

    synchronized PrimaryGraphSnapshot get(Project project) {
        if (project != of || stale || snapshot == null) {
            snapshot = PrimaryGraphSnapshot.of(project);
            of = project;
            stale = false;
        }
        return snapshot;
    }
}
