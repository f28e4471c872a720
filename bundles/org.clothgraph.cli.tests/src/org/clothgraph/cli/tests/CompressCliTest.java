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

/** compress, play --headless, play --worst and stats compression.* on a small explored demo; a damaged file: exit 2. */
class CompressCliTest {
    @TempDir
    Path dir;

    @Test
    void compressPlayAndStats() throws Exception {
        Path ws = dir.resolve("w");
        CliRun demo = CliRun.of("demo", "--workspace", ws.toString(), "--headless", "--clip-frames", "40", "--vertices",
                "700", "--frames", "300");
        assertEquals(Cli.OK, demo.code(), demo.err());

        CliRun compress = CliRun.of("compress", "--workspace", ws.toString(), "--basis", "60", "--json");
        assertEquals(Cli.OK, compress.code(), compress.err());
        JsonObject c = JsonParser.parseString(compress.out()).getAsJsonObject();
        assertEquals(60, c.get("basis").getAsInt());
        assertTrue(c.get("quantisationMaxErrorMm").getAsDouble() <= 0.3, c.toString());
        assertTrue(c.get("maxErrorMm").getAsDouble() <= c.get("truncationMaxErrorMm").getAsDouble() + 0.3, c.toString());
        assertTrue(c.getAsJsonObject("bytesByPart").get("coefficients").getAsLong() > 0);
        assertTrue(c.getAsJsonObject("paperScheme").get("bytes").getAsLong() > c.get("compressedBytes").getAsLong());
        Path file = Path.of(c.get("file").getAsString());
        assertTrue(file.startsWith(ws.resolve("databases")), file.toString());

        CliRun stats = CliRun.of("stats", "--workspace", ws.toString(), "--json");
        JsonObject s = JsonParser.parseString(stats.out()).getAsJsonObject();
        assertEquals(1, s.getAsJsonObject("databases").get("count").getAsInt());
        assertEquals(c.get("ratio").getAsDouble(), s.getAsJsonObject("compression").get("ratio").getAsDouble(), 1e-9);
        assertEquals(Cli.OK, CliRun.of("check", "--workspace", ws.toString()).code());

        CliRun play = CliRun.of("play", "--workspace", ws.toString(), "--headless", "--seconds", "5", "--seed", "3",
                "--json");
        assertEquals(Cli.OK, play.code(), play.err());
        JsonObject p = JsonParser.parseString(play.out()).getAsJsonObject();
        assertEquals(150, p.get("frames").getAsInt());
        assertTrue(p.get("fps").getAsDouble() > 0 && p.get("decodeMsMean").getAsDouble() > 0, p.toString());
        assertTrue(p.get("maxErrorBoundMm").getAsDouble() > 0, p.toString());

        CliRun worst = CliRun.of("play", "--workspace", ws.toString(), "--headless", "--worst", "3", "--json");
        assertEquals(Cli.OK, worst.code(), worst.err());
        assertTrue(JsonParser.parseString(worst.out()).getAsJsonObject().getAsJsonArray("worst").size() > 0);

        // a damaged database is refused with one line naming the file and the part
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 5] ^= 1;
        Files.write(file, bytes);
        CliRun bad = CliRun.of("play", "--workspace", ws.toString(), "--headless", "--seconds", "1");
        assertEquals(Cli.BAD_INPUT, bad.code(), bad.err());
        assertEquals(1, bad.err().strip().lines().count(), bad.err());
        assertTrue(bad.err().contains(file.toString()) && bad.err().contains("'coefficients'"), bad.err());
    }
}
