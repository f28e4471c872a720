package org.clothgraph.measure;

import java.util.Arrays;

import org.clothgraph.sim.ClothMesh;

/**
 * Stretch of every mesh edge against its rest length: length / rest length - 1, so 0.10 is 10 % longer than at
 * rest and a negative value is compression. Rest lengths come from the mesh's rest positions, or from 2D
 * material coordinates given per triangle corner (ARCSim's {@code vt}, in metres).
 */
public final class Strain {

    /** The stretch distribution of one frame: maximum and 99th percentile (nearest rank), and the minimum. */
    public record Result(double max, double p99, double min) {
    }

    private final int[] edges;
    private final double[] restLengths;

    private Strain(int[] edges, double[] restLengths) {
        this.edges = edges;
        this.restLengths = restLengths;
    }

    /** Strain against the mesh's rest positions ({@link ClothMesh#restPositions()}). */
    public static Strain againstRest(ClothMesh mesh) {
        return againstRest(Meshes.toDouble(mesh.restPositions()), mesh.triangles());
    }

    /** Strain against the edge lengths of {@code restXyz} (xyz interleaved) for these triangles. */
    public static Strain againstRest(float[] restXyz, int[] triangles) {
        return againstRest(Meshes.toDouble(restXyz), triangles);
    }

    /** Strain against the edge lengths of {@code restXyz} (xyz interleaved) for these triangles. */
    public static Strain againstRest(double[] restXyz, int[] triangles) {
        Meshes.checkTriangles(restXyz.length / 3, triangles);
        int[] edges = EdgeTriangleCrossings.edges(triangles);
        double[] rest = new double[edges.length / 2];
        for (int e = 0; e < rest.length; e++) {
            rest[e] = distance(restXyz, edges[2 * e], edges[2 * e + 1]);
        }
        return new Strain(edges, rest);
    }

    /**
     * Strain against material-space lengths: {@code uv} holds 2D material points and {@code cornerUv} names
     * one of them for each triangle corner (parallel to {@code triangles}); an edge's rest length is its
     * material length in the first triangle that has it.
     */
    public static Strain againstMaterial(double[] uv, int[] triangles, int[] cornerUv) {
        if (cornerUv.length != triangles.length) {
            throw new IllegalArgumentException("one material point per triangle corner");
        }
        int[] edges = EdgeTriangleCrossings.edges(triangles);
        double[] rest = new double[edges.length / 2];
        Arrays.fill(rest, Double.NaN);
        for (int t = 0; t < triangles.length; t += 3) {
            for (int k = 0; k < 3; k++) {
                int a = triangles[t + k], b = triangles[t + (k + 1) % 3];
                int e = find(edges, Math.min(a, b), Math.max(a, b));
                if (Double.isNaN(rest[e])) {
                    int ua = cornerUv[t + k], ub = cornerUv[t + (k + 1) % 3];
                    rest[e] = Math.hypot(uv[2 * ua] - uv[2 * ub], uv[2 * ua + 1] - uv[2 * ub + 1]);
                }
            }
        }
        return new Strain(edges, rest);
    }

    public int edgeCount() {
        return restLengths.length;
    }

    /** The stretch distribution at positions xyz; edges of zero rest length are left out. */
    public Result measure(float[] xyz) {
        return measure(Meshes.toDouble(xyz));
    }

    /** The stretch distribution at positions xyz; edges of zero rest length are left out. */
    public Result measure(double[] xyz) {
        double[] s = new double[restLengths.length];
        int n = 0;
        for (int e = 0; e < restLengths.length; e++) {
            if (restLengths[e] > 0) {
                s[n++] = distance(xyz, edges[2 * e], edges[2 * e + 1]) / restLengths[e] - 1;
            }
        }
        if (n == 0) {
            return new Result(Double.NaN, Double.NaN, Double.NaN);
        }
        s = Arrays.copyOf(s, n);
        Arrays.sort(s);
        int rank = (int) Math.ceil(0.99 * n) - 1; // nearest-rank 99th percentile
        return new Result(s[n - 1], s[Math.max(0, rank)], s[0]);
    }

    private static int find(int[] edges, int lo, int hi) {
        long key = ((long) lo << 32) | hi;
        int a = 0, b = edges.length / 2 - 1;
        while (a <= b) {
            int m = (a + b) >>> 1;
            long k = ((long) edges[2 * m] << 32) | edges[2 * m + 1];
            if (k < key) {
                a = m + 1;
            } else if (k > key) {
                b = m - 1;
            } else {
                return m;
            }
        }
        throw new IllegalStateException("edge " + lo + "-" + hi + " missing");
    }

    private static double distance(double[] xyz, int a, int b) {
        double dx = xyz[3 * a] - xyz[3 * b], dy = xyz[3 * a + 1] - xyz[3 * b + 1], dz = xyz[3 * a + 2] - xyz[3 * b + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
}
