package org.clothgraph.testing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Invariants of closed triangle meshes (body surfaces), checked independently of whatever generated them. */
public final class MeshChecks {
    private MeshChecks() {
    }

    /**
     * Why the triangles are not a closed, consistently wound, outward-facing 2-manifold without degenerate
     * triangles (smallest area {@code minArea} m2), or null when they are: every directed edge once and its
     * reverse once, every vertex used and surrounded by one fan, positive enclosed volume.
     */
    public static String closedManifoldProblem(int[] tris, double[] p, double minArea) {
        int nv = p.length / 3;
        if (tris.length == 0 || tris.length % 3 != 0) {
            return "not a triangle list: " + tris.length + " indices";
        }
        Map<Long, Integer> directed = new HashMap<>();
        boolean[] used = new boolean[nv];
        for (int t = 0; t < tris.length; t += 3) {
            for (int k = 0; k < 3; k++) {
                int a = tris[t + k], b = tris[t + (k + 1) % 3];
                if (a == b) {
                    return "triangle " + t / 3 + " repeats vertex " + a;
                }
                used[a] = true;
                if (directed.put((long) a * nv + b, t / 3) != null) {
                    return "directed edge " + a + "-" + b + " in two triangles (wound inconsistently or non-manifold)";
                }
            }
        }
        for (long e : directed.keySet()) {
            long a = e / nv, b = e % nv;
            if (!directed.containsKey(b * nv + a)) {
                return "edge " + a + "-" + b + " is on a border";
            }
        }
        for (int v = 0; v < nv; v++) {
            if (!used[v]) {
                return "vertex " + v + " is in no triangle";
            }
        }
        // every vertex's triangles form one fan (no two sheets pinched at a vertex)
        Map<Integer, Map<Integer, Integer>> link = new HashMap<>(); // vertex -> (next -> after) around it
        for (int t = 0; t < tris.length; t += 3) {
            for (int k = 0; k < 3; k++) {
                link.computeIfAbsent(tris[t + k], x -> new HashMap<>()).put(tris[t + (k + 1) % 3],
                        tris[t + (k + 2) % 3]);
            }
        }
        for (Map.Entry<Integer, Map<Integer, Integer>> e : link.entrySet()) {
            Map<Integer, Integer> ring = e.getValue();
            int start = ring.keySet().iterator().next();
            int steps = 0;
            int at = start;
            do {
                at = ring.get(at);
                steps++;
            } while (at != start && steps <= ring.size());
            if (steps != ring.size()) {
                return "vertex " + e.getKey() + " is not a manifold vertex";
            }
        }
        for (int t = 0; t < tris.length; t += 3) {
            double a = area(p, tris[t], tris[t + 1], tris[t + 2]);
            if (!(a > minArea)) {
                return "triangle " + t / 3 + " is degenerate: area " + a + " m2";
            }
        }
        double v = volume(tris, p);
        if (!(v > 0)) {
            return "enclosed volume " + v + " m3: wound inward";
        }
        return null;
    }

    public static double area(double[] p, int a, int b, int c) {
        double[] n = normal(p, a, b, c);
        return 0.5 * Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    }

    private static double[] normal(double[] p, int a, int b, int c) {
        double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
        double vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
        return new double[] {uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx};
    }

