package org.clothgraph.cloth.dressing;

import org.clothgraph.cloth.dressing.DressingAction.Hand;
import org.clothgraph.measure.BodyCrossings;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;

/**
 * Whether a hand or arm has passed through the cloth, judged apart from the solver by the independent edge-triangle
 * crossing check of {@link BodyCrossings}: the arm's bones (shoulder to elbow, elbow to wrist, wrist to the fingertips,
 * from the skeleton, not the collision capsules) against the cloth's triangles. A worn sleeve surrounds its bones
 * and its openings have no triangles, so a bone through a cloth triangle is cloth the arm has gone through. Checked at
 * output frames (an arm that passes wholly through the cloth between two frames is not seen).
 */
public final class ArmCrossings {
    private final int[] joints;
    private final BodyCrossings crossings;

    public ArmCrossings(Skeleton skeleton, Hand hand, int[] clothTriangles) {
        joints = new int[] { skeleton.indexOf(hand.shoulderJoint), skeleton.indexOf(hand.elbowJoint),
                skeleton.indexOf(hand.wristJoint) };
        for (int j : joints) {
            if (j < 0) {
                throw new IllegalArgumentException("the skeleton has no " + hand.id() + " arm");
            }
        }
        // the bones as degenerate triangles (a, b, b): their edges are the bones (b, b never crosses anything)
        crossings = new BodyCrossings(clothTriangles, new int[] { 0, 1, 1, 1, 2, 2, 2, 3, 3 });
    }

    /** Bones of the arm through cloth triangles at a frame of the motion the cloth was simulated along. */
    public int count(float[] cloth, Motion motion, int frame) {
        Vec3[] p = motion.worldPositions(frame);
        Vec3 tip = motion.endSitePositions(frame)[joints[2]];
        double[] bones = new double[12];
        for (int k = 0; k < 4; k++) {
            Vec3 v = k < 3 ? p[joints[k]] : tip == null ? p[joints[2]] : tip;
            bones[3 * k] = v.x();
            bones[3 * k + 1] = v.y();
            bones[3 * k + 2] = v.z();
        }
        double[] c = new double[cloth.length];
        for (int i = 0; i < c.length; i++) {
            c[i] = cloth[i];
        }
        return crossings.measure(c, bones, false).count();
    }
}
