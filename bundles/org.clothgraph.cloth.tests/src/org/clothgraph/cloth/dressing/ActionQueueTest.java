package org.clothgraph.cloth.dressing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.clothgraph.cloth.dressing.DressingAction.Grip;
import org.clothgraph.cloth.dressing.DressingAction.Hand;
import org.clothgraph.cloth.dressing.DressingAction.Track;
import org.clothgraph.model.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The action queue file: read, written back the same, and bad input named by file and field. */
class ActionQueueTest {
    static final String HOOD_UP = """
            {"actions": [
              {"type": "track", "clip": "fitting pose", "duration": 0.5},
              {"type": "align", "hand": "right", "feature": "hood rim", "at": "top", "duration": 1.0},
              {"type": "grip", "hand": "right", "feature": "hood rim", "at": "top", "radius": 0.04, "maxVertices": 30},
              {"type": "track", "hand": "right", "duration": 1.0, "keys": [
                {"time": 0.5, "relativeTo": "head", "offset": [0, 0.2, -0.05]},
                {"time": 1.0, "relativeTo": "head", "offset": [0, 0.08, 0.17]}]},
              {"type": "release", "hand": "right"},
              {"type": "drag", "hand": "left", "segments": ["forearm_r", "upperarm_r"], "duration": 0.5},
              {"type": "idle", "duration": 2}
            ]}""";

    @Test
    void readsAndWritesTheSameQueue(@TempDir Path dir) throws Exception {
        ActionQueue q = ActionQueue.parse("q.json", HOOD_UP);
        assertEquals(7, q.actions().size());
        Grip g = (Grip) q.actions().get(2);
        assertEquals(Hand.RIGHT, g.hand());
        assertEquals("hood rim", g.target().feature());
        assertEquals(30, g.maxVertices());
        assertEquals(2, ((Track) q.actions().get(3)).keys().size());
        assertEquals(5.0, q.duration(), 1e-12);
        Path f = dir.resolve("q.json");
        q.write(f);
        ActionQueue back = ActionQueue.read(f);
        assertEquals(q.toJson(), back.toJson());
        assertTrue(Files.size(f) > 100);
    }

    @Test
    void badInputNamesTheFileAndTheField() {
        assertMessage("q.json:actions[1].duration", HOOD_UP.replace("\"duration\": 1.0}", "\"duration\": -1}"));
        assertMessage("q.json:actions[0].type", HOOD_UP.replace("\"type\": \"track\", \"clip\"", "\"type\": \"jump\", \"clip\""));
        assertMessage("q.json:actions[2].hand", HOOD_UP.replace("\"hand\": \"right\", \"feature\": \"hood rim\", \"at\": \"top\", \"radius\"",
                "\"hand\": \"third\", \"feature\": \"hood rim\", \"at\": \"top\", \"radius\""));
        assertMessage("q.json:actions[3].keys[1].time", HOOD_UP.replace("\"time\": 1.0", "\"time\": 0.4"));
        assertMessage("q.json:actions[3].keys[0].offset", HOOD_UP.replace("[0, 0.2, -0.05]", "[0, 0.2]"));
        assertMessage("q.json:actions", "{\"actions\": []}");
        assertMessage("q.json: not JSON", "{\"actions\": [");
    }

    @Test
    void anAlignThroughAnOpeningIsReadWrittenAndCheckedField() {
        String through = "{\"actions\": [{\"type\": \"align\", \"hand\": \"left\", \"feature\": \"left armhole\","
                + " \"toward\": \"left cuff\", \"beyond\": 0.08, \"duration\": 1.2}]}";
        ActionQueue q = ActionQueue.parse("q.json", through);
        DressingAction.Align a = (DressingAction.Align) q.actions().get(0);
        assertEquals(new DressingAction.Through("left cuff", true, 0.08), a.through());
        assertEquals(q, ActionQueue.parse("again.json", q.toJson()));
        ActionQueue away = ActionQueue.parse("q.json", through.replace("toward", "awayFrom"));
        assertEquals(false, ((DressingAction.Align) away.actions().get(0)).through().toward());
        assertMessage("q.json:actions[0].awayFrom", through.replace("\"beyond\"", "\"awayFrom\": \"hem\", \"beyond\""));
        assertMessage("q.json:actions[0].beyond", through.replace("\"toward\": \"left cuff\",", ""));
        assertMessage("q.json:actions[0].at", through.replace("\"toward\"", "\"at\": \"top\", \"toward\""));
        assertMessage("q.json:actions[0].beyond", through.replace("0.08", "-0.1"));
    }

    @Test
    void aKeyedTrackMayBeForBothHandsAndNothingElseIs() {
        ActionQueue q = ActionQueue.parse("q.json", HOOD_UP.replace("\"type\": \"track\", \"hand\": \"right\"",
                "\"type\": \"track\", \"hand\": \"both\""));
        Track both = (Track) q.actions().get(3);
        assertTrue(both.bothHands());
        assertEquals(null, both.hand());
        assertEquals(false, ((Track) q.actions().get(0)).bothHands(), "a clip track is for the body, not both hands");
        assertEquals(q.toJson(), ActionQueue.parse("again.json", q.toJson()).toJson());
        assertTrue(q.toJson().contains("\"hand\": \"both\""), q.toJson());
        assertMessage("q.json:actions[3].hand: must be left, right or both (got 'third')",
                HOOD_UP.replace("\"type\": \"track\", \"hand\": \"right\"", "\"type\": \"track\", \"hand\": \"third\""));
        assertMessage("q.json:actions[2].hand: must be left or right (got 'both')",
                HOOD_UP.replace("\"hand\": \"right\", \"feature\": \"hood rim\", \"at\": \"top\", \"radius\"",
                        "\"hand\": \"both\", \"feature\": \"hood rim\", \"at\": \"top\", \"radius\""));
    }

    @Test
    void aPointMayBeChosenOnTheCloth() {
        String onCloth = HOOD_UP.replace("\"at\": \"top\", \"radius\"", "\"at\": \"back\", \"on\": \"cloth\", \"radius\"");
        ActionQueue q = ActionQueue.parse("q.json", onCloth);
        assertEquals(new DressingAction.FeaturePoint("hood rim", "back", true), ((Grip) q.actions().get(2)).target());
        assertEquals(new DressingAction.FeaturePoint("hood rim", "top", false),
                ((DressingAction.Align) q.actions().get(1)).target(), "on the rest mesh unless the queue says so");
        assertEquals(q.toJson(), ActionQueue.parse("again.json", q.toJson()).toJson());
        assertTrue(q.toJson().contains("\"on\": \"cloth\""), q.toJson());
        assertEquals(q.toJson(), ActionQueue.parse("q.json", onCloth.replace("\"at\": \"top\", \"duration\"",
                "\"at\": \"top\", \"on\": \"rest\", \"duration\"")).toJson());
        assertMessage("q.json:actions[2].on: must be rest or cloth (got 'body')", onCloth.replace("\"on\": \"cloth\"",
                "\"on\": \"body\""));
        assertMessage("q.json:actions[2].on: the centre", onCloth.replace("\"at\": \"back\"", "\"at\": \"centre\""));
    }

    private static void assertMessage(String start, String json) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> ActionQueue.parse("q.json", json));
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
        assertEquals(-1, e.getMessage().indexOf('\n'), e.getMessage());
    }
}
