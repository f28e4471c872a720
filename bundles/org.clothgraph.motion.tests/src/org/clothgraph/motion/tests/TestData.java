package org.clothgraph.motion.tests;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;

/** Locates the read-only shared test data (a "shared/data" folder next to the repository). */
final class TestData {
    private TestData() {}

    /** The shared data folder or null. */
    static Path sharedData() {
        Path wd = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        for (String rel : new String[] {"../shared/data", "../../shared/data", "../../../shared/data", "../../../../shared/data"}) {
            Path p = wd.resolve(rel).normalize();
            if (Files.isDirectory(p)) return p;
        }
        Path abs = Path.of("/work/shared/data");
        return Files.isDirectory(abs) ? abs : null;
    }

    /** The shared data folder, or the test is skipped. */
    static Path require() {
        Path p = sharedData();
        Assumptions.assumeTrue(p != null, "shared/data not found");
        return p;
    }

    static List<Path> bvhFiles() throws Exception {
        try (Stream<Path> s = Files.walk(require().resolve("mocap"))) {
            return s.filter(p -> p.toString().endsWith(".bvh")).sorted().toList();
        }
    }
}
