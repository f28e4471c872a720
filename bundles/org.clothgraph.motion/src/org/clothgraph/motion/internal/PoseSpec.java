package org.clothgraph.motion.internal;

import org.clothgraph.motion.Vec3;

/** High-level description of one demo frame; PoseSolver turns it into joint rotations with leg IK. */
public final class PoseSpec {
    /** Root ground position (x, z), desired root height y (lowered automatically so planted feet stay reachable). */
    public double x, y = 0.95, z;
    public double yaw, pitch, roll;
    public double spineBend, spineTwist, spineSide, headPitch, headYaw;
    /** Per arm, index 0 = left, 1 = right: abduction (0 down, 90 T-pose, 180 up), forward flexion, elbow flex, radians. */
    public final double[] abduct = {Math.toRadians(8), Math.toRadians(8)}, flex = new double[2], elbow = {0.15, 0.15};
    /** Ankle targets (world) and foot yaw; planted feet constrain the pelvis height. */
    public final Vec3[] ankle = new Vec3[2];
    public final double[] footYaw = new double[2], footPitch = new double[2];
    public final boolean[] planted = new boolean[2];
    /** Whole body in the air: the solver lifts the root if any joint would go below the ground. */
    public boolean airborne;
}
