package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.clothgraph.measure.Strain;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.InitialDrape;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationResult;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.ProceduralBody;
import org.clothgraph.sim.garment.Garments;
import org.junit.jupiter.api.Test;

/**
 * The small-step solver's strain limit (10 %) holds at the end of every frame, measured by the independent
 * {@link Strain} from the output positions and the garment's rest mesh. In the procedural walk the body pass stretched an edge
 * at the shoulder seam that the sweeps had left within the limit to 1.11-1.13x rest in frames 9-11 of this run (and
 * at 3,785 vertices the collar to 1.20x); the substep now ends with the limit solved on its own and the body pass
 * again, which may lengthen an edge by a little, so 0.5 % is allowed over the limit.
 */
class StrainLimitTest {
    @Test
    void noEdgeEndsAFrameBeyondTheStrainLimit() throws Exception {
        assertEquals(0.1, SimulationSettings.smallSteps().strainLimit());
        double[] worst = longestEdge(ProceduralBody.Motion.WALK, 1500, 12);
        assertTrue(worst[0] <= 0.105, "the longest edge " + worst[0] + " over its rest length in frame " + worst[1]);
    }

    /**
     * The procedural spin-flip (1,157 vertices, 36 frames), where cloth presses on cloth and the arms hold the sleeves
     * across the armpits: no edge ends a frame beyond 1.25x rest (measured: 1.19x). Before 2026-12-02 edges ended
     * frames at up to 1.42x, for two reasons, each caught here alone: the cloth-cloth friction came after the strain
     * passes and stretched what they had shortened (1.34x at frame 28 with the strain-and-body rounds but friction
     * last), and a single body pass after the strain passes pushed the ends of an edge held across an armpit back out
     * (1.42x at frame 10 with friction first but one round); docs/SIMULATION.md, "Friction first, strain and body in
     * rounds".
     */
    @Test
    void noEdgeEndsAFrameFarBeyondTheLimitInTheSpinFlip() throws Exception {
        double[] worst = longestEdge(ProceduralBody.Motion.SPIN_FLIP, 1200, 36);
        assertTrue(worst[0] <= 0.25, "the longest edge " + worst[0] + " over its rest length in frame " + worst[1]);
    }

    /** The robe draped and simulated with the small-step solver: the largest strain of any frame, and that frame. */
    private static double[] longestEdge(ProceduralBody.Motion which, int vertices, int frames) throws Exception {
        BodyMotion motion = ProceduralBody.motion(which);
        ClothMesh robe = Garments.hoodedRobe(motion.poseAt(0), vertices);
        Material m = Material.defaults();
        SimulationSettings s = SimulationSettings.smallSteps().withThreads(1);
        ClothState rest = InitialDrape.drape(robe, m,
                InitialDrape.settingsFor(new XpbdClothSimulator(), s).withSelfCollision(false, 1), motion, 0, 0.2, null);
        SimulationResult r = new XpbdClothSimulator().simulate(robe, m, s, motion, 0, rest, 30, frames, null);
        Strain strain = Strain.againstRest(robe);
        double worst = 0;
        int worstFrame = -1;
        for (int f = 0; f < r.frames().size(); f++) {
            double max = strain.measure(r.frames().get(f).positions()).max();
            if (max > worst) {
                worst = max;
                worstFrame = f + 1;
            }
        }
        return new double[] { worst, worstFrame };
    }
}
