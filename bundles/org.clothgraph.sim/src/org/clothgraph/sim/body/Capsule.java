package org.clothgraph.sim.body;

/**
 * A (possibly tapered) capsule in world space: the segment a-b swept by a sphere whose radius varies
 * linearly from {@code ra} at a to {@code rb} at b. Metres, Y up.
 * <p>
 * Distance convention (used consistently by the solver and by penetration measurements): for a point p,
 * s is the parameter of the closest point c(s) on the segment, r(s) = ra + s (rb - ra), and the signed
 * distance is |p - c(s)| - r(s). Exact for untapered capsules, a close approximation for mild tapers.
 */
public record Capsule(String name, float ax, float ay, float az, float bx, float by, float bz, float ra,
        float rb) {

    public Capsule {
        if (!(ra >= 0) || !(rb >= 0)) {
            throw new IllegalArgumentException("capsule radii must be >= 0: " + name);
        }
    }

    public static Capsule of(String name, double[] a, double[] b, double ra, double rb) {
        return new Capsule(name, (float) a[0], (float) a[1], (float) a[2], (float) b[0], (float) b[1],
                (float) b[2], (float) ra, (float) rb);
    }

    /** Signed distance from (px,py,pz) to the capsule surface (negative inside). */
    public double signedDistance(double px, double py, double pz) {
        double dx = bx - ax, dy = by - ay, dz = bz - az;
        double len2 = dx * dx + dy * dy + dz * dz;
        double s = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy + (pz - az) * dz) / len2 : 0;
        s = s < 0 ? 0 : (s > 1 ? 1 : s);
        double cx = ax + s * dx - px, cy = ay + s * dy - py, cz = az + s * dz - pz;
        return Math.sqrt(cx * cx + cy * cy + cz * cz) - (ra + s * (rb - ra));
    }

    public double[] center() {
        return new double[] {0.5 * (ax + bx), 0.5 * (ay + by), 0.5 * (az + bz)};
    }
}
