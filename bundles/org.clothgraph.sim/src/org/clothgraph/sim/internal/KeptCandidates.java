package org.clothgraph.sim.internal;

import java.util.Arrays;

import org.clothgraph.sim.internal.SelfCollider.PairList;

/**
 * The cloth-cloth candidate pairs of {@link SelfCollider}, kept over collision passes: a Verlet list (a neighbour list
 * with a skin, as in molecular dynamics) made exact, so that a pass gets the pairs, in the order, that its own search
 * ({@link SelfCollider#build}) would find.
 * <p>
 * <b>Kept boxes.</b> At a full search each vertex gets a kept box: its swept box (start to predicted position) grown
 * by half the thickness plus the skin; each triangle and edge the union of its vertices' kept boxes. The kept
 * candidates are the vertex-triangle and edge-edge pairs whose kept boxes overlap (listed by vertex and by lower
 * edge), found with the solver's two hashes, and a third of the vertices' kept boxes.
 * <p>
 * <b>A later pass</b> computes its current boxes as the search would (swept, grown by half the thickness). A pair
 * whose current boxes overlap has overlapping kept boxes wherever each current box lies inside its kept box, so it is
 * among the kept candidates. Where a vertex has left its kept box, the vertex gets a new kept box and so do its
 * triangles and edges; the pairs of these changed boxes are looked up (in the hashes for unchanged boxes, one by one
 * against the boxes changed since the full search, whose hash cells are out of date) and added. When too many have
 * changed, the pass searches afresh.
 * <p>
 * <b>Selection.</b> Of the candidates of each query (vertex or edge) the pass keeps those whose current boxes pass
 * the hash's own overlap test, and orders them as {@link BoxHash#query} would report them: a query visits its cells
 * in order (x, then y, then z index) and examines a pair only in the cell holding the lower corner of the two boxes'
 * intersection, whose bucket lists the boxes by id; so its hits come sorted by that cell, then by id, and a box two
 * of whose cells share that bucket comes once per such cell ({@link BoxHash#visits}). The pairs, their order and so
 * the contacts and the frames are those of the search (SelfCollisionReuseTest checks them pass by pass).
 */
final class KeptCandidates {
    private final ClothModel m;
    private final Workers workers;
    private final double half, skin;
    private final BoxHash triHash, edgeHash, vertHash;
    /** The current boxes (the search's: swept, grown by half the thickness), shared with {@link SelfCollider}. */
    private final double[] vertBox, triBox, edgeBox;
    private final double[] keptVert, keptTri, keptEdge;
    private final int[] triCells, edgeCells;
    private final boolean[] triShares, edgeShares;
    private final boolean[] escaped;
    private final int[] chunkEscaped;
    private final boolean[] chunkOk;
    private final PairList vfKept = new PairList(), eeKept = new PairList();
    private final int[] vfStart, eeStart;
    /** Pairs added since the full search, sorted by query then id, each once (queries' starts in vfXStart). */
    private final PairList vfExtra = new PairList(), eeExtra = new PairList();
    private final int[] vfXStart, eeXStart;
    private final boolean[] dirtyV, dirtyT, dirtyE, newT, newE;
    private final IntList dirtyVList = new IntList(), dirtyTList = new IntList(), dirtyEList = new IntList();
    private boolean kept;
    private long passes, searches, patches, rehashes, keptPairs;

    /** Growable list of ints. */
    static final class IntList {
        int size;
        int[] v = new int[64];

        void add(int i) {
            if (size == v.length) {
                v = Arrays.copyOf(v, 2 * size);
            }
            v[size++] = i;
        }
    }

    KeptCandidates(ClothModel model, double thickness, double skin, Workers workers, BoxHash triHash,
            BoxHash edgeHash, double[] triBox, double[] edgeBox) {
        this.m = model;
        this.workers = workers;
        this.half = 0.5 * thickness;
        this.skin = skin;
        this.triHash = triHash;
        this.edgeHash = edgeHash;
        this.triBox = triBox;
        this.edgeBox = edgeBox;
        int n = model.n, nt = model.tri.length / 3, ne = model.edges;
        vertHash = new BoxHash(triHash.cellSize(), n);
        vertBox = new double[6 * n];
        keptVert = new double[6 * n];
        keptTri = new double[6 * nt];
        keptEdge = new double[6 * ne];
        triCells = new int[6 * nt];
        edgeCells = new int[6 * ne];
        triShares = new boolean[nt];
        edgeShares = new boolean[ne];
        escaped = new boolean[n];
        int chunks = workers.maxChunks();
        chunkEscaped = new int[chunks];
        chunkOk = new boolean[chunks];
        vfStart = new int[n + 1];
        eeStart = new int[ne + 1];
        vfXStart = new int[n + 1];
        eeXStart = new int[ne + 1];
        dirtyV = new boolean[n];
        dirtyT = new boolean[nt];
        dirtyE = new boolean[ne];
        newT = new boolean[nt];
        newE = new boolean[ne];
    }

