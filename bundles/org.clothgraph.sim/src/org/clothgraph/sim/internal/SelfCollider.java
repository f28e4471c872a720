package org.clothgraph.sim.internal;

/**
 * Cloth-cloth collisions: vertex-triangle and edge-edge proximity contacts, found for each substep.
 * <p>
 * Broad phase, every collision pass: vertex-triangle and edge-edge pairs whose boxes, swept from the start
 * positions to the predicted ones and grown by half the thickness, overlap (spatial hashes of flat arrays), selected
 * from candidates kept over passes ({@link KeptCandidates}: the same pairs in the same order as the search).
 * <p>
 * Narrow phase per substep: the substep starts from positions {@code xp} where the cloth does not pass through
 * itself. A candidate becomes a contact when its distance at the start of the substep is below the thickness
 * plus the two sides' largest motion in the substep (a conservative bound: a pair further apart cannot come
 * within the thickness). Its normal and weights are the closest points' direction and barycentrics at the start,
 * so a pair that would pass through each other in the substep is held on the side it came from. The separation
 * kept is the thickness, or, for a pair that started closer, its starting distance plus
 * {@code separationSpeed x h} (never more than its distance in the rest shape, so neighbours in a fine mesh are
 * not pushed apart). Edge-edge pairs whose closest points lie at an end of either edge are vertex-triangle cases
 * and skipped. Work is split into fixed chunks with per-chunk lists concatenated in chunk order; solving is
 * sequential: results do not depend on the thread count.
 */
final class SelfCollider {
    private final ClothModel m;
    private final double thick;
    private final Workers workers;
    /** The search's hashes; with reuse they hold the kept boxes ({@link KeptCandidates}). */
    private BoxHash triHash, edgeHash;
    private final double[] triBox, edgeBox, vertBox, motion;
    private final Contacts[] chunkContacts;
    private final PairList[] chunkVf, chunkEe;
    private final PairList vf = new PairList(), ee = new PairList();
    final Contacts contacts = new Contacts();
    /** Crossings being untangled: no contact joins the two sides of one; null = none. */
    private Untangler crossing;
    /**
     * The vertices of the last pass's candidate pairs that came within their reach (the thickness plus the two sides'
     * motion) at its start, whether or not they became contacts: see {@link XpbdSolver} for what this tells the
     * untangler's next search.
     */
    final boolean[] near;
    /**
     * What the untangler's next crossing search needs to know about the last pass where it is restricted to the
     * {@link #near} vertices, pair by pair ({@link Untangler#untangle(double[], double[], double, boolean[],
     * SelfCollider)}): the vertex-triangle and edge-edge candidates that came within their reach, per chunk; the
     * (edge, triangle) pairs that {@link #markMoved} found meeting an element the contact solve moved far; and the
     * vertices it moved far.
     */
    final PairList[] nearVf, nearEe;
    final PairList nearEt = new PairList();
    final KeptCandidates.IntList movedVertices = new KeptCandidates.IntList();

    /** Pairs of ids (vertex-triangle or edge-edge). */
    static final class PairList {
        int size;
        int[] a = new int[1024], b = new int[1024];

        void add(int i, int j) {
            if (size == a.length) {
                a = java.util.Arrays.copyOf(a, 2 * size);
                b = java.util.Arrays.copyOf(b, 2 * size);
            }
            a[size] = i;
            b[size] = j;
            size++;
        }

        void addAll(PairList o) {
            for (int k = 0; k < o.size; k++) {
                add(o.a[k], o.b[k]);
            }
        }
    }

