package org.clothgraph.retarget;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Vec3;

/**
 * Foot contact and foot slide with ClothGraph's one definition (issue 11, branch byod2, class
 * {@code org.clothgraph.motion.contact.FootContact}/{@code FootSlide}, not yet on main; this copy has exactly that
 * definition and should be replaced by it when both are merged): a foot point (ankle = Foot joint, toe = ToeBase end
 * site) is in contact in a frame when its height minus its flat-standing height is under 5 cm and its speed (central
 * differences) under 0.2 m/s; the slide of a clip is the largest, over the points, summed horizontal travel between
 * consecutive frames both in contact, in mm. Positions come from the motion's own forward kinematics, not from the
 * network's.
 */
public final class FootContactMeasure {
    public static final double MAX_HEIGHT = 0.05;
    public static final double MAX_SPEED = 0.2;

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

    /** Largest summed in-contact horizontal travel of any foot point, mm. */
    public static double slideMm(Motion m) {
        FootPoints feet = FootPoints.of(m.skeleton());
        Vec3[][] pos = positions(m, feet);
        boolean[][] c = contacts(pos, feet, m.fps());
        double worst = 0;
        for (int i = 0; i < feet.points().size(); i++) {
            double sum = 0;
            for (int f = 1; f < pos.length; f++) {
                if (c[f][i] && c[f - 1][i]) {
                    double dx = pos[f][i].x() - pos[f - 1][i].x(), dz = pos[f][i].z() - pos[f - 1][i].z();
                    sum += Math.sqrt(dx * dx + dz * dz);
                }
            }
            worst = Math.max(worst, sum);
        }
        return worst * 1000;
    }
}
