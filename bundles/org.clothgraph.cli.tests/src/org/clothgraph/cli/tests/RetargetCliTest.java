package org.clothgraph.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.clothgraph.cli.Cli;
import org.clothgraph.model.Project;
import org.clothgraph.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** motion train / retarget / import --retarget learned through the CLI at a toy size (the real numbers: by hand). */
class RetargetCliTest {
    @TempDir
    Path dir;

    @Test
    void trainReportAndImportThroughTheLearnedModel() throws Exception {
        Path cmu = SharedData.resolve("mocap/cmu-asfamc/02");
        Path ws = dir.resolve("w");
        Project.create(ws, "retarget").close();
        String asf = cmu.resolve("02.asf").toString();

        CliRun none = CliRun.of("motion", "retarget", "--workspace", ws.toString(), "--report");
        assertEquals(Cli.BAD_INPUT, none.code(), none.err());
        assertTrue(none.err().contains("motion train") && none.err().strip().lines().count() == 1, none.err());

        CliRun train = CliRun.of("motion", "train", "--workspace", ws.toString(), "--steps", "40", "--window", "30",
                "--hidden", "16", "--latent", "8", "--seed", "5", "--held-out", "02_03", "--json", asf,
                cmu.resolve("02_01.amc").toString(), cmu.resolve("02_03.amc").toString());
        assertEquals(Cli.OK, train.code(), train.err());
        JsonObject t = JsonParser.parseString(train.out()).getAsJsonObject();
        assertEquals(40, t.get("stepsMade").getAsInt());
        assertEquals(5, t.getAsJsonObject("settings").get("seed").getAsInt());
        assertTrue(Files.isRegularFile(ws.resolve("models/retarget.cgrm")));

        CliRun report = CliRun.of("motion", "retarget", "--workspace", ws.toString(), "--report", "--targets", "child",
                "--iterations", "5", "--json");
        assertEquals(Cli.OK, report.code(), report.err());
        JsonObject row = JsonParser.parseString(report.out()).getAsJsonObject().getAsJsonArray("rows").get(0).getAsJsonObject();
        assertEquals("02_03", row.get("clip").getAsString());
        for (String m : new String[] {"source", "learned", "learnedBeforeStage", "copy", "ik"}) {
            assertTrue(row.getAsJsonObject("methods").getAsJsonObject(m).has("footSlideMm"), m);
        }
        JsonObject rep = JsonParser.parseString(report.out()).getAsJsonObject();
        assertTrue(rep.getAsJsonObject("retargetSettings").get("contactStage").getAsBoolean());
        assertEquals(10, rep.getAsJsonObject("retargetSettings").get("contactEase").getAsInt());
        assertTrue(rep.has("summaryBeforeStage") && row.has("acceptanceBeforeStage"));

        // the published variant by a setting: no stage, no before-the-stage row
        CliRun off = CliRun.of("motion", "retarget", "--workspace", ws.toString(), "--report", "--targets", "child",
                "--iterations", "5", "--contact-stage", "off", "--json");
        assertEquals(Cli.OK, off.code(), off.err());
        JsonObject offRow = JsonParser.parseString(off.out()).getAsJsonObject().getAsJsonArray("rows").get(0).getAsJsonObject();
        assertFalse(offRow.getAsJsonObject("methods").has("learnedBeforeStage"));
        for (String[] args : new String[][] {{"--contact-ease", "0"}, {"--contact-stage", "maybe"}}) {
            CliRun wrong = CliRun.of("motion", "retarget", "--workspace", ws.toString(), "--report", args[0], args[1]);
            assertEquals(Cli.BAD_INPUT, wrong.code(), wrong.err());
            assertTrue(wrong.err().contains(args[0]) && wrong.err().strip().lines().count() == 1, wrong.err());
        }

        CliRun bad = CliRun.of("motion", "retarget", "--workspace", ws.toString(), "--report", "--targets", "giant");
        assertEquals(Cli.BAD_INPUT, bad.code());
        assertFalse(bad.err().contains("Exception"), bad.err());

        CliRun imp = CliRun.of("motion", "import", "--workspace", ws.toString(), "--retarget", "learned", "--iterations",
                "5", "--json", asf, cmu.resolve("02_03.amc").toString());
        assertEquals(Cli.OK, imp.code(), imp.err());
        assertEquals(1, JsonParser.parseString(imp.out()).getAsJsonObject().getAsJsonArray("imported").size());
    }
}
