package org.clothgraph.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

import org.clothgraph.cli.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** check verifies the content of the files a project references, not only that they exist. */
class CheckFilesCliTest {
    @TempDir
    Path dir;

    @Test
    void damagedGarmentClipAndCharacterAreViolationsByName() throws Exception {
        Path ws = dir.resolve("w");
        CliRun demo = CliRun.of("demo", "--workspace", ws.toString(), "--headless", "--frames", "0", "--clip-frames", "40",
                "--vertices", "700");
        assertEquals(Cli.OK, demo.code(), demo.err());
        CliRun clean = CliRun.of("check", "--workspace", ws.toString());
        assertEquals(Cli.OK, clean.code(), clean.out());
        assertTrue(clean.out().strip().endsWith("clean"), clean.out());

        Path obj = ws.resolve("garments/hooded_robe.obj");
        byte[] whole = Files.readAllBytes(obj);
        Files.write(obj, Arrays.copyOf(whole, whole.length / 2));
        Path bvh = ws.resolve("motions/walk.bvh");
        Files.writeString(bvh, Files.readString(bvh).replaceFirst("MOTION", "MOTION\n"));
        Files.writeString(ws.resolve("character/skeleton.bvh"), "\n", StandardOpenOption.APPEND);

        CliRun damaged = CliRun.of("check", "--workspace", ws.toString());
        assertEquals(Cli.VIOLATIONS, damaged.code(), damaged.out() + damaged.err());
        String out = damaged.out();
        assertTrue(out.contains("VIOLATION garment hooded robe: garments/hooded_robe.obj changed since import (sha256 "),
                out);
        assertTrue(out.contains("VIOLATION clip walk: motions/walk.bvh changed since import"), out);
        assertTrue(out.contains("VIOLATION character Demo character (skeleton): character/skeleton.bvh changed since"
                + " import"), out);
        assertTrue(out.strip().endsWith("3 violation(s)"), out);

        CliRun json = CliRun.of("check", "--workspace", ws.toString(), "--json");
        assertEquals(Cli.VIOLATIONS, json.code());
        JsonObject o = JsonParser.parseString(json.out()).getAsJsonObject();
        assertEquals(3, o.getAsJsonArray("violations").size(), json.out());
    }
}
