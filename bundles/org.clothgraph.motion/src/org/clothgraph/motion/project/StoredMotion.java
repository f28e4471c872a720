package org.clothgraph.motion.project;

import java.nio.file.Files;
import java.nio.file.Path;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.io.BvhReader;
import org.clothgraph.motion.io.BvhWriter;

/**
 * A motion kept in the project folder as BVH the way the project stores clips (metres, Y up, its own frame rate, on
 * its own skeleton), with its digest recorded so that {@code check} verifies it. Simulation runs keep the motion they
 * were simulated along this way, so that renaming, excluding or regraphing clips later does not change an old run.
 */
public final class StoredMotion {

    private StoredMotion() {
    }

    /** Writes {@code motion} to {@code relative} (atomically) and records its digest. */
    public static void write(Project project, String relative, Motion motion) {
        project.writeFile(relative, file -> BvhWriter.write(motion, file));
        project.recordFile(relative);
    }

    /**
     * Reads a stored motion on its own skeleton.
     *
     * @param where what refers to the file (named in the one-line error), e.g. "run run-0003, field motionFile"
     * @throws InvalidInputException naming the file when it is missing, outside the project or unreadable
     */
    public static Motion read(Project project, String where, String relative) {
        Path file = project.file(where, relative);
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException(file, null, "missing (" + where + ")");
        }
        return BvhReader.read(file, ProjectCharacter.STORED);
    }
}
