package org.clothgraph.measure;

import java.util.Arrays;
import java.util.BitSet;

/**
 * The narrow and broad phase shared by {@link SelfIntersections} and {@link BodyCrossings}: which edges of one
 * mesh properly cross which triangles of another (or the same) mesh. A proper crossing has the edge's end points
 * strictly on opposite sides of the triangle's plane and the edge's line strictly inside the triangle; touching,
 * coplanar and exactly-on-an-edge contacts do not count. Each sign is computed from a canonical vertex order, so
 * an edge passing through the shared edge of two adjacent triangles is counted once or not at all, never twice.
 * <p>
 * Broad phase: a uniform grid over the triangles' bounding boxes, cell size about the mean edge length, capped
 * at {@link #MAX_CELLS} cells so a blown-up frame cannot exhaust memory.
 */
final class EdgeTriangleCrossings {

    static final int MAX_CELLS = 1 << 21;

    private EdgeTriangleCrossings() {
    }

    /** The unique undirected edges of a triangle list, as (low, high) vertex pairs, sorted. */
    static int[] edges(int[] triangles) {
        long[] keys = new long[triangles.length];
        for (int t = 0; t < triangles.length; t += 3) {
            for (int k = 0; k < 3; k++) {
                int a = triangles[t + k], b = triangles[t + (k + 1) % 3];
                keys[t + k] = ((long) Math.min(a, b) << 32) | Math.max(a, b);
            }
        }
        Arrays.sort(keys);
        int n = 0;
        for (int i = 0; i < keys.length; i++) {
            if (i == 0 || keys[i] != keys[i - 1]) {
                keys[n++] = keys[i];
            }
        }
        int[] edges = new int[2 * n];
        for (int i = 0; i < n; i++) {
            edges[2 * i] = (int) (keys[i] >>> 32);
            edges[2 * i + 1] = (int) keys[i];
        }
        return edges;
    }

    /**
     * Counts proper (edge, triangle) crossings. When {@code sameMesh}, edges sharing a vertex with the triangle
     * are skipped. {@code edgeMarks} and {@code triangleMarks}, when not null, receive the vertices of the
     * offending edges (indices into edgePositions) and triangles (indices into trianglePositions).
     */
    static int count(double[] edgePositions, int[] edges, double[] trianglePositions, int[] triangles,
            boolean sameMesh, BitSet edgeMarks, BitSet triangleMarks) {
        int triangleCount = triangles.length / 3;
        if (triangleCount == 0 || edges.length == 0) {
            return 0;
        }
        Grid grid = Grid.of(trianglePositions, triangles, meanEdgeLength(edgePositions, edges));
        int[] seen = new int[triangleCount];
        Arrays.fill(seen, -1);
        int count = 0;
        double[] p = edgePositions;
        double[] q = trianglePositions;
        for (int e = 0; e < edges.length / 2; e++) {
            int u = edges[2 * e], v = edges[2 * e + 1];
            int[] box = grid.cells(Math.min(p[3 * u], p[3 * v]), Math.min(p[3 * u + 1], p[3 * v + 1]),
                    Math.min(p[3 * u + 2], p[3 * v + 2]), Math.max(p[3 * u], p[3 * v]),
                    Math.max(p[3 * u + 1], p[3 * v + 1]), Math.max(p[3 * u + 2], p[3 * v + 2]));
            if (box == null) {
                continue;
            }
            for (int cz = box[2]; cz <= box[5]; cz++) {
                for (int cy = box[1]; cy <= box[4]; cy++) {
                    for (int cx = box[0]; cx <= box[3]; cx++) {
                        int cell = grid.index(cx, cy, cz);
                        for (int k = grid.start[cell]; k < grid.start[cell + 1]; k++) {
                            int t = grid.items[k];
                            if (seen[t] == e) {
                                continue;
                            }
                            seen[t] = e;
                            int a = triangles[3 * t], b = triangles[3 * t + 1], c = triangles[3 * t + 2];
                            if (sameMesh && (u == a || u == b || u == c || v == a || v == b || v == c)) {
                                continue;
                            }
                            if (crosses(p, u, v, q, a, b, c)) {
                                count++;
                                if (edgeMarks != null) {
                                    edgeMarks.set(u);
                                    edgeMarks.set(v);
                                }
                                if (triangleMarks != null) {
                                    triangleMarks.set(a);
                                    triangleMarks.set(b);
                                    triangleMarks.set(c);
                                }
                            }
                        }
                    }
                }
            }
        }
        return count;
    }

