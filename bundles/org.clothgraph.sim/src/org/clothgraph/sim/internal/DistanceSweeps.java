package org.clothgraph.sim.internal;

/**
 * The small-step solver's Gauss-Seidel sweeps over the distance constraints ({@link ClothModel}), laid out for the
 * memory they touch: the arithmetic, the constraint order and so the result are those of a sweep over the model's
 * arrays, bit for bit.
 * <p>
 * Before a substep's sweeps the positions and inverse masses are gathered into one array of four doubles per vertex
 * (x, y, z, w: one constraint end is one 32-byte record instead of two scattered loads), the vertices numbered slab
 * by slab ({@link ClothModel#vertexPart}) and within a slab block by block ({@link ClothModel#vertexBlock}, the order
 * in which the sweep visits them), so the two slabs swept at the same time write to separate memory instead
 * of interleaved cache lines that the two cores would pass back and forth. Each constraint is one record too: its
 * two ends' offsets, rest length, compliance and strain-limit length. After the sweeps the positions are scattered
 * back. At 28,963 vertices the constraints are swept 27 x 40 = 1,080 times per frame, the gather and scatter 40 times.
 */
final class DistanceSweeps {
    private final int n, nc;
    /** Local vertex number of each model vertex, and the model vertex of each local number. */
    private final int[] local, global;
    /** Per constraint: offsets (4 x local vertex) of its two ends. */
    private final int[] ends;
    /** Per constraint: rest length, compliance (m/N), strain-limited length (+infinity: no strain limit). */
    private final double[] data;
    /** Blocks of the sweep: [blockStart[k], blockStart[k + 1]); the last is swept after the others. */
    private final int[] blockStart;
    /** Positions and inverse masses, four per local vertex; the multipliers per constraint. */
    final double[] xw;
    final double[] lambda;
    /**
     * A constraint is soft for a substep of length h when its alpha / h^2 is at least {@code SOFT} times the sum of
     * its two ends' inverse masses (in the garment's unpinned masses). A soft constraint is solved in a substep's
     * first sweep only: one update meets it exactly (its residual -C - alpha~ lambda is zero after it), and the
     * updates of the other constraints after it change its C by some dC, which a further update would answer by
     * moving its ends by dC (w_a + w_b) / (w_a + w_b + alpha~), at most 1 % of dC. The demo robe's bending cross
     * edges are soft by a factor of 400 (28,851 vertices) to 20,000 (3,777 vertices), its stretch and shear edges
     * stiff (alpha~ / (w_a + w_b) about 0.001): half the constraints leave the sweeps after the first (9 of them at
     * 3,777 vertices, 26 at 28,851).
     */
    static final double SOFT = 100;
    /** Tests only: false, every sweep solves every constraint (the soft ones too). */
    boolean softOnce = true;
    /** The unpinned inverse masses' sum per constraint; the substep length the stiff list below was made for. */
    private final double[] wSum;
    private double stiffFor = Double.NaN;
    /** The constraints that are not soft, in sweep order: their ends, index (into lambda, data) and blocks. */
    private int[] stiff = new int[0];
    /** Per stiff constraint, for the current substep: rest length, alpha~, 1 / (w_a + w_b + alpha~), limited length. */
    private double[] stiffData = new double[0];
    /**
     * Per stiff constraint, for the current substep, when compression is softened: alpha~ and 1 / (w_a + w_b + alpha~)
     * in compression (kept apart from {@link #stiffData}, so that the sweeps read no more memory when it is off).
     */
    private double[] stiffCompressed = new double[0];
    private final int[] stiffStart;

    /**
     * Per constraint: the factor its compliance is multiplied by while it is shorter than its rest length (the
     * settings' compression softening for the mesh's stretch and shear edges, 1 for the bending cross edges); null
     * when compression is not softened.
     */
    private final double[] compress;

