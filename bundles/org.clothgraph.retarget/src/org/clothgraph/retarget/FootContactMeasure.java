package org.clothgraph.retarget;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Vec3;

/**
 * Foot contact with ClothGraph's one definition ({@code org.clothgraph.motion.contact.FootContact}) on this bundle's
 * foot points (used by the ground loss and the IK baseline); the slide is the product's {@code FootSlide}. A foot point
 * (ankle = Foot joint, toe = ToeBase end site) is in contact in a frame when its height minus its flat-standing
 * height is under 5 cm and its speed (central differences) under 0.2 m/s; the slide of a clip is the largest, over
 * the points, summed horizontal travel between consecutive frames both in contact, in mm. Positions come from the
 * motion's own forward kinematics, not from the network's.
 */
public final class FootContactMeasure {
    public static final double MAX_HEIGHT = org.clothgraph.motion.contact.FootContact.MAX_HEIGHT;
    public static final double MAX_SPEED = org.clothgraph.motion.contact.FootContact.MAX_SPEED;

    private FootContactMeasure() {
    }

    /** World positions [frame][point] of the skeleton's foot points. */
    static Vec3[][] positions(Motion m, FootPoints feet) {
        Vec3[][] out = new Vec3[m.frameCount()][feet.points().size()];
        for (int f = 0; f < m.frameCount(); f++) {
            Vec3[] w = m.worldPositions(f);
            Quat[] q = null;
            for (int i = 0; i < out[f].length; i++) {
                FootPoints.Point pt = feet.points().get(i);
                if (pt.endSite() == null) {
                    out[f][i] = w[pt.joint()];
                } else {
                    if (q == null) q = m.worldRotations(f);
                    out[f][i] = w[pt.joint()].add(q[pt.joint()].rotate(pt.endSite()));
                }
            }
        }
        return out;
    }

    /** Contact flags [frame][point]. */
    static boolean[][] contacts(Vec3[][] pos, FootPoints feet, double fps) {
        int n = pos.length;
        boolean[][] c = new boolean[n][feet.points().size()];
        for (int f = 0; f < n; f++) {
            for (int i = 0; i < c[f].length; i++) {
                double height = pos[f][i].y() - feet.points().get(i).lift();
                int a = Math.max(0, f - 1), b = Math.min(n - 1, f + 1);
                double speed = b > a ? pos[b][i].distance(pos[a][i]) * fps / (b - a) : 0;
                c[f][i] = height < MAX_HEIGHT && speed < MAX_SPEED;
            }
        }
        return c;
    }

    /** The product's one foot-slide measure (FootSlide over FootContact's points) of a motion, mm. */
    public static double slideMm(Motion m) {
        java.util.List<org.clothgraph.motion.contact.FootContact.Point> points =
                org.clothgraph.motion.contact.FootContact.points(m.skeleton());
        return org.clothgraph.motion.contact.FootSlide.slideMm(points,
                org.clothgraph.motion.contact.FootContact.positions(points, m), m.fps());
    }
}