    /** Drops the kept candidates: the next pass searches afresh. */
    void forget() {
        kept = false;
    }

    /**
     * Passes, full searches, passes that added the pairs of changed boxes, kept candidates summed over the passes,
     * rebuilds of the hashes without a search.
     */
    long[] statistics() {
        return new long[] { passes, searches, patches, keptPairs, rehashes };
    }

    /** The boxes changed since the full search (their hash cells are out of date). */
    IntList changedEdges() {
        return dirtyEList;
    }

    IntList changedTriangles() {
        return dirtyTList;
    }

    /**
     * This pass's candidate pairs for the motion from xp to x into vf and ee (through the per-chunk lists), in the
     * search's order; the current boxes into triBox and edgeBox. Returns false, with nothing selected, where a
     * query box spans more cells than a sort key holds (the caller then searches).
     */
    boolean find(double[] xp, double[] x, PairList vf, PairList ee, PairList[] chunkVf, PairList[] chunkEe) {
        passes++;
        int escapes = currentBoxes(xp, x);
        int n = m.n;
        if (!kept || escapes < 0 || escapes > n / ESCAPES
                || vfExtra.size + eeExtra.size > (vfKept.size + eeKept.size) / ADDED) {
            keep(xp, x, chunkVf, chunkEe);
            searches++;
        } else if (escapes > 0) {
            patch(xp, x);
            patches++;
        }
        keptPairs += vfKept.size + eeKept.size + vfExtra.size + eeExtra.size;
        return select(vf, ee, chunkVf, chunkEe);
    }

    /**
     * The current boxes and their cells; returns how many vertices left their kept boxes (-1: a triangle or edge left
     * its kept box while its vertices stayed in theirs, which the boxes' construction rules out; searched afresh).
     */
    private int currentBoxes(double[] xp, double[] x) {
        int n = m.n, nt = m.tri.length / 3, ne = m.edges;
        int[] tri = m.tri;
        Arrays.fill(chunkEscaped, 0);
        Arrays.fill(chunkOk, true);
        workers.forRange(n, 4096, (chunk, from, to) -> {
            int[] one = new int[1];
            int out = 0;
            for (int i = from; i < to; i++) {
                one[0] = i;
                SelfCollider.sweptBox(x, xp, one, 0, 1, half, vertBox, 6 * i);
                escaped[i] = !inside(vertBox, keptVert, 6 * i);
                out += escaped[i] ? 1 : 0;
            }
            chunkEscaped[chunk] = out;
        });
        workers.forRange(nt, 4096, (chunk, from, to) -> {
            int[] scratch = new int[64];
            boolean ok = true;
            for (int t = from; t < to; t++) {
                int o = 6 * t;
                SelfCollider.sweptBox(x, xp, tri, 3 * t, 3, half, triBox, o);
                ok &= inside(triBox, keptTri, o) || escaped[tri[3 * t]] || escaped[tri[3 * t + 1]]
                        || escaped[tri[3 * t + 2]];
                if (cells(triHash, triBox, triCells, o)) {
                    triShares[t] = triHash.sharesBucket(triCells, o, scratch);
                }
            }
            chunkOk[chunk] &= ok;
        });
        workers.forRange(ne, 4096, (chunk, from, to) -> {
            int[] pair = new int[2], scratch = new int[64];
            boolean ok = true;
            for (int e = from; e < to; e++) {
                int o = 6 * e;
                pair[0] = m.eA[e];
                pair[1] = m.eB[e];
                SelfCollider.sweptBox(x, xp, pair, 0, 2, half, edgeBox, o);
                ok &= inside(edgeBox, keptEdge, o) || escaped[pair[0]] || escaped[pair[1]];
                if (cells(edgeHash, edgeBox, edgeCells, o)) {
                    edgeShares[e] = edgeHash.sharesBucket(edgeCells, o, scratch);
                }
            }
            chunkOk[chunk] &= ok;
        });
        int count = 0;
        for (int c = 0; c < chunkEscaped.length; c++) {
            count += chunkEscaped[c];
            if (!chunkOk[c]) {
                return -1;
            }
        }
        return count;
    }

