package org.clothgraph.measure;

import java.util.Arrays;

/**
 * A bounding volume hierarchy over triangles for nearest-point queries: median splits on the longest axis of
 * the centroids, leaves of up to 4 triangles, branch and bound on the squared box distance. A tree built at one
 * pose of a deforming mesh can be {@linkplain #refit refitted} to another: the same grouping of triangles, boxes
 * recomputed, queries exact (only their speed depends on how well the grouping suits the new pose).
 */
final class Bvh {

    private static final int LEAF = 4;

    private double[] xyz;
    private final int[] triangles;
    private final int[] order;
    /** Per node: min xyz, max xyz. */
    private double[] boxes;
    /** Per node: left child (or -1 for a leaf), right child, first and end index into order. */
    private int[] nodes;
    private int nodeCount;

    Bvh(double[] xyz, int[] triangles) {
        this.xyz = xyz;
        this.triangles = triangles;
        int n = triangles.length / 3;
        order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        boxes = new double[6 * Math.max(1, 2 * n)];
        nodes = new int[4 * Math.max(1, 2 * n)];
        double[] centroids = new double[3 * n];
        for (int t = 0; t < n; t++) {
            for (int k = 0; k < 3; k++) {
                centroids[3 * t + k] = (xyz[3 * triangles[3 * t] + k] + xyz[3 * triangles[3 * t + 1] + k]
                        + xyz[3 * triangles[3 * t + 2] + k]) / 3;
            }
        }
        if (n > 0) {
            build(0, n, centroids);
        }
    }

    private int build(int from, int to, double[] centroids) {
        int node = nodeCount++;
        nodes[4 * node + 2] = from;
        nodes[4 * node + 3] = to;
        fit(node);
        double[] cbox = { Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE,
                -Double.MAX_VALUE };
        for (int i = from; i < to; i++) {
            int t = order[i];
            for (int k = 0; k < 3; k++) {
                cbox[k] = Math.min(cbox[k], centroids[3 * t + k]);
                cbox[3 + k] = Math.max(cbox[3 + k], centroids[3 * t + k]);
            }
        }
        if (to - from <= LEAF) {
            nodes[4 * node] = -1;
            return node;
        }
        int axis = 0;
        for (int k = 1; k < 3; k++) {
            if (cbox[3 + k] - cbox[k] > cbox[3 + axis] - cbox[axis]) {
                axis = k;
            }
        }
        int mid = (from + to) >>> 1;
        select(from, to, mid, axis, centroids);
        int left = build(from, mid, centroids);
        int right = build(mid, to, centroids);
        nodes[4 * node] = left;
        nodes[4 * node + 1] = right;
        return node;
    }

    /**
     * The same tree over the same triangles at new positions {@code xyz} (same vertex count): every node's box
     * recomputed from its triangles, children before parents (a node's children have larger indices).
     */
    void refit(double[] xyz) {
        if (xyz.length != this.xyz.length) {
            throw new IllegalArgumentException(xyz.length / 3 + " vertices, the tree has " + this.xyz.length / 3);
        }
        this.xyz = xyz;
        for (int node = nodeCount - 1; node >= 0; node--) {
            int b = 6 * node;
            int left = nodes[4 * node];
            if (left >= 0) {
                int right = nodes[4 * node + 1];
                for (int k = 0; k < 3; k++) {
                    boxes[b + k] = Math.min(boxes[6 * left + k], boxes[6 * right + k]);
                    boxes[b + 3 + k] = Math.max(boxes[6 * left + 3 + k], boxes[6 * right + 3 + k]);
                }
                continue;
            }
            fit(node);
        }
    }

    /** The node's box from the corners of its triangles (order[first, end)) at the current positions. */
    private void fit(int node) {
        int b = 6 * node;
        for (int k = 0; k < 3; k++) {
            boxes[b + k] = Double.MAX_VALUE;
            boxes[b + 3 + k] = -Double.MAX_VALUE;
        }
        for (int i = nodes[4 * node + 2]; i < nodes[4 * node + 3]; i++) {
            int t = order[i];
            for (int c = 0; c < 3; c++) {
                int v = triangles[3 * t + c];
                for (int k = 0; k < 3; k++) {
                    boxes[b + k] = Math.min(boxes[b + k], xyz[3 * v + k]);
                    boxes[b + 3 + k] = Math.max(boxes[b + 3 + k], xyz[3 * v + k]);
                }
            }
        }
    }

