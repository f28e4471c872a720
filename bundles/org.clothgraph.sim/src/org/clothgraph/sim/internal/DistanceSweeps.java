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

    DistanceSweeps(ClothModel m, double strainLimit) {
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
        blockStart = m.partStart.clone();
        xw = new double[4 * n];
        lambda = new double[nc];
    }

    /** Copies the positions x and inverse masses w into the sweep's layout. */
    void gather(double[] x, double[] w) {
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
     * One sweep: the slabs' blocks (which share no vertex) at the same time when the constraints are many, then the
     * block crossing between them; the same order, so the same result, on one thread or several.
     */
    void sweep(Workers workers, double h) {
        int[] ps = blockStart;
        int parts = ps.length - 2;
        if (nc < 4096) {
            sweep(h, 0, ps[parts + 1]);
            return;
        }
        workers.forRange(parts, 1, (chunk, from, to) -> {
            for (int k = from; k < to; k++) {
                sweep(h, ps[k], ps[k + 1]);
            }
        });
        sweep(h, ps[parts], ps[parts + 1]);
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
            double dl = (-(len - d[r]) - at * lam[c]) / (wa + wb + at);
            lam[c] += dl;
            double lim = d[r + 2];
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
}
