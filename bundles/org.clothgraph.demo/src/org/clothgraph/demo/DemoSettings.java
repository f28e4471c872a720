package org.clothgraph.demo;

import org.clothgraph.model.Project;

/**
 * Project settings the demo writes. Only settings something reads belong here: the solver's settings, the blend
 * length and the exploration's are in the exploration settings ({@code ExplorationSettings}), the compression's in
 * its options; writing them here as well showed values in the project tree that nothing used.
 */
final class DemoSettings {
    private DemoSettings() {
    }

    static void apply(Project project) {
        project.batch(() -> {
            project.setSetting("project", "fps", "30");
            project.setSetting("simulator", "kind", "embedded");
            project.setSetting("motiongraph", "window", "10");
        });
    }
}
