package org.clothgraph.motion.tests;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.clothgraph.testing.SharedData;
import org.junit.jupiter.api.Assumptions;

/** Locates the read-only shared test data (a "shared/data" folder next to the repository). */
final class TestData {
    private TestData() {}

    /** The shared data folder or null. */
    static Path sharedData() {
        return SharedData.folder();
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
