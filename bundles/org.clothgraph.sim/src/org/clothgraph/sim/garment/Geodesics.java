package org.clothgraph.sim.garment;

import java.util.Arrays;
import java.util.PriorityQueue;

import org.clothgraph.sim.ClothMesh;

/**
 * Distances over the cloth surface (Dijkstra over the mesh's edges, lengths on the given positions): how far a
 * point of the cloth is from a feature along the cloth, which is what finds the way to a folded or hidden opening
 * (Clegg et al. 2015, Align).
 */
public final class Geodesics {
    private final int[][] neighbours;

    public Geodesics(ClothMesh mesh) {
        int n = mesh.vertexCount();
        int[] t = mesh.triangles();
        java.util.List<java.util.Set<Integer>> sets = new java.util.ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            sets.add(new java.util.TreeSet<>());
        }
        for (int i = 0; i < t.length; i += 3) {
            for (int k = 0; k < 3; k++) {
                int a = t[i + k];
                int b = t[i + (k + 1) % 3];
                sets.get(a).add(b);
                sets.get(b).add(a);
            }
        }
        neighbours = new int[n][];
        for (int i = 0; i < n; i++) {
            neighbours[i] = sets.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
    }

    /** Distance (m) from the nearest source vertex to every vertex; infinity where the surface does not connect. */
    public double[] from(int[] sources, float[] positions) {
        double[] d = new double[neighbours.length];
        Arrays.fill(d, Double.POSITIVE_INFINITY);
        PriorityQueue<double[]> queue = new PriorityQueue<>((x, y) -> Double.compare(x[0], y[0]));
        for (int s : sources) {
            d[s] = 0;
            queue.add(new double[] { 0, s });
        }
        while (!queue.isEmpty()) {
            double[] e = queue.poll();
            int v = (int) e[1];
            if (e[0] > d[v]) {
                continue;
            }
            for (int w : neighbours[v]) {
                double dx = positions[3 * w] - positions[3 * v];
                double dy = positions[3 * w + 1] - positions[3 * v + 1];
                double dz = positions[3 * w + 2] - positions[3 * v + 2];
                double nd = d[v] + Math.sqrt(dx * dx + dy * dy + dz * dz);
                if (nd < d[w]) {
                    d[w] = nd;
                    queue.add(new double[] { nd, w });
                }
            }
        }
        return d;
    }

    /** The vertices within {@code radius} (m) of {@code centre} along the surface, nearest first. */
    public int[] patch(int centre, double radius, float[] positions) {
        double[] d = from(new int[] { centre }, positions);
        Integer[] order = new Integer[d.length];
        int count = 0;
        for (int i = 0; i < d.length; i++) {
            if (d[i] <= radius) {
                order[count++] = i;
            }
        }
        Integer[] in = Arrays.copyOf(order, count);
        Arrays.sort(in, (a, b) -> Double.compare(d[a], d[b]));
        return Arrays.stream(in).mapToInt(Integer::intValue).toArray();
    }
}
