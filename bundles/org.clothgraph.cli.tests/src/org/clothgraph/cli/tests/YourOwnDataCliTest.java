package org.clothgraph.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.clothgraph.cli.Cli;
import org.clothgraph.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The README's "your own data" walkthrough (issue 11): new project, the shared real clips imported with no joint map,
 * the primary graph at the defaults, a Berkeley garment, a simulation and a little exploration; and the clip and
 * garment removal commands along the way.
 */
class YourOwnDataCliTest {
    @TempDir
    Path dir;

    private static JsonObject json(CliRun r) {
        assertEquals(Cli.OK, r.code(), r.err());
        return JsonParser.parseString(r.out()).getAsJsonObject();
    }

    @Test
    void newProjectImportGraphGarmentSimulateExplore() throws Exception {
        Path mocap = SharedData.resolve("mocap"), robe = SharedData.resolve("meshes/berkeley-garment-library/robe/coarse");
        assumeTrue(mocap != null && robe != null, "shared data not present");
        String ws = dir.resolve("mine").toString();

        JsonObject created = json(CliRun.of("new", "--workspace", ws, "--json"));
        assertEquals("Demo character", created.get("character").getAsString());
        assertEquals(0, created.getAsJsonObject("primary").get("clips").getAsInt());
        assertEquals(Cli.BAD_INPUT, CliRun.of("new", "--workspace", ws).code(), "a project is there already");

        // every shared clip, BVH and ASF/AMC, with no --map; --verbose prints each file's joint mapping
        List<String> args = new ArrayList<>(List.of("motion", "import", "--workspace", ws, "--verbose"));
        try (Stream<Path> s = Files.walk(mocap)) {
            s.filter(p -> p.toString().endsWith(".bvh")).sorted().forEach(p -> args.add(p.toString()));
        }
        Path asf = mocap.resolve("cmu-asfamc/02/02.asf");
        args.add(asf.toString());
        try (Stream<Path> s = Files.list(asf.getParent())) {
            s.filter(p -> p.toString().endsWith(".amc")).sorted().forEach(p -> args.add(p.toString()));
        }
        CliRun imp = CliRun.of(args.toArray(String[]::new));
        assertEquals(Cli.OK, imp.code(), imp.err());
        assertEquals(17, imp.out().lines().filter(l -> l.startsWith("joint mapping of ")).count(), imp.out());
        assertEquals(17, imp.out().lines().filter(l -> l.startsWith("imported ")).count(), imp.out());
        assertTrue(imp.out().contains("LeftUpLeg     <- lfemur (synonym)"), imp.out());
        assertTrue(imp.out().contains("LeftHand         - (no joint there: the chain ends at the end site of left_elbow"), imp.out());

        // the graph at the defaults: strongly connected, paper-sized, every clip kept, entered and left, feet planted
        JsonObject g = json(CliRun.of("motion", "graph", "--workspace", ws, "--json"));
        assertTrue(g.get("stronglyConnected").getAsBoolean());
        assertTrue(g.get("nodes").getAsInt() >= 3000, "nodes " + g.get("nodes"));
        assertTrue(g.get("maxTransitionDistance").getAsDouble() <= g.get("connectCap").getAsDouble());
        assertEquals(17, g.getAsJsonArray("clips").size());
        for (var c : g.getAsJsonArray("clips")) {
            JsonObject o = c.getAsJsonObject();
            assertTrue(o.get("kept").getAsInt() > 0 && o.get("entries").getAsInt() > 0 && o.get("exits").getAsInt() > 0, o.toString());
        }
        assertEquals(g.get("transitions").getAsInt(), g.getAsJsonArray("transitionList").size());
        assertTrue(g.getAsJsonObject("footSlide").get("maxMm").getAsDouble() < 20, g.getAsJsonObject("footSlide").toString());

        // a clip in the graph is excluded and the graph rebuilt before it can be removed
        assertEquals(Cli.BAD_INPUT, CliRun.of("motion", "remove", "--workspace", ws, "dm_kick").code());
        assertEquals(Cli.OK, CliRun.of("motion", "exclude", "--workspace", ws, "dm_kick").code());
        assertEquals(Cli.OK, CliRun.of("motion", "graph", "--workspace", ws).code());
        CliRun removed = CliRun.of("motion", "remove", "--workspace", ws, "dm_kick");
        assertEquals(Cli.OK, removed.code(), removed.err());
        assertFalse(Files.exists(Path.of(ws, "motions", "dm_kick.bvh")));
        assertEquals(Cli.OK, CliRun.of("motion", "exclude", "--workspace", ws, "dm_run").code());
        assertEquals(Cli.OK, CliRun.of("motion", "include", "--workspace", ws, "dm_run").code());
        assertEquals(Cli.BAD_INPUT, CliRun.of("motion", "include", "--workspace", ws, "no_such_clip").code());
        JsonObject g2 = json(CliRun.of("motion", "graph", "--workspace", ws, "--json"));
        assertEquals(16, g2.getAsJsonArray("clips").size());
        assertTrue(g2.get("stronglyConnected").getAsBoolean());

        // a Berkeley garment pair, placed on the character with its seams welded, simulated and explored a little
        CliRun garment = CliRun.of("garment", "import", "--workspace", ws, "--name", "berkeley robe", "--weld-seams", "auto",
                robe.resolve("robe-m.obj").toString(), robe.resolve("robe-w.obj").toString());
        assertEquals(Cli.OK, garment.code(), garment.err());
        assertTrue(garment.out().contains("unit m (1 m per unit), up y"), garment.out());
        assertTrue(garment.out().contains("seams: 8 panels, 180 vertices on unjoined seams"), garment.out());
        assertTrue(garment.out().contains("welded: 96 vertices joined into others"), garment.out());
        assertTrue(garment.out().contains("sleeve openings hung on the arms"), garment.out());
        // the Cloth Preview's placement, from the command line; refused once a kept run simulated the garment
        CliRun placed = CliRun.of("garment", "place", "--workspace", ws, "--name", "berkeley robe", "--offset", "0,0.01,0");
        assertEquals(Cli.OK, placed.code(), placed.err());
        assertTrue(placed.out().contains("adjusted: offset (0.000, 0.010, 0.000) m"), placed.out());
        JsonObject sim = json(CliRun.of("simulate", "--workspace", ws, "--clips", "02_01,02_02", "--garment", "berkeley robe",
                "--frames", "10", "--json"));
        assertEquals(10, sim.get("frames").getAsInt());
        CliRun explore = CliRun.of("explore", "--workspace", ws, "--garment", "berkeley robe", "--frames", "20");
        assertEquals(Cli.OK, explore.code(), explore.err());
        assertTrue(explore.out().contains("simulated"), explore.out());

        // garments: a spare one goes, the simulated one is kept while its run is
        assertEquals(Cli.OK, CliRun.of("garment", "robe", "--workspace", ws, "--name", "spare", "--vertices", "300").code());
        assertEquals(Cli.OK, CliRun.of("garment", "remove", "--workspace", ws, "--name", "spare").code());
        assertEquals(Cli.BAD_INPUT, CliRun.of("garment", "remove", "--workspace", ws, "--name", "berkeley robe").code());
        assertEquals(Cli.BAD_INPUT, CliRun.of("garment", "place", "--workspace", ws, "--name", "berkeley robe", "--yaw",
                "5").code());
        JsonObject stats = json(CliRun.of("stats", "--workspace", ws, "--json"));
        assertEquals(1, stats.getAsJsonObject("garments").get("count").getAsInt());
        assertEquals(Cli.OK, CliRun.of("check", "--workspace", ws).code(), "check after removals");
    }
}
