package org.clothgraph.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.clothgraph.cli.Cli;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.explore.ExploredStart;
import org.clothgraph.explore.slurm.ExplorationBackend;
import org.clothgraph.explore.slurm.SlurmSettings;
import org.clothgraph.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** demo with exploration, explore, stats' exploration keys and worker through the CLI on a small demo. */
class ExploreCliTest {
    @TempDir
    Path dir;

    @Test
    void aSmallDemoExploresAndStatsReportIt() throws Exception {
        Path ws = dir.resolve("w");
        CliRun demo = CliRun.of("demo", "--workspace", ws.toString(), "--headless", "--clip-frames", "40", "--vertices",
                "700", "--frames", "300");
        assertEquals(Cli.OK, demo.code(), demo.err());

        CliRun more = CliRun.of("explore", "--workspace", ws.toString(), "--frames", "300", "--workers", "2", "--json");
        assertEquals(Cli.OK, more.code(), more.err());
        JsonObject r = JsonParser.parseString(more.out()).getAsJsonObject();
        assertTrue(r.get("framesThisRun").getAsLong() >= 300, r.toString());
        assertTrue(r.get("stopReason").getAsString().contains("frames"), r.toString());
        assertTrue(more.err().contains("exploring:"), "a console progress line: " + more.err());

        CliRun stats = CliRun.of("stats", "--workspace", ws.toString(), "--json");
        JsonObject s = JsonParser.parseString(stats.out()).getAsJsonObject();
        JsonObject x = s.getAsJsonObject("exploration");
        for (String key : new String[] { "simulatedFrames", "queue", "quarantined", "worstErrorMm", "medianErrorMm",
                "errorHistory", "cpuSeconds", "bookkeepingSeconds" }) {
            assertTrue(x.has(key), "exploration." + key + " in " + x);
        }
        assertTrue(x.get("simulatedFrames").getAsLong() >= 600);
        assertTrue(x.getAsJsonArray("errorHistory").size() > 1);
        // the text form lists the history's pairs (not an array's address)
        CliRun text = CliRun.of("stats", "--workspace", ws.toString());
        var first = x.getAsJsonArray("errorHistory").get(0).getAsJsonArray();
        assertTrue(text.out().contains("errorHistory: [[" + first.get(0).getAsLong() + ", "), text.out());
        assertFalse(text.out().contains("[D@"), text.out());
        JsonObject secondary = s.getAsJsonObject("secondary");
        assertTrue(secondary.getAsJsonObject("byClass").has("hood=UP"), secondary.toString());
        assertTrue(secondary.has("crossClassMerges"));
        assertEquals(0, secondary.get("deadEnds").getAsInt());
        assertEquals(x.get("queue").getAsInt(), secondary.get("queuedMerges").getAsInt());
        assertTrue(secondary.get("states").getAsInt() > s.getAsJsonObject("primary").get("nodes").getAsInt());
        assertEquals(Cli.OK, CliRun.of("check", "--workspace", ws.toString()).code());

        // graph flips: every transition counted once, by the classes of its ends, simulated and merged apart
        CliRun flips = CliRun.of("graph", "flips", "--workspace", ws.toString(), "--json");
        assertEquals(Cli.OK, flips.code(), flips.err());
        JsonObject f = JsonParser.parseString(flips.out()).getAsJsonObject();
        long counted = 0, merged = 0;
        for (var e : f.getAsJsonArray("edges")) {
            counted += e.getAsJsonObject().get("simulated").getAsLong() + e.getAsJsonObject().get("merged").getAsLong();
            merged += e.getAsJsonObject().get("merged").getAsLong();
        }
        assertEquals(secondary.get("transitions").getAsLong(), counted, flips.out());
        assertTrue(merged > 0 && merged < counted, flips.out());
        assertEquals(0, f.getAsJsonArray("dressingClips").size(), "the demo has no dressing clip");

        // the graph was grown with the first solver from the first clip's pose: another solver or start clip is
        // refused with one line, the same one runs; a clip the project does not have is one line naming the option
        assertRefusedAndTheSameRuns(ws, "--solver", "small-steps", "legacy", "legacy solver");
        assertRefusedAndTheSameRuns(ws, "--start-clip", "jog", "walk", "clip 'walk'");
        CliRun noStart = CliRun.of("explore", "--workspace", ws.toString(), "--frames", "10", "--start-clip", "waltz");
        assertEquals(Cli.BAD_INPUT, noStart.code(), noStart.err());
        assertTrue(noStart.err().contains("--start-clip") && noStart.err().contains("'waltz'"), noStart.err());

        // a focus on the clips of the graph runs; a clip the project does not have is one line naming the option
        CliRun focused = CliRun.of("explore", "--workspace", ws.toString(), "--frames", "10", "--focus", "walk,jump");
        assertEquals(Cli.OK, focused.code(), focused.err());
        CliRun noClip = CliRun.of("explore", "--workspace", ws.toString(), "--frames", "10", "--focus", "waltz");
        assertEquals(Cli.BAD_INPUT, noClip.code(), noClip.err());
        assertEquals(1, noClip.err().strip().lines().count(), noClip.err());
        assertTrue(noClip.err().contains("--focus") && noClip.err().contains("'waltz'"), noClip.err());

        // hood back up from the explored graph's hood-down states; not together with --runs
        Path queue = dir.resolve("hood-up.json");
        Files.writeString(queue, """
                {"actions": [
                  {"type": "align", "hand": "right", "feature": "hood rim", "at": "top", "duration": 0.3},
                  {"type": "grip", "hand": "right", "feature": "hood rim", "at": "top", "radius": 0.035, "reach": 0.1},
                  {"type": "release", "hand": "right"},
                  {"type": "idle", "duration": 0.2}]}
                """);
        CliRun both = CliRun.of("dress", "--workspace", ws.toString(), "--actions", queue.toString(), "--report",
                "--from-graph", "--runs", "run-0001");
        assertEquals(Cli.BAD_INPUT, both.code(), both.err());
        int down;
        try (Project p = Project.open(ws)) {
            // the starts --from-graph has to choose from (live hood-down states where the character stands upright)
            down = ExploredStart.hoodDown(p, ProjectGarments.find(p, ProjectGarments.ROBE)).order().size();
        }
        // listed without running: with no distance and no separation asked for, every candidate; with them, at most as
        // many and at least one (ExploredLineageTest checks the separation)
        CliRun every = CliRun.of("dress", "--workspace", ws.toString(), "--actions", queue.toString(), "--report",
                "--from-graph", "--list-starts", "--starts", "10000", "--min-distance-mm", "0", "--min-separation-s", "0",
                "--json");
        assertEquals(Cli.OK, every.code(), every.err());
        assertEquals(down, JsonParser.parseString(every.out()).getAsJsonObject().getAsJsonArray("starts").size());
        CliRun apart = CliRun.of("dress", "--workspace", ws.toString(), "--actions", queue.toString(), "--report",
                "--from-graph", "--list-starts", "--starts", "10000", "--json");
        assertEquals(Cli.OK, apart.code(), apart.err());
        int spread = JsonParser.parseString(apart.out()).getAsJsonObject().getAsJsonArray("starts").size();
        assertTrue(spread <= down && (down == 0 || spread >= 1), spread + " of " + down);
        CliRun report = CliRun.of("dress", "--workspace", ws.toString(), "--actions", queue.toString(), "--report",
                "--from-graph", "--starts", "1", "--hold-seconds", "0.1", "--json");
        if (down > 0) {
            assertEquals(Cli.OK, report.code(), report.err());
            JsonObject rr = JsonParser.parseString(report.out()).getAsJsonObject();
            assertEquals(1, rr.getAsJsonArray("rows").size(), report.out());
            assertTrue(rr.getAsJsonArray("rows").get(0).getAsJsonObject().get("start").getAsString()
                    .startsWith("cloth state "), report.out());
        } else {
            assertEquals(Cli.BAD_INPUT, report.code(), report.err());
            assertTrue(report.err().contains("--from-graph") && report.err().contains("0 hood-down states"),
                    report.err());
        }

        // a limit is required; a corrupt unit of work is one line naming the file
        CliRun noLimit = CliRun.of("explore", "--workspace", ws.toString());
        assertEquals(Cli.BAD_INPUT, noLimit.code());
        Path unit = dir.resolve("bad.unit");
        Files.write(unit, new byte[] { 1, 2, 3, 4, 5, 6, 7, 8 });
        CliRun worker = CliRun.of("worker", "--unit", unit.toString());
        assertEquals(Cli.BAD_INPUT, worker.code(), worker.err());
        assertEquals(1, worker.err().strip().lines().count(), worker.err());
        assertTrue(worker.err().contains("bad.unit"), worker.err());

        // the Slurm backend's settings: stored in the project; a bad one is one line naming the field, nothing stored
        CliRun set = CliRun.of("explore", "--workspace", ws.toString(), "--cancel-jobs", "--partition", "cpu",
                "--max-jobs", "3", "--time", "02:00:00", "--sbatch-args", "--qos=low");
        assertEquals(Cli.OK, set.code(), set.err());
        CliRun badTime = CliRun.of("explore", "--workspace", ws.toString(), "--frames", "10", "--backend", "slurm",
                "--time", "two hours");
        assertEquals(Cli.BAD_INPUT, badTime.code(), badTime.err());
        assertEquals(1, badTime.err().strip().lines().count(), badTime.err());
        assertTrue(badTime.err().contains("timeLimit"), badTime.err());
        CliRun ownArg = CliRun.of("explore", "--workspace", ws.toString(), "--frames", "10", "--sbatch-args",
                "--array=0-9");
        assertEquals(Cli.BAD_INPUT, ownArg.code(), ownArg.err());
        assertTrue(ownArg.err().contains("extraArgs"), ownArg.err());
        CliRun badBackend = CliRun.of("explore", "--workspace", ws.toString(), "--frames", "10", "--backend", "grid");
        assertEquals(Cli.BAD_INPUT, badBackend.code(), badBackend.err());
        assertTrue(badBackend.err().contains("--backend"), badBackend.err());
        try (Project p = Project.open(ws)) {
            SlurmSettings stored = SlurmSettings.of(p);
            assertEquals("cpu", stored.partition());
            assertEquals(3, stored.maxJobs());
            assertEquals("02:00:00", stored.timeLimit());
            assertEquals("--qos=low", stored.extraArgs());
            assertEquals(ExplorationBackend.LOCAL, ExplorationBackend.of(p), "the backend is stored only when given");
        }
        CliRun noQueue = CliRun.of("worker", "--serve", dir.resolve("none").toString());
        assertEquals(Cli.BAD_INPUT, noQueue.code(), noQueue.err());
        assertEquals(1, noQueue.err().strip().lines().count(), noQueue.err());
    }

