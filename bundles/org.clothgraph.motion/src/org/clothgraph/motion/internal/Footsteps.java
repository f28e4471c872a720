package org.clothgraph.motion.internal;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.demo.DemoCharacter;

/** One foot's plants over time; between plants the ankle swings on a smooth arc. Planted feet never move. */
public final class Footsteps {
    /** A stance interval [start, end] at a fixed ankle ground position and yaw. */
    public record Plant(double start, double end, double x, double z, double yaw) {}

    private final List<Plant> plants = new ArrayList<>();
    private final double lift;

    public Footsteps(double lift) { this.lift = lift; }

    public Footsteps add(double start, double end, double x, double z, double yaw) {
        plants.add(new Plant(start, end, x, z, yaw));
        return this;
    }

    public List<Plant> plants() { return plants; }

    /** Writes ankle target, yaw and planted flag of side s at time t into the spec. */
    public void apply(double t, PoseSpec p, int s) {
        double h = DemoCharacter.ANKLE_HEIGHT;
        for (int i = 0; i < plants.size(); i++) {
            Plant a = plants.get(i);
            if (t <= a.end() || i == plants.size() - 1) {
                if (t >= a.start() || i == 0) {
                    p.ankle[s] = new Vec3(a.x(), h, a.z());
                    p.footYaw[s] = a.yaw();
                    p.planted[s] = true;
                    p.footPitch[s] = 0;
                    return;
                }
                Plant o = plants.get(i - 1);
                double u = (t - o.end()) / (a.start() - o.end()), e = Keys.smooth(u);
                p.ankle[s] = new Vec3(o.x() + (a.x() - o.x()) * e, h + lift * Math.sin(Math.PI * u), o.z() + (a.z() - o.z()) * e);
                p.footYaw[s] = o.yaw() + (a.yaw() - o.yaw()) * e;
                p.footPitch[s] = 0.25 * Math.sin(Math.PI * u);
                p.planted[s] = false;
                return;
            }
        }
    }

    /** True when t lies inside a plant of this foot. */
    public boolean plantedAt(double t) {
        for (Plant a : plants) if (t >= a.start() - 1e-9 && t <= a.end() + 1e-9) return true;
        return t < plants.get(0).start() || t > plants.get(plants.size() - 1).end();
    }

    public static Vec3 lateral(double yaw, double w) { return new Vec3(Math.cos(yaw) * w, 0, -Math.sin(yaw) * w); }
}
