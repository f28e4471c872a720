package org.clothgraph.motion.project;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.clothgraph.model.CharacterInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.ProjectFormat;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.character.CharacterSkin;
import org.clothgraph.motion.demo.DemoCharacter;
import org.clothgraph.motion.io.BvhReader;
import org.clothgraph.motion.io.BvhWriter;
import org.clothgraph.motion.io.ImportOptions;

/**
 * The project character's skeleton, stored as a one-frame BVH in the rest pose, and its own skinned surface when it
 * was imported with one ({@code character/skin.cgsk}, the character record's body file); without one the surface is
 * generated from the body capsules.
 */
public final class ProjectCharacter {
    /** Stored project BVH files are in metres, Y up, at their own frame rate. */
    static final ImportOptions STORED = new ImportOptions(0, 1.0, ImportOptions.UpAxis.Y);
    static final String SKELETON_FILE = ProjectFormat.CHARACTER_FOLDER + "/skeleton.bvh";
    static final String SKIN_FILE = ProjectFormat.CHARACTER_FOLDER + "/skin.cgsk";

    private ProjectCharacter() {
    }

    /** Gives the project the demo character when it has none yet. */
    public static void ensure(Project project) {
        if (project.character().isEmpty()) {
            set(project, "Demo character", DemoCharacter.skeleton());
        }
    }

    public static void set(Project project, String name, Skeleton skeleton) {
        set(project, name, skeleton, null);
    }

    /** Sets the character: its skeleton and, when not null, its own skinned surface (bound to that skeleton). */
    public static void set(Project project, String name, Skeleton skeleton, CharacterSkin skin) {
        if (skin != null) {
            skin.checkSkeleton(skeleton);
        }
        Motion rest = new Motion.Builder("rest", skeleton, 30, 1).build();
        project.writeFile(SKELETON_FILE, file -> BvhWriter.write(rest, file));
        if (skin != null) {
            project.writeFile(SKIN_FILE, skin::write);
        }
        project.setCharacter(new CharacterInfo(name, SKELETON_FILE, skin == null ? null : SKIN_FILE, skeleton.size(),
                skeleton.restHeight()));
    }

    /** The character's own skinned surface, when it was imported with one. */
    public static Optional<CharacterSkin> skin(Project project) {
        CharacterInfo ch = project.character().orElse(null);
        if (ch == null || ch.bodyFile() == null) {
            return Optional.empty();
        }
        Path file = project.file("character " + ch.name() + ", field body_file", ch.bodyFile());
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException(file, null, "character surface file missing");
        }
        CharacterSkin skin = CharacterSkin.read(file);
        try {
            skin.checkSkeleton(skeleton(project));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(file, "joints", e.getMessage());
        }
        return Optional.of(skin);
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