    @Test
    void anExplorationStartsFromTheClipItIsGiven() throws Exception {
        // clips cut too short to play are one line naming the option, not an internal error
        CliRun tooShort = CliRun.of("demo", "--workspace", dir.resolve("short").toString(), "--headless",
                "--clip-frames", "20", "--vertices", "300", "--frames", "0");
        assertEquals(Cli.BAD_INPUT, tooShort.code(), tooShort.err());
        assertTrue(tooShort.err().contains("clipFrames") && tooShort.err().contains("'walk'"), tooShort.err());
        assertFalse(Files.exists(dir.resolve("short").resolve("clothgraph.db")), "no project left behind");

        Path ws = dir.resolve("from-jog");
        CliRun demo = CliRun.of("demo", "--workspace", ws.toString(), "--headless", "--clip-frames", "30", "--vertices",
                "300", "--frames", "0");
        assertEquals(Cli.OK, demo.code(), demo.err());
        // an interrupted initialisation (a staged branch, no state yet) has begun: its start clip and solver are fixed
        try (Project project = Project.open(ws)) {
            project.secondary().addInitBranch("{\"index\":-1}");
        }
        assertRefused(ws, "--start-clip", "jog", "clip 'walk'");
        assertRefused(ws, "--solver", "small-steps", "legacy solver");
        try (Project project = Project.open(ws)) {
            project.secondary().clearInitBranches();
        }
        CliRun run = CliRun.of("explore", "--workspace", ws.toString(), "--frames", "300", "--settle", "0",
                "--start-clip", "jog");
        assertEquals(Cli.OK, run.code(), run.err());
        // the initialisation done (its graph is committed once every pose has cloth): the first simulated state's path
        // from the initial drape runs along the jog, not the walk (the first clip)
        CliRun path = CliRun.of("graph", "path", "--workspace", ws.toString(), "--state", "2", "--json");
        assertEquals(Cli.OK, path.code(), path.err());
        JsonObject p = JsonParser.parseString(path.out()).getAsJsonObject();
        assertEquals("jog", p.getAsJsonArray("segments").get(0).getAsJsonObject().get("clip").getAsString(), path.out());
        try (Project project = Project.open(ws)) {
            assertEquals("jog", org.clothgraph.explore.ExplorationSettings.of(project).startClip(), "stored");
        }
    }

    /** explore with {@code option other} is refused with one line containing {@code says}; with {@code same} it runs. */
    private static void assertRefusedAndTheSameRuns(Path ws, String option, String other, String same, String says) {
        assertRefused(ws, option, other, says);
        CliRun runs = CliRun.of("explore", "--workspace", ws.toString(), "--frames", "10", option, same);
        assertEquals(Cli.OK, runs.code(), runs.err());
    }

    /** explore with the option refused with one line that says what the exploration keeps. */
    private static void assertRefused(Path ws, String option, String value, String says) {
        CliRun refused = CliRun.of("explore", "--workspace", ws.toString(), "--frames", "10", option, value);
        assertEquals(Cli.BAD_INPUT, refused.code(), refused.err());
        assertEquals(1, refused.err().strip().lines().count(), refused.err());
        assertTrue(refused.err().contains(says), refused.err());
    }
}
