package org.clothgraph.measure.tests;

/** A closed axis-aligned box mesh, 8 vertices and 12 triangles wound counter-clockwise seen from outside. */
final class Cube {

    private Cube() {
    }

    static double[] positions(double lo, double hi) {
        double[] p = new double[24];
        for (int i = 0; i < 8; i++) {
            p[3 * i] = (i & 1) == 0 ? lo : hi;
            p[3 * i + 1] = (i & 2) == 0 ? lo : hi;
            p[3 * i + 2] = (i & 4) == 0 ? lo : hi;
        }
        return p;
    }

    static int[] triangles() {
        return new int[] { 0, 2, 3, 0, 3, 1, // z = lo, normal -z
                4, 5, 7, 4, 7, 6, // z = hi, +z
                0, 1, 5, 0, 5, 4, // y = lo, -y
                2, 6, 7, 2, 7, 3, // y = hi, +y
                0, 4, 6, 0, 6, 2, // x = lo, -x
                1, 3, 7, 1, 7, 5 }; // x = hi, +x
    }
}
