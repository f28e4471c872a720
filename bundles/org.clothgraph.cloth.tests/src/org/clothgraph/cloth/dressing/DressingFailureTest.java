package org.clothgraph.cloth.dressing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.cloth.FittingPose;
import org.clothgraph.motion.demo.DemoCharacter;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.FailureReason;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.garment.Garments;
import org.junit.jupiter.api.Test;

/**
 * A simulation that fails during a dressing queue says in which action, and what the hands held then: a report over
 * twenty starts otherwise lists "EXPLOSION at frame 56" with no way to tell the reach for the rim from the lift or the
 * arm coming down after Release (docs/DRESSING.md).
 */
class DressingFailureTest {
    private static final double FPS = 30;

    @Test
    void aFailureNamesTheActionItHappenedIn() throws Exception {
        CharacterBody character = CharacterBody.of(DemoCharacter.skeleton());
        ClothMesh mesh = Garments.openFrontRobe(character.bindPose(), 600);
        Material material = Material.defaults();
        SimulationSettings settings = SimulationSettings.defaults();
        ClothState drape = OneShoulderStart.drape(mesh, material, settings, character, FPS, null);
        // the cloth settles at some cm/s after the drape: a runaway limit of 1 mm/s is passed in the second action
        SimulationSettings strict = settings.withLimits(0.001, settings.maxStretch(), settings.frameTimeoutSeconds());
        ActionQueue queue = ActionQueue.parse("fail.json", """
                {"actions": [{"type": "release", "hand": "right"},
                  {"type": "track", "clip": "fitting pose", "duration": 0.3}]}
                """);
        DressingController c = new DressingController(mesh, material, strict, character, null, "fail.json");
        SimulationFailedException e = assertThrows(SimulationFailedException.class,
                () -> c.run(FittingPose.aPose(character.skeleton(), FPS), 0, drape, queue, FPS, null));
        assertEquals(FailureReason.EXPLOSION, e.reason(), e.getMessage());
        assertTrue(e.getMessage().startsWith("EXPLOSION at frame " + e.frame() + ": vertex speed "), e.getMessage());
        assertTrue(e.getMessage().endsWith("(in actions[1], track; holding nothing)"), e.getMessage());
        assertTrue(e.getCause() instanceof SimulationFailedException, "the solver's own exception is kept as the cause");
    }
}
