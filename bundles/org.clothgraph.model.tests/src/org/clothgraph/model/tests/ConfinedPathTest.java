package org.clothgraph.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.util.Set;

import org.clothgraph.model.CheckReport;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** File references are confined to the project folder: absolute paths, '..' and symbolic links out are refused. */
class ConfinedPathTest {
    @TempDir
    Path dir;

    @Test
    void referencesInsideTheFolderResolve() throws Exception {
        try (Project p = Project.create(dir.resolve("p"), "p")) {
            assertEquals(p.folder().resolve("motions/a.bvh"), p.file("clip a, field file", "motions/a.bvh"));
            assertEquals(p.folder().resolve("motions/new/b.bvh"), p.file("clip b, field file", "motions/new/b.bvh"),
                    "a file not written yet resolves inside the folder");
            Files.createDirectories(p.folder().resolve("motions/sub"));
            Files.writeString(p.folder().resolve("motions/sub/c.bvh"), "x");
            Files.createSymbolicLink(p.folder().resolve("motions/inside.bvh"), p.folder().resolve("motions/sub/c.bvh"));
            assertEquals(p.folder().resolve("motions/inside.bvh"), p.file("clip c, field file", "motions/inside.bvh"),
                    "a link that stays inside is fine");
        }
    }

    @Test
    void absoluteDotDotAndSymlinksOutAreRefusedNamingTheDatabaseAndField() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("secret.bvh"), "x");
        try (Project p = Project.create(dir.resolve("p"), "p")) {
            Files.createSymbolicLink(p.folder().resolve("motions/link.bvh"), outside.resolve("secret.bvh"));
            Files.createSymbolicLink(p.folder().resolve("linked"), outside);
            Files.createSymbolicLink(p.folder().resolve("motions/dangling.bvh"), outside.resolve("gone.bvh"));
            String db = p.folder().resolve("clothgraph.db") + ":clip a, field file: ";
            assertRefused(p, "/etc/passwd", db + "absolute path '/etc/passwd' refused");
            assertRefused(p, "../outside/secret.bvh", db + "path '../outside/secret.bvh' refused: '..' would leave");
            assertRefused(p, "motions/../../outside/secret.bvh", db + "path 'motions/../../outside/secret.bvh' refused:"
                    + " '..'");
            assertRefused(p, "motions/link.bvh", db + "path 'motions/link.bvh' refused: a symbolic link leads out of the"
                    + " project folder (to " + outside.toRealPath().resolve("secret.bvh") + ")");
            assertRefused(p, "linked/secret.bvh", db + "path 'linked/secret.bvh' refused: a symbolic link leads out");
            assertRefused(p, "linked/not-there.bvh", db + "path 'linked/not-there.bvh' refused: a symbolic link leads");
            assertRefused(p, "motions/dangling.bvh", db + "path 'motions/dangling.bvh' refused: cannot resolve where it"
                    + " leads");
            assertRefused(p, "", db + "empty file reference");
            // writing through a crafted reference is refused the same way: nothing is written out of the folder
            assertThrows(InvalidInputException.class, () -> p.writeFile("../outside/written.bvh",
                    f -> Files.writeString(f, "x")));
            assertTrue(!Files.exists(outside.resolve("written.bvh")));
        }
    }

    @Test
    void checkRefusesEachCraftedReferenceWithOneViolation() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("a.bvh"), "x");
        try (Project p = Project.create(dir.resolve("p"), "p")) {
            p.writeFile("motions/a.bvh", f -> Files.writeString(f, "x"));
            p.addClip("a", "motions/a.bvh", 30, 1);
            Files.createSymbolicLink(p.folder().resolve("motions/link.bvh"), outside.resolve("a.bvh"));
            for (String crafted : new String[] { outside.resolve("a.bvh").toString(), "../outside/a.bvh",
                    "motions/link.bvh" }) {
                p.write(Set.of(), c -> {
                    try (Statement s = c.createStatement()) {
                        return s.executeUpdate("UPDATE clip SET file = '" + crafted + "'");
                    }
                });
                CheckReport r = p.check(null);
                assertEquals(1, r.violations().size(), r.violations().toString());
                assertEquals("clip a", r.violations().get(0).where());
                assertTrue(r.violations().get(0).what().startsWith(p.folder().resolve("clothgraph.db")
                        + ":clip a, field file: "), r.violations().get(0).what());
                assertTrue(r.violations().get(0).what().contains("refused"), r.violations().get(0).what());
            }
        }
    }

    private static void assertRefused(Project p, String reference, String expectedStart) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> p.file("clip a, field file",
                reference), reference);
        assertTrue(e.getMessage().startsWith(expectedStart), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }
}
