package org.clothgraph.sim.internal;

import java.util.Arrays;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.Material;

/**
 * The fixed part of a garment for the solver: inverse masses (lumped triangle areas times density), the
 * distance constraints (mesh edges with stretch/shear compliance from their direction in material space, then
 * cross edges over every interior edge with bending compliance), one-ring adjacency (with each vertex's edges and
 * triangles) and the rest positions.
 * Constraints are kept in a fixed pseudo-random order so a Gauss-Seidel sweep has no directional bias.
 */
final class ClothModel {
    final int n;
    final int[] tri;
    final double[] rest;
    final double[] w;
    /** Distance constraints: endpoints, rest lengths, compliance (m/N); the first {@link #edges} are mesh edges. */
    final int[] cA, cB;
    final double[] cRest, cCompl;
    /** Whether distance constraint c is a mesh edge (stretch/shear) rather than a bending cross edge. */
    final boolean[] cEdge;
    /** Mesh edges in index order (for collisions and checks). */
    final int[] eA, eB;
    final double[] eRest;
    final int edges;
    /** One-ring neighbours (CSR, sorted by vertex). */
    final int[] nbrStart, nbr;
    /** The mesh edge (index into eA/eB/eRest) to each one-ring neighbour, parallel to {@link #nbr}. */
    final int[] nbrEdge;
    /** The triangles at each vertex (CSR, by triangle): vertexTris[vertexTriStart[i] .. vertexTriStart[i + 1]). */
    final int[] vertexTriStart, vertexTris;
    final double meanEdge;
    /**
     * The constraints are ordered in {@link #PARTS} + 1 blocks: block k (k < PARTS) holds the constraints whose two
     * vertices both lie in slab k of the rest shape (slabs along the rest shape's widest axis, equal vertex counts),
     * the last block the constraints that cross a slab boundary; each block keeps the pseudo-random order. Blocks
     * 0..PARTS-1 share no vertex, so a Gauss-Seidel sweep may solve them at the same time and then the crossing
     * block: the result is the same whatever the thread count. Block k is [partStart[k], partStart[k + 1]).
     */
    final int[] partStart;
    /** Slabs of the parallel distance sweep: fixed, so the sweep order does not depend on the thread count. */
    static final int PARTS = 2;
    /** The slab (0..PARTS-1) of each vertex, or null when the constraints are not split into slabs. */
    final int[] vertexPart;
    /**
     * Most vertices in one block of a slab. A slab with more is split (at the median along its widest axis, again
     * and again) into blocks of at most this many vertices; within the slab's constraints those joining two vertices
     * of one block come first, block by block, each block in the pseudo-random order, then those joining two blocks
     * of the slab, in that order: a Gauss-Seidel sweep then works on one block's vertices (2,048 x 32 bytes) at a
     * time instead of jumping across the whole slab (at 28,963 vertices a slab's 463 KB did not stay in the core's
     * cache). A slab of at most this many vertices is one block: its order is the pseudo-random one alone.
     */
    static final int BLOCK = 2048;
    /** The block of each vertex (numbered slab by slab), or null when the constraints are not split into slabs. */
    final int[] vertexBlock;

    ClothModel(ClothMesh mesh, Material material) {
        this(mesh, material, true);
    }