    /** True when segment (u, v) of positions p properly crosses triangle (a, b, c) of positions q. */
    static boolean crosses(double[] p, int u, int v, double[] q, int a, int b, int c) {
        // Cheap reject on bounding boxes before any determinant.
        for (int k = 0; k < 3; k++) {
            double lo = Math.min(p[3 * u + k], p[3 * v + k]);
            double hi = Math.max(p[3 * u + k], p[3 * v + k]);
            double tlo = Math.min(q[3 * a + k], Math.min(q[3 * b + k], q[3 * c + k]));
            double thi = Math.max(q[3 * a + k], Math.max(q[3 * b + k], q[3 * c + k]));
            if (hi < tlo || lo > thi) {
                return false;
            }
        }
        double su = Predicates.orient3d(q, a, q, b, q, c, p, u);
        double sv = Predicates.orient3d(q, a, q, b, q, c, p, v);
        if (!(su > 0 && sv < 0 || su < 0 && sv > 0)) {
            return false;
        }
        double s1 = side(p, u, v, q, a, b);
        double s2 = side(p, u, v, q, b, c);
        double s3 = side(p, u, v, q, c, a);
        return s1 > 0 && s2 > 0 && s3 > 0 || s1 < 0 && s2 < 0 && s3 < 0;
    }

    /**
     * The side of triangle edge (i, j) on which line (u, v) passes, computed with i and j in ascending order and
     * the sign flipped back, so two triangles sharing the edge see the same value.
     */
    private static double side(double[] p, int u, int v, double[] q, int i, int j) {
        return i < j ? Predicates.orient3d(p, u, p, v, q, i, q, j) : -Predicates.orient3d(p, u, p, v, q, j, q, i);
    }

    static double meanEdgeLength(double[] xyz, int[] edges) {
        double sum = 0;
        int n = edges.length / 2;
        for (int e = 0; e < n; e++) {
            int u = edges[2 * e], v = edges[2 * e + 1];
            double dx = xyz[3 * u] - xyz[3 * v], dy = xyz[3 * u + 1] - xyz[3 * v + 1], dz = xyz[3 * u + 2] - xyz[3 * v + 2];
            double l = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (Double.isFinite(l)) {
                sum += l;
            }
        }
        return n == 0 ? 0 : sum / n;
    }

    /** Triangles binned by bounding box into a dense uniform grid (compressed rows: start + items). */
    private static final class Grid {
        final double x0, y0, z0, inv;
        final int nx, ny, nz;
        final int[] start;
        final int[] items;

        private Grid(double x0, double y0, double z0, double inv, int nx, int ny, int nz, int[] start, int[] items) {
            this.x0 = x0;
            this.y0 = y0;
            this.z0 = z0;
            this.inv = inv;
            this.nx = nx;
            this.ny = ny;
            this.nz = nz;
            this.start = start;
            this.items = items;
        }