    /**
     * @param skin how much further than half the thickness the boxes of kept candidates reach (m; 0 = every pass
     *        searches afresh): a larger skin keeps the candidates over more passes but keeps more of them
     */
    SelfCollider(ClothModel model, double thickness, double skin, Workers workers) {
        this.m = model;
        this.thick = thickness;
        this.skin = skin;
        this.workers = workers;
        double cell = Math.max(Math.max(model.meanEdge, 2 * thickness), 1e-4);
        triHash = new BoxHash(cell, model.tri.length / 3);
        edgeHash = new BoxHash(cell, model.edges);
        triBox = new double[2 * model.tri.length];
        edgeBox = new double[6 * model.edges];
        vertBox = new double[6 * model.n];
        motion = new double[model.n];
        near = new boolean[model.n];
        moved = new boolean[model.n];
        int chunks = workers.maxChunks();
        nearVf = new PairList[chunks];
        nearEe = new PairList[chunks];
        for (int i = 0; i < chunks; i++) {
            nearVf[i] = new PairList();
            nearEe[i] = new PairList();
        }
        chunkContacts = new Contacts[chunks];
        chunkVf = new PairList[chunks];
        chunkEe = new PairList[chunks];
        for (int i = 0; i < chunks; i++) {
            chunkContacts[i] = new Contacts();
            chunkVf[i] = new PairList();
            chunkEe[i] = new PairList();
        }
        kept = new KeptCandidates(model, thickness, skin, workers, triHash, edgeHash, triBox, edgeBox);
    }

    /** Finds this substep's contacts between the start positions xp and the predicted positions x. */
    void detect(double[] xp, double[] x, double separationStep, Untangler crossing) {
        this.crossing = crossing;
        int n = m.n;
        workers.forRange(n, 4096, (chunk, from, to) -> {
            for (int i = from; i < to; i++) {
                int o = 3 * i;
                motion[i] = Math.sqrt(Geometry.sq(x[o] - xp[o]) + Geometry.sq(x[o + 1] - xp[o + 1])
                        + Geometry.sq(x[o + 2] - xp[o + 2]));
            }
        });
        java.util.Arrays.fill(near, false);
        nearEt.size = 0;
        movedVertices.size = 0;
        for (int c = 0; c < nearVf.length; c++) {
            nearVf[c].size = 0;
            nearEe[c].size = 0;
        }
        candidates(xp, x);
        for (Contacts c : chunkContacts) {
            c.clear();
        }
        workers.forRange(vf.size, 2048, (chunk, from, to) -> {
            Contacts out = chunkContacts[chunk];
            PairList close = nearVf[chunk];
            double[] bc = new double[3];
            for (int k = from; k < to; k++) {
                vertexTriangle(vf.a[k], vf.b[k], xp, separationStep, bc, out, close);
            }
        });
        for (Contacts c : chunkContacts) {
            contacts.addAll(c);
            c.clear();
        }
        workers.forRange(ee.size, 2048, (chunk, from, to) -> {
            Contacts out = chunkContacts[chunk];
            PairList close = nearEe[chunk];
            double[] st = new double[2];
            for (int k = from; k < to; k++) {
                edgeEdge(ee.a[k], ee.b[k], xp, separationStep, st, out, close);
            }
        });
        for (Contacts c : chunkContacts) {
            contacts.addAll(c);
        }
    }

    /** Candidate pairs for the motion from xp to x. */
    private void build(double[] xp, double[] x) {
        int n = m.n, nt = m.tri.length / 3, ne = m.edges;
        int[] tri = m.tri;
        double grow = 0.5 * thick;
        workers.forRange(nt, 4096, (chunk, from, to) -> {
            for (int t = from; t < to; t++) {
                sweptBox(x, xp, tri, 3 * t, 3, grow, triBox, 6 * t);
            }
        });
        workers.forRange(ne, 4096, (chunk, from, to) -> {
            int[] pair = new int[2];
            for (int e = from; e < to; e++) {
                pair[0] = m.eA[e];
                pair[1] = m.eB[e];
                sweptBox(x, xp, pair, 0, 2, grow, edgeBox, 6 * e);
            }
        });
        triHash.build(triBox, nt);
        edgeHash.build(edgeBox, ne);
        workers.forRange(n, 4096, (chunk, from, to) -> {
            int[] one = new int[1];
            for (int i = from; i < to; i++) {
                one[0] = i;
                sweptBox(x, xp, one, 0, 1, grow, vertBox, 6 * i);
            }
        });
        collectPairs(m, workers, triHash, edgeHash, vertBox, edgeBox, chunkVf, chunkEe, vf, ee);
    }

    void clear() {
        contacts.clear();
    }

    /** Drops the kept candidates: the next pass searches afresh (a new state; the pairs would be the same). */
    void forget() {
        kept.forget();
    }

    /** Tests: off, every pass searches afresh with {@link #build} (the pairs, and their order, must be the same). */
    void reuse(boolean on) {
        reuse = on;
        kept.forget();
    }

