package org.clothgraph.sim.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.Capsule;
import org.junit.jupiter.api.Test;

/**
 * The depenetration limit of the body pass ({@link SmoothCapsuleCollider}) moves the start of a substep with a vertex
 * found deep inside a limb, so that the push does not throw it out at depth / h. When a later stage of the substep
 * takes the vertex back (the strain limit pulling it toward its neighbours), the start keeps no more of that move than
 * the vertex still has of it at the substep's end ({@link SmoothCapsuleCollider#trimStartShifts}); kept whole it would
 * leave the vertex moving into the limb at the push's excess (how cloth pinched between the head and a raised arm in
 * a dressing was left at 74 m/s while it stayed in place).
 */
class StartShiftTrimTest {

    private static final double R = 0.03, THICK = 0.004, SEPARATION = 0.3, H = 1 / 1200.0;

    @Test
    void aPushTheLaterStagesUndoDoesNotThrowTheVertexBackIntoTheLimb() {
        SmoothCapsuleCollider body = collider();
        // the vertex starts the substep 20 mm inside the limb (its axis along x through the origin) and is predicted
        // 2 mm further up: the pass puts it outside at R + thickness
        double[] xp = { 0, 0.010, 0 }, x = { 0, 0.012, 0 }, w = { 1 };
        body.collide(x, xp, w, 0, 1, false, new boolean[1]);
        assertEquals(R + THICK, x[1], 1e-9, "pushed out to the thickness");
        assertTrue(xp[1] > 0.03, "the limit moved the start with it: " + xp[1]);
        // a later stage takes it 14 mm back toward where it started
        x[1] -= 0.014;
        body.trimStartShifts(x, xp);
        double v = (x[1] - xp[1]) / H;
        // without the trim: (0.020 - 0.0337) / H = -16 m/s, into the limb
        assertTrue(v >= 0, "the vertex leaves the substep moving into the limb at " + v + " m/s");
        assertTrue(v < SEPARATION + 1e-9, "and not out of it faster than the separation speed: " + v + " m/s");
        assertEquals(1, body.startShiftTrims());
    }

    @Test
    void aPushNothingUndoesKeepsTheWholeLimit() {
        SmoothCapsuleCollider body = collider();
        double[] xp = { 0, 0.010, 0 }, x = { 0, 0.012, 0 }, w = { 1 };
        body.collide(x, xp, w, 0, 1, false, new boolean[1]);
        double[] before = xp.clone();
        body.trimStartShifts(x, xp);
        assertEquals(before[1], xp[1], 0, "nothing to trim");
        // the vertex leaves at the separation speed, as the limit has it
        assertEquals(SEPARATION, (x[1] - xp[1]) / H, 1e-6);
        assertEquals(0, body.startShiftTrims());
        // and the shift is forgotten at the substep's end: the next substep starts from nothing to trim
        double[] again = xp.clone();
        body.trimStartShifts(x, again);
        assertEquals(xp[1], again[1], 0);
    }

    private static SmoothCapsuleCollider collider() {
        Body limb = new Body(List.of(new Capsule("forearm_r", -0.2f, 0, 0, 0.2f, 0, 0, (float) R, (float) R)));
        BodyMotion still = t -> limb;
        SmoothCapsuleCollider body = new SmoothCapsuleCollider(still, THICK, 0, SEPARATION);
        body.trackStartShifts(1);
        body.load(0, true);
        body.load(H, false);
        body.substepLength(H);
        return body;
    }
}
