package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.junit.jupiter.api.Test;

/**
 * The small-step solver's compression softening ({@link SimulationSettings#compressionSoftening()}): a mesh edge
 * shorter than at rest resists with its stretch stiffness divided by the factor. A sheet squeezed in its plane to a
 * third of its size (what a squeeze between two body parts does to cloth the mesh cannot wrinkle finely enough)
 * springs back at tens of metres a second with edges as stiff in compression as in stretch, and unfolds at a few
 * with a factor of 1,000, still coming back to its full size; a sheet hanging under its own weight, in tension,
 * hangs as before.
 */
class CompressionSofteningTest {

    /** The factor measured in docs/SIMULATION.md ("Compression softening"). */
    private static final double SOFTENING = 1000;

    /** The small-step solver with this softening and no compression recovery limit (the edges alone decide). */
    private static SimulationSettings softened(double factor) {
        return SimulationSettings.smallSteps().withCompressionSoftening(factor).withCompressionRecoverySpeed(0);
    }

    @Test
    void aSqueezedSheetUnfoldsInsteadOfSpringingBack() throws SimulationFailedException {
        double[] stiff = SqueezedSheets.release(softened(1), 5), soft = SqueezedSheets.release(softened(SOFTENING), 5);
        double[] later = SqueezedSheets.release(softened(SOFTENING), 60);
        System.out.printf("COMPRESSION SOFTENING: sheet squeezed to 35 %%, fastest vertex in 5 frames %.1f m/s as stiff"
                + " as in stretch, %.1f m/s softened %.0fx; half width after 2 s %.3f m (0.25 at rest)%n", stiff[0],
                soft[0], SOFTENING, later[1]);
        assertTrue(stiff[0] > 20, "as stiff as in stretch the squeezed sheet springs back fast: " + stiff[0] + " m/s");
        assertTrue(soft[0] < 8, "softened it unfolds at a few metres a second: " + soft[0] + " m/s");
        assertTrue(later[1] > 0.9 * 0.25, "softened, not gone: the sheet comes back to its size, half width " + later[1]);
    }

    @Test
    void aHangingSheetHangsAsBefore() throws SimulationFailedException {
        double stiff = SqueezedSheets.sag(softened(1)), soft = SqueezedSheets.sag(softened(SOFTENING));
        System.out.printf("COMPRESSION SOFTENING: sheet over a bar, sag %.4f m as stiff as in stretch, %.4f m softened%n",
                stiff, soft);
        assertTrue(stiff > 0.2, "the halves hang: " + stiff);
        assertEquals(stiff, soft, 0.02 * stiff, "the hanging sheet is in tension: the softening does not change it");
    }
}
