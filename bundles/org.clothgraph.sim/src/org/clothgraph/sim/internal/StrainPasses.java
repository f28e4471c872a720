package org.clothgraph.sim.internal;

import java.util.Arrays;

/**
 * The strain limit solved on its own after a substep's distance sweeps: passes of the rigid inequality alone (no mesh
 * edge longer than (1 + limit) x rest) until no edge is over it or the pass budget is spent. The sweeps solve the same
 * inequality inside the compliant constraints, but their Gauss-Seidel passes converge slowly where the cloth carries
 * a load through a few edges: in the procedural walk the collar at the back of the neck left the sweeps at 1.19-1.20x
 * rest in every substep with 10 sweeps, and at 1.03x with 60; a few passes of the inequality alone bring it to 1.10x
 * (measured, docs/SIMULATION.md "Strain limit"). The first pass visits every edge, each later one only the edges at
 * the vertices the pass before moved; sequential and in edge order, so the result does not depend on the thread
 * count.
 */
final class StrainPasses {
    private final ClothModel m;
    private final boolean[] mark, last, ever, edgeMark;
    /** The vertices any pass of the last call moved (ascending), and the edges at them (ascending). */
    private int[] all = new int[256];
    private int allCount;
    final int[] edgeA, edgeB;
    private final int[] edgeIds;
    private int[] moved = new int[256], next = new int[256];
    private int movedCount, nextCount;

    StrainPasses(ClothModel model) {
        this.m = model;
        this.mark = new boolean[model.n];
        this.last = new boolean[model.n];
        this.ever = new boolean[model.n];
        this.edgeMark = new boolean[model.edges];
        this.edgeA = new int[model.edges];
        this.edgeB = new int[model.edges];
        this.edgeIds = new int[model.edges];
    }

    /** Runs at most {@code passes} passes on positions x; returns the number of passes that shortened an edge. */
    int limit(double[] x, double[] w, double limit, int passes) {
        double[] rest = m.eRest;
        begin();
        for (int e = 0; e < m.edges; e++) {
            shorten(x, w, m.eA[e], m.eB[e], (1 + limit) * rest[e]);
        }
        int used = movedCount > 0 ? 1 : 0;
        return used + passes(x, w, limit, passes - 1);
    }

    /**
     * Like {@link #limit}, but the first pass visits only the edges at {@code vertices[0 .. count)} (ascending),
     * as every later pass does with the vertices the pass before moved.
     */
    int limitAt(double[] x, double[] w, double limit, int passes, int[] vertices, int count) {
        begin();
        for (int k = 0; k < count; k++) {
            mark[vertices[k]] = true;
        }
        if (moved.length < count) {
            moved = Arrays.copyOf(vertices, count);
        } else {
            System.arraycopy(vertices, 0, moved, 0, count);
        }
        movedCount = count;
        return passes(x, w, limit, passes);
    }

    private void begin() {
        for (int k = 0; k < allCount; k++) {
            ever[all[k]] = false;
        }
        allCount = 0;
        movedCount = 0;
    }

    /** Passes over the edges at the vertices in {@link #moved}; returns how many shortened an edge. */
    private int passes(double[] x, double[] w, double limit, int passes) {
        double[] rest = m.eRest;
        int used = 0;
        for (int p = 0; p < passes && movedCount > 0; p++) {
            int[] t = moved;
            moved = next;
            next = t;
            nextCount = movedCount;
            for (int k = 0; k < nextCount; k++) {
                mark[next[k]] = false;
                last[next[k]] = true;
            }
            movedCount = 0;
            for (int k = 0; k < nextCount; k++) {
                int i = next[k];
                for (int q = m.nbrStart[i]; q < m.nbrStart[i + 1]; q++) {
                    int j = m.nbr[q];
                    // each edge once per pass: from its lower end, or from i when the other end did not move
                    if (j < i && last[j]) {
                        continue;
                    }
                    shorten(x, w, i, j, (1 + limit) * rest[m.nbrEdge[q]]);
                }
            }
            for (int k = 0; k < nextCount; k++) {
                last[next[k]] = false;
            }
            used += movedCount > 0 ? 1 : 0;
        }
        for (int k = 0; k < movedCount; k++) {
            mark[moved[k]] = false;
        }
        Arrays.sort(all, 0, allCount);
        return used;
    }

