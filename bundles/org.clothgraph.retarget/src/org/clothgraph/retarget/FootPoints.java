package org.clothgraph.retarget;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;

/**
 * The foot points the contact loss keeps above the ground: per side the ankle (the Foot joint) and the toe (the
 * ToeBase joint's end site, else the joint), each with its lift, its height above the sole when the character
 * stands flat (rest pose height above the lowest rest point). A point is below the ground when its height minus
 * its lift is negative. The same points as ClothGraph's foot-contact definition (see {@link FootContactMeasure}).
 */
record FootPoints(List<Point> points) {
    record Point(String name, int joint, Vec3 endSite, double lift) {}

    static FootPoints of(Skeleton s) {
        Vec3[] p = s.restPositions(), e = s.restEndSites();
        double lo = Double.MAX_VALUE;
        for (int i = 0; i < s.size(); i++) {
            lo = Math.min(lo, p[i].y());
            if (e[i] != null) lo = Math.min(lo, e[i].y());
        }
        List<Point> out = new ArrayList<>();
        for (String side : new String[] {"Left", "Right"}) {
            int ankle = s.indexOf(side + "Foot"), toe = s.indexOf(side + "ToeBase");
            if (ankle >= 0) out.add(new Point(side + " ankle", ankle, null, p[ankle].y() - lo));
            if (toe >= 0) {
                Vec3 end = s.joint(toe).endSite();
                out.add(new Point(side + " toe", toe, end, (end != null ? e[toe] : p[toe]).y() - lo));
            }
        }
        return new FootPoints(out);
    }
}
