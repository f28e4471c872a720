package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.junit.jupiter.api.Test;

/**
 * The small-step solver's compression recovery ({@link SimulationSettings#compressionRecoverySpeed()}): a mesh edge
 * shorter than at rest pushes its ends apart only to its length at the substep's start plus the speed's step. A sheet
 * squeezed in its plane to a third of its size springs back at tens of metres a second without it (every edge back to
 * its rest length in a substep) and unfolds at a few with it, coming back to its full size; a sheet hanging under its
 * own weight, in tension, hangs as before. Speeds are read from the frames the solver hands out, sizes from positions.
 */
class CompressionRecoveryTest {

    /** The speed measured in docs/SIMULATION.md ("Compression recovery"), m/s. */
    private static final double RECOVERY = 1.0;

    private static SimulationSettings recovering(double speed) {
        return SimulationSettings.smallSteps().withCompressionRecoverySpeed(speed);
    }

    @Test
    void aSqueezedSheetUnfoldsInsteadOfSpringingBack() throws SimulationFailedException {
        double[] off = SqueezedSheets.release(recovering(0), 5), on = SqueezedSheets.release(recovering(RECOVERY), 5);
        double[] later = SqueezedSheets.release(recovering(RECOVERY), 60);
        System.out.printf("COMPRESSION RECOVERY: sheet squeezed to 35 %%, fastest vertex in 5 frames %.1f m/s without,"
                + " %.1f m/s recovering at most %.1f m/s per edge; half width after 2 s %.3f m (0.25 at rest)%n", off[0],
                on[0], RECOVERY, later[1]);
        assertTrue(off[0] > 20, "without it the squeezed sheet springs back fast: " + off[0] + " m/s");
        // the sheet's edge is 8 edges from its middle: each regains its length at most at the recovery speed
        assertTrue(on[0] < 8 * RECOVERY * 1.25, "with it the sheet unfolds at a few metres a second: " + on[0] + " m/s");
        assertTrue(later[1] > 0.9 * 0.25, "not gone: the sheet comes back to its size, half width " + later[1]);
    }

    @Test
    void aHangingSheetHangsAsBefore() throws SimulationFailedException {
        double without = SqueezedSheets.sag(recovering(0)), with = SqueezedSheets.sag(recovering(RECOVERY));
        System.out.printf("COMPRESSION RECOVERY: sheet over a bar, sag %.4f m without, %.4f m with%n", without, with);
        assertTrue(without > 0.2, "the halves hang: " + without);
        assertEquals(without, with, 0.02 * without, "the hanging sheet is in tension: the recovery does not change it");
    }
}