    /** The compression recovery speed, m/s (0: off). */
    private final double recovery;
    /**
     * Per constraint, when compression recovery is on: the length a mesh edge shorter than at rest pushes back to in
     * this substep (its length at the substep's start plus the recovery step, at most its rest length); the bending
     * cross edges keep their rest length. Null when off.
     */
    private final double[] recoverTo;
    /** Per constraint: whether it is a mesh edge (stretch or shear), when compression recovery is on. */
    private final boolean[] meshEdge;

    /**
     * Sweeps over the model's constraints with this strain limit (0 = none), compression softening (at least 1;
     * 1 = off: {@link org.clothgraph.sim.SimulationSettings#effectiveCompressionSoftening()}) and compression recovery
     * speed (m/s, 0 = off: {@link org.clothgraph.sim.SimulationSettings#compressionRecoverySpeed()}).
     */
    DistanceSweeps(ClothModel m, double strainLimit, double compressionSoftening, double recoverySpeed) {
        n = m.n;
        nc = m.cA.length;
        local = new int[n];
        global = new int[n];
        // numbered block by block (the blocks are numbered slab by slab), in index order within a block
        int blocks = 1;
        if (m.vertexBlock != null) {
            for (int b : m.vertexBlock) {
                blocks = Math.max(blocks, b + 1);
            }
        }
        int[] start = new int[blocks + 1];
        for (int i = 0; i < n; i++) {
            start[(m.vertexBlock == null ? 0 : m.vertexBlock[i]) + 1]++;
        }
        for (int b = 0; b < blocks; b++) {
            start[b + 1] += start[b];
        }
        for (int i = 0; i < n; i++) {
            int k = start[m.vertexBlock == null ? 0 : m.vertexBlock[i]]++;
            local[i] = k;
            global[k] = i;
        }
        ends = new int[2 * nc];
        data = new double[3 * nc];
        for (int c = 0; c < nc; c++) {
            ends[2 * c] = 4 * local[m.cA[c]];
            ends[2 * c + 1] = 4 * local[m.cB[c]];
            data[3 * c] = m.cRest[c];
            data[3 * c + 1] = m.cCompl[c];
            // the same product the sweep formed each time: (1 + limit) x rest
            data[3 * c + 2] = strainLimit > 0 && m.cEdge[c] ? (1 + strainLimit) * m.cRest[c] : Double.POSITIVE_INFINITY;
        }
        compress = compressionSoftening > 1 ? new double[nc] : null;
        for (int c = 0; compress != null && c < nc; c++) {
            compress[c] = m.cEdge[c] ? compressionSoftening : 1;
        }
        recovery = recoverySpeed;
        recoverTo = recoverySpeed > 0 ? m.cRest.clone() : null;
        meshEdge = recoverySpeed > 0 ? m.cEdge.clone() : null;
        blockStart = m.partStart.clone();
        xw = new double[4 * n];
        lambda = new double[nc];
        wSum = new double[nc];
        for (int c = 0; c < nc; c++) {
            wSum[c] = m.w[m.cA[c]] + m.w[m.cB[c]];
        }
        stiffStart = new int[blockStart.length];
    }

    /** The stiff constraints' list for substeps of length h (made again only when h changes). */
    private void classify(double h) {
        if (h == stiffFor) {
            return;
        }
        stiffFor = h;
        double ih2 = 1 / (h * h);
        int[] ps = blockStart;
        int count = 0;
        for (int c = 0; c < nc; c++) {
            count += data[3 * c + 1] * ih2 >= SOFT * wSum[c] ? 0 : 1;
        }
        if (stiff.length != 3 * count) {
            stiff = new int[3 * count];
            stiffData = new double[4 * count];
            stiffCompressed = new double[compress == null ? 0 : 2 * count];
        }
        int k = 0;
        for (int b = 0; b + 1 < ps.length; b++) {
            stiffStart[b] = k;
            for (int c = ps[b]; c < ps[b + 1]; c++) {
                if (data[3 * c + 1] * ih2 < SOFT * wSum[c]) {
                    stiff[3 * k] = ends[2 * c];
                    stiff[3 * k + 1] = ends[2 * c + 1];
                    stiff[3 * k + 2] = c;
                    k++;
                }
            }
        }
        stiffStart[ps.length - 1] = k;
    }

