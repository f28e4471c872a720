package org.clothgraph.sim.body;

/**
 * The world rotation of the bone a capsule is attached to, a unit quaternion (w, x, y, z), as forward kinematics
 * gives it. A capsule is round, so its endpoints say nothing of how it is turned about its own axis; its bone's
 * rotation does, and the skinned surface ({@link SkinnedSurface}) turns the capsule's skin with it. Capsules of
 * bodies that have no skeleton (procedural bodies, rigid parts read from ARCSim) carry none.
 */
public record BoneRotation(float w, float x, float y, float z) {

    public BoneRotation {
        if (!Float.isFinite(w) || !Float.isFinite(x) || !Float.isFinite(y) || !Float.isFinite(z)) {
            throw new IllegalArgumentException("a bone rotation must be finite");
        }
        if (w == 0 && x == 0 && y == 0 && z == 0) {
            throw new IllegalArgumentException("a bone rotation must not be zero");
        }
    }

    /** The rotation (normalised, rounded to float once) of a quaternion given in doubles. */
    public static BoneRotation of(double w, double x, double y, double z) {
        double l = Math.sqrt(w * w + x * x + y * y + z * z);
        return new BoneRotation((float) (w / l), (float) (x / l), (float) (y / l), (float) (z / l));
    }

    /**
     * The rotation between two (normalised linear interpolation, along the shorter arc): a itself when alpha is 0,
     * rounded to float once otherwise.
     */
    public static BoneRotation nlerp(BoneRotation a, BoneRotation b, double alpha) {
        if (alpha == 0) {
            return a;
        }
        double s = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z < 0 ? -1 : 1;
        return of(a.w + alpha * (s * b.w - a.w), a.x + alpha * (s * b.x - a.x), a.y + alpha * (s * b.y - a.y),
                a.z + alpha * (s * b.z - a.z));
    }

    /**
     * The vector v turned by the rotation from {@code from} to this one (this x from^-1), in doubles with the
     * quaternions normalised: the direction a vector fixed to the bone in from's pose points in this pose.
     */
    public double[] turnFrom(BoneRotation from, double[] v) {
        double[] a = unit(this);
        double[] b = unit(from);
        // q = a * conj(b)
        double qw = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
        double qx = -a[0] * b[1] + a[1] * b[0] - a[2] * b[3] + a[3] * b[2];
        double qy = -a[0] * b[2] + a[1] * b[3] + a[2] * b[0] - a[3] * b[1];
        double qz = -a[0] * b[3] - a[1] * b[2] + a[2] * b[1] + a[3] * b[0];
        return rotate(qw, qx, qy, qz, v[0], v[1], v[2]);
    }

    /** v rotated by the unit quaternion (w, x, y, z): v + 2 w (q x v) + 2 q x (q x v). */
    public static double[] rotate(double w, double x, double y, double z, double vx, double vy, double vz) {
        double tx = 2 * (y * vz - z * vy), ty = 2 * (z * vx - x * vz), tz = 2 * (x * vy - y * vx);
        return new double[] {vx + w * tx + (y * tz - z * ty), vy + w * ty + (z * tx - x * tz),
                vz + w * tz + (x * ty - y * tx)};
    }

    private static double[] unit(BoneRotation q) {
        double l = Math.sqrt((double) q.w * q.w + (double) q.x * q.x + (double) q.y * q.y + (double) q.z * q.z);
        return new double[] {q.w / l, q.x / l, q.y / l, q.z / l};
    }
}
