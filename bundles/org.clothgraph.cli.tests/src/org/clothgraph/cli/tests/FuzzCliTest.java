package org.clothgraph.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.clothgraph.cli.Cli;
import org.clothgraph.cli.internal.fuzz.FuzzTargets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * Issue 15, acceptance 2 (the suite's share): 1,000 seeded mutations per reader of user files, each read or refused
 * with the typed bad-input error naming the file and the line or field; no other exception, no other message.
 * {@code clothgraph bench fuzz} runs 10,000 per reader.
 */
class FuzzCliTest {
    @TempDir
    Path dir;

    @Test
    void everyReaderReadsOrRefusesEachMutationWithOneLineNamingTheFileAndWhere() {
        CliRun run = CliRun.of("bench", "fuzz", "--mutations", "1000", "--dir", dir.toString(), "--json");
        assertEquals(Cli.OK, run.code(), run.err());
        JsonObject o = JsonParser.parseString(run.out()).getAsJsonObject();
        JsonObject readers = o.getAsJsonObject("readers");
        assertEquals(FuzzTargets.NAMES, List.copyOf(readers.keySet()));
        for (String name : FuzzTargets.NAMES) {
            JsonObject r = readers.getAsJsonObject(name);
            String report = name + ": " + r + "\nall readers: " + run.err();
            assertEquals(1000, r.get("mutations").getAsInt(), report);
            assertEquals(0, r.get("otherExceptions").getAsInt(), report);
            assertEquals(0, r.get("badMessages").getAsInt(), report);
            assertEquals(1000, r.get("read").getAsInt() + r.get("refused").getAsInt(), report);
            assertTrue(r.get("refused").getAsInt() > 0, "the mutations reach the reader's checks: " + report);
        }
    }

    @Test
    void oneReaderAndAnUnknownOne() {
        CliRun one = CliRun.of("bench", "fuzz", "--reader", "arcsim-material", "--mutations", "50", "--json");
        assertEquals(Cli.OK, one.code(), one.err());
        JsonObject readers = JsonParser.parseString(one.out()).getAsJsonObject().getAsJsonObject("readers");
        assertEquals(List.of("arcsim-material"), List.copyOf(readers.keySet()));
        CliRun unknown = CliRun.of("bench", "fuzz", "--reader", "png");
        assertEquals(Cli.BAD_INPUT, unknown.code());
        assertTrue(unknown.err().contains("no reader 'png'"), unknown.err());
    }
}
