package org.clothgraph.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.clothgraph.model.CharacterInfo;
import org.clothgraph.model.CheckReport;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** check compares every referenced file with the SHA-256 and size recorded when ClothGraph stored it. */
class FileDigestTest {
    private static final String OBJ = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nf 1 2 3\nf 2 4 3\n";

    @TempDir
    Path dir;

    @Test
    void damagedGarmentClipAndCharacterFilesAreNamed() throws IOException {
        Path folder = dir.resolve("p");
        try (Project p = Project.create(folder, "digests")) {
            fill(p);
            assertTrue(p.check(null).clean(), () -> p.check(null).violations().toString());

            Path obj = folder.resolve("garments/robe.obj");
            byte[] whole = Files.readAllBytes(obj);
            Files.write(obj, Arrays.copyOf(whole, whole.length / 2));
            Files.writeString(folder.resolve("motions/walk.bvh"), "HIERARCHY\nMOTION\nFrames: 4\n");
            Files.writeString(folder.resolve("character/skeleton.bvh"), " ", StandardOpenOption.APPEND);

            Map<String, String> v = byWhere(p.check(null));
            assertEquals(Set.of("garment hooded robe", "clip walk", "character Ada (skeleton)"), v.keySet(), v.toString());
            assertTrue(v.get("garment hooded robe").startsWith("garments/robe.obj changed since import (sha256 "),
                    v.toString());
            assertTrue(v.get("garment hooded robe").contains(String.format(Locale.ROOT, ", %,d bytes; expected sha256 ",
                    whole.length / 2)), v.toString());
            assertTrue(v.get("garment hooded robe").endsWith(String.format(Locale.ROOT, ", %,d bytes)", whole.length)),
                    v.toString());
            assertTrue(v.get("clip walk").startsWith("motions/walk.bvh changed since import"), v.toString());
            assertTrue(v.get("character Ada (skeleton)").startsWith("character/skeleton.bvh changed since import"),
                    v.toString());

            Files.write(obj, whole);
            assertEquals(Set.of("clip walk", "character Ada (skeleton)"), byWhere(p.check(null)).keySet());
            p.recordFile("motions/walk.bvh"); // a deliberate change is accepted by recording it
            assertEquals(Set.of("character Ada (skeleton)"), byWhere(p.check(null)).keySet());
        }
    }

    @Test
    void aFileMustExistToBeRegistered() {
        try (Project p = Project.create(dir.resolve("m"), "missing")) {
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> p.addClip("ghost", "motions/ghost.bvh", 30, 2));
            assertTrue(e.getMessage().contains("ghost.bvh"), e.getMessage());
            assertTrue(p.clips().isEmpty(), "the failed registration rolled back");
        }
    }

    @Test
    void aReferencedFileWithoutDigestCannotPassUnverified() {
        try (Project p = Project.create(dir.resolve("n"), "no digest")) {
            fill(p);
            p.write(Set.of(), c -> {
                try (Statement s = c.createStatement()) {
                    return s.executeUpdate("DELETE FROM file_digest WHERE file = 'garments/robe.obj'");
                }
            });
            Map<String, String> v = byWhere(p.check(null));
            assertEquals(Set.of("garment hooded robe"), v.keySet());
            assertTrue(v.get("garment hooded robe").contains("no recorded digest"), v.toString());
        }
    }

    @Test
    void migratingAVersion1ProjectRecordsTheDigestsOfItsFiles() throws IOException {
        Path folder = dir.resolve("v1");
        try (Project p = Project.create(folder, "old")) {
            fill(p);
            // back to format version 1: no exploration state, no digests
            p.write(Set.of(), c -> {
                try (Statement s = c.createStatement()) {
                    for (String sql : new String[] { "DROP TABLE file_digest", "DROP TABLE exploration_log",
                            "DROP TABLE init_branch", "DROP INDEX cloth_transition_dst", "DROP INDEX merge_transition",
                            "ALTER TABLE cloth_state DROP COLUMN status", "ALTER TABLE cloth_state DROP COLUMN round",
                            "ALTER TABLE cloth_transition DROP COLUMN inner_frames",
                            "ALTER TABLE merge_record DROP COLUMN plain_error",
                            "ALTER TABLE merge_record DROP COLUMN cross_class",
                            "ALTER TABLE merge_record DROP COLUMN quarantine",
                            "UPDATE meta SET value = '1' WHERE key = 'formatVersion'" }) {
                        s.executeUpdate(sql);
                    }
                }
                return null;
            });
        }
        try (Project p = Project.open(folder)) {
            assertEquals(2, p.formatVersion());
            assertTrue(p.isWriter(), "migrating is a write");
            assertTrue(p.check(null).clean(), () -> p.check(null).violations().toString());
            Files.writeString(folder.resolve("garments/robe.obj"), "v 0 0 0\n");
            assertEquals(Set.of("garment hooded robe"), byWhere(p.check(null)).keySet());
        }
    }

    /** A character, a garment and a clip, each file written through the project. */
    private static void fill(Project p) {
        p.writeFile("character/skeleton.bvh", f -> Files.writeString(f, "HIERARCHY\nROOT Hips\n"));
        p.setCharacter(new CharacterInfo("Ada", "character/skeleton.bvh", null, 1, 1.75));
        p.writeFile("garments/robe.obj", f -> Files.writeString(f, OBJ.repeat(50)));
        p.addGarment(new GarmentInfo(0, "hooded robe", "garments/robe.obj", "{}", 4, Map.of()));
        p.writeFile("motions/walk.bvh", f -> Files.writeString(f, "HIERARCHY\nMOTION\nFrames: 3\n"));
        p.addClip("walk", "motions/walk.bvh", 30, 3);
    }

    private static Map<String, String> byWhere(CheckReport report) {
        Map<String, String> m = new TreeMap<>();
        report.violations().forEach(v -> m.put(v.where(), v.what()));
        return m;
    }
}