    /** Writes the cell bounds of box o; returns whether they changed. */
    private static boolean cells(BoxHash h, double[] box, int[] cells, int o) {
        boolean changed = false;
        for (int k = o; k < o + 6; k++) {
            int c = h.c(box[k]);
            if (c != cells[k]) {
                cells[k] = c;
                changed = true;
            }
        }
        return changed;
    }

    private static boolean inside(double[] b, double[] outer, int o) {
        return b[o] >= outer[o] && b[o + 1] >= outer[o + 1] && b[o + 2] >= outer[o + 2] && b[o + 3] <= outer[o + 3]
                && b[o + 4] <= outer[o + 4] && b[o + 5] <= outer[o + 5];
    }

    /** The overlap test of {@link BoxHash#query}: box a[p..p+6) and box b[o..o+6). */
    static boolean overlaps(double[] a, int p, double[] b, int o) {
        return !(Math.max(a[p], b[o]) > Math.min(a[p + 3], b[o + 3])
                || Math.max(a[p + 1], b[o + 1]) > Math.min(a[p + 4], b[o + 4])
                || Math.max(a[p + 2], b[o + 2]) > Math.min(a[p + 5], b[o + 5]));
    }

    /**
     * Vertex i's kept box: its swept box, extended {@link #LEAD} passes ahead along the pass's motion, grown by half
     * the thickness plus the skin.
     */
    private void keptVertex(double[] xp, double[] x, int i, int[] one) {
        one[0] = i;
        double g = half + skin;
        SelfCollider.sweptBox(x, xp, one, 0, 1, g, keptVert, 6 * i);
        for (int a = 0; a < 3; a++) {
            double ahead = x[3 * i + a] + LEAD * (x[3 * i + a] - xp[3 * i + a]);
            keptVert[6 * i + a] = Math.min(keptVert[6 * i + a], ahead - g);
            keptVert[6 * i + 3 + a] = Math.max(keptVert[6 * i + 3 + a], ahead + g);
        }
    }

    /**
     * How many passes ahead a kept box reaches along the vertex's motion in the pass it was made for (the cloth moves
     * on: without it, the walking robe left its kept boxes within a few passes).
     */
    static final int LEAD = 4;
    /** A pass where more than 1/ESCAPES of the vertices left their kept boxes searches afresh. */
    private static final int ESCAPES = 16;
    /** A pass searches afresh once the pairs added since the last search exceed 1/ADDED of the kept ones. */
    private static final int ADDED = 4;

    /** The hashes of the kept boxes as they are: none is changed since. */
    private void rehash() {
        buildHashes();
        clear(dirtyVList, dirtyV);
        clear(dirtyTList, dirtyT);
        clear(dirtyEList, dirtyE);
    }

    /**
     * The three hashes of the kept boxes, built at the same time (each its own arrays): the edges' on one thread, the
     * triangles' and then the vertices' on the other (at 28,851 vertices 86,000 boxes against 57,000 + 29,000).
     */
    private void buildHashes() {
        workers.forRange(2, 1, (chunk, from, to) -> {
            for (int k = from; k < to; k++) {
                if (k == 0) {
                    edgeHash.build(keptEdge, m.edges);
                } else {
                    triHash.build(keptTri, m.tri.length / 3);
                    vertHash.build(keptVert, m.n);
                }
            }
        });
    }