    /**
     * As {@link #ClothModel(ClothMesh, Material)}; without {@code slabs} the constraints keep the pseudo-random order
     * alone, all in the last block (the first solver's sequential sweep).
     */
    ClothModel(ClothMesh mesh, Material material, boolean slabs) {
        n = mesh.vertexCount();
        if (n >= (1 << 20)) {
            throw new IllegalArgumentException("too many vertices: " + n);
        }
        tri = mesh.triangles().clone();
        for (int t : tri) {
            if (t < 0 || t >= n) {
                throw new IllegalArgumentException("triangle index out of range: " + t);
            }
        }
        float[] r = mesh.restPositions();
        rest = new double[3 * n];
        for (int i = 0; i < 3 * n; i++) {
            rest[i] = r[i];
        }
        double[] mass = new double[n];
        for (int t = 0; t < tri.length; t += 3) {
            double m = Geometry.triangleArea(rest, tri[t], tri[t + 1], tri[t + 2]) * material.density() / 3;
            mass[tri[t]] += m;
            mass[tri[t + 1]] += m;
            mass[tri[t + 2]] += m;
        }
        w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = mass[i] > 0 ? 1 / mass[i] : 0;
        }
        int nh = tri.length;
        if (nh >= (1 << 22)) {
            throw new IllegalArgumentException("too many triangles");
        }
        long[] he = new long[nh];
        for (int t = 0; t < tri.length; t += 3) {
            for (int k = 0; k < 3; k++) {
                int a = tri[t + k], b = tri[t + (k + 1) % 3];
                long key = (long) Math.min(a, b) * n + Math.max(a, b);
                he[t + k] = (key << 22) | (t + k);
            }
        }
        Arrays.sort(he);
        int[] ea = new int[nh], eb = new int[nh], ba = new int[nh], bb = new int[nh];
        int ne = 0, nb = 0;
        for (int i = 0; i < nh;) {
            long key = he[i] >>> 22;
            int j = i;
            while (j < nh && (he[j] >>> 22) == key) {
                j++;
            }
            ea[ne] = (int) (key / n);
            eb[ne] = (int) (key % n);
            ne++;
            if (j - i == 2) {
                int h0 = (int) (he[i] & ((1 << 22) - 1)), h1 = (int) (he[i + 1] & ((1 << 22) - 1));
                int o0 = tri[h0 - h0 % 3 + (h0 % 3 + 2) % 3], o1 = tri[h1 - h1 % 3 + (h1 % 3 + 2) % 3];
                if (o0 != o1) {
                    ba[nb] = o0;
                    bb[nb] = o1;
                    nb++;
                }
            }
            i = j;
        }
        edges = ne;
        eA = Arrays.copyOf(ea, ne);
        eB = Arrays.copyOf(eb, ne);
        eRest = new double[ne];
        double sum = 0;
        for (int e = 0; e < ne; e++) {
            eRest[e] = Geometry.distance(rest, ea[e], eb[e]);
            sum += eRest[e];
        }
        meanEdge = ne > 0 ? sum / ne : 0.01;
        int nc = ne + nb;
        cA = new int[nc];
        cB = new int[nc];
        cRest = new double[nc];
        cCompl = new double[nc];
        cEdge = new boolean[nc];
        float[] uv = mesh.materialCoords();
        for (int e = 0; e < ne; e++) {
            cA[e] = ea[e];
            cB[e] = eb[e];
            cRest[e] = eRest[e];
            cEdge[e] = true;
            double k = material.stretchStiffness();
            if (uv != null) {
                double du = uv[2 * ea[e]] - uv[2 * eb[e]], dv = uv[2 * ea[e] + 1] - uv[2 * eb[e] + 1];
                double l = Math.sqrt(du * du + dv * dv);
                if (l > 0) {
                    double diag = 2 * Math.abs(du) / l * Math.abs(dv) / l;
                    k = material.stretchStiffness() * (1 - diag) + material.shearStiffness() * diag;
                }
            }
            cCompl[e] = 1 / k;
        }
        for (int b = 0; b < nb; b++) {
            int c = ne + b;
            cA[c] = ba[b];
            cB[c] = bb[b];
            cRest[c] = Geometry.distance(rest, ba[b], bb[b]);
            cCompl[c] = cRest[c] * cRest[c] / material.bendStiffness();
        }
        long seed = 0x9E3779B97F4A7C15L;
        for (int i = nc - 1; i > 0; i--) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int j = (int) ((seed >>> 33) % (i + 1));
            int ta = cA[i]; cA[i] = cA[j]; cA[j] = ta;
            int tb = cB[i]; cB[i] = cB[j]; cB[j] = tb;
            double tr = cRest[i]; cRest[i] = cRest[j]; cRest[j] = tr;
            double tc = cCompl[i]; cCompl[i] = cCompl[j]; cCompl[j] = tc;
            boolean te = cEdge[i]; cEdge[i] = cEdge[j]; cEdge[j] = te;
        }
        if (slabs) {
            vertexPart = new int[n];
            vertexBlock = new int[n];
            partStart = partition(vertexPart, vertexBlock);
        } else {
            vertexPart = null;
            vertexBlock = null;
            partStart = new int[PARTS + 2];
            partStart[PARTS + 1] = nc;
        }
        int[] deg = new int[n + 1];
        for (int e = 0; e < ne; e++) {
            deg[ea[e]]++;
            deg[eb[e]]++;
        }
        nbrStart = new int[n + 1];
        for (int i = 0; i < n; i++) {
            nbrStart[i + 1] = nbrStart[i] + deg[i];
        }
        nbr = new int[nbrStart[n]];
        int[] fill = Arrays.copyOf(nbrStart, n);
        for (int e = 0; e < ne; e++) {
            nbr[fill[ea[e]]++] = eb[e];
            nbr[fill[eb[e]]++] = ea[e];
        }
        for (int i = 0; i < n; i++) {
            Arrays.sort(nbr, nbrStart[i], nbrStart[i + 1]);
        }
        nbrEdge = new int[nbr.length];
        for (int e = 0; e < ne; e++) {
            nbrEdge[Arrays.binarySearch(nbr, nbrStart[ea[e]], nbrStart[ea[e] + 1], eb[e])] = e;
            nbrEdge[Arrays.binarySearch(nbr, nbrStart[eb[e]], nbrStart[eb[e] + 1], ea[e])] = e;
        }
        vertexTriStart = new int[n + 1];
        for (int k = 0; k < tri.length; k++) {
            vertexTriStart[tri[k] + 1]++;
        }
        for (int i = 0; i < n; i++) {
            vertexTriStart[i + 1] += vertexTriStart[i];
        }
        vertexTris = new int[tri.length];
        fill = Arrays.copyOf(vertexTriStart, n);
        for (int k = 0; k < tri.length; k++) {
            vertexTris[fill[tri[k]]++] = k / 3;
        }
    }

    /**
     * Each vertex's slice: the rest shape cut across its widest axis into k slices of equal vertex counts, numbered
     * along the axis (ties by vertex index).
     */
    int[] slices(int k) {
        int axis = 0;
        double widest = -1;
        for (int d = 0; d < 3; d++) {
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                lo = Math.min(lo, rest[3 * i + d]);
                hi = Math.max(hi, rest[3 * i + d]);
            }
            if (hi - lo > widest) {
                widest = hi - lo;
                axis = d;
            }
        }
        Integer[] byAxis = new Integer[n];
        for (int i = 0; i < n; i++) {
            byAxis[i] = i;
        }
        int ax = axis;
        Arrays.sort(byAxis, (a, b) -> a.equals(b) ? 0 : rest[3 * a + ax] != rest[3 * b + ax]
                ? Double.compare(rest[3 * a + ax], rest[3 * b + ax]) : Integer.compare(a, b));
        int[] slice = new int[n];
        for (int r = 0; r < n; r++) {
            slice[byAxis[r]] = (int) ((long) r * k / Math.max(1, n));
        }
        return slice;
    }

    /** Reorders the constraints into the blocks of {@link #partStart}; returns the block starts. */
    private int[] partition(int[] part, int[] blockOf) {
        int nc = cA.length;
        // the rest shape in slabs of equal vertex counts along its widest axis
        System.arraycopy(slices(PARTS), 0, part, 0, n);
        // each slab's blocks; a constraint's sort key within its slab: its block, or after all blocks of the slab
        int blocks = 0;
        int[] slabBlocks = new int[PARTS + 1];
        for (int p = 0; p < PARTS; p++) {
            int slab = p;
            int[] members = java.util.stream.IntStream.range(0, n).filter(i -> part[i] == slab).toArray();
            slabBlocks[p] = blocks;
            blocks = split(members, 0, members.length, blockOf, blocks);
        }
        slabBlocks[PARTS] = blocks;
        int[] key = new int[nc];
        for (int c = 0; c < nc; c++) {
            int pa = part[cA[c]], pb = part[cB[c]];
            if (pa != pb) {
                key[c] = blocks + PARTS; // the crossing block, after every slab
            } else {
                int ba = blockOf[cA[c]], bb = blockOf[cB[c]];
                // within slab pa: its blocks' own constraints (keys of the blocks), then those joining two of them
                key[c] = ba == bb ? ba + pa : slabBlocks[pa + 1] + pa;
            }
        }
        // a stable counting sort by key keeps the pseudo-random order within each key
        int keys = blocks + PARTS + 1;
        int[] keyStart = new int[keys + 1];
        for (int c = 0; c < nc; c++) {
            keyStart[key[c] + 1]++;
        }
        for (int k = 0; k < keys; k++) {
            keyStart[k + 1] += keyStart[k];
        }
        int[] block = new int[nc];
        int[] count = new int[PARTS + 2];
        int[] order = new int[nc];
        int[] keyFill = Arrays.copyOf(keyStart, keys);
        for (int c = 0; c < nc; c++) {
            order[keyFill[key[c]]++] = c;
        }
        for (int c = 0; c < nc; c++) {
            int pa = part[cA[c]], pb = part[cB[c]];
            block[c] = pa == pb ? pa : PARTS;
            count[block[c] + 1]++;
        }
        for (int k = 0; k <= PARTS; k++) {
            count[k + 1] += count[k];
        }
        int[] starts = Arrays.copyOf(count, PARTS + 2);
        int[] fill = Arrays.copyOf(count, PARTS + 1);
        int[] na = new int[nc], nb = new int[nc];
        double[] nr = new double[nc], ncpl = new double[nc];
        boolean[] ne = new boolean[nc];
        for (int j = 0; j < nc; j++) {
            int c = order[j];
            int to = fill[block[c]]++;
            na[to] = cA[c];
            nb[to] = cB[c];
            nr[to] = cRest[c];
            ncpl[to] = cCompl[c];
            ne[to] = cEdge[c];
        }
        System.arraycopy(na, 0, cA, 0, nc);
        System.arraycopy(nb, 0, cB, 0, nc);
        System.arraycopy(nr, 0, cRest, 0, nc);
        System.arraycopy(ncpl, 0, cCompl, 0, nc);
        System.arraycopy(ne, 0, cEdge, 0, nc);
        return starts;
    }

    /**
     * Numbers the blocks of vertices {@code v[from, to)}: one block when they are at most {@link #BLOCK}, else the two
     * halves at the median along their widest axis in the rest shape, each split again. Returns the next block number.
     */
    private int split(int[] v, int from, int to, int[] blockOf, int next) {
        if (to - from <= BLOCK) {
            for (int k = from; k < to; k++) {
                blockOf[v[k]] = next;
            }
            return next + 1;
        }
        int axis = 0;
        double widest = -1;
        for (int d = 0; d < 3; d++) {
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            for (int k = from; k < to; k++) {
                lo = Math.min(lo, rest[3 * v[k] + d]);
                hi = Math.max(hi, rest[3 * v[k] + d]);
            }
            if (hi - lo > widest) {
                widest = hi - lo;
                axis = d;
            }
        }
        int ax = axis;
        Integer[] sorted = new Integer[to - from];
        for (int k = from; k < to; k++) {
            sorted[k - from] = v[k];
        }
        Arrays.sort(sorted, (a, b) -> rest[3 * a + ax] != rest[3 * b + ax]
                ? Double.compare(rest[3 * a + ax], rest[3 * b + ax]) : Integer.compare(a, b));
        for (int k = from; k < to; k++) {
            v[k] = sorted[k - from];
        }
        int mid = from + (to - from) / 2;
        return split(v, mid, to, blockOf, split(v, from, mid, blockOf, next));
    }

    int bends() {
        return cA.length - edges;
    }

    boolean adjacent(int i, int j) {
        return Arrays.binarySearch(nbr, nbrStart[i], nbrStart[i + 1], j) >= 0;
    }
}