    /** How many constraints are stiff for substeps of length h (all the later sweeps solve). */
    int stiffCount(double h) {
        classify(h);
        return stiff.length / 3;
    }

    /**
     * Copies the positions x and inverse masses w into the sweep's layout, and prepares the stiff constraints for a
     * substep of length h: per constraint its rest length, alpha / h^2, 1 / (w_a + w_b + alpha / h^2) (0 when both
     * ends are fixed) and strain-limited length, so a later sweep divides once per constraint instead of twice.
     */
    void gather(double[] x, double[] w, double h) {
        gather(x, w);
        classify(h);
        double ih2 = 1 / (h * h);
        double[] q = xw, d = data, sd = stiffData, sc = stiffCompressed;
        int[] e = stiff;
        for (int k = 0, count = e.length / 3; k < count; k++) {
            int c = e[3 * k + 2], r = 3 * c, o = 4 * k;
            double at = d[r + 1] * ih2, ws = q[e[3 * k] + 3] + q[e[3 * k + 1] + 3];
            sd[o] = d[r];
            sd[o + 1] = at;
            sd[o + 2] = ws == 0 ? 0 : 1 / (ws + at);
            sd[o + 3] = d[r + 2];
            if (compress != null) {
                double ac = at * compress[c];
                sc[2 * k] = ac;
                sc[2 * k + 1] = ws == 0 ? 0 : 1 / (ws + ac);
            }
        }
    }

    /**
     * With compression recovery on, the length each mesh edge pushes back to in a substep of length h whose start
     * positions are xs (model layout): min(rest, start length + speed x h).
     */
    void recoveryTargets(double[] xs, double h) {
        if (recoverTo == null) {
            return;
        }
        double step = recovery * h;
        int[] e = ends, g = global;
        for (int c = 0; c < nc; c++) {
            if (!meshEdge[c]) {
                continue;
            }
            int a = 3 * g[e[2 * c] >> 2], b = 3 * g[e[2 * c + 1] >> 2];
            double dx = xs[a] - xs[b], dy = xs[a + 1] - xs[b + 1], dz = xs[a + 2] - xs[b + 2];
            recoverTo[c] = Math.min(data[3 * c], Math.sqrt(dx * dx + dy * dy + dz * dz) + step);
        }
    }

    /**
     * The constraint's C = len - rest, except with compression recovery on for a mesh edge shorter than its rest
     * length: len - target below its recovery target, 0 between the target and the rest length.
     */
    private double shortfall(int c, double len, double rest) {
        double cc = len - rest;
        if (cc < 0 && recoverTo != null) {
            double t = recoverTo[c];
            cc = len < t ? len - t : 0;
        }
        return cc;
    }

    /** Copies the positions x and inverse masses w into the sweep's layout. */
    private void gather(double[] x, double[] w) {
        double[] q = xw;
        int[] g = global;
        for (int k = 0; k < n; k++) {
            int i = g[k], o = 3 * i, l = 4 * k;
            q[l] = x[o];
            q[l + 1] = x[o + 1];
            q[l + 2] = x[o + 2];
            q[l + 3] = w[i];
        }
    }

    /** Copies the swept positions back into x. */
    void scatter(double[] x) {
        double[] q = xw;
        int[] g = global;
        for (int k = 0; k < n; k++) {
            int o = 3 * g[k], l = 4 * k;
            x[o] = q[l];
            x[o + 1] = q[l + 1];
            x[o + 2] = q[l + 2];
        }
    }

    /**
     * One sweep (a substep's first, over every constraint, or a later one, over the stiff constraints only): the
     * slabs' blocks (which share no vertex) at the same time when the constraints are many, then the block crossing
     * between them; the same order, so the same result, on one thread or several.
     */
    void sweep(Workers workers, double h, boolean firstSweep) {
        boolean first = firstSweep || !softOnce;
        int[] ps = first ? blockStart : stiffStart;
        int parts = ps.length - 2;
        if (nc < 4096) {
            sweep(h, 0, ps[parts + 1], first);
            return;
        }
        workers.forRange(parts, 1, (chunk, from, to) -> {
            for (int k = from; k < to; k++) {
                sweep(h, ps[k], ps[k + 1], first);
            }
        });
        sweep(h, ps[parts], ps[parts + 1], first);
    }

