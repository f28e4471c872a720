package org.clothgraph.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
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

/** motion import / motion graph / bench motiongraph through the CLI, on the real mocap in ../shared/data. */
class MotionCliTest {
    @TempDir
    Path dir;

    static Path mocap() {
        return SharedData.resolve("mocap");
    }

    private static List<String> bvhFiles(Path root) throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(p -> p.toString().endsWith(".bvh")).sorted().forEach(p -> out.add(p.toString()));
        }
        return out;
    }

    private JsonObject stats(Path ws) {
        CliRun r = CliRun.of("stats", "--workspace", ws.toString(), "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        return JsonParser.parseString(r.out()).getAsJsonObject();
    }

    @Test
    void importRealMocapThenRebuildTheGraph() throws IOException {
        Path mocap = mocap();
        assumeTrue(mocap != null, "shared mocap data not present");
        Path ws = dir.resolve("w");
        assertEquals(Cli.OK, CliRun.of("demo", "--workspace", ws.toString(), "--headless", "--frames", "0").code());
        List<String> files = bvhFiles(mocap);
        List<String> args = new ArrayList<>(List.of("motion", "import", "--workspace", ws.toString(), "--json"));
        args.addAll(files);
        CliRun imp = CliRun.of(args.toArray(String[]::new));
        assertEquals(Cli.OK, imp.code(), imp.err());
        assertEquals(files.size(), JsonParser.parseString(imp.out()).getAsJsonObject().getAsJsonArray("imported").size());
        assertEquals(9 + files.size(), stats(ws).getAsJsonObject("primary").get("clips").getAsInt());

        CliRun graph = CliRun.of("motion", "graph", "--workspace", ws.toString(), "--threshold", "0.15", "--json");
        assertEquals(Cli.OK, graph.code(), graph.err());
        JsonObject g = JsonParser.parseString(graph.out()).getAsJsonObject();
        assertTrue(g.get("stronglyConnected").getAsBoolean());
        assertTrue(g.get("crossClipTransitions").getAsInt() > 0);
        JsonObject primary = stats(ws).getAsJsonObject("primary");
        assertEquals(g.get("nodes").getAsInt(), primary.get("nodes").getAsInt());
        assertTrue(primary.get("stronglyConnected").getAsBoolean());
        assertEquals(Cli.OK, CliRun.of("check", "--workspace", ws.toString()).code());
    }

    @Test
    void aBadFileImportsNothing() throws IOException {
        Path mocap = mocap();
        assumeTrue(mocap != null, "shared mocap data not present");
        Path ws = dir.resolve("bad");
        assertEquals(Cli.OK, CliRun.of("demo", "--workspace", ws.toString(), "--headless", "--frames", "0",
                "--clip-frames", "40", "--vertices", "700").code());
        List<String> files = bvhFiles(mocap);
        Path truncated = dir.resolve("truncated.bvh");
        String text = Files.readString(Path.of(files.get(0)));
        Files.writeString(truncated, text.substring(0, text.length() / 2));
        CliRun r = CliRun.of("motion", "import", "--workspace", ws.toString(), files.get(1), truncated.toString());
        assertEquals(Cli.BAD_INPUT, r.code(), r.err());
        String last = r.err().strip().lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.contains(truncated.toString() + ":"), last);
        assertEquals(9, stats(ws).getAsJsonObject("primary").get("clips").getAsInt(), "nothing half-imported");
        try (Stream<Path> s = Files.list(ws.resolve("motions"))) {
            assertEquals(9, s.count());
        }
    }

    @Test
    void benchMotionGraphAtPaperScale() {
        CliRun r = CliRun.of("bench", "motiongraph", "--frames", "3115", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(3115, o.get("frames").getAsInt());
        assertTrue(o.get("stronglyConnected").getAsBoolean());
        assertTrue(o.get("transitions").getAsInt() > 0);
        assertTrue(o.has("buildSeconds"));
    }
}