    /** A full search with the kept boxes. */
    private void keep(double[] xp, double[] x, PairList[] chunkVf, PairList[] chunkEe) {
        int n = m.n, nt = m.tri.length / 3, ne = m.edges;
        int[] tri = m.tri;
        workers.forRange(n, 4096, (chunk, from, to) -> {
            int[] one = new int[1];
            for (int i = from; i < to; i++) {
                keptVertex(xp, x, i, one);
            }
        });
        workers.forRange(nt, 4096, (chunk, from, to) -> {
            for (int t = from; t < to; t++) {
                union(keptVert, tri, 3 * t, 3, keptTri, 6 * t);
            }
        });
        workers.forRange(ne, 4096, (chunk, from, to) -> {
            int[] pair = new int[2];
            for (int e = from; e < to; e++) {
                pair[0] = m.eA[e];
                pair[1] = m.eB[e];
                union(keptVert, pair, 0, 2, keptEdge, 6 * e);
            }
        });
        buildHashes();
        SelfCollider.collectPairs(m, workers, triHash, edgeHash, keptVert, keptEdge, chunkVf, chunkEe, vfKept, eeKept);
        starts(vfKept, vfStart, n);
        starts(eeKept, eeStart, ne);
        clear(dirtyVList, dirtyV);
        clear(dirtyTList, dirtyT);
        clear(dirtyEList, dirtyE);
        vfExtra.size = 0;
        eeExtra.size = 0;
        Arrays.fill(vfXStart, 0);
        Arrays.fill(eeXStart, 0);
        kept = true;
    }

    private boolean sharesVertex(int e, int f) {
        int a = m.eA[e], b = m.eB[e], c = m.eA[f], d = m.eB[f];
        return c == a || c == b || d == a || d == b;
    }

    private static boolean hasVertex(int[] tri, int t, int i) {
        return tri[3 * t] == i || tri[3 * t + 1] == i || tri[3 * t + 2] == i;
    }

    private static void clear(IntList list, boolean[] flags) {
        for (int k = 0; k < list.size; k++) {
            flags[list.v[k]] = false;
        }
        list.size = 0;
    }

    /**
     * The vertices that left their kept boxes get new ones, and so do their triangles and edges; the pairs of the
     * changed boxes are added. A pair both of whose boxes last changed before this pass was listed then (or at the
     * full search); one with a box changed now is found here: against unchanged boxes in the hashes (whose cells are
     * theirs), against boxes changed since the full search one by one.
     */
    private void patch(double[] xp, double[] x) {
        int n = m.n;
        int[] tri = m.tri;
        int[] one = new int[1];
        IntList nv = new IntList(), nt = new IntList(), nE = new IntList();
        for (int i = 0; i < n; i++) {
            if (!escaped[i]) {
                continue;
            }
            keptVertex(xp, x, i, one);
            nv.add(i);
            if (!dirtyV[i]) {
                dirtyV[i] = true;
                dirtyVList.add(i);
            }
            for (int k = m.vertexTriStart[i]; k < m.vertexTriStart[i + 1]; k++) {
                int t = m.vertexTris[k];
                if (!newT[t]) {
                    newT[t] = true;
                    nt.add(t);
                }
            }
            for (int k = m.nbrStart[i]; k < m.nbrStart[i + 1]; k++) {
                int e = m.nbrEdge[k];
                if (!newE[e]) {
                    newE[e] = true;
                    nE.add(e);
                }
            }
        }
        int[] pair = new int[2];
        for (int k = 0; k < nt.size; k++) {
            int t = nt.v[k];
            newT[t] = false;
            union(keptVert, tri, 3 * t, 3, keptTri, 6 * t);
            if (!dirtyT[t]) {
                dirtyT[t] = true;
                dirtyTList.add(t);
            }
        }
        for (int k = 0; k < nE.size; k++) {
            int e = nE.v[k];
            newE[e] = false;
            pair[0] = m.eA[e];
            pair[1] = m.eB[e];
            union(keptVert, pair, 0, 2, keptEdge, 6 * e);
            if (!dirtyE[e]) {
                dirtyE[e] = true;
                dirtyEList.add(e);
            }
        }
        if ((long) nv.size * dirtyTList.size + (long) nt.size * dirtyVList.size + (long) nE.size * dirtyEList.size
                > 8L * n) {
            // cheaper than comparing the changed boxes one by one: the hashes of the kept boxes as they are now
            rehash();
            rehashes++;
        }
        BoxHash.Hits hits = new BoxHash.Hits();
        double[] kv = keptVert, kt = keptTri, ke = keptEdge;
        for (int k = 0; k < nv.size; k++) {
            int i = nv.v[k], q = 6 * i;
            triHash.query(kv[q], kv[q + 1], kv[q + 2], kv[q + 3], kv[q + 4], kv[q + 5], -1, hits);
            for (int h = 0; h < hits.size; h++) {
                int t = hits.ids[h];
                if (!dirtyT[t] && !hasVertex(tri, t, i)) {
                    vfExtra.add(i, t);
                }
            }
            for (int h = 0; h < dirtyTList.size; h++) {
                int t = dirtyTList.v[h];
                if (overlaps(kv, q, kt, 6 * t) && !hasVertex(tri, t, i)) {
                    vfExtra.add(i, t);
                }
            }
        }
        for (int k = 0; k < nt.size; k++) {
            int t = nt.v[k], q = 6 * t;
            vertHash.query(kt[q], kt[q + 1], kt[q + 2], kt[q + 3], kt[q + 4], kt[q + 5], -1, hits);
            for (int h = 0; h < hits.size; h++) {
                int i = hits.ids[h];
                if (!dirtyV[i] && !hasVertex(tri, t, i)) {
                    vfExtra.add(i, t);
                }
            }
            for (int h = 0; h < dirtyVList.size; h++) {
                int i = dirtyVList.v[h];
                if (overlaps(kv, 6 * i, kt, q) && !hasVertex(tri, t, i)) {
                    vfExtra.add(i, t);
                }
            }
        }
        for (int k = 0; k < nE.size; k++) {
            int e = nE.v[k], q = 6 * e;
            edgeHash.query(ke[q], ke[q + 1], ke[q + 2], ke[q + 3], ke[q + 4], ke[q + 5], -1, hits);
            for (int h = 0; h < hits.size; h++) {
                int f = hits.ids[h];
                if (!dirtyE[f] && f != e && !sharesVertex(e, f)) {
                    eeExtra.add(Math.min(e, f), Math.max(e, f));
                }
            }
            for (int h = 0; h < dirtyEList.size; h++) {
                int f = dirtyEList.v[h];
                if (f != e && overlaps(ke, q, ke, 6 * f) && !sharesVertex(e, f)) {
                    eeExtra.add(Math.min(e, f), Math.max(e, f));
                }
            }
        }
        sortUnique(vfExtra);
        sortUnique(eeExtra);
        starts(vfExtra, vfXStart, n);
        starts(eeExtra, eeXStart, m.edges);
    }