    /**
     * Sorts order[from, to) by centroid along axis, stably (equal centroids keep their order), so order[mid] has the
     * median. A merge sort on the primitive indices: the same order as a stable sort of boxed indices with a
     * comparator, which was most of the time of building a tree over the 83,406 triangles of the demo body.
     */
    private void select(int from, int to, int mid, int axis, double[] centroids) {
        int n = to - from;
        int[] a = Arrays.copyOfRange(order, from, to);
        int[] b = new int[n];
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int m = Math.min(lo + width, n), hi = Math.min(lo + 2 * width, n);
                int i = lo, j = m, k = lo;
                while (i < m && j < hi) {
                    // take from the right run only when strictly smaller: stable
                    b[k++] = Double.compare(centroids[3 * a[j] + axis], centroids[3 * a[i] + axis]) < 0 ? a[j++] : a[i++];
                }
                while (i < m) {
                    b[k++] = a[i++];
                }
                while (j < hi) {
                    b[k++] = a[j++];
                }
            }
            int[] t = a;
            a = b;
            b = t;
        }
        System.arraycopy(a, 0, order, from, n);
    }

    /**
     * The triangle closest to p; its closest point goes to {@code out} and its feature code (see
     * {@link Geometry#closestPointOnTriangle}) to {@code feature[0]}.
     */
    int nearest(double px, double py, double pz, double[] out, int[] feature) {
        return nearest(px, py, pz, out, feature, Double.POSITIVE_INFINITY);
    }

    /** As {@link #nearest(double, double, double, double[], int[])}, only triangles closer than sqrt(limit2); -1 if none. */
    int nearest(double px, double py, double pz, double[] out, int[] feature, double limit2) {
        if (nodeCount == 0) {
            return -1;
        }
        double[] best = { limit2 };
        int[] bestTriangle = { -1 };
        double[] q = new double[3];
        int[] stack = new int[128];
        int top = 0;
        stack[top++] = 0;
        while (top > 0) {
            int node = stack[--top];
            if (boxDistance2(node, px, py, pz) >= best[0]) {
                continue;
            }
            int left = nodes[4 * node];
            if (left < 0) {
                for (int i = nodes[4 * node + 2]; i < nodes[4 * node + 3]; i++) {
                    int t = order[i];
                    int f = Geometry.closestPointOnTriangle(px, py, pz, xyz, triangles[3 * t], triangles[3 * t + 1],
                            triangles[3 * t + 2], q);
                    double dx = px - q[0], dy = py - q[1], dz = pz - q[2];
                    double d2 = dx * dx + dy * dy + dz * dz;
                    if (d2 < best[0]) {
                        best[0] = d2;
                        bestTriangle[0] = t;
                        feature[0] = f;
                        System.arraycopy(q, 0, out, 0, 3);
                    }
                }
                continue;
            }
            int right = nodes[4 * node + 1];
            // visit the nearer child first
            boolean leftFirst = boxDistance2(left, px, py, pz) <= boxDistance2(right, px, py, pz);
            if (top + 2 > stack.length) {
                stack = Arrays.copyOf(stack, stack.length * 2);
            }
            stack[top++] = leftFirst ? right : left;
            stack[top++] = leftFirst ? left : right;
        }
        return bestTriangle[0];
    }

    /** Squared distance from p to the bounding box of all triangles (0 inside it). */
    double rootDistance2(double px, double py, double pz) {
        return nodeCount == 0 ? Double.POSITIVE_INFINITY : boxDistance2(0, px, py, pz);
    }

    private double boxDistance2(int node, double px, double py, double pz) {
        int b = 6 * node;
        double dx = Math.max(0, Math.max(boxes[b] - px, px - boxes[b + 3]));
        double dy = Math.max(0, Math.max(boxes[b + 1] - py, py - boxes[b + 4]));
        double dz = Math.max(0, Math.max(boxes[b + 2] - pz, pz - boxes[b + 5]));
        return dx * dx + dy * dy + dz * dz;
    }
}
