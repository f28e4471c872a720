package org.clothgraph.demo;

import java.nio.file.Path;

import org.clothgraph.model.Project;
import org.clothgraph.motion.project.ProjectCharacter;

/**
 * A project of one's own: empty but for the generated default character (the demo character, whose skinned surface
 * is generated from its skeleton wherever it is drawn or collided with) and the project defaults the demo uses; clips,
 * garments and graphs come from the user.
 */
public final class NewProject {
    private NewProject() {
    }

    /** Creates the project in {@code folder} (which must hold none) and returns it open. */
    public static Project create(Path folder, String name) {
        Project project = Project.create(folder, name);
        try {
            DemoSettings.apply(project);
            ProjectCharacter.ensure(project);
            return project;
        } catch (RuntimeException e) {
            project.close();
            throw e;
        }
    }
}
