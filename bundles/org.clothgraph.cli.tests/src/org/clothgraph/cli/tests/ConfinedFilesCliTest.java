package org.clothgraph.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Set;

import org.clothgraph.cli.Cli;
import org.clothgraph.model.Project;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15, acceptance 1: file references read from a project's database are confined to the project folder. A
 * crafted project (an absolute path, a path through {@code ..}, a symbolic link out of the folder) is refused by
 * check and by every command that opens the reference, with one line naming the database and the field.
 */
class ConfinedFilesCliTest {
    @TempDir
    static Path dir;
    private static Path ws;
    private static Path outside;

    @BeforeAll
    static void demo() throws Exception {
        ws = dir.resolve("w");
        CliRun demo = CliRun.of("demo", "--workspace", ws.toString(), "--headless", "--frames", "0", "--clip-frames", "40",
                "--vertices", "700");
        assertEquals(Cli.OK, demo.code(), demo.err());
        // what a crafted project would point at: real files of the right kind, outside the project folder
        outside = Files.createDirectories(dir.resolve("outside"));
        Files.copy(ws.resolve("motions/walk.bvh"), outside.resolve("walk.bvh"));
        Files.copy(ws.resolve("garments/hooded_robe.obj"), outside.resolve("robe.obj"));
        Files.copy(ws.resolve("character/skeleton.bvh"), outside.resolve("skeleton.bvh"));
        Files.writeString(outside.resolve("db.cgrt"), "not read");
        Files.createSymbolicLink(ws.resolve("motions/link.bvh"), outside.resolve("walk.bvh"));
        Files.createSymbolicLink(ws.resolve("garments/link.obj"), outside.resolve("robe.obj"));
        Files.createSymbolicLink(ws.resolve("character/link.bvh"), outside.resolve("skeleton.bvh"));
        Files.createSymbolicLink(ws.resolve("linked-dir"), outside);
        CliRun clean = CliRun.of("check", "--workspace", ws.toString());
        assertEquals(Cli.OK, clean.code(), clean.out());
    }

    @Test
    void clipFile() throws Exception {
        for (String crafted : List.of(outside.resolve("walk.bvh").toString(), "../outside/walk.bvh",
                "motions/../../outside/walk.bvh", "motions/link.bvh", "linked-dir/walk.bvh")) {
            refused("UPDATE clip SET file = ? WHERE name = 'walk'", "motions/walk.bvh", crafted,
                    "clip walk, field file", List.of(
                            List.of("motion", "graph", "--dry-run"),
                            List.of("simulate", "--clips", "walk", "--frames", "2")));
        }
    }

    @Test
    void garmentMesh() throws Exception {
        for (String crafted : List.of(outside.resolve("robe.obj").toString(), "../outside/robe.obj",
                "garments/link.obj", "linked-dir/robe.obj")) {
            refused("UPDATE garment SET mesh_file = ? WHERE name = 'hooded robe'", "garments/hooded_robe.obj", crafted,
                    "garment hooded robe, field mesh_file",
                    List.of(List.of("simulate", "--clips", "walk", "--frames", "2")));
        }
    }

    @Test
    void characterSkeleton() throws Exception {
        for (String crafted : List.of(outside.resolve("skeleton.bvh").toString(), "../outside/skeleton.bvh",
                "character/link.bvh", "linked-dir/skeleton.bvh")) {
            refused("UPDATE character SET skeleton_file = ?", "character/skeleton.bvh", crafted,
                    "field skeleton_file", List.of(
                            List.of("motion", "graph", "--dry-run"),
                            List.of("simulate", "--clips", "walk", "--frames", "2")));
        }
    }

    @Test
    void runtimeDatabase() throws Exception {
        for (String crafted : List.of(outside.resolve("db.cgrt").toString(), "../outside/db.cgrt",
                "linked-dir/db.cgrt")) {
            craft("INSERT INTO compressed_db(name, file, basis_vectors, bytes) VALUES ('crafted', ?, 1, 8)", crafted);
            try {
                assertCheckRefuses("database crafted, field file", crafted);
                assertCommandRefuses(List.of("play", "--headless", "--seconds", "0.1"), "database crafted, field file");
                assertCommandRefuses(List.of("export", "obj", "--out", dir.resolve("export").toString(), "--frames",
                        "1"), "database crafted, field file");
                assertTrue(!Files.exists(dir.resolve("export")), "nothing exported");
            } finally {
                craft("DELETE FROM compressed_db WHERE name = 'crafted' AND file = ?", crafted);
            }
        }
    }

    private static void refused(String update, String original, String crafted, String field, List<List<String>> commands)
            throws Exception {
        craft(update, crafted);
        try {
            assertCheckRefuses(field, crafted);
            for (List<String> command : commands) {
                assertCommandRefuses(command, field);
            }
        } finally {
            craft(update, original);
        }
        CliRun clean = CliRun.of("check", "--workspace", ws.toString());
        assertEquals(Cli.OK, clean.code(), "restored: " + clean.out());
    }

    private static void assertCheckRefuses(String field, String crafted) {
        CliRun check = CliRun.of("check", "--workspace", ws.toString());
        assertEquals(Cli.VIOLATIONS, check.code(), crafted + ": " + check.out() + check.err());
        List<String> violations = check.out().lines().filter(l -> l.startsWith("VIOLATION")).toList();
        assertEquals(1, violations.size(), crafted + ": one line: " + check.out());
        String line = violations.get(0);
        assertTrue(line.contains(ws.resolve("clothgraph.db") + ":") && line.contains(field) && line.contains("refused"),
                crafted + ": " + line);
    }

    private static void assertCommandRefuses(List<String> command, String field) {
        String[] args = new String[command.size() + 2];
        command.toArray(args);
        args[command.size()] = "--workspace";
        args[command.size() + 1] = ws.toString();
        CliRun run = CliRun.of(args);
        assertEquals(Cli.BAD_INPUT, run.code(), command + ": " + run.out() + run.err());
        List<String> lines = run.err().lines().filter(l -> !l.isBlank() && !l.contains("%")).toList();
        assertEquals(1, lines.size(), command + ": one line: " + run.err());
        String line = lines.get(0);
        assertTrue(line.startsWith("clothgraph " + command.get(0) + ": " + ws.resolve("clothgraph.db") + ":")
                && line.contains(field) && line.contains("refused"), command + ": " + line);
    }

    private static void craft(String sql, String value) {
        try (Project p = Project.open(ws)) {
            p.write(Set.of(), c -> {
                try (PreparedStatement s = c.prepareStatement(sql)) {
                    s.setString(1, value);
                    return s.executeUpdate();
                }
            });
        }
    }
}