    private void sweep(double h, int from, int to, boolean first) {
        if (first) {
            sweep(h, from, to);
        } else {
            sweepStiff(from, to);
        }
    }

    /**
     * As {@link #sweep(double, int, int)} over the stiff list's entries [from, to), with the quantities
     * {@link #gather(double[], double[], double)} prepared: dlambda = (-C - alpha~ lambda) x 1 / (w_a + w_b + alpha~).
     */
    private void sweepStiff(int from, int to) {
        double[] q = xw, sd = stiffData, sc = compress == null ? null : stiffCompressed, lam = lambda;
        int[] e = stiff;
        for (int k = from; k < to; k++) {
            int r = 4 * k;
            double inv = sd[r + 2];
            if (inv == 0) {
                continue;
            }
            int oa = e[3 * k], ob = e[3 * k + 1], c = e[3 * k + 2];
            double dx = q[oa] - q[ob], dy = q[oa + 1] - q[ob + 1], dz = q[oa + 2] - q[ob + 2];
            double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (len < 1e-12) {
                continue;
            }
            double wa = q[oa + 3], wb = q[ob + 3];
            double at = sd[r + 1];
            if (sc != null && len < sd[r]) {
                // in compression the softened compliance
                at = sc[2 * k];
                inv = sc[2 * k + 1];
            }
            double dl = (-shortfall(c, len, sd[r]) - at * lam[c]) * inv;
            lam[c] += dl;
            move(q, oa, ob, wa, wb, dx, dy, dz, len, dl, sd[r + 3]);
        }
    }

    /**
     * XPBD with the strain limit, constraints [from, to) in order: dlambda = (-C - alpha~ lambda) / (w_a + w_b +
     * alpha~), alpha~ = alpha / h^2; a mesh edge may not end the step longer than (1 + limit) x rest (a rigid
     * inequality).
     */
    private void sweep(double h, int from, int to) {
        double ih2 = 1 / (h * h);
        double[] q = xw, d = data, lam = lambda;
        int[] e = ends;
        for (int c = from; c < to; c++) {
            int oa = e[2 * c], ob = e[2 * c + 1];
            double wa = q[oa + 3], wb = q[ob + 3];
            if (wa + wb == 0) {
                continue;
            }
            double dx = q[oa] - q[ob], dy = q[oa + 1] - q[ob + 1], dz = q[oa + 2] - q[ob + 2];
            double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (len < 1e-12) {
                continue;
            }
            int r = 3 * c;
            double at = d[r + 1] * ih2;
            if (compress != null && len < d[r]) {
                at *= compress[c];
            }
            double dl = (-shortfall(c, len, d[r]) - at * lam[c]) / (wa + wb + at);
            lam[c] += dl;
            move(q, oa, ob, wa, wb, dx, dy, dz, len, dl, d[r + 2]);
        }
    }

    /**
     * Moves the ends (offsets oa, ob, inverse masses wa, wb) of a constraint of length len along (dx, dy, dz) by the
     * multiplier step dl, cut to what brings it to its strain-limited length lim where dl would leave it longer.
     */
    private static void move(double[] q, int oa, int ob, double wa, double wb, double dx, double dy, double dz,
            double len, double dl, double lim) {
        if (len + (wa + wb) * dl > lim) {
            dl = (lim - len) / (wa + wb);
        }
        double f = dl / len;
        q[oa] += wa * f * dx;
        q[oa + 1] += wa * f * dy;
        q[oa + 2] += wa * f * dz;
        q[ob] -= wb * f * dx;
        q[ob + 1] -= wb * f * dy;
        q[ob + 2] -= wb * f * dz;
    }
}
