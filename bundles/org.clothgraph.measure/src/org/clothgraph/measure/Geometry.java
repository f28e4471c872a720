package org.clothgraph.measure;

/** Closest point on a triangle (Ericson, Real-Time Collision Detection, 5.1.5), with the feature it lies on. */
final class Geometry {

    private Geometry() {
    }

    /**
     * Writes the point of triangle (a, b, c) of {@code xyz} closest to p into {@code out} and returns the
     * feature: 0 the face's interior, 1..3 vertex a, b, c, 4..6 edge ab, bc, ca.
     */
    static int closestPointOnTriangle(double px, double py, double pz, double[] xyz, int a, int b, int c,
            double[] out) {
        double ax = xyz[3 * a], ay = xyz[3 * a + 1], az = xyz[3 * a + 2];
        double bx = xyz[3 * b], by = xyz[3 * b + 1], bz = xyz[3 * b + 2];
        double cx = xyz[3 * c], cy = xyz[3 * c + 1], cz = xyz[3 * c + 2];
        double abx = bx - ax, aby = by - ay, abz = bz - az;
        double acx = cx - ax, acy = cy - ay, acz = cz - az;
        double apx = px - ax, apy = py - ay, apz = pz - az;
        double d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
        if (d1 <= 0 && d2 <= 0) {
            return set(out, ax, ay, az, 1);
        }
        double bpx = px - bx, bpy = py - by, bpz = pz - bz;
        double d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
        if (d3 >= 0 && d4 <= d3) {
            return set(out, bx, by, bz, 2);
        }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            double v = d1 / (d1 - d3);
            return set(out, ax + v * abx, ay + v * aby, az + v * abz, 4);
        }
        double cpx = px - cx, cpy = py - cy, cpz = pz - cz;
        double d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
        if (d6 >= 0 && d5 <= d6) {
            return set(out, cx, cy, cz, 3);
        }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            double w = d2 / (d2 - d6);
            return set(out, ax + w * acx, ay + w * acy, az + w * acz, 6);
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
            double w = (d4 - d3) / (d4 - d3 + d5 - d6);
            return set(out, bx + w * (cx - bx), by + w * (cy - by), bz + w * (cz - bz), 5);
        }
        double denom = 1 / (va + vb + vc);
        double v = vb * denom, w = vc * denom;
        return set(out, ax + abx * v + acx * w, ay + aby * v + acy * w, az + abz * v + acz * w, 0);
    }

    private static int set(double[] out, double x, double y, double z, int feature) {
        out[0] = x;
        out[1] = y;
        out[2] = z;
        return feature;
    }
}
