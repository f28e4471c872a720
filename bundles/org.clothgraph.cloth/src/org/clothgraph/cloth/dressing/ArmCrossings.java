package org.clothgraph.cloth.dressing;

import org.clothgraph.cloth.dressing.DressingAction.Hand;
import org.clothgraph.measure.BodyCrossings;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;

/**
 * Whether a hand or arm has passed through the cloth, judged apart from the solver by the independent edge-triangle
 * crossing check of {@link BodyCrossings}: the arm's bones (shoulder to elbow, elbow to wrist, wrist to the fingertips,
 * to the end of the hand's collision capsule; from the skeleton, not the capsules) against the cloth's triangles. A worn
 * sleeve surrounds its bones and its openings have no triangles, so a bone through a cloth triangle is cloth the arm
 * has gone through; only the cloth the hand holds (the triangles at its gripped vertices) may pass the hand's bone.
 * Checked at output frames (an arm that passes wholly through the cloth between two frames is not seen).
 */
public final class ArmCrossings {
    private final int[] joints;
    private final int[] clothTriangles;
    private final BodyCrossings arm, handBone;
    private int[] held = new int[0];
    private BodyCrossings handAroundHeld;

    public ArmCrossings(Skeleton skeleton, Hand hand, int[] clothTriangles) {
        joints = new int[] { skeleton.indexOf(hand.shoulderJoint), skeleton.indexOf(hand.elbowJoint),
                skeleton.indexOf(hand.wristJoint) };
        for (int j : joints) {
            if (j < 0) {
                throw new IllegalArgumentException("the skeleton has no " + hand.id() + " arm");
            }
        }
        this.clothTriangles = clothTriangles.clone();
        // the bones as degenerate triangles (a, b, b): their edges are the bones (b, b never crosses anything)
        arm = new BodyCrossings(clothTriangles, new int[] { 0, 1, 1, 1, 2, 2 });
        handBone = new BodyCrossings(clothTriangles, HAND_BONE);
    }

    private static final int[] HAND_BONE = { 2, 3, 3 };

    /** Bones of the arm through cloth triangles, the hand holding {@code heldVertices} (empty: nothing). */
    public int count(float[] cloth, Motion motion, int frame, int[] heldVertices) {
        if (heldVertices.length == 0) {
            return count(cloth, motion, frame);
        }
        if (!java.util.Arrays.equals(heldVertices, held)) {
            java.util.BitSet h = new java.util.BitSet();
            for (int v : heldVertices) {
                h.set(v);
            }
            java.util.List<Integer> keep = new java.util.ArrayList<>();
            for (int t = 0; t < clothTriangles.length; t += 3) {
                if (!h.get(clothTriangles[t]) && !h.get(clothTriangles[t + 1]) && !h.get(clothTriangles[t + 2])) {
                    keep.add(clothTriangles[t]);
                    keep.add(clothTriangles[t + 1]);
                    keep.add(clothTriangles[t + 2]);
                }
            }
            held = heldVertices.clone();
            handAroundHeld = new BodyCrossings(keep.stream().mapToInt(Integer::intValue).toArray(), HAND_BONE);
        }
        double[] c = doubles(cloth);
        double[] b = bones(motion, frame);
        return arm.measure(c, b, false).count() + handAroundHeld.measure(c, b, false).count();
    }

    /** Bones of the arm through cloth triangles at a frame of the motion the cloth was simulated along. */
    public int count(float[] cloth, Motion motion, int frame) {
        double[] c = doubles(cloth);
        double[] b = bones(motion, frame);
        return arm.measure(c, b, false).count() + handBone.measure(c, b, false).count();
    }

    /** Shoulder, elbow, wrist and the end of the hand capsule (60 % of the wrist's end site, as CharacterBody). */
    private double[] bones(Motion motion, int frame) {
        Vec3[] p = motion.worldPositions(frame);
        Vec3 end = motion.endSitePositions(frame)[joints[2]];
        Vec3 tip = end == null ? p[joints[2]] : p[joints[2]].lerp(end, 0.6);
        double[] bones = new double[12];
        for (int k = 0; k < 4; k++) {
            Vec3 v = k < 3 ? p[joints[k]] : tip;
            bones[3 * k] = v.x();
            bones[3 * k + 1] = v.y();
            bones[3 * k + 2] = v.z();
        }
        return bones;
    }

    private static double[] doubles(float[] cloth) {
        double[] c = new double[cloth.length];
        for (int i = 0; i < c.length; i++) {
            c[i] = cloth[i];
        }
        return c;
    }
}
