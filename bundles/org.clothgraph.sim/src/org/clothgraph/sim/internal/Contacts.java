package org.clothgraph.sim.internal;

import java.util.Arrays;

/**
 * Unilateral proximity contacts between cloth points, each a weighted combination of up to four vertices:
 * vertex-triangle (1, -u, -v, -w) or edge-edge (1-s, s, -(1-t), -t). A contact keeps the separation
 * n . sum(c_k x_k) at least {@code target}, with the normal n and the weights fixed from the start of the
 * substep, when the pair was apart; solved as rigid XPBD inequality constraints with accumulated multipliers.
 */
final class Contacts {
    int size;
    int[] v = new int[4 * 256];
    double[] c = new double[4 * 256];
    double[] nrm = new double[3 * 256];
    double[] target = new double[256], lambda = new double[256];
    /** Changes whenever the contacts do (cleared or added to): what was derived from them at one version holds. */
    long version;

    void resetMultipliers() {
        Arrays.fill(lambda, 0, size, 0);
    }

    void clear() {
        size = 0;
        version++;
    }

    void add(int a, double ca, int b, double cb, int d, double cd, int e, double ce, double nx, double ny, double nz,
            double tgt) {
        if (size == target.length) {
            int m = size * 2;
            v = Arrays.copyOf(v, 4 * m);
            c = Arrays.copyOf(c, 4 * m);
            nrm = Arrays.copyOf(nrm, 3 * m);
            target = Arrays.copyOf(target, m);
            lambda = Arrays.copyOf(lambda, m);
        }
        int o = 4 * size;
        v[o] = a;
        v[o + 1] = b;
        v[o + 2] = d;
        v[o + 3] = e;
        c[o] = ca;
        c[o + 1] = cb;
        c[o + 2] = cd;
        c[o + 3] = ce;
        nrm[3 * size] = nx;
        nrm[3 * size + 1] = ny;
        nrm[3 * size + 2] = nz;
        target[size] = tgt;
        lambda[size] = 0;
        size++;
        version++;
    }

    /** Appends all contacts of another list (kept in order). */
    void addAll(Contacts o) {
        for (int k = 0; k < o.size; k++) {
            int q = 4 * k;
            add(o.v[q], o.c[q], o.v[q + 1], o.c[q + 1], o.v[q + 2], o.c[q + 2], o.v[q + 3], o.c[q + 3], o.nrm[3 * k],
                    o.nrm[3 * k + 1], o.nrm[3 * k + 2], o.target[k]);
        }
    }

    /** Current separation of contact k along its normal. */
    double separation(int k, double[] x) {
        int o = 4 * k;
        double sx = 0, sy = 0, sz = 0;
        for (int j = 0; j < 4; j++) {
            int p = 3 * v[o + j];
            double cj = c[o + j];
            sx += cj * x[p];
            sy += cj * x[p + 1];
            sz += cj * x[p + 2];
        }
        return sx * nrm[3 * k] + sy * nrm[3 * k + 1] + sz * nrm[3 * k + 2];
    }

    /** Each contact's generalised inverse mass, sum c_j^2 w_j ({@link #weigh}). */
    private double[] weights = new double[256];

    /**
     * Computes each contact's generalised inverse mass for the inverse masses {@code w}, which {@link #solve} reads:
     * call it before solving whenever the contacts or w have changed since (a solve makes up to 16 passes over the
     * same contacts with the same masses).
     */
    void weigh(double[] w) {
        if (weights.length < size) {
            weights = new double[target.length];
        }
        for (int k = 0; k < size; k++) {
            int o = 4 * k;
            double ws = 0;
            for (int j = 0; j < 4; j++) {
                ws += c[o + j] * c[o + j] * w[v[o + j]];
            }
            weights[k] = ws;
        }
    }

    /**
     * One Gauss-Seidel pass over the contacts {@code ids[0..count)} in that order, with the generalised inverse masses
     * of the last {@link #weigh} (for the same w); returns the largest remaining violation (m) seen before solving.
     */
    double solve(double[] x, double[] w, int[] ids, int count) {
        double worst = 0;
        double[] weights = this.weights;
        for (int e = 0; e < count; e++) {
            int k = ids[e];
            double viol = target[k] - separation(k, x);
            double lam = lambda[k];
            if (viol <= 0 && lam == 0) {
                continue;
            }
            int o = 4 * k;
            double ws = weights[k];
            if (ws == 0) {
                continue;
            }
            worst = Math.max(worst, viol);
            double nl = Math.max(0, lam + viol / ws);
            double dl = nl - lam;
            if (dl == 0) {
                continue;
            }
            lambda[k] = nl;
            double nx = nrm[3 * k], ny = nrm[3 * k + 1], nz = nrm[3 * k + 2];
            for (int j = 0; j < 4; j++) {
                int p = 3 * v[o + j];
                double f = w[v[o + j]] * c[o + j] * dl;
                x[p] += f * nx;
                x[p + 1] += f * ny;
                x[p + 2] += f * nz;
            }
        }
        return worst;
    }

    /**
     * Coulomb friction at position level: the relative tangential displacement of each pressed contact in the
     * substep is reduced by at most mu times its normal correction (lambda times its generalised inverse mass).
     */
    void friction(double[] x, double[] xp, double[] w, double mu) {
        if (mu <= 0) {
            return;
        }
        for (int k = 0; k < size; k++) {
            double lam = lambda[k];
            if (lam <= 0) {
                continue;
            }
            int o = 4 * k;
            double rx = 0, ry = 0, rz = 0, ws = 0;
            for (int j = 0; j < 4; j++) {
                int p = 3 * v[o + j];
                double cj = c[o + j];
                rx += cj * (x[p] - xp[p]);
                ry += cj * (x[p + 1] - xp[p + 1]);
                rz += cj * (x[p + 2] - xp[p + 2]);
                ws += cj * cj * w[v[o + j]];
            }
            double nx = nrm[3 * k], ny = nrm[3 * k + 1], nz = nrm[3 * k + 2];
            double rn = rx * nx + ry * ny + rz * nz;
            rx -= rn * nx;
            ry -= rn * ny;
            rz -= rn * nz;
            double tl = Math.sqrt(rx * rx + ry * ry + rz * rz);
            if (tl < 1e-12 || ws == 0) {
                continue;
            }
            double corr = Math.min(tl, mu * lam * ws);
            double dl = corr / (tl * ws);
            for (int j = 0; j < 4; j++) {
                int p = 3 * v[o + j];
                double f = -w[v[o + j]] * c[o + j] * dl;
                x[p] += f * rx;
                x[p + 1] += f * ry;
                x[p + 2] += f * rz;
            }
        }
    }
}
