package org.clothgraph.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.clothgraph.cli.Cli;
import org.clothgraph.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** measure through the CLI: simulation runs (measured when simulate completes), explored states, ARCSim frames. */
class MeasureCliTest {
    @TempDir
    Path dir;

    @Test
    void everySimulationRunHasAReportAndMeasureShowsIt() {
        Path ws = dir.resolve("w");
        CliRun demo = CliRun.of("demo", "--workspace", ws.toString(), "--headless", "--clip-frames", "40", "--vertices",
                "700", "--frames", "20");
        assertEquals(Cli.OK, demo.code(), demo.err());
        CliRun sim = CliRun.of("simulate", "--workspace", ws.toString(), "--clips", "walk", "--frames", "8", "--json");
        assertEquals(Cli.OK, sim.code(), sim.err());
        JsonObject simulated = JsonParser.parseString(sim.out()).getAsJsonObject();
        String runId = simulated.get("run").getAsString();
        JsonObject measures = simulated.getAsJsonObject("measures");
        assertTrue(measures.get("maxSelfCrossings").getAsInt() >= 0 && measures.get("maxStrain").getAsDouble() > 0,
                measures.toString());

        CliRun one = CliRun.of("measure", "--workspace", ws.toString(), "--run", runId, "--json");
        assertEquals(Cli.OK, one.code(), one.err());
        JsonObject report = JsonParser.parseString(one.out()).getAsJsonObject();
        assertEquals(8, report.get("frames").getAsInt());
        assertEquals(8, report.getAsJsonArray("perFrame").size());
        assertEquals(measures.get("maxSelfCrossings").getAsInt(), report.get("maxSelfCrossings").getAsInt(),
                "measure gives what simulate stored");
        // the hood classifier's decisions, re-made from the stored frames, are the classes the run stored, each with
        // its margin and deciding criterion
        JsonArray stored = simulated.getAsJsonArray("hood");
        JsonArray decided = report.getAsJsonObject("hood").getAsJsonArray("perFrame");
        assertEquals(stored.size(), decided.size());
        for (int i = 0; i < decided.size(); i++) {
            JsonObject d = decided.get(i).getAsJsonObject();
            assertEquals(stored.get(i).getAsString(), d.get("class").getAsString().toLowerCase(), "frame " + i);
            assertTrue(d.get("margin").getAsDouble() >= 0 && d.has("criterion"), d.toString());
        }

        CliRun all = CliRun.of("measure", "--workspace", ws.toString(), "--every", "4");
        assertEquals(Cli.OK, all.code(), all.err());
        assertTrue(all.out().contains("run-0001") && all.out().contains(runId) && all.out().contains("strain p99"),
                all.out());

        // what the solver did is reported with the run: the small-step solver counts its substeps and repairs, the
        // first solver counts nothing
        assertTrue(simulated.get("solver").isJsonNull(), simulated.toString());
        assertTrue(report.get("solver").isJsonNull(), report.toString());
        CliRun small = CliRun.of("simulate", "--workspace", ws.toString(), "--clips", "walk", "--frames", "6",
                "--solver", "small-steps", "--json");
        assertEquals(Cli.OK, small.code(), small.err());
        JsonObject smallRun = JsonParser.parseString(small.out()).getAsJsonObject();
        JsonObject counters = smallRun.getAsJsonObject("solver");
        assertEquals(5, counters.get("frames").getAsInt(), "the frames simulated after the first: " + counters);
        assertTrue(counters.get("substeps").getAsLong() >= 5 * 40, counters.toString());
        for (String repair : new String[] { "speedLimits", "depenetrationLimits", "pinches", "deepRescues", "untangles",
                "tangleRetries", "tangledFrames" }) {
            assertTrue(counters.get(repair).getAsLong() >= 0, repair + " in " + counters);
        }
        CliRun smallMeasured = CliRun.of("measure", "--workspace", ws.toString(), "--run",
                smallRun.get("run").getAsString(), "--json");
        assertEquals(Cli.OK, smallMeasured.code(), smallMeasured.err());
        assertEquals(counters, JsonParser.parseString(smallMeasured.out()).getAsJsonObject().getAsJsonObject("solver"),
                "measure shows what the run stored");
        CliRun table = CliRun.of("measure", "--workspace", ws.toString(), "--run", smallRun.get("run").getAsString());
        assertTrue(table.out().contains("solver: ") && table.out().contains("speed limits"), table.out());
        assertTrue(table.out().contains("hood: UP 0-5") && table.out().contains("hood margins: UP at least"),
                table.out());

        CliRun unexplored = CliRun.of("measure", "--workspace", ws.toString(), "--explored");
        assertEquals(Cli.BAD_INPUT, unexplored.code(), "20 frames do not finish the initialisation: no states yet");
        assertTrue(unexplored.err().contains("no explored cloth states"), unexplored.err());
        assertEquals(Cli.OK, CliRun.of("check", "--workspace", ws.toString()).code(), "reports keep the project valid");

        CliRun missing = CliRun.of("measure", "--workspace", ws.toString(), "--run", "run-0099");
        assertEquals(Cli.BAD_INPUT, missing.code());
        assertEquals(1, missing.err().strip().lines().count(), missing.err());
        assertTrue(missing.err().contains("run-0099"), missing.err());
    }

