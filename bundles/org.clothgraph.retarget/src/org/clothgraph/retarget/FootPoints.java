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

    /** ClothGraph's foot-contact points ({@code FootContact.points}) with the toe's end-site offset. */
    static FootPoints of(Skeleton s) {
        List<Point> out = new ArrayList<>();
        for (org.clothgraph.motion.contact.FootContact.Point c : org.clothgraph.motion.contact.FootContact.points(s)) {
            out.add(new Point(c.name(), c.joint(), c.endSite() ? s.joint(c.joint()).endSite() : null, c.lift()));
        }
        return new FootPoints(out);
    }
}
