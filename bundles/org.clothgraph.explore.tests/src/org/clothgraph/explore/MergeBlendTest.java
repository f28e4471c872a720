package org.clothgraph.explore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The blend bookkeeping on its own: weights, active merges, additive composition, no blending. */
class MergeBlendTest {

    @Test
    void weightsFallLinearlyFromOneToZeroOverBFrames() {
        assertEquals(1.0, MergeBlend.weight(0, 10));
        assertEquals(0.9, MergeBlend.weight(1, 10), 1e-15);
        assertEquals(0.1, MergeBlend.weight(9, 10), 1e-15);
        assertEquals(0.0, MergeBlend.weight(10, 10));
        assertEquals(0.0, MergeBlend.weight(-1, 10));
        assertEquals(0.0, MergeBlend.weight(0, 0), "B = 0: no blending");
    }

    @Test
    void aMergeIsActiveForBFramesFromTheFrameItLandsOn() {
        MergeBlend b = new MergeBlend(4, new int[] { 5 });
        assertFalse(b.blending(4));
        for (int k = 0; k < 4; k++) {
            List<MergeBlend.Active> a = b.active(5 + k);
            assertEquals(1, a.size());
            assertEquals(0, a.get(0).merge());
            assertEquals(1 - k / 4.0, a.get(0).weight(), 1e-15);
        }
        assertFalse(b.blending(9));
    }

    @Test
    void twoMergesInsideTheWindowAddTheirOffsets() {
        MergeBlend b = new MergeBlend(4, new int[] { 2, 4, 20 });
        List<float[]> jumps = List.of(new float[] { 1, 0 }, new float[] { 0, 8 }, new float[] { 100, 100 });
        float[] stored = { 10, 20 };
        float[] out = new float[2];
        b.apply(4, stored, jumps, out);
        // merge 0 two frames old (weight 0.5), merge 1 just landed (weight 1)
        assertArrayEquals(new float[] { 10.5f, 28f }, out);
        assertEquals(List.of(new MergeBlend.Active(0, 0.5), new MergeBlend.Active(1, 1.0)), b.active(4));
        b.apply(6, stored, jumps, out);
        assertArrayEquals(new float[] { 10f, 24f }, out, "merge 0 is over, merge 1 at weight 0.5");
        b.apply(8, stored, jumps, out);
        assertArrayEquals(stored, out, "both are over");
        b.apply(20, stored, jumps, stored);
        assertArrayEquals(new float[] { 110, 120 }, stored, "in place");
    }

    @Test
    void withoutBlendFramesNothingIsEverActive() {
        MergeBlend b = new MergeBlend(0, new int[] { 1, 2 });
        for (int f = 0; f < 5; f++) {
            assertTrue(b.active(f).isEmpty());
        }
    }

    @Test
    void mergeFramesMustAscend() {
        assertThrows(IllegalArgumentException.class, () -> new MergeBlend(10, new int[] { 5, 3 }));
        assertThrows(IllegalArgumentException.class, () -> new MergeBlend(-1, new int[0]));
    }

    @Test
    void theJumpIsDeadEndMinusTarget() {
        assertArrayEquals(new float[] { 1, -2, 0.5f },
                MergeBlend.jump(new float[] { 3, 0, 1 }, new float[] { 2, 2, 0.5f }));
    }
}
