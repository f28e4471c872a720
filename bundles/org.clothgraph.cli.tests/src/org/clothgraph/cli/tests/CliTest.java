package org.clothgraph.cli.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.clothgraph.cli.Cli;
import org.clothgraph.model.ProjectFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

class CliTest {
    @TempDir
    Path dir;

    @Test
    void demoThenStatsThenCheck() {
        Path ws = dir.resolve("w");
        CliRun demo = CliRun.of("demo", "--workspace", ws.toString(), "--headless", "--frames", "0");
        assertEquals(Cli.OK, demo.code(), demo.err());
        CliRun stats = CliRun.of("stats", "--workspace", ws.toString(), "--json");
        assertEquals(Cli.OK, stats.code(), stats.err());
        JsonObject o = JsonParser.parseString(stats.out()).getAsJsonObject();
        assertEquals(ProjectFormat.VERSION, o.get("formatVersion").getAsInt());
        for (String group : new String[] { "primary", "secondary", "frames" }) {
            assertTrue(o.has(group), group);
        }
        JsonObject primary = o.getAsJsonObject("primary");
        for (String key : new String[] { "nodes", "edges", "clips", "clipNames", "transitions", "stronglyConnected", "pruned" }) {
            assertTrue(primary.has(key), key);
        }
        JsonObject secondary = o.getAsJsonObject("secondary");
        for (String key : new String[] { "states", "transitions", "deadEnds" }) {
            assertTrue(secondary.has(key), key);
        }
        assertTrue(o.getAsJsonObject("frames").has("stored"));
        CliRun check = CliRun.of("check", "--workspace", ws.toString());
        assertEquals(Cli.OK, check.code(), check.out() + check.err());
        assertTrue(check.out().trim().endsWith("clean"));
    }

    @Test
    void demoRefusesToOverwriteWithoutForce() {
        Path ws = dir.resolve("again");
        assertEquals(Cli.OK, CliRun.of("demo", "--workspace", ws.toString(), "--headless", "--frames", "0",
                "--clip-frames", "40", "--vertices", "700").code());
        CliRun second = CliRun.of("demo", "--workspace", ws.toString(), "--headless", "--frames", "0", "--clip-frames",
                "40", "--vertices", "700");
        assertEquals(Cli.BAD_INPUT, second.code());
        assertTrue(second.err().contains("--force"), second.err());
        assertEquals(Cli.OK, CliRun.of("demo", "--workspace", ws.toString(), "--headless", "--frames", "0",
                "--clip-frames", "40", "--vertices", "700", "--force").code());
    }

    @Test
    void truncatedDatabaseExitsTwoWithOneLineAndIsNotOverwritten() throws Exception {
        Path ws = dir.resolve("trunc");
        assertEquals(Cli.OK, CliRun.of("demo", "--workspace", ws.toString(), "--headless", "--frames", "0",
                "--clip-frames", "40", "--vertices", "700").code());
        Path db = ws.resolve(ProjectFormat.DATABASE_FILE);
        try (FileChannel ch = FileChannel.open(db, StandardOpenOption.WRITE)) {
            ch.truncate(ch.size() - 1000);
        }
        byte[] before = Files.readAllBytes(db);
        for (String command : new String[] { "stats", "check" }) {
            CliRun r = CliRun.of(command, "--workspace", ws.toString());
            assertEquals(Cli.BAD_INPUT, r.code(), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().contains(db.toString()), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
        assertArrayEquals(before, Files.readAllBytes(db));
    }

    @Test
    void badUsageExitsTwo() {
        assertEquals(Cli.BAD_INPUT, CliRun.of("frobnicate").code());
        assertEquals(Cli.BAD_INPUT, CliRun.of("stats").code());
        assertEquals(Cli.BAD_INPUT, CliRun.of("stats", "--workspace", dir.resolve("nothing").toString()).code());
        assertEquals(Cli.BAD_INPUT, CliRun.of("bench", "framestore", "--frames", "many").code());
        assertEquals(Cli.BAD_INPUT, CliRun.of("stats", "--bogus").code());
        CliRun help = CliRun.of("--help");
        assertEquals(Cli.OK, help.code());
        for (String c : new String[] { "demo", "stats", "check", "motion", "garment", "simulate", "bench", "measure" }) {
            assertTrue(help.out().contains(c), c);
            CliRun h = CliRun.of(c, "--help");
            assertEquals(Cli.OK, h.code());
            assertTrue(h.out().startsWith("usage: clothgraph " + c), h.out());
        }
    }

    @Test
    void benchFramestoreReportsVerifiedThroughput() {
        CliRun r = CliRun.of("bench", "framestore", "--frames", "30", "--vertices", "1000", "--reads", "20", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(20, o.get("framesVerified").getAsInt());
        assertTrue(o.get("writeMBps").getAsDouble() > 0);
        assertTrue(o.get("readMBps").getAsDouble() > 0);
        assertTrue(o.has("peakHeapMB"));
    }

    @Test
    void benchSimulateReportsWallAndCpuSecondsPerFrame() {
        CliRun r = CliRun.of("bench", "simulate", "--solver", "small-steps", "--vertices", "300", "--frames", "2", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(2, o.get("frames").getAsInt());
        assertEquals("small-steps", o.get("solver").getAsString());
        assertTrue(o.get("secondsPerFrame").getAsDouble() > 0);
        // the process's CPU time over the frames: Linux reports it, and 2 frames of 40+ substeps take some
        assertTrue(o.get("cpuSecondsPerFrame").getAsDouble() > 0, r.out());
        // where a frame's time went: the small-step solver's stages in the order a substep runs them, then the rest,
        // adding up to the frame's time
        JsonObject stages = o.getAsJsonObject("stageSecondsPerFrame");
        assertEquals(java.util.List.of("prediction", "distance sweeps", "untangling", "cloth-cloth detection",
                "cloth-cloth contact solves", "body passes", "strain limit and its body rounds", "velocities and checks",
                "other"), java.util.List.copyOf(stages.keySet()));
        double sum = 0;
        for (String k : stages.keySet()) {
            assertTrue(stages.get(k).getAsDouble() >= 0, k);
            sum += stages.get(k).getAsDouble();
        }
        assertEquals(o.get("secondsPerFrame").getAsDouble(), sum, 0.006, r.out());
        assertTrue(stages.get("distance sweeps").getAsDouble() > 0, r.out());
        CliRun legacy = CliRun.of("bench", "simulate", "--vertices", "300", "--frames", "1", "--json");
        assertEquals(Cli.OK, legacy.code(), legacy.err());
        assertFalse(JsonParser.parseString(legacy.out()).getAsJsonObject().has("stageSecondsPerFrame"),
                "the first solver does not time its stages: " + legacy.out());
    }
}
