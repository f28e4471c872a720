package org.clothgraph.cloth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.clothgraph.sim.garment.HoodStateClassifier;
import org.junit.jupiter.api.Test;

/**
 * The hood report's "UP for 2 s after Release" (issue 14, acceptance 1) is read over the frames after the release's
 * own frame: that frame is the last one simulated with the hand holding the rim (DressingControllerTest shows the
 * patch rigid in the hand through it and out of the hand in the next), so how the held hood is classified there says
 * nothing about whether it stays up once let go.
 */
class DressingReportWindowTest {
    private static final String UP = HoodStateClassifier.UP, DOWN = HoodStateClassifier.DOWN;

    private static String[] classes(int n, String fill) {
        String[] c = new String[n];
        Arrays.fill(c, fill);
        return c;
    }

    @Test
    void theReleaseFrameIsTheLastHeldOneAndNotPartOfTheWindow() {
        // release at frame 40, a window of 60 frames (2 s at 30 fps): frames 41-100 must be UP, and the last frame
        String[] c = classes(120, UP);
        c[40] = DOWN;
        assertTrue(DressingReport.heldUp(c, 40, 60));
        assertEquals(1.0, DressingReport.upFraction(c, 40, 60));
        c[41] = DOWN;
        assertFalse(DressingReport.heldUp(c, 40, 60), "DOWN in the first frame after the release");
        assertEquals(59 / 60.0, DressingReport.upFraction(c, 40, 60), 1e-12);
        c[41] = UP;
        c[100] = DOWN;
        assertFalse(DressingReport.heldUp(c, 40, 60), "DOWN in the window's last frame");
        c[100] = UP;
        c[101] = DOWN;
        assertTrue(DressingReport.heldUp(c, 40, 60), "after the window only the end counts");
        c[119] = DOWN;
        assertFalse(DressingReport.heldUp(c, 40, 60), "DOWN at the end");
    }

    @Test
    void aRunThatEndsBeforeTheWindowClosesOrNeverReleasesIsNotHeld() {
        assertTrue(DressingReport.heldUp(classes(101, UP), 40, 60));
        assertFalse(DressingReport.heldUp(classes(100, UP), 40, 60), "the window's last frame was never simulated");
        assertFalse(DressingReport.heldUp(classes(120, UP), -1, 60), "no release");
        assertEquals(0, DressingReport.upFraction(classes(120, UP), -1, 60));
    }
}
