package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.InitialDrape;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationResult;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.garment.Garments;
import org.junit.jupiter.api.Test;

/**
 * Cloth pinched between overlapping capsules ({@link SqueezeBody}: sleeves between forearm and pelvis, hood
 * between raised upper arm and head, cuffs between the clapping hands) must not fail the run: before the
 * strain limit / un-wrapping pass and the body-held stretch rule, edges wrapped round a limb stretched past the
 * default maxStretch (4x) and the run ended with EXPLOSION within the first arm swing.
 */
class SqueezeTest {

    private static final int VERTICES = Integer.getInteger("clothgraph.test.squeezeVertices", 4000);

    /** Settle, hold, one full arm swing (up and back down by frame 66) and 0.3 s of the next. */
    private static final int FRAMES = 75;

    @Test
    void pinchedClothDoesNotExplodeAndRecovers() throws Exception {
        SqueezeBody m = new SqueezeBody();
        // The robe as cut before 2026-12-03 (face opening +-1.1 rad: 9 of its 52 cells, against the default 10). On
        // the default cut the first solver does not release this pinch: a sleeve edge ends the squeeze at 5.83x
        // (3.28x on this one, 4.04x a frame earlier; 8-9x in the middle of the squeeze on both); docs/SIMULATION.md,
        // "The hood's face opening".
        ClothMesh robe = Garments.hoodedRobe(m.poseAt(0), VERTICES, 1.1);
        SimulationSettings set = SimulationSettings.defaults();
        ClothState s = InitialDrape.drape(robe, Material.defaults(), set, m, 0, 0.5, null);
        double pen = 0, worst = 0, last = 0;
        for (int f = 0; f < FRAMES; f += 15) {
            // chunks of 15 frames, as the demo driver and the graph expansion run them (a fresh solver per chunk)
            SimulationResult r = new XpbdClothSimulator().simulate(robe, Material.defaults(), set, m, f / 30.0, s, 30,
                    15, null);
            pen = Math.max(pen, TestSupport.maxPenetration(r.frames(), m, f / 30.0, 30));
            for (ClothState c : r.frames()) {
                last = maxStretch(robe, c);
                worst = Math.max(worst, last);
            }
            s = r.last();
        }
        System.out.printf("SQUEEZE: %d vertices, max penetration %.2f mm, max stretch %.2f, final stretch %.2f%n",
                robe.vertexCount(), pen * 1000, worst, last);
        assertTrue(pen <= 0.005, "max penetration " + pen);
        // frame 75 is 0.3 s into the second arm swing (the arms were fully down, hands in the pelvis, at frame 66)
        assertTrue(last < set.maxStretch(), "final stretch " + last);
    }

    private static double maxStretch(ClothMesh mesh, ClothState s) {
        int[] t = mesh.triangles();
        float[] r = mesh.restPositions(), p = s.positions();
        double worst = 0;
        for (int k = 0; k < t.length; k++) {
            int a = t[k], b = t[k - k % 3 + (k % 3 + 1) % 3];
            double l = Math.sqrt(sq(p[3 * a] - p[3 * b]) + sq(p[3 * a + 1] - p[3 * b + 1]) + sq(p[3 * a + 2] - p[3 * b + 2]));
            double l0 = Math.sqrt(sq(r[3 * a] - r[3 * b]) + sq(r[3 * a + 1] - r[3 * b + 1]) + sq(r[3 * a + 2] - r[3 * b + 2]));
            worst = Math.max(worst, l / l0);
        }
        return worst;
    }

    private static double sq(double d) {
        return d * d;
    }
}
