package org.clothgraph.cloth.ui.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.clothgraph.cloth.ui.gl.ClothRenderer;
import org.clothgraph.cloth.ui.gl.ClothScene;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.garment.BoundaryLoops;

/**
 * Picks a border loop of the garment under a click in the Cloth Preview: the loop of the border edge drawn within
 * {@link #TOLERANCE} pixels of the click, the front-most such edge that the garment itself does not hide, with the
 * frame's cloth positions projected by the renderer's camera. A border edge behind the cloth (the back of a hem
 * seen through the robe's front) is not picked.
 */
final class LoopPicker {
    /** How near (pixels) a click must land to a border edge. */
    static final double TOLERANCE = 10;
    /** A triangle hides an edge point when it is this much nearer the camera there (metres). */
    static final double HIDDEN_BY = 0.005;
    private final ClothMesh mesh;
    private final List<int[]> loops;

    LoopPicker(ClothMesh mesh) {
        this.mesh = mesh;
        this.loops = BoundaryLoops.of(mesh);
    }

    ClothMesh mesh() {
        return mesh;
    }

    /** A border edge near the click: its loop, its end vertices and its nearest point on the screen with depth. */
    private record Candidate(int[] loop, int a, int b, double sx, double sy, double depth) {
    }

    /** The picked loop's vertices in border order, or null when no visible border edge is near the click. */
    int[] pick(ClothRenderer renderer, ClothScene scene, float[] x, int width, int height, int cx, int cy) {
        int n = mesh.vertexCount();
        double[][] screen = new double[n][];
        for (int v = 0; v < n; v++) {
            screen[v] = renderer.toScreen(scene, width, height, x[3 * v], x[3 * v + 1], x[3 * v + 2]);
        }
        List<Candidate> near = new ArrayList<>();
        for (int[] loop : loops) {
            for (int i = 0; i < loop.length; i++) {
                int a = loop[i], b = loop[(i + 1) % loop.length];
                double[] p = screen[a], q = screen[b];
                if (p == null || q == null) {
                    continue;
                }
                double[] d = nearest(p, q, cx, cy);
                if (d[0] <= TOLERANCE) {
                    near.add(new Candidate(loop, a, b, d[1], d[2], d[3]));
                }
            }
        }
        near.sort(Comparator.comparingDouble(Candidate::depth));
        for (Candidate c : near) {
            if (!hidden(c, screen)) {
                return c.loop().clone();
            }
        }
        return null;
    }

    /** Whether a cloth triangle not touching the edge covers its point on the screen nearer to the camera. */
    private boolean hidden(Candidate c, double[][] screen) {
        int[] t = mesh.triangles();
        for (int f = 0; f < t.length; f += 3) {
            int i = t[f], j = t[f + 1], k = t[f + 2];
            if (i == c.a() || i == c.b() || j == c.a() || j == c.b() || k == c.a() || k == c.b()) {
                continue;
            }
            double[] p = screen[i], q = screen[j], r = screen[k];
            if (p == null || q == null || r == null) {
                continue;
            }
            double[] w = barycentric(p, q, r, c.sx(), c.sy());
            if (w == null) {
                continue;
            }
            double depth = w[0] * p[2] + w[1] * q[2] + w[2] * r[2];
            if (depth < c.depth() - HIDDEN_BY) {
                return true;
            }
        }
        return false;
    }

    /** The barycentric weights of (x, y) in the screen triangle pqr, or null when outside it (or degenerate). */
    private static double[] barycentric(double[] p, double[] q, double[] r, double x, double y) {
        if (x < Math.min(p[0], Math.min(q[0], r[0])) || x > Math.max(p[0], Math.max(q[0], r[0]))
                || y < Math.min(p[1], Math.min(q[1], r[1])) || y > Math.max(p[1], Math.max(q[1], r[1]))) {
            return null;
        }
        double det = (q[1] - r[1]) * (p[0] - r[0]) + (r[0] - q[0]) * (p[1] - r[1]);
        if (Math.abs(det) < 1e-12) {
            return null;
        }
        double u = ((q[1] - r[1]) * (x - r[0]) + (r[0] - q[0]) * (y - r[1])) / det;
        double v = ((r[1] - p[1]) * (x - r[0]) + (p[0] - r[0]) * (y - r[1])) / det;
        double s = 1 - u - v;
        return u < 0 || v < 0 || s < 0 ? null : new double[] { u, v, s };
    }

    /** {pixels from the click to the segment pq, the nearest point's x, y and depth}. */
    private static double[] nearest(double[] p, double[] q, double cx, double cy) {
        double dx = q[0] - p[0], dy = q[1] - p[1];
        double len2 = dx * dx + dy * dy;
        double t = len2 == 0 ? 0 : Math.max(0, Math.min(1, ((cx - p[0]) * dx + (cy - p[1]) * dy) / len2));
        double sx = p[0] + t * dx, sy = p[1] + t * dy;
        double ex = sx - cx, ey = sy - cy;
        return new double[] { Math.sqrt(ex * ex + ey * ey), sx, sy, p[2] + t * (q[2] - p[2]) };
    }
}
