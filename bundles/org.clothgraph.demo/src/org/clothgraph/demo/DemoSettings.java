package org.clothgraph.demo;

import org.clothgraph.model.Project;

/** Project defaults, following the paper where it gives a number. */
final class DemoSettings {
    private DemoSettings() {
    }

    static void apply(Project project) {
        project.batch(() -> {
            project.setSetting("project", "fps", "30");
            project.setSetting("simulator", "kind", "embedded");
            project.setSetting("simulator", "substeps", "20");
            project.setSetting("motiongraph", "window", "10");
            // Kim et al. 2013, section 6: blend about 10 frames across merged edges.
            project.setSetting("playback", "blendFrames", "10");
            // Section 7: about 200 basis vectors, 0.3 mm basis quantisation.
            project.setSetting("compression", "basisVectors", "200");
            project.setSetting("compression", "quantisationMm", "0.3");
        });
    }
}
