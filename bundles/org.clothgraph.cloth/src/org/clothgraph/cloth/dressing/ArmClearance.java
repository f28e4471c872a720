package org.clothgraph.cloth.dressing;

import org.clothgraph.cloth.dressing.DressingAction.Hand;
import org.clothgraph.motion.Vec3;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.Capsule;

/**
 * Keeps a reaching arm out of the character's own head and torso. Two-bone IK puts the palm where it is asked; a
 * path planned from a hand at the hip to a point on the hood sweeps the forearm through the chest and the head
 * (measured on a pull-down from a jumping-jacks frame: the forearm 40-75 mm inside the chest, forearm and hand up to
 * 125 mm inside the head). Cloth between them has nowhere to go: the small-step solver pushes it out of one part into
 * the other at every substep and the sleeve tore to 5-6x its edge lengths (EXPLOSION). A person reaching for their
 * hood moves the arm round their head and chest, not through them; so the palm's target is first moved out of them,
 * and then, when the forearm or the hand (or the upper arm, against the head) still cuts into them, the elbow is
 * turned about the shoulder-wrist axis (the palm stays where it is) by the least angle that clears them.
 */
final class ArmClearance {
    /** The clearance (m) the arm keeps from the head and torso: room for the sleeve and the robe between them. */
    static final double CLEARANCE = 0.02;
    /** The parts the forearm and hand may not enter; the upper arm only the head (it joins the torso at the shoulder). */
    private static final String[] TORSO = { "head", "neck", "shoulders", "chest", "abdomen", "pelvis" };
    private static final int SAMPLES = 9;
    private final String upper, fore, hand;

    ArmClearance(Hand h) {
        upper = "upperarm" + h.capsuleSuffix;
        fore = "forearm" + h.capsuleSuffix;
        hand = "hand" + h.capsuleSuffix;
    }

    /**
     * The least distance (m) between the arm's surface and the head's and torso's (negative: overlapping), from
     * points along each arm capsule's axis.
     */
    double clearance(Body b) {
        double least = Double.POSITIVE_INFINITY;
        for (String t : TORSO) {
            Capsule c = b.find(t);
            if (c == null) {
                continue;
            }
            least = Math.min(least, clearance(b.find(fore), c));
            least = Math.min(least, clearance(b.find(hand), c));
            if (t.equals("head")) {
                least = Math.min(least, clearance(b.find(upper), c));
            }
        }
        return least;
    }

    private static double clearance(Capsule arm, Capsule part) {
        if (arm == null) {
            return Double.POSITIVE_INFINITY;
        }
        double least = Double.POSITIVE_INFINITY;
        for (int k = 0; k < SAMPLES; k++) {
            double u = k / (SAMPLES - 1.0);
            double x = arm.ax() + u * (arm.bx() - arm.ax()), y = arm.ay() + u * (arm.by() - arm.ay()),
                    z = arm.az() + u * (arm.bz() - arm.az());
            least = Math.min(least, part.signedDistance(x, y, z) - arm.radiusAt(u));
        }
        return least;
    }

    /**
     * The point p moved {@code d} further out of the head or torso part whose surface is nearest to it, along that
     * surface's normal: a palm lifted off the body.
     */
    Vec3 away(Body b, Vec3 p, double d) {
        Capsule nearest = nearestPart(b, p);
        if (nearest == null) {
            return p;
        }
        double[] n = new double[3];
        nearest.surfaceDistance(p.x(), p.y(), p.z(), n, 0);
        return p.add(new Vec3(n[0], n[1], n[2]).scale(d));
    }

    /**
     * The palm's target moved out of the head and torso so that the hand (a sphere of its capsule's radius there)
     * keeps the clearance: along the surface normal of the part it is deepest in, a few times (the parts overlap).
     */
    Vec3 outside(Body b, Vec3 target) {
        Capsule palm = b.find(hand);
        double radius = palm == null ? 0 : palm.ra();
        double[] n = new double[3];
        Vec3 p = target;
        for (int it = 0; it < 4; it++) {
            Capsule deepest = nearestPart(b, p);
            if (deepest == null) {
                return p;
            }
            double worst = deepest.signedDistance(p.x(), p.y(), p.z());
            double want = radius + CLEARANCE;
            if (worst >= want - 1e-6) {
                return p;
            }
            deepest.surfaceDistance(p.x(), p.y(), p.z(), n, 0);
            p = p.add(new Vec3(n[0], n[1], n[2]).scale(want - worst));
        }
        return p;
    }

    /** The head or torso part whose surface is nearest to p (the deepest when p is inside), or null if it has none. */
    private static Capsule nearestPart(Body b, Vec3 p) {
        double least = Double.POSITIVE_INFINITY;
        Capsule nearest = null;
        for (String t : TORSO) {
            Capsule c = b.find(t);
            if (c == null) {
                continue;
            }
            double d = c.signedDistance(p.x(), p.y(), p.z());
            if (d < least) {
                least = d;
                nearest = c;
            }
        }
        return nearest;
    }
}