    /**
     * Collision passes so far, full searches among them, passes that added the pairs of changed kept boxes, the kept
     * candidates and the selected pairs, each summed over the passes (with reuse off, every pass is a search of its
     * own and nothing is kept).
     */
    long[] candidateStatistics() {
        long[] k = kept.statistics();
        return new long[] { passes, k[1], k[2], k[3], foundPairs, k[4], nearChecks };
    }

    /**
     * The candidate pairs for the motion from xp to x, in {@link #vf} and {@link #ee}: with a skin, selected from the
     * kept candidates ({@link KeptCandidates}), which gives the pairs, in the order, that {@link #build} finds;
     * without, by {@link #build}.
     */
    private void candidates(double[] xp, double[] x) {
        passes++;
        if (skin <= 0 || !reuse || !kept.find(xp, x, vf, ee, chunkVf, chunkEe)) {
            build(xp, x);
            kept.forget();
        }
        foundPairs += vf.size + ee.size;
        if (checkHashes != null) {
            check(xp, x);
        }
    }

    /** Tests: hashes of the same cells and buckets for {@link #check}; null = no check. */
    private BoxHash[] checkHashes;

    /** Tests: on, every pass also searches afresh and fails if the pairs it has differ. */
    void checkCandidates(boolean on) {
        checkHashes = on ? new BoxHash[] { new BoxHash(triHash.cellSize(), m.tri.length / 3),
                new BoxHash(edgeHash.cellSize(), m.edges) } : null;
    }

    private void check(double[] xp, double[] x) {
        int[] va = java.util.Arrays.copyOf(vf.a, vf.size), vb = java.util.Arrays.copyOf(vf.b, vf.size);
        int[] ea = java.util.Arrays.copyOf(ee.a, ee.size), eb = java.util.Arrays.copyOf(ee.b, ee.size);
        BoxHash t = triHash, e = edgeHash;
        triHash = checkHashes[0];
        edgeHash = checkHashes[1];
        try {
            build(xp, x);
        } finally {
            triHash = t;
            edgeHash = e;
        }
        if (!java.util.Arrays.equals(va, java.util.Arrays.copyOf(vf.a, vf.size))
                || !java.util.Arrays.equals(vb, java.util.Arrays.copyOf(vf.b, vf.size))
                || !java.util.Arrays.equals(ea, java.util.Arrays.copyOf(ee.a, ee.size))
                || !java.util.Arrays.equals(eb, java.util.Arrays.copyOf(ee.b, ee.size))) {
            throw new IllegalStateException("collision pass " + passes + ": the selected candidates (" + va.length
                    + " + " + ea.length + ") are not those of a fresh search (" + vf.size + " + " + ee.size + ")");
        }
    }

