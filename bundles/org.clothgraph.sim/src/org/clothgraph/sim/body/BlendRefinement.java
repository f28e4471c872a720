package org.clothgraph.sim.body;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Subdivides the faces of a generated skinned mesh where its skin weights change, once at the bind pose, so that the
 * posed surface can follow the creases that linear blend skinning stretches its faces across. With the demo
 * character's arms overhead (the jumping jacks, the throw) the armpit's 2-15 mm edges, their ends skinned 50-80 % to the
 * chest and the rest to the upper arm, become 20-160 mm long, and the faces between vertices kept on the capsule union
 * span the crease between chest and arm up to 30 mm outside it. A vertex added here is posed at the midpoint of its two
 * parents and then, like every vertex of a generated surface, kept within the posed capsule union ({@link
 * SkinnedSurface}): where the parents straddle a crease the midpoint is pulled into it, so each level brings the faces
 * closer to the crease (measured over every frame of the nine demo clips: the furthest face point outside the union
 * 30.4 mm without refinement, 4.7 mm with it; 1.8 mm in the clips that do not raise the arms).
 * <p>
 * An edge is split when half the sum over capsules of its two ends' weight differences (0 for ends skinned alike, 1
 * for ends skinned to different capsules alone) exceeds {@link #WEIGHT_JUMP}; a new vertex takes its parents' mean
 * weights (the largest four), so its edges' jumps halve, and splitting repeats until no edge exceeds the jump or
 * {@link #LEVELS} levels are done. A face is split by the edges marked on it (one: into two, two: three, three: four),
 * so neighbours share every new vertex and the mesh stays closed and consistently wound. Deterministic: the same mesh
 * and weights give the same refined mesh. Faces skinned rigidly to one capsule are left as they are.
 */
final class BlendRefinement {
    /** An edge whose ends' weights differ by more than this (half the L1 distance, 0..1) is split. */
    static final double WEIGHT_JUMP = 1.0 / 16;
    /** At most this many levels of splitting (an edge's jump is at most 1, so four levels bring every one to 1/16). */
    static final int LEVELS = 4;

    private final int influences;
    private double[] positions;
    private int[] triangles;
    private int[] influence;
    private double[] weight;
    private int[] parents = new int[0]; // two per added vertex
    private int count;
    private final int base;

    private BlendRefinement(double[] positions, int[] triangles, int[] influence, double[] weight, int influences) {
        this.influences = influences;
        this.positions = positions;
        this.triangles = triangles;
        this.influence = influence;
        this.weight = weight;
        this.count = positions.length / 3;
        this.base = count;
    }

    /** The refined mesh: positions, triangles, influences and weights of all vertices, parents of the added ones. */
    record Refined(double[] positions, int[] triangles, int[] influence, double[] weight, int baseVertices,
            int[] parents) {
    }

    static Refined refine(double[] positions, int[] triangles, int[] influence, double[] weight, int influences) {
        BlendRefinement r = new BlendRefinement(positions, triangles, influence, weight, influences);
        for (int level = 0; level < LEVELS; level++) {
            if (!r.splitOnce()) {
                break;
            }
        }
        return new Refined(Arrays.copyOf(r.positions, 3 * r.count), r.triangles,
                Arrays.copyOf(r.influence, influences * r.count), Arrays.copyOf(r.weight, influences * r.count), r.base,
                Arrays.copyOf(r.parents, 2 * (r.count - r.base)));
    }

    private boolean splitOnce() {
        Map<Long, Integer> mid = new HashMap<>();
        int nt = triangles.length / 3;
        // mark the edges, creating their midpoints in triangle order (deterministic numbering)
        for (int t = 0; t < nt; t++) {
            for (int k = 0; k < 3; k++) {
                int a = triangles[3 * t + k], b = triangles[3 * t + (k + 1) % 3];
                long key = key(a, b);
                if (!mid.containsKey(key) && jump(a, b) > WEIGHT_JUMP) {
                    mid.put(key, addMidpoint(Math.min(a, b), Math.max(a, b)));
                }
            }
        }
        if (mid.isEmpty()) {
            return false;
        }
        int[] out = new int[triangles.length * 4];
        int n = 0;
        int[] v = new int[3];
        int[] m = new int[3];
        for (int t = 0; t < nt; t++) {
            int marked = 0;
            for (int k = 0; k < 3; k++) {
                v[k] = triangles[3 * t + k];
            }
            for (int k = 0; k < 3; k++) {
                Integer x = mid.get(key(v[k], v[(k + 1) % 3]));
                m[k] = x == null ? -1 : x;
                if (x != null) {
                    marked++;
                }
            }
            if (marked == 0) {
                n = put(out, n, v[0], v[1], v[2]);
            } else if (marked == 3) {
                n = put(out, n, v[0], m[0], m[2]);
                n = put(out, n, m[0], v[1], m[1]);
                n = put(out, n, m[2], m[1], v[2]);
                n = put(out, n, m[0], m[1], m[2]);
            } else if (marked == 1) {
                int k = m[0] >= 0 ? 0 : m[1] >= 0 ? 1 : 2; // edge v[k] -> v[k+1] split
                int a = v[k], b = v[(k + 1) % 3], c = v[(k + 2) % 3], mk = m[k];
                n = put(out, n, a, mk, c);
                n = put(out, n, mk, b, c);
            } else {
                int k = m[0] < 0 ? 0 : m[1] < 0 ? 1 : 2; // the edge v[k] -> v[k+1] is not split
                int a = v[k], b = v[(k + 1) % 3], c = v[(k + 2) % 3];
                int mbc = m[(k + 1) % 3], mca = m[(k + 2) % 3];
                n = put(out, n, mca, mbc, c); // the corner at c
                // the quad a, b, mbc, mca: cut along its shorter diagonal
                if (dist2(a, mbc) <= dist2(b, mca)) {
                    n = put(out, n, a, b, mbc);
                    n = put(out, n, a, mbc, mca);
                } else {
                    n = put(out, n, a, b, mca);
                    n = put(out, n, b, mbc, mca);
                }
            }
        }
        triangles = Arrays.copyOf(out, n);
        return true;
    }

    /** Puts vertex v of {@code xyz} at the midpoint of vertices a and b: where an added vertex is placed, and posed. */
    static void midpoint(double[] xyz, int v, int a, int b) {
        for (int i = 0; i < 3; i++) {
            xyz[3 * v + i] = 0.5 * (xyz[3 * a + i] + xyz[3 * b + i]);
        }
    }

    private static int put(int[] out, int n, int a, int b, int c) {
        out[n] = a;
        out[n + 1] = b;
        out[n + 2] = c;
        return n + 3;
    }

    private static long key(int a, int b) {
        return a < b ? ((long) a << 32) | b : ((long) b << 32) | a;
    }

    /** Half the L1 distance between two vertices' weights over capsules: 0 alike, 1 disjoint. */
    private double jump(int a, int b) {
        double sum = 0;
        for (int i = 0; i < influences; i++) {
            int c = influence[a * influences + i];
            if (c < 0) {
                continue;
            }
            sum += Math.abs(weight[a * influences + i] - weightOf(b, c));
        }
        for (int i = 0; i < influences; i++) {
            int c = influence[b * influences + i];
            if (c >= 0 && weightOf(a, c) == 0) {
                sum += weight[b * influences + i];
            }
        }
        return 0.5 * sum;
    }

    private double weightOf(int v, int c) {
        for (int i = 0; i < influences; i++) {
            if (influence[v * influences + i] == c) {
                return weight[v * influences + i];
            }
        }
        return 0;
    }

    private double dist2(int a, int b) {
        double dx = positions[3 * a] - positions[3 * b];
        double dy = positions[3 * a + 1] - positions[3 * b + 1];
        double dz = positions[3 * a + 2] - positions[3 * b + 2];
        return dx * dx + dy * dy + dz * dz;
    }

    /** Adds the midpoint of a and b (a < b) with their mean weights (the largest {@code influences}, renormalised). */
    private int addMidpoint(int a, int b) {
        int v = count++;
        if (3 * count > positions.length) {
            int cap = Math.max(count * 2, 16);
            positions = Arrays.copyOf(positions, 3 * cap);
            influence = Arrays.copyOf(influence, influences * cap);
            weight = Arrays.copyOf(weight, influences * cap);
        }
        int added = v - base;
        if (2 * added + 2 > parents.length) {
            parents = Arrays.copyOf(parents, Math.max(2 * parents.length, 64));
        }
        parents[2 * added] = a;
        parents[2 * added + 1] = b;
        midpoint(positions, v, a, b);
        // mean weights over the union of the two influence sets, by decreasing weight (ties by capsule index)
        int[] cs = new int[2 * influences];
        double[] ws = new double[2 * influences];
        int k = 0;
        for (int end : new int[] { a, b }) {
            for (int i = 0; i < influences; i++) {
                int c = influence[end * influences + i];
                if (c < 0) {
                    continue;
                }
                int j = 0;
                while (j < k && cs[j] != c) {
                    j++;
                }
                if (j == k) {
                    cs[k] = c;
                    ws[k] = 0;
                    k++;
                }
                ws[j] += 0.5 * weight[end * influences + i];
            }
        }
        for (int i = 1; i < k; i++) { // insertion sort, decreasing weight, then increasing capsule
            int c = cs[i];
            double w = ws[i];
            int j = i;
            while (j > 0 && (ws[j - 1] < w || (ws[j - 1] == w && cs[j - 1] > c))) {
                cs[j] = cs[j - 1];
                ws[j] = ws[j - 1];
                j--;
            }
            cs[j] = c;
            ws[j] = w;
        }
        int used = Math.min(k, influences);
        double sum = 0;
        for (int i = 0; i < used; i++) {
            sum += ws[i];
        }
        for (int i = 0; i < influences; i++) {
            influence[v * influences + i] = i < used ? cs[i] : -1;
            weight[v * influences + i] = i < used ? ws[i] / sum : 0;
        }
        return v;
    }
}
