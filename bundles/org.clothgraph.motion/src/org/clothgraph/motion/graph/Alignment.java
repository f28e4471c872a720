package org.clothgraph.motion.graph;

import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Vec3;

/** Rigid 2D transform about the vertical axis: p -> Ry(yaw) p + (dx, 0, dz); maps a target clip into the source's frame. */
public record Alignment(double yaw, double dx, double dz) {
    public static final Alignment IDENTITY = new Alignment(0, 0, 0);

    public Vec3 apply(Vec3 p) {
        double c = Math.cos(yaw), s = Math.sin(yaw);
        return new Vec3(c * p.x() + s * p.z() + dx, p.y(), -s * p.x() + c * p.z() + dz);
    }

    public Quat apply(Quat q) { return Quat.rotY(yaw).mul(q); }

    /** this after other: first other, then this. */
    public Alignment compose(Alignment other) {
        Vec3 t = apply(new Vec3(other.dx, 0, other.dz));
        return new Alignment(yaw + other.yaw, t.x(), t.z());
    }
}
