package org.clothgraph.cloth;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;

/**
 * The pose garments are made in and draped on: the character's rest pose with the arms lowered 50
 * degrees (an A-pose, so sleeves and torso start apart), and the lead-in that carries the draped
 * garment from that pose into the first frame of a simulated path.
 */
public final class FittingPose {
    /** Arm angle below horizontal of the fitting pose. */
    public static final double ARM_DOWN_DEGREES = 50;
    /** Length of the lead-in from the fitting pose to a path's first frame. */
    public static final double LEAD_IN_SECONDS = 1.2;

    private FittingPose() {
    }

    /** One frame: the skeleton's rest pose (feet on the ground) with the upper arms lowered into an A-pose. */
    public static Motion aPose(Skeleton skeleton, double fps) {
        return armsDown(skeleton, fps, ARM_DOWN_DEGREES);
    }

    /** One frame: the rest pose (feet on the ground) with the upper arms lowered this far below horizontal. */
    public static Motion armsDown(Skeleton skeleton, double fps, double degrees) {
        Motion.Builder b = new Motion.Builder(degrees == ARM_DOWN_DEGREES ? "fitting pose" : "arms down " + degrees,
                skeleton, fps, 1);
        b.setRoot(0, new Vec3(0, skeleton.restRootHeight(), 0));
        double a = Math.toRadians(degrees);
        int left = skeleton.indexOf("LeftArm");
        int right = skeleton.indexOf("RightArm");
        if (left >= 0) {
            b.setRotation(0, left, Quat.rotZ(-a));
        }
        if (right >= 0) {
            b.setRotation(0, right, Quat.rotZ(a));
        }
        return b.build();
    }

    /**
     * Frames blending from the fitting pose to frame 0 of {@code path} (root position lerped, every joint
     * rotation slerped, eased in and out), ending exactly on the path's first pose.
     */
    public static Motion leadIn(Motion path) {
        Skeleton s = path.skeleton();
        Motion fit = aPose(s, path.fps());
        int frames = Math.max(2, (int) Math.round(LEAD_IN_SECONDS * path.fps()));
        Motion.Builder b = new Motion.Builder("lead-in", s, path.fps(), frames);
        Vec3 r0 = fit.rootPosition(0);
        Vec3 r1 = path.rootPosition(0);
        for (int f = 0; f < frames; f++) {
            double t = (double) f / (frames - 1);
            double w = t * t * (3 - 2 * t);
            b.setRoot(f, r0.add(r1.sub(r0).scale(w)));
            for (int j = 0; j < s.size(); j++) {
                b.setRotation(f, j, fit.rotation(0, j).slerp(path.rotation(0, j), w));
            }
        }
        return b.build();
    }
}