    /**
     * After the pass's contact solve: adds to {@link #near} what the untangler's next search needs where the solve
     * moved a vertex by {@code far} or more (from {@code detected}, the positions the pass's pairs were found for,
     * to {@code x}). Those vertices are marked; the edges and triangles with such a vertex are swept from the pass's
     * reference {@code xs} to {@code x} and looked up against this pass's boxes (grown by half the thickness, they
     * hold the straight path from {@code xs} to {@code x} of every edge and triangle that the solve moved less than
     * that; found through the hashes, which hold them or the kept boxes around them, and the kept boxes changed since
     * the hashes were built one by one), and the vertices of what they meet are marked: an edge and a triangle that touch on that
     * path then have a marked vertex each (and the pair is listed in {@link #nearEt}). Returns false when so many moved
     * that a full search is cheaper.
     */
    boolean markMoved(double[] xs, double[] detected, double[] x, double far) {
        int n = m.n;
        double far2 = far * far;
        int count = 0;
        for (int i = 0; i < n; i++) {
            int o = 3 * i;
            double dx = x[o] - detected[o], dy = x[o + 1] - detected[o + 1], dz = x[o + 2] - detected[o + 2];
            moved[i] = dx * dx + dy * dy + dz * dz >= far2;
            count += moved[i] ? 1 : 0;
        }
        if (count == 0) {
            return true;
        }
        if (count > n / 16) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (moved[i]) {
                near[i] = true;
                movedVertices.add(i);
            }
        }
        if (checkHashes != null) {
            // tests: the marks through this pass's own search's hashes must be the same
            boolean[] own = near.clone();
            markNear(xs, x, checkHashes[0], checkHashes[1], new KeptCandidates.IntList(),
                    new KeptCandidates.IntList(), own, null);
            markNear(xs, x, triHash, edgeHash, kept.changedTriangles(), kept.changedEdges(), near,
                    nearEt);
            if (!java.util.Arrays.equals(own, near)) {
                throw new IllegalStateException("collision pass " + passes + ": the near vertices differ from the search's");
            }
            nearChecks++;
            return true;
        }
        markNear(xs, x, triHash, edgeHash, kept.changedTriangles(), kept.changedEdges(), near,
                nearEt);
        return true;
    }

    /** Tests: passes whose near vertices were compared with those through the search's own hashes. */
    private long nearChecks;

    /**
     * Marks in {@code near} the vertices of the edges and triangles that the moved vertices' triangles and edges meet
     * (their paths from xs to x against this pass's boxes), through hashes holding this pass's boxes or kept boxes
     * around them, and the kept boxes changed since those hashes were built one by one.
     */
    private void markNear(double[] xs, double[] x, BoxHash triHash, BoxHash edgeHash, KeptCandidates.IntList changedT,
            KeptCandidates.IntList changedE, boolean[] near, PairList record) {
        BoxHash.Hits hits = new BoxHash.Hits();
        double[] b = new double[6];
        int[] tri = m.tri;
        // a little over the boxes, for rounding
        double eps = 0.05 * thick;
        for (int t = 0, nt = tri.length / 3; t < nt; t++) {
            if (!moved[tri[3 * t]] && !moved[tri[3 * t + 1]] && !moved[tri[3 * t + 2]]) {
                continue;
            }
            sweptBox(x, xs, tri, 3 * t, 3, eps, b, 0);
            edgeHash.query(b[0], b[1], b[2], b[3], b[4], b[5], -1, hits);
            for (int k = 0; k < hits.size; k++) {
                // the hash may hold kept boxes, which hold the current ones: the current ones decide
                if (!KeptCandidates.overlaps(b, 0, edgeBox, 6 * hits.ids[k])) {
                    continue;
                }
                near[m.eA[hits.ids[k]]] = true;
                near[m.eB[hits.ids[k]]] = true;
                if (record != null) {
                    record.add(hits.ids[k], t);
                }
            }
            // kept boxes changed since the kept search are not where the hash has them: one by one
            KeptCandidates.IntList changed = changedE;
            for (int k = 0; k < changed.size; k++) {
                int f = changed.v[k];
                if (KeptCandidates.overlaps(b, 0, edgeBox, 6 * f)) {
                    near[m.eA[f]] = near[m.eB[f]] = true;
                    if (record != null) {
                        record.add(f, t);
                    }
                }
            }
        }
        int[] pair = new int[2];
        for (int e = 0; e < m.edges; e++) {
            if (!moved[m.eA[e]] && !moved[m.eB[e]]) {
                continue;
            }
            pair[0] = m.eA[e];
            pair[1] = m.eB[e];
            sweptBox(x, xs, pair, 0, 2, eps, b, 0);
            triHash.query(b[0], b[1], b[2], b[3], b[4], b[5], -1, hits);
            for (int k = 0; k < hits.size; k++) {
                if (!KeptCandidates.overlaps(b, 0, triBox, 6 * hits.ids[k])) {
                    continue;
                }
                int o = 3 * hits.ids[k];
                near[tri[o]] = near[tri[o + 1]] = near[tri[o + 2]] = true;
                if (record != null) {
                    record.add(e, hits.ids[k]);
                }
            }
            KeptCandidates.IntList changed = changedT;
            for (int k = 0; k < changed.size; k++) {
                int o = 3 * changed.v[k];
                if (KeptCandidates.overlaps(b, 0, triBox, 6 * changed.v[k])) {
                    near[tri[o]] = near[tri[o + 1]] = near[tri[o + 2]] = true;
                    if (record != null) {
                        record.add(e, changed.v[k]);
                    }
                }
            }
        }
    }

    private final boolean[] moved;

    // candidate reuse
    private final double skin;
    private final KeptCandidates kept;
    private boolean reuse = true;
    private long passes, foundPairs;

    /**
     * The candidate pairs of a search, into per-chunk lists and their concatenation in chunk order, {@code vf} and
     * {@code ee}:
     * every vertex with the triangles not at it whose boxes meet its box in {@code triHash}, and every edge with the
     * later edges not sharing a vertex whose boxes meet its box in {@code edgeHash} (each pair once, from its lower
     * edge). Boxes: vertex i's at {@code vertBox[6 i]}, edge e's at {@code edgeBox[6 e]}, as (min, max).
     */
    static void collectPairs(ClothModel m, Workers workers, BoxHash triHash, BoxHash edgeHash, double[] vertBox,
            double[] edgeBox, PairList[] chunkVf, PairList[] chunkEe, PairList vf, PairList ee) {
        int[] tri = m.tri;
        for (PairList p : chunkVf) {
            p.size = 0;
        }
        for (PairList p : chunkEe) {
            p.size = 0;
        }
        workers.forChunks(m.n, 1024, (chunk, from, to) -> {
            PairList out = chunkVf[chunk];
            BoxHash.Hits hits = new BoxHash.Hits();
            for (int i = from; i < to; i++) {
                int q = 6 * i;
                triHash.query(vertBox[q], vertBox[q + 1], vertBox[q + 2], vertBox[q + 3], vertBox[q + 4],
                        vertBox[q + 5], -1, hits);
                for (int k = 0; k < hits.size; k++) {
                    int t = hits.ids[k], o = 3 * t;
                    if (tri[o] != i && tri[o + 1] != i && tri[o + 2] != i) {
                        out.add(i, t);
                    }
                }
            }
        });
        workers.forChunks(m.edges, 2048, (chunk, from, to) -> {
            PairList out = chunkEe[chunk];
            BoxHash.Hits hits = new BoxHash.Hits();
            for (int e = from; e < to; e++) {
                int q = 6 * e;
                int ea = m.eA[e], eb = m.eB[e];
                edgeHash.query(edgeBox[q], edgeBox[q + 1], edgeBox[q + 2], edgeBox[q + 3], edgeBox[q + 4],
                        edgeBox[q + 5], e, hits);
                for (int k = 0; k < hits.size; k++) {
                    int f = hits.ids[k];
                    int c = m.eA[f], d = m.eB[f];
                    if (c != ea && c != eb && d != ea && d != eb) {
                        out.add(e, f);
                    }
                }
            }
        });
        concatenate(chunkVf, chunkEe, vf, ee);
    }

    /** The chunks' pairs in chunk order: vf from chunkVf, ee from chunkEe (each cleared first). */
    static void concatenate(PairList[] chunkVf, PairList[] chunkEe, PairList vf, PairList ee) {
        vf.size = 0;
        ee.size = 0;
        for (PairList p : chunkVf) {
            vf.addAll(p);
        }
        for (PairList p : chunkEe) {
            ee.addAll(p);
        }
    }

    static void sweptBox(double[] x, double[] xp, int[] idx, int off, int count, double grow, double[] box, int b) {
        double x0 = Double.POSITIVE_INFINITY, y0 = x0, z0 = x0, x1 = Double.NEGATIVE_INFINITY, y1 = x1, z1 = x1;
        for (int k = 0; k < count; k++) {
            int o = 3 * idx[off + k];
            x0 = Math.min(x0, Math.min(x[o], xp[o]));
            y0 = Math.min(y0, Math.min(x[o + 1], xp[o + 1]));
            z0 = Math.min(z0, Math.min(x[o + 2], xp[o + 2]));
            x1 = Math.max(x1, Math.max(x[o], xp[o]));
            y1 = Math.max(y1, Math.max(x[o + 1], xp[o + 1]));
            z1 = Math.max(z1, Math.max(x[o + 2], xp[o + 2]));
        }
        box[b] = x0 - grow;
        box[b + 1] = y0 - grow;
        box[b + 2] = z0 - grow;
        box[b + 3] = x1 + grow;
        box[b + 4] = y1 + grow;
        box[b + 5] = z1 + grow;
    }

    private void vertexTriangle(int i, int t, double[] xp, double sepStep, double[] bc, Contacts out,
            PairList close) {
        int a = m.tri[3 * t], b = m.tri[3 * t + 1], c = m.tri[3 * t + 2];
        int o = 3 * i;
        double d2 = Geometry.closestOnTriangle(xp, xp[o], xp[o + 1], xp[o + 2], a, b, c, bc);
        double reach = thick + motion[i] + Math.max(motion[a], Math.max(motion[b], motion[c]));
        if (d2 >= reach * reach) {
            return;
        }
        near[i] = near[a] = near[b] = near[c] = true;
        close.add(i, t);
        if (d2 < 1e-18) {
            return;
        }
        if (crossing != null && (crossing.across(i, a) || crossing.across(i, b) || crossing.across(i, c))) {
            return;
        }
        double d = Math.sqrt(d2);
        double u = bc[0], v = bc[1], w = bc[2];
        int oa = 3 * a, ob = 3 * b, oc = 3 * c;
        double nx = (xp[o] - (u * xp[oa] + v * xp[ob] + w * xp[oc])) / d;
        double ny = (xp[o + 1] - (u * xp[oa + 1] + v * xp[ob + 1] + w * xp[oc + 1])) / d;
        double nz = (xp[o + 2] - (u * xp[oa + 2] + v * xp[ob + 2] + w * xp[oc + 2])) / d;
        double[] r = m.rest;
        double restD = Math.sqrt(Geometry.sq(r[o] - (u * r[oa] + v * r[ob] + w * r[oc]))
                + Geometry.sq(r[o + 1] - (u * r[oa + 1] + v * r[ob + 1] + w * r[oc + 1]))
                + Geometry.sq(r[o + 2] - (u * r[oa + 2] + v * r[ob + 2] + w * r[oc + 2])));
        double target = Math.min(Math.min(thick, d + sepStep), Math.max(restD, 0.5 * d));
        out.add(i, 1, a, -u, b, -v, c, -w, nx, ny, nz, target);
    }

    private void edgeEdge(int e, int f, double[] xp, double sepStep, double[] st, Contacts out, PairList close) {
        int a = m.eA[e], b = m.eB[e], c = m.eA[f], d = m.eB[f];
        double d2 = Geometry.closestSegments(xp, a, b, c, d, st);
        double reach = thick + Math.max(motion[a], motion[b]) + Math.max(motion[c], motion[d]);
        if (d2 >= reach * reach) {
            return;
        }
        near[a] = near[b] = near[c] = near[d] = true;
        close.add(e, f);
        if (d2 < 1e-18) {
            return;
        }
        double s = st[0], t = st[1];
        if (s <= 1e-6 || s >= 1 - 1e-6 || t <= 1e-6 || t >= 1 - 1e-6) {
            return;
        }
        if (crossing != null && (crossing.across(a, c) || crossing.across(a, d) || crossing.across(b, c)
                || crossing.across(b, d))) {
            return;
        }

        double dist = Math.sqrt(d2);
        int oa = 3 * a, ob = 3 * b, oc = 3 * c, od = 3 * d;
        double nx = ((1 - s) * xp[oa] + s * xp[ob] - (1 - t) * xp[oc] - t * xp[od]) / dist;
        double ny = ((1 - s) * xp[oa + 1] + s * xp[ob + 1] - (1 - t) * xp[oc + 1] - t * xp[od + 1]) / dist;
        double nz = ((1 - s) * xp[oa + 2] + s * xp[ob + 2] - (1 - t) * xp[oc + 2] - t * xp[od + 2]) / dist;
        double[] r = m.rest;
        double restD = Math.sqrt(Geometry.sq((1 - s) * r[oa] + s * r[ob] - (1 - t) * r[oc] - t * r[od])
                + Geometry.sq((1 - s) * r[oa + 1] + s * r[ob + 1] - (1 - t) * r[oc + 1] - t * r[od + 1])
                + Geometry.sq((1 - s) * r[oa + 2] + s * r[ob + 2] - (1 - t) * r[oc + 2] - t * r[od + 2]));
        double target = Math.min(Math.min(thick, dist + sepStep), Math.max(restD, 0.5 * dist));
        out.add(a, 1 - s, b, s, c, -(1 - t), d, -t, nx, ny, nz, target);
    }
}
