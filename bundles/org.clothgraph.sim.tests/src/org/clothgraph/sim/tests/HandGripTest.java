package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.util.List;

import org.clothgraph.sim.ClothSimulator;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.HandGrip;
import org.junit.jupiter.api.Test;

/** The grip rule a unit of work applies, on numbers worked out by hand. */
class HandGripTest {

    /** A wrist at (1, 0, 0) turned 90 degrees about +Y at frame 0, moved to (1, 1, 0) unturned at frame 1. */
    private static HandGrip grip(double reach) {
        double h = Math.sqrt(0.5);
        double[] wrist = { 1, 0, 0, h, 0, h, 0, //
                1, 1, 0, 1, 0, 0, 0 };
        return new HandGrip("right", new int[] { 1 }, reach, new double[] { 0, 0, 0.1 }, 3, wrist);
    }

    @Test
    void aPatchWithinReachKeepsItsPlaceInTheWristFrame() {
        HandGrip g = grip(0.2);
        assertEquals(4, g.last());
        assertTrue(g.inForce(3));
        assertFalse(g.inForce(4));
        assertFalse(g.inForce(2));
        // the palm at frame 3: (0, 0, 0.1) turned 90 degrees about +Y is (0.1, 0, 0), from the wrist at (1, 0, 0)
        assertArrayEquals(new double[] { 1.1, 0, 0 }, g.palmAt(3), 1e-12);
        // vertex 1 at (1.15, 0, 0): 0.05 from the palm; in the wrist frame it is (0, 0, 0.15) (turned back)
        float[] x = { 9, 9, 9, 1.15f, 0, 0 };
        double[] t = g.targets(3, x);
        // at frame 4 the wrist is unturned at (1, 1, 0): the vertex goes to (1, 1, 0.15)
        assertArrayEquals(new double[] { 1, 1, 0.15 }, t, 1e-6);
        ClothSimulator.Drive d = HandGrip.drive(List.of(g), 3, new ClothState(x, new float[6]));
        assertArrayEquals(new int[] { 1 }, d.vertices());
        assertNull(HandGrip.drive(List.of(g), 4, new ClothState(x, new float[6])), "released at the span's end");
    }

    @Test
    void aPatchBeyondReachIsNotHeld() {
        float[] x = { 9, 9, 9, 1.5f, 0, 0 };
        assertNull(grip(0.2).targets(3, x), "0.4 m from the palm");
        assertTrue(grip(0.5).targets(3, x) != null);
    }

    @Test
    void aLaterStartSeesTheRestOfTheSpanAndTheBytesReadBack() throws Exception {
        HandGrip g = grip(0.2);
        assertEquals(1, g.from(2).first());
        assertEquals(g.wrist().length, g.from(2).wrist().length);
        assertNull(g.from(4), "the span has ended");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        g.write(new DataOutputStream(bytes));
        HandGrip back = HandGrip.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(g, back);
    }
}
