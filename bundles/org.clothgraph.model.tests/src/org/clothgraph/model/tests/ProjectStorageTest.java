package org.clothgraph.model.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Map;

import org.clothgraph.model.CharacterInfo;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.PrimaryGraph;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.model.ProjectFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectStorageTest {
    @TempDir
    Path dir;

    @Test
    void aDatabaseWithoutTheColumnsOfTheFormatIsRefusedNamingTableAndColumn() throws Exception {
        Path folder = dir.resolve("schema");
        Project.create(folder, "s").close();
        // SQLite reads this file without complaint; only its schema says it is not a ClothGraph project of this format
        Path db = folder.resolve(ProjectFormat.DATABASE_FILE);
        try (java.sql.Connection c = new org.sqlite.JDBC().connect(org.sqlite.JDBC.PREFIX + db, new java.util.Properties());
                java.sql.Statement s = c.createStatement()) {
            s.executeUpdate("ALTER TABLE clip RENAME COLUMN file TO path");
        }
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Project.open(folder));
        assertEquals(db + ":table clip, column file: missing: not a ClothGraph project database of format "
                + ProjectFormat.VERSION, e.getMessage());
    }

    @Test
    void projectRoundTripsThroughTheDatabase() throws IOException {
        Path folder = dir.resolve("p");
        try (Project p = Project.create(folder, "robe study")) {
            Files.writeString(folder.resolve("character/skeleton.bvh"), "HIERARCHY");
            p.setCharacter(new CharacterInfo("Ada", "character/skeleton.bvh", null, 24, 1.75));
            Files.writeString(folder.resolve("garments/robe.obj"), "v 0 0 0");
            p.addGarment(new GarmentInfo(0, "robe", "garments/robe.obj", "{}", 3, Map.of("hood", new int[] { 0, 2 })));
            Files.writeString(folder.resolve("motions/walk.bvh"), "HIERARCHY");
            long clip = p.addClip("walk", "motions/walk.bvh", 30, 3);
            p.replacePrimaryGraph(new PrimaryGraph(List.of(new PrimaryNode(1, clip, 0), new PrimaryNode(2, clip, 1),
                    new PrimaryNode(3, clip, 2)), List.of(new PrimaryEdge(1, 1, 2, PrimaryEdge.Kind.CLIP, 0),
                            new PrimaryEdge(2, 2, 3, PrimaryEdge.Kind.CLIP, 0),
                            new PrimaryEdge(3, 3, 1, PrimaryEdge.Kind.TRANSITION, 0.25)), 4, "removed 4 poses"));
        }
        try (Project p = Project.open(folder)) {
            assertEquals("robe study", p.name());
            assertEquals("Ada", p.character().orElseThrow().name());
            GarmentInfo robe = p.garments().get(0);
            assertArrayEquals(new int[] { 0, 2 }, robe.vertexGroups().get("hood"));
            PrimaryGraph g = p.primaryGraph();
            assertEquals(3, g.nodes().size());
            assertEquals(1, g.transitionCount());
            assertEquals(4, g.prunedNodes());
            assertTrue(g.isStronglyConnected());
            assertTrue(p.check(null).clean(), () -> p.check(null).violations().toString());
        }
    }

    @Test
    void truncatedDatabaseIsRefusedAndLeftUntouched() throws Exception {
        Path folder = dir.resolve("t");
        try (Project p = Project.create(folder, "t")) {
            for (int i = 0; i < 200; i++) {
                p.setSetting("s", "k" + i, "value ".repeat(20));
            }
        }
        Path db = folder.resolve(ProjectFormat.DATABASE_FILE);
        long size = Files.size(db);
        try (FileChannel ch = FileChannel.open(db, StandardOpenOption.WRITE)) {
            ch.truncate(size / 2 + 100);
        }
        byte[] before = digest(db);
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Project.open(folder));
        assertTrue(e.getMessage().contains(db.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertArrayEquals(before, digest(db), "a refused database must not be modified");
    }

    @Test
    void futureFormatVersionIsRefused() throws Exception {
        Path folder = dir.resolve("f");
        try (Project p = Project.create(folder, "f")) {
            p.write(java.util.Set.of(), c -> {
                try (PreparedStatement s = c.prepareStatement("UPDATE meta SET value = '99' WHERE key = 'formatVersion'")) {
                    return s.executeUpdate();
                }
            });
        }
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Project.open(folder));
        assertTrue(e.getMessage().contains("meta.formatVersion"), e.getMessage());
        assertTrue(e.getMessage().contains("99"), e.getMessage());
    }

    @Test
    void foreignFileIsRefused() throws IOException {
        Path folder = dir.resolve("x");
        Files.createDirectories(folder);
        Files.writeString(folder.resolve(ProjectFormat.DATABASE_FILE), "this is not a database at all, just text. ".repeat(10));
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Project.open(folder));
        assertTrue(e.getMessage().contains("not an SQLite database"), e.getMessage());
        assertThrows(InvalidInputException.class, () -> Project.open(dir.resolve("missing")));
    }

    @Test
    void creatingOverAnExistingProjectIsRefused() {
        Path folder = dir.resolve("c");
        Project.create(folder, "c").close();
        assertThrows(InvalidInputException.class, () -> Project.create(folder, "again"));
    }

    private static byte[] digest(Path f) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f));
    }
}
