package org.clothgraph.explore;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Vec3;
import java.util.ArrayList;
import java.util.List;

import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BoneRotation;
import org.clothgraph.sim.body.Capsule;

/**
 * The character's root frame at one motion frame: the world with the root's yaw and horizontal translation
 * removed (height and tilt stay). Cloth states are stored, compared and played in it, so two states at the same
 * primary node are comparable wherever the character stands (Kim et al. 2013, section 3).
 */
public record RootFrame(double yaw, double x, double z) {

    /**
     * The root frame of a motion frame. The yaw is the heading of the root's lateral (X) axis, which stays
     * horizontal in flips and rolls about it, so it does not jump in a backflip.
     */
    public static RootFrame of(Motion motion, int frame) {
        Quat q = motion.rotation(frame, 0);
        Vec3 lateral = q.rotate(new Vec3(1, 0, 0));
        double yaw = Math.atan2(-lateral.z(), lateral.x());
        Vec3 p = motion.rootPosition(frame);
        return new RootFrame(yaw, p.x(), p.z());
    }

    /** World to root frame: positions translated and rotated, velocities rotated. */
    public ClothState toLocal(ClothState world) {
        return transform(world, -yaw, x, z, true);
    }

    /** Root frame to world. */
    public ClothState toWorld(ClothState local) {
        return transform(local, yaw, x, z, false);
    }

    /** A posed body moved from the world into this root frame (capsule ends moved and bones turned, radii kept). */
    public Body toLocal(Body world) {
        return moved(world, true);
    }

    /** A posed body moved from this root frame into the world. */
    public Body toWorld(Body local) {
        return moved(local, false);
    }

    private Body moved(Body body, boolean inverse) {
        float[] ends = new float[6 * body.size()];
        for (int i = 0; i < body.size(); i++) {
            Capsule c = body.capsule(i);
            float[] e = { c.ax(), c.ay(), c.az(), c.bx(), c.by(), c.bz() };
            System.arraycopy(e, 0, ends, 6 * i, 6);
        }
        ClothState in = new ClothState(ends, new float[ends.length]);
        float[] p = (inverse ? toLocal(in) : toWorld(in)).positions();
        // the same turn about +Y as the positions' (see transform), applied to the bones' rotations
        double angle = inverse ? -yaw : yaw;
        double hw = Math.cos(angle / 2), hy = Math.sin(angle / 2);
        List<Capsule> capsules = new ArrayList<>(body.size());
        for (int i = 0; i < body.size(); i++) {
            Capsule c = body.capsule(i);
            int o = 6 * i;
            BoneRotation q = c.bone();
            BoneRotation turned = q == null ? null
                    : BoneRotation.of(hw * q.w() - hy * q.y(), hw * q.x() + hy * q.z(), hw * q.y() + hy * q.w(),
                            hw * q.z() - hy * q.x());
            capsules.add(Capsule.of(c.name(), new double[] { p[o], p[o + 1], p[o + 2] },
                    new double[] { p[o + 3], p[o + 4], p[o + 5] }, c.ra(), c.rb(), turned));
        }
        return new Body(capsules);
    }

    private static ClothState transform(ClothState s, double angle, double tx, double tz, boolean inverse) {
        float[] p = s.positions(), v = s.velocities();
        float[] op = new float[p.length], ov = new float[v.length];
        double c = Math.cos(angle), sn = Math.sin(angle);
        for (int i = 0; i < p.length; i += 3) {
            double px = p[i], py = p[i + 1], pz = p[i + 2];
            if (inverse) {
                px -= tx;
                pz -= tz;
            }
            // rotation about +Y by angle: (x, z) -> (x cos + z sin, -x sin + z cos)
            double rx = px * c + pz * sn, rz = -px * sn + pz * c;
            if (!inverse) {
                rx += tx;
                rz += tz;
            }
            op[i] = (float) rx;
            op[i + 1] = (float) py;
            op[i + 2] = (float) rz;
            double vx = v[i], vz = v[i + 2];
            ov[i] = (float) (vx * c + vz * sn);
            ov[i + 1] = v[i + 1];
            ov[i + 2] = (float) (-vx * sn + vz * c);
        }
        return new ClothState(op, ov);
    }
}
