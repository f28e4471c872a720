package org.clothgraph.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;

import org.clothgraph.cli.Cli;
import org.clothgraph.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** bench arcsim-scene on the real dress-on-dancer output in ../shared/data (skipped without it). */
class ArcsimSceneBenchCliTest {

    private static Path run() {
        Path p = SharedData.resolve("arcsim-runs/dress-on-dancer");
        assumeTrue(p != null, "../shared/data/arcsim-runs/dress-on-dancer not found: the real ARCSim run is not here");
        return p;
    }

    private static String fabric() {
        Path f = SharedData.resolve("meshes/berkeley-garment-library/materials/navy-sparkle-sweat.json");
        assumeTrue(f != null, "the dress's fabric (navy-sparkle-sweat.json) is not in ../shared/data");
        return f.toString();
    }

    @Test
    void simulatesFromArcsimsFrameZeroAndCountsCrossingsBesideArcsims() {
        CliRun r = CliRun.of("bench", "arcsim-scene", run().toString(), "--material", fabric(), "--frames", "2",
                "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(3906, o.get("vertices").getAsInt());
        assertEquals(16, o.get("bodyParts").getAsInt());
        assertEquals(2, o.get("frames").getAsInt());
        assertTrue(o.get("secondsPerFrame").getAsDouble() > 0);
        // the solver and every physics setting it ran with are reported with the numbers
        assertEquals("legacy", o.get("solver").getAsString());
        assertEquals("LEGACY", o.getAsJsonObject("settings").get("solver").getAsString());
        assertTrue(o.getAsJsonObject("settings").has("substeps"), o.get("settings").toString());
        JsonArray ours = o.getAsJsonArray("ours"), arcsim = o.getAsJsonArray("arcsim");
        assertEquals(3, ours.size(), "frame 0 (ARCSim's) and our 2 frames");
        assertEquals(5, arcsim.size(), "ARCSim's frames 0-4");
        assertEquals(arcsim.get(0), ours.get(0), "the same frame 0, measured the same");
        for (int k = 0; k < 5; k++) {
            JsonObject f = arcsim.get(k).getAsJsonObject();
            assertEquals(k, f.get("frame").getAsInt());
            // ARCSim's own frames on its own obstacles: no crossings, nothing inside the dancer
            assertEquals(0, f.get("selfCrossings").getAsInt(), "ARCSim frame " + k);
            assertEquals(0, f.get("bodyCrossings").getAsInt(), "ARCSim frame " + k);
            assertEquals(0, f.get("inside").getAsInt(), "ARCSim frame " + k);
            assertTrue(f.get("clearanceMm").getAsDouble() >= 0, "ARCSim frame " + k + ": " + f);
        }
    }

    /**
     * The small-step solver on ARCSim's scene collides with the part meshes (its capsules inside them as the broad
     * phase): four frames with no crossing, nothing inside the dancer, no deep rescue, the strain limit held. With the
     * capsules enclosing the parts it stopped at frame 0 (EXPLOSION, an edge 6.5x its rest length).
     */
    @Test
    void theSmallStepSolverRunsArcsimsSceneWithoutACrossing() {
        CliRun r = CliRun.of("bench", "arcsim-scene", run().toString(), "--material", fabric(), "--solver",
                "small-steps", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals("SURFACE", o.getAsJsonObject("settings").get("bodyCollision").getAsString());
        assertEquals("inscribed in the parts", o.get("capsules").getAsString());
        assertEquals(0, o.getAsJsonObject("solverCounters").get("deepRescues").getAsLong());
        JsonArray ours = o.getAsJsonArray("ours");
        assertEquals(5, ours.size());
        for (int k = 1; k < 5; k++) {
            JsonObject f = ours.get(k).getAsJsonObject();
            assertEquals(0, f.get("selfCrossings").getAsInt(), "frame " + k + ": " + f);
            assertEquals(0, f.get("bodyCrossings").getAsInt(), "frame " + k + ": " + f);
            assertEquals(0, f.get("inside").getAsInt(), "frame " + k + ": " + f);
            assertTrue(f.get("strainP99").getAsDouble() <= 0.10, "frame " + k + ": " + f);
        }
    }

    @Test
    void aFolderThatIsNotAnArcsimRunIsBadInputNamingItsConf(@TempDir Path empty) {
        CliRun r = CliRun.of("bench", "arcsim-scene", empty.toString());
        assertEquals(Cli.BAD_INPUT, r.code());
        assertTrue(r.err().contains(empty.resolve("conf.json").toString()) && r.err().contains("not an ARCSim output"
                + " folder"), r.err());
        assertFalse(r.err().strip().contains("\n"), "one line: " + r.err());
        CliRun s = CliRun.of("bench", "arcsim-scene", run().toString(), "--solver", "arcsim");
        assertEquals(Cli.BAD_INPUT, s.code());
        assertTrue(s.err().contains("--solver must be legacy or small-steps"), s.err());
    }

    @Test
    void moreFramesThanTheBodyTransformsCoverIsBadInput() {
        CliRun r = CliRun.of("bench", "arcsim-scene", run().toString(), "--material", fabric(), "--frames", "9");
        assertEquals(Cli.BAD_INPUT, r.code());
        assertTrue(r.err().contains("cover frames 0-4 only"), r.err());
        assertFalse(r.err().strip().contains("\n"), "one line: " + r.err());
    }
}
