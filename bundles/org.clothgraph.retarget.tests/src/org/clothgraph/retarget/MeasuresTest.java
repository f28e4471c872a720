package org.clothgraph.retarget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.demo.DemoCharacter;
import org.junit.jupiter.api.Test;

/** The measures and baselines on clips whose answers are known by construction. */
class MeasuresTest {
    private static final Skeleton DEMO = DemoCharacter.skeleton();

    /** The character standing in its rest pose, its root at hip height + dy, moving along x at speed (m/s). */
    private static Motion standing(double dy, double speed, int frames) {
        Motion.Builder b = new Motion.Builder("stand", DEMO, 60, frames);
        double hip = DEMO.restRootHeight();
        for (int f = 0; f < frames; f++) b.setRoot(f, new Vec3(speed * f / 60, hip + dy, 0));
        return b.build();
    }

    @Test
    void penetrationIsHowFarTheSoleIsBelowTheFloor() {
        RetargetMeasures flat = RetargetMeasures.of(standing(0, 0, 30), standing(0, 0, 30), null);
        assertEquals(0, flat.penetrationMaxMm(), 1e-6);
        RetargetMeasures sunk = RetargetMeasures.of(standing(-0.02, 0, 30), standing(0, 0, 30), null);
        assertEquals(20, sunk.penetrationMaxMm(), 1e-6);
        assertEquals(20, sunk.penetrationMeanMm(), 1e-6);
    }

    @Test
    void footSlideIsTheInContactHorizontalTravel() {
        // 0.1 m/s is slower than the contact speed (0.2 m/s): feet on the floor slide 0.1 m/s * 59/60 s
        assertEquals(100 * 59 / 60.0, FootContactMeasure.slideMm(standing(0, 0.1, 60)), 1e-3);
        // 0.3 m/s is faster: never in contact, no slide; 6 cm up is too high: no contact either
        assertEquals(0, FootContactMeasure.slideMm(standing(0, 0.3, 60)), 1e-9);
        assertEquals(0, FootContactMeasure.slideMm(standing(0.06, 0.1, 60)), 1e-9);
    }

    @Test
    void jitterAndAngleDeviation() {
        Motion still = standing(0, 0.1, 30);
        RetargetMeasures m = RetargetMeasures.of(still, still, still);
        assertEquals(0, m.jitterMm(), 1e-9, "constant velocity has no second difference");
        assertEquals(0, m.angleDeviationDeg(), 1e-9);
        assertEquals(0, m.jointPositionMseCm2(), 1e-12);
        Motion.Builder b = new Motion.Builder("bent", DEMO, 60, 30);
        for (int f = 0; f < 30; f++) {
            b.setRoot(f, still.rootPosition(f));
            b.setRotation(f, DEMO.indexOf("Head"), Quat.rotX(Math.toRadians(22)));
        }
        RetargetMeasures bent = RetargetMeasures.of(b.build(), still, null);
        assertEquals(1.0, bent.angleDeviationDeg(), 1e-6, "22 degrees on one joint of 22");
    }

    @Test
    void copyKeepsRotationsAndIkLiftsFeetOutOfTheFloor() {
        Skeleton shortLegs = CanonicalSkeleton.targets().get("legs-20");
        Motion.Builder b = new Motion.Builder("crouch", DEMO, 60, 40);
        int leg = DEMO.indexOf("LeftUpLeg");
        for (int f = 0; f < 40; f++) {
            b.setRoot(f, new Vec3(0, DEMO.restRootHeight() - 0.01, 0));
            b.setRotation(f, leg, Quat.rotX(Math.toRadians(-10)));
        }
        Motion src = b.build();
        Motion copy = CopyRotations.retarget(src, shortLegs);
        assertEquals(0, RetargetMeasures.of(copy, src, null).angleDeviationDeg(), 1e-9);
        double copyPen = RetargetMeasures.of(copy, src, null).penetrationMaxMm();
        assertTrue(copyPen > 5, "the lowered root sinks the feet: " + copyPen);
        Motion ik = FootLockingIk.retarget(src, shortLegs);
        assertTrue(RetargetMeasures.of(ik, src, null).penetrationMaxMm() < 0.5,
                "IK lifts the feet: " + RetargetMeasures.of(ik, src, null).penetrationMaxMm());
    }

    @Test
    void rescaledTargetsHaveTheirProportions() {
        float[] demo = CanonicalSkeleton.boneLengths(DEMO);
        float[] legs = CanonicalSkeleton.boneLengths(CanonicalSkeleton.targets().get("legs-20"));
        float[] arms = CanonicalSkeleton.boneLengths(CanonicalSkeleton.targets().get("arms+15"));
        int shin = DEMO.indexOf("LeftFoot") - 1, forearm = DEMO.indexOf("LeftHand") - 1, spine = DEMO.indexOf("Spine1") - 1;
        assertEquals(0.8 * demo[shin], legs[shin], 1e-6);
        assertEquals(1.15 * demo[forearm], arms[forearm], 1e-6);
        assertEquals(demo[spine], legs[spine], 1e-6);
        assertTrue(CanonicalSkeleton.targets().get("child").restHeight() < 0.75 * DEMO.restHeight());
    }
}