    /** Sorts the pairs by (a, b) and drops repeats. */
    private static void sortUnique(PairList p) {
        long[] keys = new long[p.size];
        for (int k = 0; k < p.size; k++) {
            keys[k] = (long) p.a[k] << 32 | p.b[k];
        }
        Arrays.sort(keys);
        p.size = 0;
        for (int k = 0; k < keys.length; k++) {
            if (k == 0 || keys[k] != keys[k - 1]) {
                p.add((int) (keys[k] >>> 32), (int) keys[k]);
            }
        }
    }

    /** start[q] = the first pair of query q in p (listed by ascending query). */
    private static void starts(PairList p, int[] start, int queries) {
        int k = 0;
        for (int q = 0; q <= queries; q++) {
            while (k < p.size && p.a[k] < q) {
                k++;
            }
            start[q] = k;
        }
    }

    /** The box holding the boxes of the listed ids. */
    private static void union(double[] boxes, int[] idx, int off, int count, double[] box, int b) {
        double x0 = Double.POSITIVE_INFINITY, y0 = x0, z0 = x0, x1 = Double.NEGATIVE_INFINITY, y1 = x1, z1 = x1;
        for (int k = 0; k < count; k++) {
            int o = 6 * idx[off + k];
            x0 = Math.min(x0, boxes[o]);
            y0 = Math.min(y0, boxes[o + 1]);
            z0 = Math.min(z0, boxes[o + 2]);
            x1 = Math.max(x1, boxes[o + 3]);
            y1 = Math.max(y1, boxes[o + 4]);
            z1 = Math.max(z1, boxes[o + 5]);
        }
        box[b] = x0;
        box[b + 1] = y0;
        box[b + 2] = z0;
        box[b + 3] = x1;
        box[b + 4] = y1;
        box[b + 5] = z1;
    }