    public static double volume(int[] tris, double[] p) {
        double v = 0;
        for (int t = 0; t < tris.length; t += 3) {
            int a = 3 * tris[t], b = 3 * tris[t + 1], c = 3 * tris[t + 2];
            v += p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) - p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c])
                    + p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c]);
        }
        return v / 6;
    }

    /**
     * Counts intersecting pairs of triangles that share no vertex, or whose edges opposite a shared vertex cross
     * the other triangle. Triangles are binned in a uniform grid of the given cell size (larger than any
     * triangle), so only neighbours are compared.
     */
    public static int selfIntersections(int[] tris, double[] p, double cell) {
        int nt = tris.length / 3;
        Map<Long, List<Integer>> bins = new HashMap<>();
        for (int t = 0; t < nt; t++) {
            int[] lo = {Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE};
            int[] hi = {Integer.MIN_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE};
            for (int k = 0; k < 3; k++) {
                int v = tris[3 * t + k];
                for (int d = 0; d < 3; d++) {
                    int c = (int) Math.floor(p[3 * v + d] / cell);
                    lo[d] = Math.min(lo[d], c);
                    hi[d] = Math.max(hi[d], c);
                }
            }
            for (int i = lo[0]; i <= hi[0]; i++) {
                for (int j = lo[1]; j <= hi[1]; j++) {
                    for (int k = lo[2]; k <= hi[2]; k++) {
                        bins.computeIfAbsent(((i + 100_000L) * 200_000L + j + 100_000L) * 200_000L + k + 100_000L,
                                x -> new ArrayList<>()).add(t);
                    }
                }
            }
        }
        Set<Long> seen = new HashSet<>();
        int found = 0;
        for (List<Integer> bin : bins.values()) {
            for (int x = 0; x < bin.size(); x++) {
                for (int y = x + 1; y < bin.size(); y++) {
                    int s = Math.min(bin.get(x), bin.get(y)), t = Math.max(bin.get(x), bin.get(y));
                    if (seen.add((long) s * nt + t) && intersect(tris, p, s, t)) {
                        found++;
                    }
                }
            }
        }
        return found;
    }

    private static boolean intersect(int[] tris, double[] p, int s, int t) {
        int[] a = Arrays.copyOfRange(tris, 3 * s, 3 * s + 3);
        int[] b = Arrays.copyOfRange(tris, 3 * t, 3 * t + 3);
        int shared = 0;
        for (int i : a) {
            for (int j : b) {
                if (i == j) {
                    shared++;
                }
            }
        }
        if (shared >= 2) {
            return false; // neighbours across an edge: the manifold check covers them
        }
        for (int[][] pair : new int[][][] {{a, b}, {b, a}}) {
            int[] e = pair[0], f = pair[1];
            for (int k = 0; k < 3; k++) {
                int u = e[k], w = e[(k + 1) % 3];
                if (contains(f, u) || contains(f, w)) {
                    continue; // an edge through the shared vertex meets the other triangle there
                }
                if (segmentHitsTriangle(p, u, w, f[0], f[1], f[2])) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean contains(int[] f, int v) {
        return f[0] == v || f[1] == v || f[2] == v;
    }

    /** Moller-Trumbore on the closed segment u-w against the closed triangle abc. */
    private static boolean segmentHitsTriangle(double[] p, int u, int w, int a, int b, int c) {
        double[] o = {p[3 * u], p[3 * u + 1], p[3 * u + 2]};
        double[] d = {p[3 * w] - o[0], p[3 * w + 1] - o[1], p[3 * w + 2] - o[2]};
        double[] e1 = {p[3 * b] - p[3 * a], p[3 * b + 1] - p[3 * a + 1], p[3 * b + 2] - p[3 * a + 2]};
        double[] e2 = {p[3 * c] - p[3 * a], p[3 * c + 1] - p[3 * a + 1], p[3 * c + 2] - p[3 * a + 2]};
        double[] h = cross(d, e2);
        double det = dot(e1, h);
        if (Math.abs(det) < 1e-18) {
            return false;
        }
        double inv = 1 / det;
        double[] sv = {o[0] - p[3 * a], o[1] - p[3 * a + 1], o[2] - p[3 * a + 2]};
        double bu = inv * dot(sv, h);
        if (bu < 0 || bu > 1) {
            return false;
        }
        double[] q = cross(sv, e1);
        double bv = inv * dot(d, q);
        if (bv < 0 || bu + bv > 1) {
            return false;
        }
        double tt = inv * dot(e2, q);
        return tt >= 0 && tt <= 1;
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }
}
