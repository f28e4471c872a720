package org.clothgraph.sim.internal;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Untangling cloth that already passes through itself, by intersection contour minimisation (Volino and
 * Magnenat-Thalmann 2006, "Resolving surface collisions through intersection contour minimization"). Contacts
 * ({@link SelfCollider}) hold a pair on the side it was on when a pass began, so once two layers have crossed
 * (cloth pinched between two body parts, where not every contact can be met) they hold the crossing too: the
 * jumping jacks left hundreds of crossings that persisted to the end of the run.
 * <p>
 * Where two parts of the cloth pass through each other, their surfaces meet along intersection contours; the
 * contours are made of points where a mesh edge crosses a triangle. Each such point is linked to its neighbours
 * along the contour (the other end of the segment that the edge's triangles and the crossed triangle have in
 * common), and the sum of the unit vectors to them is the direction in which moving the point shortens the contour
 * the most. Moving the triangle along its normal relative to the edge moves the point in the triangle's plane
 * along a fixed direction; the edge and the triangle are moved apart along the normal, by {@code step} and
 * weighted by their inverse masses, in the sense that moves the point that way. A contour shrinks until it
 * vanishes and the layers have passed back through each other; no side has to be known or guessed.
 * <p>
 * A contact between the two sides of a crossing (an end of the edge and a corner of the triangle) is dropped while
 * the crossing lasts ({@link #across}): it would hold the layers in their crossed order against the correction.
 * Dropping every contact between any two vertices of any crossings, as at first, let the layers pass through each
 * other wherever crossings were many (the demo's jumping jacks: thousands of crossings at every arm raise). The displacements are summed per vertex and averaged
 * (Jacobi), in edge order: the result does not depend on the thread count.
 */
final class Untangler {
    private final ClothModel m;
    private final Workers workers;
    private final BoxHash triHash;
    private final double[] triBox;
    /** The triangles on each mesh edge (-1 where the edge is a border), two per edge. */
    private final int[] edgeTri;
    /** The mesh edges of each triangle, three per triangle. */
    private final int[] triEdge;
    private final Crossings[] chunkCrossings;
    private final Crossings crossings = new Crossings();
    private final boolean[] tangled;
    private final double[] dx;
    private final int[] count;

    /** Edge-triangle crossings: edge, triangle, edge parameter of the crossing point. */
    static final class Crossings {
        int size;
        int[] e = new int[64], t = new int[64];
        double[] s = new double[64];

        void add(int edge, int triangle, double param) {
            if (size == e.length) {
                e = Arrays.copyOf(e, 2 * size);
                t = Arrays.copyOf(t, 2 * size);
                s = Arrays.copyOf(s, 2 * size);
            }
            e[size] = edge;
            t[size] = triangle;
            s[size] = param;
            size++;
        }

        void addAll(Crossings o) {
            for (int k = 0; k < o.size; k++) {
                add(o.e[k], o.t[k], o.s[k]);
            }
        }
    }

    Untangler(ClothModel model, Workers workers) {
        this.m = model;
        this.workers = workers;
        int nt = model.tri.length / 3;
        triHash = new BoxHash(Math.max(model.meanEdge, 1e-4), nt);
        triBox = new double[6 * nt];
        Map<Long, Integer> edgeOf = new HashMap<>();
        for (int e = 0; e < model.edges; e++) {
            edgeOf.put(key(model.eA[e], model.eB[e]), e);
        }
        edgeTri = new int[2 * model.edges];
        Arrays.fill(edgeTri, -1);
        triEdge = new int[model.tri.length];
        for (int t = 0; t < nt; t++) {
            for (int k = 0; k < 3; k++) {
                int e = edgeOf.get(key(model.tri[3 * t + k], model.tri[3 * t + (k + 1) % 3]));
                triEdge[3 * t + k] = e;
                if (edgeTri[2 * e] < 0) {
                    edgeTri[2 * e] = t;
                } else if (edgeTri[2 * e + 1] < 0) {
                    edgeTri[2 * e + 1] = t;
                }
            }
        }
        int chunks = Math.max(1, workers.threads());
        chunkCrossings = new Crossings[chunks];
        for (int i = 0; i < chunks; i++) {
            chunkCrossings[i] = new Crossings();
        }
        movedEdge = new boolean[model.edges];
        movedTri = new boolean[nt];
        triIds = new int[nt];
        edgeIds = new int[model.edges];
        tangled = new boolean[model.n];
        dx = new double[3 * model.n];
        count = new int[model.n];
    }

    /** Scratch: the edges and triangles with a vertex the last pass's contact solve moved far. */
    private final boolean[] movedEdge, movedTri;
    private final KeptCandidates.IntList movedEdges = new KeptCandidates.IntList(),
            movedTris = new KeptCandidates.IntList();
    private final BoxHash.Hits pairHits = new BoxHash.Hits();

    /** Length of the sum of the unit vectors to a contour point's neighbours below which it is not moved. */
    private static final double MIN_TURN = 0.01;

    private long key(int a, int b) {
        return (long) Math.min(a, b) * m.n + Math.max(a, b);
    }

    /** Edges the last search looked at. */
    int searchedEdges() {
        return searched;
    }

    /** The edge-triangle crossings of the cloth at positions {@code x} (a full search; nothing moved). */
    int countCrossings(double[] x) {
        find(x, null);
        return crossings.size;
    }

    /** Crossings last found. */
    int crossings() {
        return crossings.size;
    }

    /**
     * Finds the edge-triangle crossings of the cloth at positions {@code xs}, marks their vertices as tangled and
     * moves {@code x} (the positions being solved) by one contour-minimisation step of {@code step} metres per
     * crossing. Returns the number of crossings acted on.
     */
    int untangle(double[] xs, double[] x, double step) {
        return untangle(xs, x, step, null);
    }

    /**
     * As {@link #untangle(double[], double[], double)}, with the search for crossings restricted to the edges and
     * triangles with a vertex in {@code near} (null: all): when the caller knows that any crossing at {@code xs} has
     * a vertex of its edge and one of its triangle there, the crossings found, and their order, are those of the full
     * search.
     */
    int untangle(double[] xs, double[] x, double step, boolean[] near) {
        find(xs, near);
        return untangleFound(xs, x, step);
    }

    /**
     * As {@link #untangle(double[], double[], double, boolean[])} where the caller also knows the pairs that put the
     * vertices in {@code near}: any crossing at {@code xs} began on the way there when an end of its edge touched its
     * triangle or its edge touched an edge of the triangle, and that touching pair is among the vertex-triangle pairs
     * {@code closeVf} or the edge-edge pairs {@code closeEe} (see {@link XpbdSolver}). The edges and triangles of
     * those pairs are tested first, pair by pair; only if one of them crosses is the search run (so the crossings
     * found, and their order, are the search's). With {@code check} the search is run anyway and must find nothing
     * when the pairs did (tests).
     */
    int untangle(double[] xs, double[] x, double step, boolean[] near, SelfCollider close, boolean check) {
        if (crossesAmong(xs, close)) {
            pairChecksFound++;
            return untangle(xs, x, step, near);
        }
        pairChecksClear++;
        if (check) {
            find(xs, near);
            if (crossings.size > 0) {
                throw new IllegalStateException("the close pairs crossed nowhere, the restricted search found "
                        + crossings.size + " crossings (edge " + crossings.e[0] + ", triangle " + crossings.t[0] + ")");
            }
        }
        // as a search finding nothing leaves it (the last one found nothing either: no vertex is marked tangled)
        crossings.size = 0;
        pairCount = 0;
        searched = 0;
        return 0;
    }

    /** Pair checks that found no crossing (no search) and that found one (the search then ran). */
    long[] pairChecks() {
        return new long[] { pairChecksClear, pairChecksFound };
    }

    private long pairChecksFound, pairChecksClear;

    /**
     * Whether, at positions x, an edge at the vertex of a pair in closeVf crosses the pair's triangle, or an edge of
     * a pair in closeEe crosses a triangle on the other edge of the pair (an edge and a triangle sharing a vertex never
     * count, as in the search).
     */
    private boolean crossesAmong(double[] x, SelfCollider close) {
        int[] tri = m.tri;
        for (SelfCollider.PairList p : close.nearVf) {
            for (int k = 0; k < p.size; k++) {
                int i = p.a[k], t = p.b[k];
                // the triangle's plane once: an edge at i crosses it only where its other end is on the other side
                int o0 = 3 * tri[3 * t], o1 = 3 * tri[3 * t + 1], o2 = 3 * tri[3 * t + 2];
                double ux = x[o1] - x[o0], uy = x[o1 + 1] - x[o0 + 1], uz = x[o1 + 2] - x[o0 + 2];
                double vx = x[o2] - x[o0], vy = x[o2 + 1] - x[o0 + 1], vz = x[o2 + 2] - x[o0 + 2];
                double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
                int oi = 3 * i;
                double di = (x[oi] - x[o0]) * nx + (x[oi + 1] - x[o0 + 1]) * ny + (x[oi + 2] - x[o0 + 2]) * nz;
                if (di == 0) {
                    continue;
                }
                for (int j = m.nbrStart[i]; j < m.nbrStart[i + 1]; j++) {
                    int e = m.nbrEdge[j], oj = 3 * m.nbr[j];
                    double dj = (x[oj] - x[o0]) * nx + (x[oj + 1] - x[o0 + 1]) * ny + (x[oj + 2] - x[o0 + 2]) * nz;
                    if ((di > 0) != (dj > 0) && dj != 0 && crosses(x, e, t, tri)) {
                        return true;
                    }
                }
            }
        }
        for (SelfCollider.PairList p : close.nearEe) {
            for (int k = 0; k < p.size; k++) {
                int e = p.a[k], f = p.b[k];
                for (int side = 0; side < 2; side++) {
                    if (crosses(x, e, edgeTri[2 * f + side], tri) || crosses(x, f, edgeTri[2 * e + side], tri)) {
                        return true;
                    }
                }
            }
        }
        SelfCollider.PairList et = close.nearEt;
        for (int k = 0; k < et.size; k++) {
            if (crosses(x, et.a[k], et.b[k], tri)) {
                return true;
            }
        }
        // an edge and a triangle that both have a vertex the contact solve moved far: each against each
        KeptCandidates.IntList moved = close.movedVertices;
        if (moved.size == 0) {
            return false;
        }
        movedEdges.size = 0;
        movedTris.size = 0;
        for (int k = 0; k < moved.size; k++) {
            int i = moved.v[k];
            for (int j = m.nbrStart[i]; j < m.nbrStart[i + 1]; j++) {
                if (!movedEdge[m.nbrEdge[j]]) {
                    movedEdge[m.nbrEdge[j]] = true;
                    movedEdges.add(m.nbrEdge[j]);
                }
            }
            for (int j = m.vertexTriStart[i]; j < m.vertexTriStart[i + 1]; j++) {
                if (!movedTri[m.vertexTris[j]]) {
                    movedTri[m.vertexTris[j]] = true;
                    movedTris.add(m.vertexTris[j]);
                }
            }
        }
        // through the search's hash, holding the moved triangles only (their boxes at x)
        boolean found = false;
        for (int b = 0; b < movedTris.size; b++) {
            triangleBox(x, movedTris.v[b]);
        }
        if (movedTris.size > 0) {
            Arrays.sort(movedTris.v, 0, movedTris.size);
            triHash.build(triBox, tri.length / 3, movedTris.v, movedTris.size);
            BoxHash.Hits hits = pairHits;
            for (int a = 0; a < movedEdges.size && !found; a++) {
                int e = movedEdges.v[a];
                queryEdge(x, e, hits);
                for (int k = 0; k < hits.size; k++) {
                    if (crosses(x, e, hits.ids[k], tri)) {
                        found = true;
                        break;
                    }
                }
            }
        }
        for (int a = 0; a < movedEdges.size; a++) {
            movedEdge[movedEdges.v[a]] = false;
        }
        for (int b = 0; b < movedTris.size; b++) {
            movedTri[movedTris.v[b]] = false;
        }
        return found;
    }

    /** Triangle t's box at positions x, into {@link #triBox}. */
    private void triangleBox(double[] x, int t) {
        int[] tri = m.tri;
        int a = 3 * tri[3 * t], b = 3 * tri[3 * t + 1], c = 3 * tri[3 * t + 2];
        int q = 6 * t;
        for (int k = 0; k < 3; k++) {
            triBox[q + k] = Math.min(x[a + k], Math.min(x[b + k], x[c + k]));
            triBox[q + 3 + k] = Math.max(x[a + k], Math.max(x[b + k], x[c + k]));
        }
    }

    /** The triangles in {@link #triHash} whose boxes meet edge e's box at positions x, into hits. */
    private void queryEdge(double[] x, int e, BoxHash.Hits hits) {
        int oa = 3 * m.eA[e], ob = 3 * m.eB[e];
        triHash.query(Math.min(x[oa], x[ob]), Math.min(x[oa + 1], x[ob + 1]), Math.min(x[oa + 2], x[ob + 2]),
                Math.max(x[oa], x[ob]), Math.max(x[oa + 1], x[ob + 1]), Math.max(x[oa + 2], x[ob + 2]), -1, hits);
    }

    /** Whether edge e crosses triangle t (-1: none) at x; never where the two share a vertex. */
    private boolean crosses(double[] x, int e, int t, int[] tri) {
        if (t < 0) {
            return false;
        }
        int a = m.eA[e], b = m.eB[e];
        int v0 = tri[3 * t], v1 = tri[3 * t + 1], v2 = tri[3 * t + 2];
        if (v0 == a || v0 == b || v1 == a || v1 == b || v2 == a || v2 == b) {
            return false;
        }
        return crossing(x, 3 * a, 3 * b, 3 * v0, 3 * v1, 3 * v2) >= 0;
    }

    /** Undoes one step of the crossings just found (see {@link #untangle(double[], double[], double)}). */
    private int untangleFound(double[] xs, double[] x, double step) {
        if (crossings.size == 0) {
            return 0;
        }
        Map<Long, Integer> at = new HashMap<>(2 * crossings.size);
        long nt = m.tri.length / 3;
        for (int k = 0; k < crossings.size; k++) {
            at.put(crossings.e[k] * nt + crossings.t[k], k);
        }
        double[] p = new double[3 * crossings.size];
        for (int k = 0; k < crossings.size; k++) {
            int a = 3 * m.eA[crossings.e[k]], b = 3 * m.eB[crossings.e[k]];
            double s = crossings.s[k];
            for (int j = 0; j < 3; j++) {
                p[3 * k + j] = xs[a + j] + s * (xs[b + j] - xs[a + j]);
            }
        }
        int acted = 0;
        double[] w = m.w;
        for (int k = 0; k < crossings.size; k++) {
            int e = crossings.e[k], t = crossings.t[k];
            // the contour's neighbours: the other ends of the segments in which the edge's triangles meet t
            double gx = 0, gy = 0, gz = 0;
            int links = 0;
            for (int side = 0; side < 2; side++) {
                int ta = edgeTri[2 * e + side];
                if (ta < 0) {
                    continue;
                }
                for (int j = 0; j < 3; j++) {
                    int e2 = triEdge[3 * ta + j];
                    if (e2 != e) {
                        Integer q = at.get(e2 * nt + t);
                        if (q != null) {
                            double[] g = toward(p, k, q);
                            links++;
                            gx += g[0];
                            gy += g[1];
                            gz += g[2];
                        }
                    }
                    Integer q = at.get(triEdge[3 * t + j] * nt + ta);
                    if (q != null) {
                        double[] g = toward(p, k, q);
                        links++;
                        gx += g[0];
                        gy += g[1];
                        gz += g[2];
                    }
                }
            }
            // a point inside a contour has two neighbours on it; where the contour is nearly straight its length
            // hardly depends on the point and the sense of a move would be decided by rounding
            if (links != 2 || gx * gx + gy * gy + gz * gz < MIN_TURN * MIN_TURN) {
                continue;
            }
            int ia = m.eA[e], ib = m.eB[e];
            int oa = 3 * ia, ob = 3 * ib;
            int va = m.tri[3 * t], vb = m.tri[3 * t + 1], vc = m.tri[3 * t + 2];
            int o0 = 3 * va, o1 = 3 * vb, o2 = 3 * vc;
            double ux = xs[o1] - xs[o0], uy = xs[o1 + 1] - xs[o0 + 1], uz = xs[o1 + 2] - xs[o0 + 2];
            double vx = xs[o2] - xs[o0], vy = xs[o2 + 1] - xs[o0 + 1], vz = xs[o2 + 2] - xs[o0 + 2];
            double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
            double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (nl < 1e-18) {
                continue;
            }
            nx /= nl;
            ny /= nl;
            nz /= nl;
            double ex = xs[ob] - xs[oa], ey = xs[ob + 1] - xs[oa + 1], ez = xs[ob + 2] - xs[oa + 2];
            double dn = ex * nx + ey * ny + ez * nz;
            if (Math.abs(dn) < 1e-12) {
                continue;
            }
            // moving the triangle by +delta along its normal relative to the edge moves the crossing point by
            // delta (e / (e.n) - n) in the triangle's plane
            double rx = ex / dn - nx, ry = ey / dn - ny, rz = ez / dn - nz;
            double gr = gx * rx + gy * ry + gz * rz;
            if (gr == 0) {
                continue;
            }
            double sign = Math.signum(gr);
            // barycentrics of the crossing point in t
            double[] bc = barycentric(xs, o0, o1, o2, p, k);
            double s = crossings.s[k];
            double ws = (1 - s) * (1 - s) * w[ia] + s * s * w[ib] + bc[0] * bc[0] * w[va] + bc[1] * bc[1] * w[vb]
                    + bc[2] * bc[2] * w[vc];
            if (ws == 0) {
                continue;
            }
            double lam = sign * step / ws;
            add(ia, -lam * w[ia] * (1 - s), nx, ny, nz);
            add(ib, -lam * w[ib] * s, nx, ny, nz);
            add(va, lam * w[va] * bc[0], nx, ny, nz);
            add(vb, lam * w[vb] * bc[1], nx, ny, nz);
            add(vc, lam * w[vc] * bc[2], nx, ny, nz);
            acted++;
        }
        for (int k = 0; k < crossings.size; k++) {
            int e = crossings.e[k], t = crossings.t[k];
            apply(m.eA[e], x);
            apply(m.eB[e], x);
            for (int j = 0; j < 3; j++) {
                apply(m.tri[3 * t + j], x);
            }
        }
        return acted;
    }

    private void add(int i, double f, double nx, double ny, double nz) {
        dx[3 * i] += f * nx;
        dx[3 * i + 1] += f * ny;
        dx[3 * i + 2] += f * nz;
        count[i]++;
    }

    /** Moves vertex i by its averaged displacement (once) and clears it. */
    private void apply(int i, double[] x) {
        int c = count[i];
        if (c == 0) {
            return;
        }
        int o = 3 * i;
        x[o] += dx[o] / c;
        x[o + 1] += dx[o + 1] / c;
        x[o + 2] += dx[o + 2] / c;
        dx[o] = dx[o + 1] = dx[o + 2] = 0;
        count[i] = 0;
    }

    private static double[] toward(double[] p, int k, int q) {
        double x = p[3 * q] - p[3 * k], y = p[3 * q + 1] - p[3 * k + 1], z = p[3 * q + 2] - p[3 * k + 2];
        double l = Math.sqrt(x * x + y * y + z * z);
        return l < 1e-15 ? new double[3] : new double[] { x / l, y / l, z / l };
    }

    private static double[] barycentric(double[] xs, int o0, int o1, int o2, double[] p, int k) {
        double ux = xs[o1] - xs[o0], uy = xs[o1 + 1] - xs[o0 + 1], uz = xs[o1 + 2] - xs[o0 + 2];
        double vx = xs[o2] - xs[o0], vy = xs[o2 + 1] - xs[o0 + 1], vz = xs[o2 + 2] - xs[o0 + 2];
        double qx = p[3 * k] - xs[o0], qy = p[3 * k + 1] - xs[o0 + 1], qz = p[3 * k + 2] - xs[o0 + 2];
        double uu = ux * ux + uy * uy + uz * uz, uv = ux * vx + uy * vy + uz * vz, vv = vx * vx + vy * vy + vz * vz;
        double qu = qx * ux + qy * uy + qz * uz, qv = qx * vx + qy * vy + qz * vz;
        double den = uu * vv - uv * uv;
        if (den < 1e-30) {
            return new double[] { 1 / 3.0, 1 / 3.0, 1 / 3.0 };
        }
        double b1 = (vv * qu - uv * qv) / den, b2 = (uu * qv - uv * qu) / den;
        return new double[] { 1 - b1 - b2, b1, b2 };
    }

    /**
     * The edge-triangle crossings at positions x, in edge order; marks their vertices as tangled. With {@code near},
     * only the edges and triangles with a vertex in it are searched (the subset's hash visits its triangles in the
     * full hash's order: the same crossings in the same order when every crossing is among them).
     */
    private void find(double[] x, boolean[] near) {
        int nt = m.tri.length / 3;
        int[] tri = m.tri;
        int triCount = nt, edgeCount = m.edges;
        if (near != null) {
            triCount = 0;
            for (int t = 0; t < nt; t++) {
                if (near[tri[3 * t]] || near[tri[3 * t + 1]] || near[tri[3 * t + 2]]) {
                    triIds[triCount++] = t;
                }
            }
            edgeCount = 0;
            for (int e = 0; e < m.edges; e++) {
                if (near[m.eA[e]] || near[m.eB[e]]) {
                    edgeIds[edgeCount++] = e;
                }
            }
        }
        int[] tids = near == null ? null : triIds, eids = near == null ? null : edgeIds;
        workers.forRange(triCount, 4096, (chunk, from, to) -> {
            for (int j = from; j < to; j++) {
                triangleBox(x, tids == null ? j : tids[j]);
            }
        });
        triHash.build(triBox, nt, tids, triCount);
        for (Crossings c : chunkCrossings) {
            c.size = 0;
        }
        searched = edgeCount;
        workers.forRange(edgeCount, 2048, (chunk, from, to) -> {
            Crossings out = chunkCrossings[chunk];
            BoxHash.Hits hits = new BoxHash.Hits();
            for (int j = from; j < to; j++) {
                int e = eids == null ? j : eids[j];
                int a = m.eA[e], b = m.eB[e];
                int oa = 3 * a, ob = 3 * b;
                queryEdge(x, e, hits);
                for (int k = 0; k < hits.size; k++) {
                    int t = hits.ids[k];
                    int v0 = tri[3 * t], v1 = tri[3 * t + 1], v2 = tri[3 * t + 2];
                    if (v0 == a || v0 == b || v1 == a || v1 == b || v2 == a || v2 == b) {
                        continue;
                    }
                    double s = crossing(x, oa, ob, 3 * v0, 3 * v1, 3 * v2);
                    if (s >= 0) {
                        out.add(e, t, s);
                    }
                }
            }
        });
        crossings.size = 0;
        for (Crossings c : chunkCrossings) {
            crossings.addAll(c);
        }
        Arrays.fill(tangled, false);
        if (pairs.length < 6 * crossings.size) {
            pairs = new long[6 * crossings.size + 64];
        }
        pairCount = 0;
        for (int k = 0; k < crossings.size; k++) {
            int a = m.eA[crossings.e[k]], b = m.eB[crossings.e[k]];
            tangled[a] = true;
            tangled[b] = true;
            for (int j = 0; j < 3; j++) {
                int v = tri[3 * crossings.t[k] + j];
                tangled[v] = true;
                pairs[pairCount++] = key(a, v);
                pairs[pairCount++] = key(b, v);
            }
        }
        Arrays.sort(pairs, 0, pairCount);
    }

    private long[] pairs = new long[64];
    /** The triangles and edges of a restricted search. */
    private final int[] triIds, edgeIds;
    /** Edges searched by the last search (for the record of what the restriction saves). */
    private int searched;
    private int pairCount;

    /**
     * Whether vertices i and j are on the two sides of one crossing (an end of the crossing edge and a corner of
     * the crossed triangle): a contact between them would hold the crossing.
     */
    boolean across(int i, int j) {
        return tangled[i] && tangled[j] && Arrays.binarySearch(pairs, 0, pairCount, key(i, j)) >= 0;
    }

    /**
     * Where segment a-b passes through triangle (p0, p1, p2): its parameter in (0, 1), or -1 when it does not (the
     * ends on opposite sides of the plane and the point inside the triangle, by the signs of three volumes).
     */
    static double crossing(double[] x, int a, int b, int p0, int p1, int p2) {
        double ux = x[p1] - x[p0], uy = x[p1 + 1] - x[p0 + 1], uz = x[p1 + 2] - x[p0 + 2];
        double vx = x[p2] - x[p0], vy = x[p2 + 1] - x[p0 + 1], vz = x[p2 + 2] - x[p0 + 2];
        double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        double da = (x[a] - x[p0]) * nx + (x[a + 1] - x[p0 + 1]) * ny + (x[a + 2] - x[p0 + 2]) * nz;
        double db = (x[b] - x[p0]) * nx + (x[b + 1] - x[p0 + 1]) * ny + (x[b + 2] - x[p0 + 2]) * nz;
        if ((da > 0) == (db > 0) || da == 0 || db == 0) {
            return -1;
        }
        double s = da / (da - db);
        double px = x[a] + s * (x[b] - x[a]), py = x[a + 1] + s * (x[b + 1] - x[a + 1]),
                pz = x[a + 2] + s * (x[b + 2] - x[a + 2]);
        // the point is inside when it lies on the inner side of all three edges
        if (side(x, p0, p1, px, py, pz, nx, ny, nz) < 0 || side(x, p1, p2, px, py, pz, nx, ny, nz) < 0
                || side(x, p2, p0, px, py, pz, nx, ny, nz) < 0) {
            return -1;
        }
        return s;
    }

    private static double side(double[] x, int i, int j, double px, double py, double pz, double nx, double ny,
            double nz) {
        double ex = x[j] - x[i], ey = x[j + 1] - x[i + 1], ez = x[j + 2] - x[i + 2];
        double qx = px - x[i], qy = py - x[i + 1], qz = pz - x[i + 2];
        return (ey * qz - ez * qy) * nx + (ez * qx - ex * qz) * ny + (ex * qy - ey * qx) * nz;
    }
}
