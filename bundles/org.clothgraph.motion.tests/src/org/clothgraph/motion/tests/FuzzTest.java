package org.clothgraph.motion.tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.io.AsfAmcReader;
import org.clothgraph.motion.io.AsfAmcWriter;
import org.clothgraph.motion.io.BvhReader;
import org.clothgraph.motion.io.ImportOptions;
import org.junit.jupiter.api.Test;

/** 1,000 deterministic corruptions of real files: each reads or fails with InvalidInputException naming the file. */
class FuzzTest {
    private static final String[] GARBAGE = {"NaN", "-Infinity", "1e999", "0x1p3", "1.2.3", "--1", "{", "}", "JOINT", "End", "Site",
            "CHANNELS", "7", "-1", "MOTION", "Frames:", "\u00e9", "root", "1d", ""};

    @Test
    void corruptedFilesFailCleanly() throws Exception {
        List<String[]> bases = new ArrayList<>(); // {kind, name, text}
        for (var p : TestData.bvhFiles()) {
            String t = Files.readString(p);
            if (p.toString().contains("cmu")) t = trimBvh(t, 40); // keep the run fast: hierarchy + 40 frames
            bases.add(new String[] {"bvh", p.getFileName().toString(), t});
        }
        Motion small = BvhReader.read(TestData.require().resolve("mocap/cmu/cmu_walk_delfem2.bvh"), ImportOptions.NATIVE_RATE).sub(0, 12, "w");
        String asf = AsfAmcWriter.asf(small), amc = AsfAmcWriter.amc(small);
        bases.add(new String[] {"asf", "f.asf", asf});
        bases.add(new String[] {"amc", "f.amc", amc});
        Random rnd = new Random(20130721L);
        int ok = 0, refused = 0;
        for (int i = 0; i < 1000; i++) {
            String[] b = bases.get(i % bases.size());
            String name = "fuzz" + i + "-" + b[1];
            String text = mutate(b[2], rnd);
            try {
                switch (b[0]) {
                    case "bvh" -> BvhReader.read(name, text, ImportOptions.DEFAULT);
                    case "asf" -> AsfAmcReader.read(name, text, "f.amc", amc, 120, ImportOptions.DEFAULT);
                    default -> AsfAmcReader.read("f.asf", asf, name, text, 120, ImportOptions.DEFAULT);
                }
                ok++;
            } catch (InvalidInputException e) {
                assertTrue(e.getMessage().startsWith(name + ":"), e.getMessage());
                assertFalse(e.getMessage().contains("\n"), e.getMessage());
                refused++;
            }
        }
        assertEquals(1000, ok + refused);
        assertTrue(refused > 500, "most corruptions are refused: " + refused);
    }

    static String trimBvh(String t, int frames) {
        String[] lines = t.split("\n");
        StringBuilder b = new StringBuilder();
        int i = 0;
        for (; i < lines.length && !lines[i].startsWith("Frames:"); i++) b.append(lines[i]).append('\n');
        b.append("Frames: ").append(frames).append('\n').append(lines[i + 1]).append('\n');
        for (int f = 0; f < frames; f++) b.append(lines[i + 2 + f]).append('\n');
        return b.toString();
    }

    static String mutate(String text, Random r) {
        List<String> tok = new ArrayList<>(List.of(text.split("(?<=\\s)|(?=\\s)")));
        int kind = r.nextInt(6);
        int at = r.nextInt(tok.size());
        switch (kind) {
            case 0 -> { return text.substring(0, r.nextInt(text.length())); }
            case 1 -> { for (int k = 0; k <= r.nextInt(3); k++) tok.remove(r.nextInt(tok.size())); }
            case 2 -> tok.add(at, tok.get(r.nextInt(tok.size())));
            case 3 -> tok.set(at, GARBAGE[r.nextInt(GARBAGE.length)]);
            case 4 -> tok.set(at, Double.toString(r.nextGaussian() * Math.pow(10, r.nextInt(12) - 4)));
            default -> tok.add(at, r.nextBoolean() ? "\n" : " 0 ");
        }
        return String.join("", tok);
    }
}
