package org.clothgraph.motion.project;

import java.nio.file.Files;
import java.nio.file.Path;

import org.clothgraph.model.CharacterInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.ProjectFormat;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.demo.DemoCharacter;
import org.clothgraph.motion.io.BvhReader;
import org.clothgraph.motion.io.BvhWriter;
import org.clothgraph.motion.io.ImportOptions;

/** The project character's skeleton, stored as a one-frame BVH in the rest pose. */
public final class ProjectCharacter {
    /** Stored project BVH files are in metres, Y up, at their own frame rate. */
    static final ImportOptions STORED = new ImportOptions(0, 1.0, ImportOptions.UpAxis.Y);
    static final String SKELETON_FILE = ProjectFormat.CHARACTER_FOLDER + "/skeleton.bvh";

    private ProjectCharacter() {
    }

    /** Gives the project the demo character when it has none yet. */
    public static void ensure(Project project) {
        if (project.character().isEmpty()) {
            set(project, "Demo character", DemoCharacter.skeleton());
        }
    }

    public static void set(Project project, String name, Skeleton skeleton) {
        Motion rest = new Motion.Builder("rest", skeleton, 30, 1).build();
        project.writeFile(SKELETON_FILE, file -> BvhWriter.write(rest, file));
        project.setCharacter(new CharacterInfo(name, SKELETON_FILE, null, skeleton.size(), skeleton.restHeight()));
    }

    /** The character skeleton; the demo character when the project has none. */
    public static Skeleton skeleton(Project project) {
        CharacterInfo ch = project.character().orElse(null);
        if (ch == null) {
            return DemoCharacter.skeleton();
        }
        Path file = project.file("character " + ch.name() + ", field skeleton_file", ch.skeletonFile());
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException(file, null, "character skeleton file missing");
        }
        return BvhReader.read(file, STORED).skeleton();
    }
}
