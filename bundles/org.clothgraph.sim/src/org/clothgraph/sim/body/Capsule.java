package org.clothgraph.sim.body;

/**
 * A (possibly tapered) capsule in world space: the segment a-b swept by a sphere whose radius varies
 * linearly from {@code ra} at a to {@code rb} at b. Metres, Y up.
 * <p>
 * A capsule attached to a skeleton also carries its bone's world rotation ({@link #bone()}, null when none is known):
 * its endpoints fix its axis but not how it is turned about it, which its skinned surface needs.
 * <p>
 * Distance convention (used consistently by the solver and by penetration measurements): for a point p,
 * s is the parameter of the closest point c(s) on the segment, r(s) = ra + s (rb - ra), and the signed
 * distance is |p - c(s)| - r(s). Exact for untapered capsules, a close approximation for mild tapers.
 */
public record Capsule(String name, float ax, float ay, float az, float bx, float by, float bz, float ra,
        float rb, BoneRotation bone) {

    public Capsule {
        if (!(ra >= 0) || !(rb >= 0)) {
            throw new IllegalArgumentException("capsule radii must be >= 0: " + name);
        }
    }

    /** A capsule without a bone rotation (a body without a skeleton). */
    public Capsule(String name, float ax, float ay, float az, float bx, float by, float bz, float ra, float rb) {
        this(name, ax, ay, az, bx, by, bz, ra, rb, null);
    }

    public static Capsule of(String name, double[] a, double[] b, double ra, double rb) {
        return of(name, a, b, ra, rb, null);
    }

    /** A capsule whose bone has the given world rotation (null: unknown). */
    public static Capsule of(String name, double[] a, double[] b, double ra, double rb, BoneRotation bone) {
        return new Capsule(name, (float) a[0], (float) a[1], (float) a[2], (float) b[0], (float) b[1],
                (float) b[2], (float) ra, (float) rb, bone);
    }

    /**
     * Parameter s in [0, 1] of the point of the axis closest to (px, py, pz): the one closest-point routine for
     * capsules (distances, the solver's collisions and the drape all use it).
     */
    public double closestParameter(double px, double py, double pz) {
        double dx = bx - ax, dy = by - ay, dz = bz - az;
        double len2 = dx * dx + dy * dy + dz * dz;
        double s = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy + (pz - az) * dz) / len2 : 0;
        return s < 0 ? 0 : (s > 1 ? 1 : s);
    }

    /** Radius at axis parameter s. */
    public double radiusAt(double s) {
        return ra + s * (rb - ra);
    }

    /**
     * Signed distance from (x, y, z) to the capsule surface (negative inside), with the outward unit normal (from the
     * axis point closest to it; +y on the axis itself) written to {@code normal[o..o+2]}: the smooth union's and the
     * skinned mesh's per-capsule term.
     */
    public double surfaceDistance(double x, double y, double z, double[] normal, int o) {
        double s = closestParameter(x, y, z);
        double nx = x - (ax + s * (bx - ax)), ny = y - (ay + s * (by - ay)), nz = z - (az + s * (bz - az));
        double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (l < 1e-12) {
            nx = 0;
            ny = 1;
            nz = 0;
        } else {
            nx /= l;
            ny /= l;
            nz /= l;
        }
        normal[o] = nx;
        normal[o + 1] = ny;
        normal[o + 2] = nz;
        return l - radiusAt(s);
    }

    /** Signed distance from (px,py,pz) to the capsule surface (negative inside). */
    public double signedDistance(double px, double py, double pz) {
        double s = closestParameter(px, py, pz);
        double cx = ax + s * (bx - ax) - px, cy = ay + s * (by - ay) - py, cz = az + s * (bz - az) - pz;
        return Math.sqrt(cx * cx + cy * cy + cz * cz) - radiusAt(s);
    }

    /**
     * Moves (p[o], p[o+1], p[o+2]) out to distance {@code margin} from the surface if it is closer, along the
     * direction from the axis (or +Y when on the axis). Returns whether it moved.
     */
    public boolean pushOut(double[] p, int o, double margin) {
        double s = closestParameter(p[o], p[o + 1], p[o + 2]);
        double cx = ax + s * (bx - ax), cy = ay + s * (by - ay), cz = az + s * (bz - az);
        double r = radiusAt(s) + margin;
        double nx = p[o] - cx, ny = p[o + 1] - cy, nz = p[o + 2] - cz;
        double d = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (d >= r) {
            return false;
        }
        if (d < 1e-9) {
            nx = 0;
            ny = 1;
            nz = 0;
            d = 1;
        }
        p[o] = cx + nx / d * r;
        p[o + 1] = cy + ny / d * r;
        p[o + 2] = cz + nz / d * r;
        return true;
    }

    public double[] center() {
        return new double[] {0.5 * (ax + bx), 0.5 * (ay + by), 0.5 * (az + bz)};
    }
}
