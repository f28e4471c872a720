package org.clothgraph.demo;

import java.nio.file.Path;

import org.clothgraph.model.Project;
import org.clothgraph.motion.character.CharacterImport;
import org.clothgraph.motion.character.ImportedCharacter;
import org.clothgraph.motion.project.ProjectCharacter;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * A project of one's own: empty but for its character and the project defaults the demo uses; clips, garments and
 * graphs come from the user. The character is the generated default one (the demo character, whose skinned surface is
 * generated from its skeleton wherever it is drawn or collided with) or one imported from the user's file
 * ({@link CharacterImport}: a skinned glTF with its own surface, or a BVH/ASF skeleton). The CLI's {@code new} and the
 * workbench's New Project wizard both call this.
 */
public final class NewProject {
    private NewProject() {
    }

    /** Creates the project in {@code folder} (which must hold none) with the default character and returns it open. */
    public static Project create(Path folder, String name) {
        return create(folder, name, (ImportedCharacter) null, null);
    }

    /**
     * Creates the project with the character read from {@code characterFile} (null: the default character). The file
     * is read and mapped before anything is created, so a refused file leaves no folder behind.
     */
    public static Project create(Path folder, String name, Path characterFile, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "New project " + name, 10);
        ImportedCharacter c = characterFile == null ? null : CharacterImport.read(characterFile, sub.split(7));
        return create(folder, name, c, sub.split(3));
    }

    /** Creates the project with an already read character (null: the default character). */
    public static Project create(Path folder, String name, ImportedCharacter character, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "New project " + name, 2);
        Project project = Project.create(folder, name);
        try {
            DemoSettings.apply(project);
            sub.worked(1);
            if (character == null) {
                ProjectCharacter.ensure(project);
            } else {
                CharacterImport.store(project, character, sub.split(1));
            }
            return project;
        } catch (RuntimeException e) {
            project.close();
            throw e;
        }
    }
}
