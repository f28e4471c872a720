package org.clothgraph.sim.garment;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.clothgraph.sim.ClothMesh;

/**
 * Unjoined seams of a garment made of panels (a Berkeley Garment Library pair keeps each sewing pattern piece as its
 * own vertices): vertices of different panels (connected pieces of the mesh) closer than a tolerance, which a
 * simulator would let fall apart. {@link #weld} joins each such group of vertices into one.
 */
public final class PanelSeams {
    /**
     * The default tolerance as a share of the mesh's shortest edge: two vertices that close cannot be neighbours on one
     * panel, so they are the two sides of a seam. (On the Berkeley robe, whose panels' seam vertices lie up to 10 mm
     * apart in its world-space file and whose shortest edge is 25 mm, it finds all 180 seam vertices; 1 mm finds 54.)
     */
    public static final double SHORTEST_EDGE_SHARE = 0.4;

    /**
     * What was found: the number of panels, the vertices lying on an unjoined seam (within the tolerance of a vertex of
     * another panel), and how many vertices welding would remove (the mesh's vertex count less the welded groups').
     */
    public record Report(double tolerance, int panels, int seamVertices, int weldable) {
    }

    private final ClothMesh mesh;
    /** Union-find over the vertices: joined across panels within the tolerance. */
    private final int[] group;
    private final Report report;

    private PanelSeams(ClothMesh mesh, double tolerance) {
        if (!(tolerance > 0)) {
            throw new IllegalArgumentException("the seam tolerance must be positive");
        }
        this.mesh = mesh;
        int n = mesh.vertexCount();
        int[] panel = panels(mesh);
        int panels = Arrays.stream(panel).max().orElse(-1) + 1;
        group = new int[n];
        for (int i = 0; i < n; i++) {
            group[i] = i;
        }
        boolean[] onSeam = new boolean[n];
        float[] x = mesh.restPositions();
        Map<Long, int[]> grid = grid(x, tolerance);
        double tol2 = tolerance * tolerance;
        for (int i = 0; i < n; i++) {
            long cx = cell(x[3 * i], tolerance), cy = cell(x[3 * i + 1], tolerance), cz = cell(x[3 * i + 2], tolerance);
            for (long dx = -1; dx <= 1; dx++) {
                for (long dy = -1; dy <= 1; dy++) {
                    for (long dz = -1; dz <= 1; dz++) {
                        int[] bucket = grid.get(key(cx + dx, cy + dy, cz + dz));
                        if (bucket == null) {
                            continue;
                        }
                        for (int k = 1; k <= bucket[0]; k++) {
                            int j = bucket[k];
                            if (j > i && panel[j] != panel[i] && dist2(x, i, j) <= tol2) {
                                onSeam[i] = true;
                                onSeam[j] = true;
                                union(i, j);
                            }
                        }
                    }
                }
            }
        }
        int seam = 0, roots = 0;
        for (int i = 0; i < n; i++) {
            seam += onSeam[i] ? 1 : 0;
            roots += find(i) == i ? 1 : 0;
        }
        report = new Report(tolerance, panels, seam, n - roots);
    }

    /** The default tolerance of a mesh: {@value #SHORTEST_EDGE_SHARE} of its shortest edge (in its own units). */
    public static double defaultTolerance(ClothMesh mesh) {
        float[] x = mesh.restPositions();
        int[] t = mesh.triangles();
        double shortest = Double.MAX_VALUE;
        for (int i = 0; i < t.length; i += 3) {
            for (int k = 0; k < 3; k++) {
                double d = Math.sqrt(dist2(x, t[i + k], t[i + (k + 1) % 3]));
                if (d > 0) {
                    shortest = Math.min(shortest, d);
                }
            }
        }
        return shortest == Double.MAX_VALUE ? 1e-6 : SHORTEST_EDGE_SHARE * shortest;
    }

    /** Finds the unjoined seams of a mesh. */
    public static PanelSeams of(ClothMesh mesh, double tolerance) {
        return new PanelSeams(mesh, tolerance);
    }

    public Report report() {
        return report;
    }

