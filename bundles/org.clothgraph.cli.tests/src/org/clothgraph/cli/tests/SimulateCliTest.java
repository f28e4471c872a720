package org.clothgraph.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.clothgraph.cli.Cli;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * simulate / garment / bench simulate through the CLI on the demo project: one demo for the class (each test adds runs
 * or garments and asserts only on what it adds; the garment list is read before the one garment added).
 */
class SimulateCliTest {
    @TempDir
    static Path dir;
    private static Path ws;

    @BeforeAll
    static void demo() {
        ws = dir.resolve("w");
        CliRun r = CliRun.of("demo", "--workspace", ws.toString(), "--headless", "--frames", "0");
        assertEquals(Cli.OK, r.code(), r.err());
    }

    @Test
    void simulateReportsFramesCostHoodAndPenetration() {
        CliRun r = CliRun.of("simulate", "--workspace", ws.toString(), "--clips", "walk", "--frames", "40", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(40, o.get("frames").getAsInt());
        assertTrue(o.get("secondsPerFrame").getAsDouble() > 0);
        JsonArray hood = o.getAsJsonArray("hood");
        assertEquals(40, hood.size());
        hood.forEach(h -> assertEquals("up", h.getAsString(), "walking keeps the hood up"));
        // the first solver keeps the cloth out of its capsules (its own collision body); the depth against the
        // skinned mesh and the body crossings are the independent measures, reported beside it
        assertTrue(o.get("capsuleDepthMm").getAsDouble() <= 5.0, o.toString());
        assertTrue(o.getAsJsonObject("measures").get("maxPenetrationMm").isJsonPrimitive(), o.toString());
        assertTrue(o.getAsJsonObject("measures").get("maxBodyCrossings").isJsonPrimitive(), o.toString());
        CliRun text = CliRun.of("simulate", "--workspace", ws.toString(), "--clips", "walk", "--frames", "3");
        assertEquals(Cli.OK, text.code(), text.err());
        assertTrue(text.out().contains("inside the skinned body") && text.out().contains("inside the collision capsules"),
                text.out());
        CliRun stats = CliRun.of("stats", "--workspace", ws.toString(), "--json");
        long stored = JsonParser.parseString(stats.out()).getAsJsonObject().getAsJsonObject("frames").get("stored").getAsLong();
        assertTrue(stored >= 90 + 40, "demo run plus this run are stored: " + stored);
        assertEquals(Cli.OK, CliRun.of("check", "--workspace", ws.toString()).code());
    }

    @Test
    void theRepairsCanBeSwitchedOffAndEveryRunKeepsItsSettings() {
        CliRun off = CliRun.of("simulate", "--workspace", ws.toString(), "--clips", "walk", "--frames", "3", "--solver",
                "small-steps", "--speed-limit", "0", "--untangle-speed", "0", "--tangle-retries", "0", "--threads", "1",
                "--json");
        assertEquals(Cli.OK, off.code(), off.err());
        JsonObject o = JsonParser.parseString(off.out()).getAsJsonObject();
        JsonObject settings = o.getAsJsonObject("settings");
        assertEquals("SMALL_STEPS", settings.get("solver").getAsString(), settings.toString());
        assertEquals(0, settings.get("speedLimit").getAsDouble(), settings.toString());
        assertEquals(0, settings.get("untangleSpeed").getAsDouble(), settings.toString());
        assertEquals(0, settings.get("tangleRetries").getAsInt(), settings.toString());
        assertEquals(0, o.getAsJsonObject("solver").get("tangleRetries").getAsLong(), "off: no frame retried");
        assertEquals(0, o.getAsJsonObject("solver").get("speedLimits").getAsLong(), "off: it never acted");
        // read back from the project by another command: the run's report keeps them
        CliRun measure = CliRun.of("measure", "--workspace", ws.toString(), "--run", o.get("run").getAsString());
        assertEquals(Cli.OK, measure.code(), measure.err());
        assertTrue(measure.out().contains("speed limit off, untangling off, tangled frames retried never"),
                measure.out());
        CliRun on = CliRun.of("simulate", "--workspace", ws.toString(), "--clips", "walk", "--frames", "3", "--solver",
                "small-steps", "--threads", "1");
        assertEquals(Cli.OK, on.code(), on.err());
        assertTrue(on.out().contains("settings: small-steps solver") && on.out().contains("speed limit 20.0 m/s")
                && on.out().contains("untangling 0.30 m/s, tangled frames retried up to 2x"), on.out());
        CliRun legacy = CliRun.of("simulate", "--workspace", ws.toString(), "--clips", "walk", "--frames", "3",
                "--speed-limit", "0");
        assertEquals(Cli.BAD_INPUT, legacy.code(), legacy.err());
        assertEquals(1, legacy.err().strip().lines().count(), legacy.err());
        assertTrue(legacy.err().contains("--solver small-steps"), legacy.err());
        CliRun negative = CliRun.of("simulate", "--workspace", ws.toString(), "--clips", "walk", "--solver",
                "small-steps", "--untangle-speed", "-1");
        assertEquals(Cli.BAD_INPUT, negative.code(), negative.err());
        assertTrue(negative.err().contains("--untangle-speed"), negative.err());
        CliRun tooMany = CliRun.of("simulate", "--workspace", ws.toString(), "--clips", "walk", "--solver",
                "small-steps", "--tangle-retries", "9");
        assertEquals(Cli.BAD_INPUT, tooMany.code(), tooMany.err());
        assertTrue(tooMany.err().contains("--tangle-retries"), tooMany.err());
        // compression softening: off unless asked for, recorded with the run when it is
        assertEquals(0, settings.get("compressionSoftening").getAsDouble(), settings.toString());
        CliRun soft = CliRun.of("simulate", "--workspace", ws.toString(), "--clips", "walk", "--frames", "3",
                "--solver", "small-steps", "--compression-softening", "1000", "--threads", "1", "--json");
        assertEquals(Cli.OK, soft.code(), soft.err());
        JsonObject softRun = JsonParser.parseString(soft.out()).getAsJsonObject();
        assertEquals(1000, softRun.getAsJsonObject("settings").get("compressionSoftening").getAsDouble(), soft.out());
        CliRun softMeasure = CliRun.of("measure", "--workspace", ws.toString(), "--run", softRun.get("run").getAsString());
        assertTrue(softMeasure.out().contains("edges 1000x softer in compression"), softMeasure.out());
        CliRun belowOne = CliRun.of("simulate", "--workspace", ws.toString(), "--clips", "walk", "--solver",
                "small-steps", "--compression-softening", "0.5");
        assertEquals(Cli.BAD_INPUT, belowOne.code(), belowOne.err());
        assertTrue(belowOne.err().contains("--compression-softening"), belowOne.err());
        // compression recovery: off unless asked for, recorded with the run when it is
        assertEquals(0, settings.get("compressionRecoverySpeed").getAsDouble(), settings.toString());
        assertFalse(on.out().contains("squeezed edges recover"), on.out());
        CliRun recovering = CliRun.of("simulate", "--workspace", ws.toString(), "--clips", "walk", "--frames", "3",
                "--solver", "small-steps", "--compression-recovery", "1", "--threads", "1", "--json");
        assertEquals(Cli.OK, recovering.code(), recovering.err());
        JsonObject recoveringRun = JsonParser.parseString(recovering.out()).getAsJsonObject();
        assertEquals(1, recoveringRun.getAsJsonObject("settings").get("compressionRecoverySpeed").getAsDouble(),
                recovering.out());
        CliRun recoveringMeasure = CliRun.of("measure", "--workspace", ws.toString(), "--run",
                recoveringRun.get("run").getAsString());
        assertTrue(recoveringMeasure.out().contains("squeezed edges recover at most 1.00 m/s"), recoveringMeasure.out());
        CliRun negativeRecovery = CliRun.of("simulate", "--workspace", ws.toString(), "--clips", "walk", "--solver",
                "small-steps", "--compression-recovery", "-1");
        assertEquals(Cli.BAD_INPUT, negativeRecovery.code(), negativeRecovery.err());
        assertTrue(negativeRecovery.err().contains("--compression-recovery"), negativeRecovery.err());
    }

    @Test
    void badSimulatorInputIsOneLineExitTwo() {
        CliRun missing = CliRun.of("simulate", "--workspace", ws.toString(), "--clips", "walk", "--simulator", "arcsim",
                "--arcsim", dir.resolve("no-such-arcsim").toString());
        assertEquals(Cli.BAD_INPUT, missing.code(), missing.err());
        assertEquals(1, missing.err().strip().lines().count(), missing.err());
        assertTrue(missing.err().contains("no-such-arcsim"), missing.err());
        CliRun clip = CliRun.of("simulate", "--workspace", ws.toString(), "--clips", "moonwalk");
        assertEquals(Cli.BAD_INPUT, clip.code());
        assertTrue(clip.err().contains("moonwalk"), clip.err());
    }

    @Test
    void garmentsListAndGenerate() {
        CliRun list = CliRun.of("garment", "list", "--workspace", ws.toString(), "--json");
        assertEquals(Cli.OK, list.code(), list.err());
        JsonArray garments = JsonParser.parseString(list.out()).getAsJsonObject().getAsJsonArray("garments");
        assertEquals(2, garments.size());
        assertTrue(garments.get(0).getAsJsonObject().getAsJsonArray("groups").toString().contains("hood"));
        CliRun robe = CliRun.of("garment", "robe", "--workspace", ws.toString(), "--vertices", "1500");
        assertEquals(Cli.OK, robe.code(), robe.err());
        assertEquals(Cli.OK, CliRun.of("check", "--workspace", ws.toString()).code());

        // the generated robe's feature loops, found on the stored mesh
        CliRun features = CliRun.of("garment", "features", "--workspace", ws.toString(), "--name", "hooded robe 1500",
                "--json");
        assertEquals(Cli.OK, features.code(), features.err());
        JsonArray loops = JsonParser.parseString(features.out()).getAsJsonObject().getAsJsonArray("features");
        java.util.Set<String> names = new java.util.HashSet<>();
        loops.forEach(l -> names.add(l.getAsJsonObject().get("name").getAsString()));
        assertEquals(java.util.Set.of("hem", "hood rim", "left cuff", "right cuff"), names);
        CliRun none = CliRun.of("garment", "features", "--workspace", ws.toString(), "--name", "cape");
        assertEquals(Cli.BAD_INPUT, none.code());
        assertTrue(none.err().contains("cape") && none.err().strip().lines().count() == 1, none.err());
    }
}
