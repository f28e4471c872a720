package org.clothgraph.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.clothgraph.cli.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** walk on a small explored demo: merges crossed, blended and unblended steps; bad input is one line, exit 2. */
class WalkCliTest {
    @TempDir
    Path dir;

    @Test
    void aWalkReportsItsMergesAndTheStepsWithAndWithoutBlending() {
        Path ws = dir.resolve("w");
        CliRun demo = CliRun.of("demo", "--workspace", ws.toString(), "--headless", "--clip-frames", "40", "--vertices",
                "700", "--frames", "600");
        assertEquals(Cli.OK, demo.code(), demo.err());

        JsonObject crossing = null;
        for (int seed = 1; seed <= 10 && crossing == null; seed++) {
            CliRun walk = CliRun.of("walk", "--workspace", ws.toString(), "--frames", "300", "--seed",
                    String.valueOf(seed), "--json");
            assertEquals(Cli.OK, walk.code(), walk.err());
            JsonObject r = JsonParser.parseString(walk.out()).getAsJsonObject();
            assertTrue(r.get("frames").getAsInt() >= 300, r.toString());
            assertEquals(10, r.get("blendFrames").getAsInt());
            assertTrue(r.getAsJsonObject("classes").has("hood=UP"), r.toString());
            if (r.get("mergesCrossed").getAsInt() > 0) {
                crossing = r;
            }
        }
        assertTrue(crossing != null, "a walk of 300 frames crosses a merge for one of seeds 1..10");
        JsonArray merges = crossing.getAsJsonArray("merges");
        assertEquals(crossing.get("mergesCrossed").getAsInt(), merges.size());
        JsonObject largest = null;
        for (JsonElement e : merges) {
            JsonObject m = e.getAsJsonObject();
            assertTrue(m.get("jumpMm").getAsDouble() > 0, m.toString());
            if (largest == null || m.get("jumpMm").getAsDouble() > largest.get("jumpMm").getAsDouble()) {
                largest = m;
            }
        }
        // at the largest jump, blending shows a smaller step than the raw merge
        assertTrue(largest.get("stepBlendedMm").getAsDouble() < largest.get("stepUnblendedMm").getAsDouble(),
                largest.toString());
        assertTrue(crossing.get("largestStepMm").getAsDouble() <= crossing.get("largestStepUnblendedMm").getAsDouble(),
                crossing.toString());

        // the same walk without blending: the steps are the unblended ones
        int seed = crossing.get("seed").getAsInt();
        CliRun raw = CliRun.of("walk", "--workspace", ws.toString(), "--seed", String.valueOf(seed), "--blend-frames",
                "0", "--json");
        JsonObject r0 = JsonParser.parseString(raw.out()).getAsJsonObject();
        assertEquals(crossing.get("largestStepUnblendedMm").getAsDouble(), r0.get("largestStepMm").getAsDouble(), 1e-9);

        CliRun text = CliRun.of("walk", "--workspace", ws.toString(), "--seed", String.valueOf(seed));
        assertEquals(Cli.OK, text.code(), text.err());
        assertTrue(text.out().contains("merges crossed") && text.out().contains("without blending"), text.out());

        for (String[] bad : new String[][] { { "--frames", "0" }, { "--controller", "teleport" },
                { "--garment", "cape" }, { "--seed", "x" } }) {
            CliRun r = CliRun.of("walk", "--workspace", ws.toString(), bad[0], bad[1]);
            assertEquals(Cli.BAD_INPUT, r.code(), String.join(" ", bad) + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
        }
    }

    @Test
    void aProjectWithoutExplorationIsBadInput() {
        Path ws = dir.resolve("plain");
        assertEquals(Cli.OK, CliRun.of("demo", "--workspace", ws.toString(), "--headless", "--clip-frames", "40",
                "--vertices", "700", "--frames", "0").code());
        CliRun r = CliRun.of("walk", "--workspace", ws.toString());
        assertEquals(Cli.BAD_INPUT, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("explore"), r.err());
    }
}
