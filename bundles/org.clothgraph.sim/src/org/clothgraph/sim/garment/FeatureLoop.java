package org.clothgraph.sim.garment;

/**
 * A garment feature a hand or foot goes through or grips (Clegg et al. 2015): an ordered border loop of the mesh,
 * named (e.g. "hood rim", "left sleeve opening", "hem"), with its shape at rest: centre, unit normal of the
 * loop's plane (Newell's method, oriented by the loop's order), perimeter and mean radius (m).
 */
public record FeatureLoop(String name, int[] vertices, double[] centre, double[] normal, double perimeter,
        double radius) {

    /** Measures a loop of vertices on the given positions (x, y, z per vertex). */
    public static FeatureLoop of(String name, int[] vertices, float[] positions) {
        double[] c = new double[3];
        for (int v : vertices) {
            for (int k = 0; k < 3; k++) {
                c[k] += positions[3 * v + k];
            }
        }
        for (int k = 0; k < 3; k++) {
            c[k] /= vertices.length;
        }
        double[] n = new double[3];
        double perimeter = 0;
        double radius = 0;
        for (int i = 0; i < vertices.length; i++) {
            int a = 3 * vertices[i];
            int b = 3 * vertices[(i + 1) % vertices.length];
            n[0] += (positions[a + 1] - positions[b + 1]) * (positions[a + 2] + positions[b + 2]);
            n[1] += (positions[a + 2] - positions[b + 2]) * (positions[a] + positions[b]);
            n[2] += (positions[a] - positions[b]) * (positions[a + 1] + positions[b + 1]);
            perimeter += Math.sqrt(sq(positions[b] - positions[a]) + sq(positions[b + 1] - positions[a + 1])
                    + sq(positions[b + 2] - positions[a + 2]));
            radius += Math.sqrt(sq(positions[a] - c[0]) + sq(positions[a + 1] - c[1]) + sq(positions[a + 2] - c[2]));
        }
        double len = Math.sqrt(sq(n[0]) + sq(n[1]) + sq(n[2]));
        if (len > 0) {
            for (int k = 0; k < 3; k++) {
                n[k] /= len;
            }
        }
        return new FeatureLoop(name, vertices.clone(), c, n, perimeter, radius / vertices.length);
    }

    private static double sq(double x) {
        return x * x;
    }
}
