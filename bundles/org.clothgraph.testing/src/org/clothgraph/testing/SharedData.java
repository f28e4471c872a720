package org.clothgraph.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates ../shared/data (real mocap, meshes, ARCSim output) from a test's working folder. */
public final class SharedData {
    private SharedData() {
    }

    /** The shared data folder, or null when this checkout has none beside it. */
    public static Path folder() {
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) {
            Path candidate = p.resolveSibling("shared").resolve("data");
            if (p.getParent() != null && Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        Path fixed = Path.of("/work/shared/data");
        return Files.isDirectory(fixed) ? fixed : null;
    }

    /** A path below the shared data folder, or null when absent. */
    public static Path resolve(String relative) {
        Path f = folder();
        return f == null || !Files.exists(f.resolve(relative)) ? null : f.resolve(relative);
    }
}
