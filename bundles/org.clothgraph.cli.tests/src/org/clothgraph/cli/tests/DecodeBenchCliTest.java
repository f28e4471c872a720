package org.clothgraph.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.clothgraph.cli.Cli;
import org.junit.jupiter.api.Test;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** bench decode on a small synthetic basis: the report's fields, not its times (no timed unit tests). */
class DecodeBenchCliTest {
    @Test
    void benchDecodeReportsFloorDecodeChecksumAndKernel() {
        CliRun r = CliRun.of("bench", "decode", "--vertices", "701", "--basis", "23", "--frames", "5", "--threads",
                "3", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(3 * 701, o.get("rows").getAsInt());
        assertEquals(23, o.get("basis").getAsInt());
        assertEquals(18, o.get("eightBitVectors").getAsInt()); // 80 % of 23, rounded
        assertEquals(3, o.get("threads").getAsInt());
        assertTrue(o.get("threadedIdenticalToOneCore").getAsBoolean());
        assertTrue(o.get("floorMs").getAsDouble() >= 0 && o.get("decodeMs").getAsDouble() >= 0);
        assertEquals(16, o.get("checksum").getAsString().length());
        boolean simd = o.get("simd").getAsBoolean();
        assertEquals(simd, o.get("kernel").getAsString().startsWith("simd"), o.get("kernel").getAsString());
        assertEquals(simd, o.has("vectorFloorMs"));
    }

    @Test
    void benchDecodeRefusesBadSizes() {
        assertEquals(Cli.BAD_INPUT, CliRun.of("bench", "decode", "--basis", "0").code());
        assertEquals(Cli.BAD_INPUT, CliRun.of("bench", "decode", "--vertices", "many").code());
    }
}