    /** The candidates whose current boxes overlap, per query in the hash's order (see the class comment). */
    private boolean select(PairList vf, PairList ee, PairList[] chunkVf, PairList[] chunkEe) {
        int n = m.n, ne = m.edges;
        for (PairList p : chunkVf) {
            p.size = 0;
        }
        for (PairList p : chunkEe) {
            p.size = 0;
        }
        Arrays.fill(chunkOk, true);
        workers.forChunks(n, 1024, (chunk, from, to) -> {
            PairList out = chunkVf[chunk];
            long[][] keys = { new long[64] };
            int[] q = new int[6];
            for (int i = from; i < to; i++) {
                int p = 6 * i;
                for (int k = 0; k < 6; k++) {
                    q[k] = triHash.c(vertBox[p + k]);
                }
                if (!selectQuery(i, vertBox, p, q, vfKept.b, vfStart[i], vfStart[i + 1], vfExtra.b, vfXStart[i],
                        vfXStart[i + 1], triBox, triCells, triShares, triHash, keys, out)) {
                    chunkOk[chunk] = false;
                    return;
                }
            }
        });
        workers.forChunks(ne, 2048, (chunk, from, to) -> {
            PairList out = chunkEe[chunk];
            long[][] keys = { new long[64] };
            int[] q = new int[6];
            for (int e = from; e < to; e++) {
                int p = 6 * e;
                System.arraycopy(edgeCells, p, q, 0, 6);
                if (!selectQuery(e, edgeBox, p, q, eeKept.b, eeStart[e], eeStart[e + 1], eeExtra.b, eeXStart[e],
                        eeXStart[e + 1], edgeBox, edgeCells, edgeShares, edgeHash, keys, out)) {
                    chunkOk[chunk] = false;
                    return;
                }
            }
        });
        for (boolean ok : chunkOk) {
            if (!ok) {
                return false;
            }
        }
        SelfCollider.concatenate(chunkVf, chunkEe, vf, ee);
        return true;
    }

    /**
     * One query's pairs: the candidates ids[from..to) and extra[xFrom..xTo) whose boxes overlap the query box
     * qBox[p..p+6) (cells q), sorted by the cell the hash examines the pair in, then by id, each repeated as often as
     * the hash reports it. False if the query box spans too many cells for the sort key.
     */
    private static boolean selectQuery(int query, double[] qBox, int p, int[] q, int[] ids, int from, int to,
            int[] extra, int xFrom, int xTo, double[] boxes, int[] cells, boolean[] shares, BoxHash hash,
            long[][] keyBuffer, PairList out) {
        long ny = q[4] - q[1] + 1, nz = q[5] - q[2] + 1;
        if ((q[3] - q[0] + 1) * ny * nz >= 1L << 31) {
            return false;
        }
        long[] keys = keyBuffer[0];
        int count = 0;
        for (int pass = 0; pass < 2; pass++) {
            int[] list = pass == 0 ? ids : extra;
            for (int k = pass == 0 ? from : xFrom, end = pass == 0 ? to : xTo; k < end; k++) {
                int t = list[k], o = 6 * t;
                if (!overlaps(qBox, p, boxes, o)) {
                    continue;
                }
                long cell = ((Math.max(q[0], cells[o]) - q[0]) * ny + (Math.max(q[1], cells[o + 1]) - q[1])) * nz
                        + (Math.max(q[2], cells[o + 2]) - q[2]);
                if (count == keys.length) {
                    keys = keyBuffer[0] = Arrays.copyOf(keys, 2 * count);
                }
                keys[count++] = cell << 32 | t;
            }
        }
        sort(keys, count);
        for (int k = 0; k < count; k++) {
            if (k > 0 && keys[k] == keys[k - 1]) {
                continue;
            }
            int t = (int) keys[k], o = 6 * t;
            int visits = shares[t] ? hash.visits(cells, o, Math.max(q[0], cells[o]), Math.max(q[1], cells[o + 1]),
                    Math.max(q[2], cells[o + 2])) : 1;
            for (int v = 0; v < visits; v++) {
                out.add(query, t);
            }
        }
        return true;
    }

    /** Sorts keys[0..count) ascending (insertion sort for the usual few, else the library's). */
    private static void sort(long[] keys, int count) {
        if (count > 32) {
            Arrays.sort(keys, 0, count);
            return;
        }
        for (int k = 1; k < count; k++) {
            long v = keys[k];
            int j = k - 1;
            while (j >= 0 && keys[j] > v) {
                keys[j + 1] = keys[j];
                j--;
            }
            keys[j + 1] = v;
        }
    }
}