    /**
     * The mesh with every seam group welded into one vertex (at the group's mean position, with the material
     * coordinates of its lowest-numbered vertex), triangles and vertex groups renumbered; triangles a weld made
     * degenerate are dropped. The mesh itself when nothing is to weld.
     */
    public ClothMesh weld() {
        if (report.weldable() == 0) {
            return mesh;
        }
        int n = mesh.vertexCount();
        int[] index = new int[n];
        Arrays.fill(index, -1);
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (find(i) == i) {
                index[i] = m++;
            }
        }
        float[] x = mesh.restPositions();
        float[] pos = new float[3 * m];
        int[] count = new int[m];
        float[] uv = mesh.materialCoords() == null ? null : new float[2 * m];
        for (int i = 0; i < n; i++) {
            int to = index[find(i)];
            for (int k = 0; k < 3; k++) {
                pos[3 * to + k] += x[3 * i + k];
            }
            if (count[to]++ == 0 && uv != null) {
                uv[2 * to] = mesh.materialCoords()[2 * i];
                uv[2 * to + 1] = mesh.materialCoords()[2 * i + 1];
            }
        }
        for (int v = 0; v < m; v++) {
            for (int k = 0; k < 3; k++) {
                pos[3 * v + k] /= count[v];
            }
        }
        int[] t = mesh.triangles();
        int[] tri = new int[t.length];
        int nt = 0;
        for (int i = 0; i < t.length; i += 3) {
            int a = index[find(t[i])], b = index[find(t[i + 1])], c = index[find(t[i + 2])];
            if (a != b && b != c && a != c) {
                tri[nt++] = a;
                tri[nt++] = b;
                tri[nt++] = c;
            }
        }
        Map<String, int[]> groups = new LinkedHashMap<>();
        for (Map.Entry<String, int[]> g : mesh.vertexGroups().entrySet()) {
            groups.put(g.getKey(), Arrays.stream(g.getValue()).map(v -> index[find(v)]).distinct().sorted().toArray());
        }
        return new ClothMesh(mesh.name(), pos, uv, Arrays.copyOf(tri, nt), groups);
    }

    /** The connected piece (panel) of each vertex, numbered from 0 in vertex order. */
    static int[] panels(ClothMesh mesh) {
        int n = mesh.vertexCount();
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        int[] t = mesh.triangles();
        for (int i = 0; i < t.length; i += 3) {
            join(parent, t[i], t[i + 1]);
            join(parent, t[i + 1], t[i + 2]);
        }
        int[] panel = new int[n];
        Map<Integer, Integer> number = new HashMap<>();
        for (int i = 0; i < n; i++) {
            panel[i] = number.computeIfAbsent(root(parent, i), r -> number.size());
        }
        return panel;
    }

    private static Map<Long, int[]> grid(float[] x, double cell) {
        Map<Long, int[]> grid = new HashMap<>();
        for (int i = 0; i < x.length / 3; i++) {
            long k = key(cell(x[3 * i], cell), cell(x[3 * i + 1], cell), cell(x[3 * i + 2], cell));
            int[] b = grid.get(k);
            if (b == null) {
                b = new int[4];
                grid.put(k, b);
            } else if (b[0] + 1 == b.length) {
                b = Arrays.copyOf(b, 2 * b.length);
                grid.put(k, b);
            }
            b[++b[0]] = i;
        }
        return grid;
    }

    private static long cell(float v, double size) {
        return (long) Math.floor(v / size);
    }

    private static long key(long x, long y, long z) {
        return (x & 0x1FFFFF) << 42 | (y & 0x1FFFFF) << 21 | (z & 0x1FFFFF);
    }

    private static double dist2(float[] x, int i, int j) {
        double dx = x[3 * i] - x[3 * j], dy = x[3 * i + 1] - x[3 * j + 1], dz = x[3 * i + 2] - x[3 * j + 2];
        return dx * dx + dy * dy + dz * dz;
    }

    private int find(int i) {
        return root(group, i);
    }

    private void union(int a, int b) {
        join(group, a, b);
    }

    private static int root(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    /** Joins two sets, the smaller index the root (so a weld keeps the lowest-numbered vertex's data). */
    private static void join(int[] parent, int a, int b) {
        int ra = root(parent, a), rb = root(parent, b);
        if (ra != rb) {
            parent[Math.max(ra, rb)] = Math.min(ra, rb);
        }
    }
}