    @Test
    void exploredStatesAreMeasuredEveryNth() {
        Path ws = dir.resolve("x");
        CliRun demo = CliRun.of("demo", "--workspace", ws.toString(), "--headless", "--clip-frames", "40", "--vertices",
                "700", "--frames", "300");
        assertEquals(Cli.OK, demo.code(), demo.err());
        CliRun all = CliRun.of("measure", "--workspace", ws.toString(), "--explored", "--json");
        assertEquals(Cli.OK, all.code(), all.err());
        int states = JsonParser.parseString(all.out()).getAsJsonObject().get("frames").getAsInt();
        assertTrue(states > 0, all.out());
        CliRun sample = CliRun.of("measure", "--workspace", ws.toString(), "--explored", "--every", "5", "--json");
        assertEquals(Cli.OK, sample.code(), sample.err());
        JsonObject m = JsonParser.parseString(sample.out()).getAsJsonObject();
        assertEquals((states + 4) / 5, m.get("frames").getAsInt());
        assertEquals(-1, m.get("maxBodyCrossings").getAsInt(), "capsule bodies have no surface to cross");
        assertTrue(m.get("maxPenetrationMm").isJsonPrimitive(), "measured against the node's capsules: " + m);
        assertTrue(m.get("maxStrain").getAsDouble() > 0, m.toString());
    }

    @Test
    void arcsimFramesAreMeasuredAgainstTheirObstacles() throws Exception {
        Path arcsim = SharedData.resolve("arcsim-runs/dress-on-dancer");
        assumeTrue(arcsim != null, "skipped: ../shared/data/arcsim-runs/dress-on-dancer is absent");
        Path report = dir.resolve("dress.json");
        CliRun r = CliRun.of("measure", "--arcsim", arcsim.toString(), "--report", report.toString());
        assertEquals(Cli.OK, r.code(), r.err());
        assertTrue(r.out().contains("max self 0, max body 0"), r.out());
        JsonArray perFrame = JsonParser.parseString(Files.readString(report)).getAsJsonObject().getAsJsonArray("perFrame");
        assertTrue(perFrame.size() >= 5);
        assertEquals(0, perFrame.get(4).getAsJsonObject().get("bodyCrossings").getAsInt());
    }

    @Test
    void badArcsimInputIsOneLineNamingFileAndLine() throws Exception {
        CliRun none = CliRun.of("measure", "--arcsim", dir.resolve("nothing").toString());
        assertEquals(Cli.BAD_INPUT, none.code());
        assertTrue(none.err().contains("nothing") && none.err().strip().lines().count() == 1, none.err());
        Path bad = Files.createDirectories(dir.resolve("bad"));
        Files.writeString(bad.resolve("0000_00.obj"), "vt 0 0\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1/1 2/1 3/7\n");
        CliRun malformed = CliRun.of("measure", "--arcsim", bad.toString(), "--report", dir.resolve("r.json").toString());
        assertEquals(Cli.BAD_INPUT, malformed.code());
        assertTrue(malformed.err().contains("0000_00.obj:5") && malformed.err().strip().lines().count() == 1,
                malformed.err());
        assertEquals(Cli.BAD_INPUT, CliRun.of("measure").code(), "neither --workspace nor --arcsim");
    }
}
