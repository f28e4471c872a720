package org.clothgraph.measure;

/**
 * Orientation predicate in double precision. Inputs are float positions widened to double, so the 3x3
 * determinant of differences is exact except for the last products' rounding; degenerate (coplanar, touching)
 * configurations give zero or a tiny value of either sign, which callers treat as "not a proper crossing".
 */
final class Predicates {

    private Predicates() {
    }

    /**
     * Six times the signed volume of tetrahedron (a, b, c, d): positive when d lies on the side of plane abc
     * from which a, b, c appear clockwise (that is, below a counter-clockwise triangle).
     */
    static double orient3d(double[] p, int a, double[] q, int b, double[] r, int c, double[] s, int d) {
        double adx = p[3 * a] - s[3 * d], ady = p[3 * a + 1] - s[3 * d + 1], adz = p[3 * a + 2] - s[3 * d + 2];
        double bdx = q[3 * b] - s[3 * d], bdy = q[3 * b + 1] - s[3 * d + 1], bdz = q[3 * b + 2] - s[3 * d + 2];
        double cdx = r[3 * c] - s[3 * d], cdy = r[3 * c + 1] - s[3 * d + 1], cdz = r[3 * c + 2] - s[3 * d + 2];
        return adx * (bdy * cdz - bdz * cdy) + bdx * (cdy * adz - cdz * ady) + cdx * (ady * bdz - adz * bdy);
    }
}
