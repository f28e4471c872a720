package org.clothgraph.sim.internal;

/** Closest-point routines on xyz-interleaved coordinate arrays (Ericson, Real-Time Collision Detection). */
public final class Geometry {

    private Geometry() {
    }

    static double sq(double d) {
        return d * d;
    }

    static double distance(double[] p, int a, int b) {
        return Math.sqrt(sq(p[3 * a] - p[3 * b]) + sq(p[3 * a + 1] - p[3 * b + 1]) + sq(p[3 * a + 2] - p[3 * b + 2]));
    }

    static double triangleArea(double[] p, int a, int b, int c) {
        double e1x = p[3 * b] - p[3 * a], e1y = p[3 * b + 1] - p[3 * a + 1], e1z = p[3 * b + 2] - p[3 * a + 2];
        double e2x = p[3 * c] - p[3 * a], e2y = p[3 * c + 1] - p[3 * a + 1], e2z = p[3 * c + 2] - p[3 * a + 2];
        double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
        return 0.5 * Math.sqrt(nx * nx + ny * ny + nz * nz);
    }

    /**
     * Closest point to (px, py, pz) on triangle (ia, ib, ic) of p: writes its barycentrics (of a, b, c) into bc
     * and returns the squared distance.
     */
    static double closestOnTriangle(double[] p, double px, double py, double pz, int ia, int ib, int ic,
            double[] bc) {
        int oa = 3 * ia, ob = 3 * ib, oc = 3 * ic;
        double ax = p[oa], ay = p[oa + 1], az = p[oa + 2];
        double abx = p[ob] - ax, aby = p[ob + 1] - ay, abz = p[ob + 2] - az;
        double acx = p[oc] - ax, acy = p[oc + 1] - ay, acz = p[oc + 2] - az;
        double apx = px - ax, apy = py - ay, apz = pz - az;
        double d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
        double u, v, w;
        if (d1 <= 0 && d2 <= 0) {
            u = 1; v = 0; w = 0;
        } else {
            double bpx = px - p[ob], bpy = py - p[ob + 1], bpz = pz - p[ob + 2];
            double d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
            double cpx = px - p[oc], cpy = py - p[oc + 1], cpz = pz - p[oc + 2];
            double d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
            double vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
            if (d3 >= 0 && d4 <= d3) {
                u = 0; v = 1; w = 0;
            } else if (vc <= 0 && d1 >= 0 && d3 <= 0) {
                double s = d1 / (d1 - d3);
                u = 1 - s; v = s; w = 0;
            } else if (d6 >= 0 && d5 <= d6) {
                u = 0; v = 0; w = 1;
            } else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
                double s = d2 / (d2 - d6);
                u = 1 - s; v = 0; w = s;
            } else if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
                double s = (d4 - d3) / ((d4 - d3) + (d5 - d6));
                u = 0; v = 1 - s; w = s;
            } else {
                double den = 1 / (va + vb + vc);
                v = vb * den;
                w = vc * den;
                u = 1 - v - w;
            }
        }
        bc[0] = u;
        bc[1] = v;
        bc[2] = w;
        double qx = u * ax + v * p[ob] + w * p[oc], qy = u * ay + v * p[ob + 1] + w * p[oc + 1],
                qz = u * az + v * p[ob + 2] + w * p[oc + 2];
        return sq(px - qx) + sq(py - qy) + sq(pz - qz);
    }

    /**
     * Closest points of segments a-b and c-d of p: writes the parameters s (on a-b) and t (on c-d) into st and
     * returns the squared distance.
     */
    public static double closestSegments(double[] p, int a, int b, int c, int d, double[] st) {
        int oa = 3 * a, ob = 3 * b, oc = 3 * c, od = 3 * d;
        double d1x = p[ob] - p[oa], d1y = p[ob + 1] - p[oa + 1], d1z = p[ob + 2] - p[oa + 2];
        double d2x = p[od] - p[oc], d2y = p[od + 1] - p[oc + 1], d2z = p[od + 2] - p[oc + 2];
        double rx = p[oa] - p[oc], ry = p[oa + 1] - p[oc + 1], rz = p[oa + 2] - p[oc + 2];
        double aa = d1x * d1x + d1y * d1y + d1z * d1z, ee = d2x * d2x + d2y * d2y + d2z * d2z;
        double ff = d2x * rx + d2y * ry + d2z * rz;
        double s, t;
        if (aa < 1e-20 && ee < 1e-20) {
            s = 0;
            t = 0;
        } else if (aa < 1e-20) {
            s = 0;
            t = clamp01(ff / ee);
        } else {
            double cc = d1x * rx + d1y * ry + d1z * rz;
            if (ee < 1e-20) {
                t = 0;
                s = clamp01(-cc / aa);
            } else {
                double bb = d1x * d2x + d1y * d2y + d1z * d2z;
                double den = aa * ee - bb * bb;
                s = den > 1e-20 * aa * ee ? clamp01((bb * ff - cc * ee) / den) : 0;
                t = (bb * s + ff) / ee;
                if (t < 0) {
                    t = 0;
                    s = clamp01(-cc / aa);
                } else if (t > 1) {
                    t = 1;
                    s = clamp01((bb - cc) / aa);
                }
            }
        }
        st[0] = s;
        st[1] = t;
        double qx = rx + s * d1x - t * d2x, qy = ry + s * d1y - t * d2y, qz = rz + s * d1z - t * d2z;
        return qx * qx + qy * qy + qz * qz;
    }

    static double clamp01(double v) {
        return v < 0 ? 0 : (v > 1 ? 1 : v);
    }
}
