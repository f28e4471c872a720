package org.clothgraph.sim.body;

import java.util.ArrayList;
import java.util.List;

/**
 * A posed collision body: a fixed, ordered list of capsules in world space. Capsule names are part of
 * the contract with classifiers and garment generators: "head", "neck", "chest", "pelvis",
 * "upperarm_l", "forearm_l", ... (missing names make those consumers fall back to defaults).
 */
public record Body(List<Capsule> capsules) {

    public Body {
        capsules = List.copyOf(capsules);
    }

    public int size() {
        return capsules.size();
    }

    public Capsule capsule(int i) {
        return capsules.get(i);
    }

    /** The first capsule with that name, or null. */
    public Capsule find(String name) {
        for (Capsule c : capsules) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        return null;
    }

    /** Smallest signed distance over all capsules (negative = inside the body). */
    public double signedDistance(double x, double y, double z) {
        double best = Double.POSITIVE_INFINITY;
        for (Capsule c : capsules) {
            best = Math.min(best, c.signedDistance(x, y, z));
        }
        return best;
    }

    /** Largest penetration depth (metres, >= 0) of any of the given xyz-interleaved points. */
    public double maxPenetration(float[] xyz) {
        double worst = 0;
        for (int i = 0; i < xyz.length; i += 3) {
            worst = Math.max(worst, -signedDistance(xyz[i], xyz[i + 1], xyz[i + 2]));
        }
        return worst;
    }

    /**
     * The body between two poses of the same capsules: endpoints interpolated linearly (w = 0 is a, 1 is b, each
     * coordinate rounded to float once), radii and names a's; bone rotations interpolated along the shorter arc
     * when both poses carry them ({@link BoneRotation#nlerp}), else none.
     */
    public static Body lerp(Body a, Body b, double w) {
        List<Capsule> caps = new ArrayList<>(a.size());
        for (int c = 0; c < a.size(); c++) {
            Capsule p = a.capsule(c);
            Capsule q = b.capsule(c);
            caps.add(new Capsule(p.name(), lerp(p.ax(), q.ax(), w), lerp(p.ay(), q.ay(), w), lerp(p.az(), q.az(), w),
                    lerp(p.bx(), q.bx(), w), lerp(p.by(), q.by(), w), lerp(p.bz(), q.bz(), w), p.ra(), p.rb(),
                    p.bone() != null && q.bone() != null ? BoneRotation.nlerp(p.bone(), q.bone(), w) : null));
        }
        return new Body(caps);
    }

    private static float lerp(float a, float b, double w) {
        return (float) (a + (b - a) * w);
    }
}
