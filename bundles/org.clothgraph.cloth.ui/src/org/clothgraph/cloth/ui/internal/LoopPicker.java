package org.clothgraph.cloth.ui.internal;

import java.util.List;

import org.clothgraph.cloth.ui.gl.ClothRenderer;
import org.clothgraph.cloth.ui.gl.ClothScene;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.garment.BoundaryLoops;

/**
 * Picks a border loop of the garment under a click in the Cloth Preview: the loop of the border edge drawn within
 * {@link #TOLERANCE} pixels of the click (the front-most such edge when several are), with the frame's cloth
 * positions projected by the renderer's camera.
 */
final class LoopPicker {
    /** How near (pixels) a click must land to a border edge. */
    static final double TOLERANCE = 10;
    private final ClothMesh mesh;
    private final List<int[]> loops;

    LoopPicker(ClothMesh mesh) {
        this.mesh = mesh;
        this.loops = BoundaryLoops.of(mesh);
    }

    ClothMesh mesh() {
        return mesh;
    }

    /** The picked loop's vertices in border order, or null when no border edge is near the click. */
    int[] pick(ClothRenderer renderer, ClothScene scene, float[] x, int width, int height, int cx, int cy) {
        int[] best = null;
        double bestDepth = Double.POSITIVE_INFINITY;
        for (int[] loop : loops) {
            for (int i = 0; i < loop.length; i++) {
                int a = loop[i], b = loop[(i + 1) % loop.length];
                double[] p = renderer.toScreen(scene, width, height, x[3 * a], x[3 * a + 1], x[3 * a + 2]);
                double[] q = renderer.toScreen(scene, width, height, x[3 * b], x[3 * b + 1], x[3 * b + 2]);
                if (p == null || q == null) {
                    continue;
                }
                double[] d = distance(p, q, cx, cy);
                if (d[0] <= TOLERANCE && d[1] < bestDepth) {
                    bestDepth = d[1];
                    best = loop;
                }
            }
        }
        return best == null ? null : best.clone();
    }

    /** {pixels from the click to the segment pq, depth at the nearest point}. */
    private static double[] distance(double[] p, double[] q, double cx, double cy) {
        double dx = q[0] - p[0], dy = q[1] - p[1];
        double len2 = dx * dx + dy * dy;
        double t = len2 == 0 ? 0 : Math.max(0, Math.min(1, ((cx - p[0]) * dx + (cy - p[1]) * dy) / len2));
        double ex = p[0] + t * dx - cx, ey = p[1] + t * dy - cy;
        return new double[] { Math.sqrt(ex * ex + ey * ey), p[2] + t * (q[2] - p[2]) };
    }
}
