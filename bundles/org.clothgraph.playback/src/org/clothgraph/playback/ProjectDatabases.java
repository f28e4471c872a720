package org.clothgraph.playback;

import java.nio.file.Path;
import java.util.List;

import org.clothgraph.model.CompressedDatabaseInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;

/** The runtime databases recorded in a project (compressed by {@code clothgraph compress}). */
public final class ProjectDatabases {
    private ProjectDatabases() {
    }

    /** The file of a recorded database (stored relative to the project folder). */
    public static Path file(Project project, CompressedDatabaseInfo info) {
        return project.file("database " + info.name() + ", field file", info.file());
    }

    /** The newest recorded database's file; bad input when the project has none. */
    public static Path newest(Project project) {
        List<CompressedDatabaseInfo> all = project.databases();
        if (all.isEmpty()) {
            throw new InvalidInputException(project.folder().toString(), "databases",
                    "no compressed database yet: run clothgraph compress first");
        }
        return file(project, all.get(all.size() - 1));
    }
}
