package org.clothgraph.motion.contact;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;

/**
 * The one definition of foot contact in ClothGraph. Each foot has two contact points, the ankle (the Foot joint) and
 * the toe (the ToeBase joint's end site, else the ToeBase joint). A point is in contact in a frame when it is lower than
 * {@link #MAX_HEIGHT} (5 cm) above the ground, measured from where it sits when the character stands flat (its rest
 * height above the lowest point of the rest pose), and slower than {@link #MAX_SPEED} (0.2 m/s, central differences,
 * one-sided at the ends). The ground is the plane y = 0 of the character's world (metres, Y up).
 */
public final class FootContact {
    public static final double MAX_HEIGHT = 0.05;
    public static final double MAX_SPEED = 0.2;

    /** A contact point: a joint, or the joint's end site when endSite is true; lift = its rest height above the sole. */
    public record Point(String name, int joint, boolean endSite, double lift) {}

    private FootContact() {}

    /** The contact points of a skeleton with the character's joint names; empty when it has no feet. */
    public static List<Point> points(Skeleton s) {
        Vec3[] p = s.restPositions(), e = s.restEndSites();
        double lo = Double.MAX_VALUE;
        for (int i = 0; i < s.size(); i++) {
            lo = Math.min(lo, p[i].y());
            if (e[i] != null) lo = Math.min(lo, e[i].y());
        }
        List<Point> out = new ArrayList<>();
        for (String side : new String[] {"Left", "Right"}) {
            int ankle = s.indexOf(side + "Foot"), toe = s.indexOf(side + "ToeBase");
            if (ankle >= 0) out.add(new Point(side + " ankle", ankle, false, p[ankle].y() - lo));
            if (toe >= 0) {
                boolean end = e[toe] != null;
                out.add(new Point(side + " toe", toe, end, (end ? e[toe] : p[toe]).y() - lo));
            }
        }
        return out;
    }

    /** World positions of the points in every frame of a motion: [frame][point]. */
    public static Vec3[][] positions(List<Point> points, Motion m) {
        Vec3[][] out = new Vec3[m.frameCount()][];
        for (int f = 0; f < m.frameCount(); f++) out[f] = positions(points, m, f);
        return out;
    }

    /** World positions of the points in one frame. */
    public static Vec3[] positions(List<Point> points, Motion m, int f) {
        Vec3[] w = m.worldPositions(f);
        Vec3[] e = null;
        Vec3[] out = new Vec3[points.size()];
        for (int i = 0; i < out.length; i++) {
            Point pt = points.get(i);
            if (pt.endSite()) {
                if (e == null) e = m.endSitePositions(f);
                out[i] = e[pt.joint()];
            } else {
                out[i] = w[pt.joint()];
            }
        }
        return out;
    }

    /** Contact flags [frame][point] of a sequence of point positions sampled at fps. */
    public static boolean[][] contacts(List<Point> points, Vec3[][] pos, double fps) {
        int n = pos.length;
        boolean[][] c = new boolean[n][points.size()];
        for (int f = 0; f < n; f++) {
            for (int i = 0; i < points.size(); i++) {
                double height = pos[f][i].y() - points.get(i).lift();
                int a = Math.max(0, f - 1), b = Math.min(n - 1, f + 1);
                double speed = b > a ? pos[b][i].distance(pos[a][i]) * fps / (b - a) : 0;
                c[f][i] = height < MAX_HEIGHT && speed < MAX_SPEED;
            }
        }
        return c;
    }

    /** Contact flags of every frame of a motion. */
    public static boolean[][] contacts(List<Point> points, Motion m) {
        return contacts(points, positions(points, m), m.fps());
    }
}
