package org.clothgraph.cloth.dressing;

import org.clothgraph.cloth.dressing.DressingAction.Hand;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Vec3;

/**
 * Analytic two-bone IK on an arm (shoulder, elbow, wrist): the upper arm and forearm turn so the wrist reaches the
 * target (or points at it when out of reach), the elbow staying in the arm's current bending plane (a hint plane,
 * elbow out and down, when the arm is straight), so consecutive frames bend the same way.
 */
final class ArmIk {
    private final int shoulder, elbow, wrist, parent;

    ArmIk(CharacterPose pose, Hand hand) {
        shoulder = pose.skeleton.indexOf(hand.shoulderJoint);
        elbow = pose.skeleton.indexOf(hand.elbowJoint);
        wrist = pose.skeleton.indexOf(hand.wristJoint);
        if (shoulder < 0 || elbow < 0 || wrist < 0 || pose.skeleton.parent(elbow) != shoulder
                || pose.skeleton.parent(wrist) != elbow) {
            throw new IllegalArgumentException("the character has no " + hand.id() + " arm chain " + hand.shoulderJoint
                    + " > " + hand.elbowJoint + " > " + hand.wristJoint);
        }
        parent = pose.skeleton.parent(shoulder);
    }

    int wristJoint() {
        return wrist;
    }

    int elbowJoint() {
        return elbow;
    }

    /** Turns the arm of {@code pose} so its wrist reaches {@code target}; returns the remaining distance (m). */
    double solve(CharacterPose pose, Vec3 target, Vec3 outward) {
        Vec3[] p = pose.worldPositions();
        Quat[] w = pose.worldRotations();
        Vec3 s = p[shoulder], e = p[elbow], h = p[wrist];
        double a = e.distance(s), b = h.distance(e);
        Vec3 toT = target.sub(s);
        double c = Math.max(Math.abs(a - b) + 1e-4, Math.min(a + b - 1e-4, toT.length()));
        Vec3 d = toT.length() < 1e-9 ? h.sub(s).normalized() : toT.normalized();
        // the bending plane: the elbow's current offset from the shoulder-target line, or the hint
        Vec3 pole = e.sub(s);
        pole = pole.sub(d.scale(pole.dot(d)));
        if (pole.length() < 0.02 * a) {
            Vec3 hint = outward.scale(0.6).add(new Vec3(0, -1, 0)).add(pose.heading()[0].scale(-0.3));
            pole = hint.sub(d.scale(hint.dot(d)));
        }
        pole = pole.normalized();
        double cosA = (a * a + c * c - b * b) / (2 * a * c);
        double sinA = Math.sqrt(Math.max(0, 1 - cosA * cosA));
        Vec3 e2 = s.add(d.scale(a * cosA).add(pole.scale(a * sinA)));
        Vec3 t2 = s.add(d.scale(c));
        Quat q1 = Quat.between(e.sub(s), e2.sub(s));
        Vec3 h1 = e2.add(q1.rotate(h.sub(e)));
        Quat q2 = Quat.between(h1.sub(e2), t2.sub(e2));
        Quat armWorld = q1.mul(w[shoulder]);
        Quat foreWorld = q2.mul(q1).mul(w[elbow]);
        Quat parentWorld = parent < 0 ? Quat.IDENTITY : w[parent];
        pose.local[shoulder] = parentWorld.conj().mul(armWorld).normalized();
        pose.local[elbow] = armWorld.conj().mul(foreWorld).normalized();
        return pose.worldPositions()[wrist].distance(target);
    }

    /**
     * Turns the arm about the shoulder-wrist axis by {@code radians} (the elbow swings round, the wrist stays): the
     * one freedom two-bone IK leaves.
     */
    void swivel(CharacterPose pose, double radians) {
        Vec3[] p = pose.worldPositions();
        Quat[] w = pose.worldRotations();
        Vec3 axis = p[wrist].sub(p[shoulder]);
        if (axis.length() < 1e-9) {
            return;
        }
        Quat armWorld = Quat.axisAngle(axis.normalized(), radians).mul(w[shoulder]);
        Quat parentWorld = parent < 0 ? Quat.IDENTITY : w[parent];
        pose.local[shoulder] = parentWorld.conj().mul(armWorld).normalized();
    }

    int shoulderJoint() {
        return shoulder;
    }
}