        static Grid of(double[] q, int[] triangles, double cellHint) {
            double[] lo = { Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE };
            double[] hi = { -Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE };
            for (int i : triangles) {
                for (int k = 0; k < 3; k++) {
                    double x = q[3 * i + k];
                    if (Double.isFinite(x)) {
                        lo[k] = Math.min(lo[k], x);
                        hi[k] = Math.max(hi[k], x);
                    }
                }
            }
            if (lo[0] > hi[0]) { // no finite coordinate at all
                lo = new double[3];
                hi = new double[3];
            }
            double ex = hi[0] - lo[0], ey = hi[1] - lo[1], ez = hi[2] - lo[2];
            double cell = cellHint > 0 ? cellHint : Math.max(ex, Math.max(ey, ez)) / 64;
            double volumeCells = (ex / cell + 1) * (ey / cell + 1) * (ez / cell + 1);
            if (volumeCells > MAX_CELLS) {
                cell *= Math.cbrt(volumeCells / MAX_CELLS) * 1.01;
            }
            if (!(cell > 0)) {
                cell = 1;
            }
            double inv = 1 / cell;
            int nx = (int) (ex * inv) + 1, ny = (int) (ey * inv) + 1, nz = (int) (ez * inv) + 1;
            int cells = nx * ny * nz;
            int[] start = new int[cells + 1];
            Grid sizing = new Grid(lo[0], lo[1], lo[2], inv, nx, ny, nz, start, new int[0]);
            int tc = triangles.length / 3;
            int[][] boxes = new int[tc][];
            for (int t = 0; t < tc; t++) {
                boxes[t] = sizing.triangleCells(q, triangles, t);
                int[] b = boxes[t];
                if (b == null) {
                    continue;
                }
                for (int z = b[2]; z <= b[5]; z++) {
                    for (int y = b[1]; y <= b[4]; y++) {
                        for (int x = b[0]; x <= b[3]; x++) {
                            start[sizing.index(x, y, z) + 1]++;
                        }
                    }
                }
            }
            for (int i = 0; i < cells; i++) {
                start[i + 1] += start[i];
            }
            int[] items = new int[start[cells]];
            int[] fill = Arrays.copyOf(start, cells);
            for (int t = 0; t < tc; t++) {
                int[] b = boxes[t];
                if (b == null) {
                    continue;
                }
                for (int z = b[2]; z <= b[5]; z++) {
                    for (int y = b[1]; y <= b[4]; y++) {
                        for (int x = b[0]; x <= b[3]; x++) {
                            items[fill[sizing.index(x, y, z)]++] = t;
                        }
                    }
                }
            }
            return new Grid(lo[0], lo[1], lo[2], inv, nx, ny, nz, start, items);
        }

        private int[] triangleCells(double[] q, int[] triangles, int t) {
            int a = triangles[3 * t], b = triangles[3 * t + 1], c = triangles[3 * t + 2];
            return cells(Math.min(q[3 * a], Math.min(q[3 * b], q[3 * c])),
                    Math.min(q[3 * a + 1], Math.min(q[3 * b + 1], q[3 * c + 1])),
                    Math.min(q[3 * a + 2], Math.min(q[3 * b + 2], q[3 * c + 2])),
                    Math.max(q[3 * a], Math.max(q[3 * b], q[3 * c])),
                    Math.max(q[3 * a + 1], Math.max(q[3 * b + 1], q[3 * c + 1])),
                    Math.max(q[3 * a + 2], Math.max(q[3 * b + 2], q[3 * c + 2])));
        }

        /**
         * The clamped cell range {x0, y0, z0, x1, y1, z1} of a box, or null when it is not finite or lies wholly
         * outside the grid (which spans every binned triangle, so such a box meets none).
         */
        int[] cells(double lx, double ly, double lz, double hx, double hy, double hz) {
            if (!(Double.isFinite(lx) && Double.isFinite(ly) && Double.isFinite(lz) && Double.isFinite(hx)
                    && Double.isFinite(hy) && Double.isFinite(hz))) {
                return null;
            }
            if (hx < x0 || hy < y0 || hz < z0 || (lx - x0) * inv > nx || (ly - y0) * inv > ny
                    || (lz - z0) * inv > nz) {
                return null;
            }
            return new int[] { clamp((lx - x0) * inv, nx), clamp((ly - y0) * inv, ny), clamp((lz - z0) * inv, nz),
                    clamp((hx - x0) * inv, nx), clamp((hy - y0) * inv, ny), clamp((hz - z0) * inv, nz) };
        }

        private static int clamp(double c, int n) {
            return c <= 0 ? 0 : c >= n - 1 ? n - 1 : (int) c;
        }

        int index(int x, int y, int z) {
            return (z * ny + y) * nx + x;
        }
    }
}
