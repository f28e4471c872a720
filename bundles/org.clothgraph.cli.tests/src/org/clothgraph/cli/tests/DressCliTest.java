package org.clothgraph.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.clothgraph.cli.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** dress through the CLI on a new project with a small robe: bad queues refused in one line, a short queue stored. */
class DressCliTest {
    @TempDir
    Path dir;

    @Test
    void badQueuesAreOneLineExitTwoAndAQueueIsStoredAsARun() throws Exception {
        Path ws = dir.resolve("w");
        assertEquals(Cli.OK, CliRun.of("new", "--workspace", ws.toString()).code());
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"actions\": [{\"type\": \"idle\", \"duration\": -1}]}");
        CliRun r = CliRun.of("dress", "--workspace", ws.toString(), "--actions", bad.toString(), "--vertices", "300");
        assertEquals(Cli.BAD_INPUT, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("bad.json:actions[0].duration"), r.err());

        Path collar = dir.resolve("collar.json");
        Files.writeString(collar, "{\"actions\": [{\"type\": \"grip\", \"hand\": \"left\", \"feature\": \"collar\"}]}");
        r = CliRun.of("dress", "--workspace", ws.toString(), "--actions", collar.toString(), "--vertices", "300");
        assertEquals(Cli.BAD_INPUT, r.code(), r.err());
        assertTrue(r.err().contains("collar.json:actions[0].feature") && r.err().contains("hood rim"), r.err());

        Path idle = dir.resolve("idle.json");
        Files.writeString(idle, "{\"actions\": [{\"type\": \"idle\", \"duration\": 0.2}]}");
        // a start from a cloth state the project does not have: one line, exit 2, nothing simulated
        r = CliRun.of("dress", "--workspace", ws.toString(), "--actions", idle.toString(), "--vertices", "300",
                "--from-state", "99");
        assertEquals(Cli.BAD_INPUT, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("cloth state 99: no such state"), r.err());
        r = CliRun.of("dress", "--workspace", ws.toString(), "--actions", idle.toString(), "--vertices", "300", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(7, o.get("frames").getAsInt(), r.out()); // the start and 6 frames at 30 fps
        assertEquals("draped in the fitting pose", o.get("start").getAsString());
        assertEquals(Cli.OK, CliRun.of("check", "--workspace", ws.toString()).code());
    }

    @Test
    void theSleeveReportRefusesBadInputInOneLineAndReportsEachStart() throws Exception {
        Path ws = dir.resolve("s");
        assertEquals(Cli.OK, CliRun.of("new", "--workspace", ws.toString()).code());
        Path idle = dir.resolve("idle.json");
        Files.writeString(idle, "{\"actions\": [{\"type\": \"idle\", \"duration\": 0.2}]}");
        CliRun r = CliRun.of("dress", "--workspace", ws.toString(), "--actions", idle.toString(), "--report", "--task",
                "sleeve", "--vertices", "400");
        assertEquals(Cli.BAD_INPUT, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("idle.json:actions") && r.err().contains("never aligns the left hand"), r.err());
        Path hood = dir.resolve("hood.json");
        Files.writeString(hood, "{\"actions\": [{\"type\": \"align\", \"hand\": \"left\", \"feature\": \"hood rim\","
                + " \"duration\": 0.2}]}");
        r = CliRun.of("dress", "--workspace", ws.toString(), "--actions", hood.toString(), "--report", "--task", "sleeve",
                "--vertices", "400");
        assertEquals(Cli.BAD_INPUT, r.code(), r.err());
        assertTrue(r.err().contains("hood.json:actions[0].feature") && r.err().contains("left armhole"), r.err());
        r = CliRun.of("dress", "--workspace", ws.toString(), "--actions", idle.toString(), "--report", "--task", "arm");
        assertEquals(Cli.BAD_INPUT, r.code(), r.err());
        assertTrue(r.err().contains("--task must be hood or sleeve"), r.err());

        Path queue = Path.of(System.getProperty("user.dir")).resolve("../../docs/dressing/arm-into-sleeve.json");
        if (!Files.exists(queue)) {
            queue = dir.resolve("arm-into-sleeve.json");
            Files.writeString(queue, "{\"actions\": [{\"type\": \"align\", \"hand\": \"left\", \"feature\":"
                    + " \"left armhole\", \"toward\": \"left cuff\", \"duration\": 0.4}]}");
        }
        r = CliRun.of("dress", "--workspace", ws.toString(), "--actions", queue.toString(), "--report", "--task",
                "sleeve", "--vertices", "1200", "--starts", "1", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals("sleeve", o.get("task").getAsString());
        assertEquals(1, o.getAsJsonArray("rows").size());
        JsonObject row = o.getAsJsonArray("rows").get(0).getAsJsonObject();
        assertTrue(row.get("outOfSleeveAtStart").getAsBoolean(), r.out());
        assertEquals(0, row.get("armCrossingsAtStart").getAsInt(), r.out());
        assertTrue(o.getAsJsonObject("settings").has("substeps"), r.out());
    }
}