    private void shorten(double[] x, double[] w, int a, int b, double lim) {
        if (shortenEdge(x, w, a, b, lim)) {
            note(a);
            note(b);
        }
    }

    /**
     * Shortens the edge (a, b) of positions x to {@code lim} if it is longer, moving its ends by their inverse masses
     * w; returns whether it moved them.
     */
    static boolean shortenEdge(double[] x, double[] w, int a, int b, double lim) {
        return shortenEdge(x, w, a, b, lim, -1);
    }

    /**
     * The squared length at or below which an edge is within {@code lim} whatever the rounding of its length's square
     * root: lim^2 (1 - 1e-9), the length then at most lim (1 - 5e-10).
     */
    static double surelyWithin2(double lim) {
        return lim * lim * (1 - 1e-9);
    }

    /**
     * As {@link #shortenEdge(double[], double[], int, int, double)}, the square root taken only where the squared
     * length exceeds {@code within2} ({@link #surelyWithin2} of lim): the same result, for callers that test the same
     * edges many times.
     */
    static boolean shortenEdge(double[] x, double[] w, int a, int b, double lim, double within2) {
        double wa = w[a], wb = w[b];
        if (wa + wb == 0) {
            return false;
        }
        int oa = 3 * a, ob = 3 * b;
        double dx = x[oa] - x[ob], dy = x[oa + 1] - x[ob + 1], dz = x[oa + 2] - x[ob + 2];
        double d2 = dx * dx + dy * dy + dz * dz;
        if (d2 <= within2) {
            return false;
        }
        double len = Math.sqrt(d2);
        if (len <= lim) {
            return false;
        }
        double f = (lim - len) / ((wa + wb) * len);
        x[oa] += wa * f * dx;
        x[oa + 1] += wa * f * dy;
        x[oa + 2] += wa * f * dz;
        x[ob] -= wb * f * dx;
        x[ob + 1] -= wb * f * dy;
        x[ob + 2] -= wb * f * dz;
        return true;
    }

    /** The vertices the last call moved, ascending: {@code movedVertices()[0 .. movedVertexCount())}. */
    int[] movedVertices() {
        return all;
    }

    int movedVertexCount() {
        return allCount;
    }

    /**
     * Puts the mesh edges at the vertices the last call moved into {@link #edgeA}/{@link #edgeB}, ascending; returns
     * how many.
     */
    int edgesAtMoved() {
        int count = 0;
        for (int k = 0; k < allCount; k++) {
            int i = all[k];
            for (int q = m.nbrStart[i]; q < m.nbrStart[i + 1]; q++) {
                int e = m.nbrEdge[q];
                if (!edgeMark[e]) {
                    edgeMark[e] = true;
                    edgeIds[count++] = e;
                }
            }
        }
        Arrays.sort(edgeIds, 0, count);
        for (int k = 0; k < count; k++) {
            int e = edgeIds[k];
            edgeMark[e] = false;
            edgeA[k] = m.eA[e];
            edgeB[k] = m.eB[e];
        }
        return count;
    }

    private void note(int i) {
        if (!ever[i]) {
            ever[i] = true;
            if (allCount == all.length) {
                all = Arrays.copyOf(all, 2 * allCount);
            }
            all[allCount++] = i;
        }
        if (mark[i]) {
            return;
        }
        mark[i] = true;
        if (movedCount == moved.length) {
            moved = Arrays.copyOf(moved, 2 * movedCount);
        }
        moved[movedCount++] = i;
    }
}
