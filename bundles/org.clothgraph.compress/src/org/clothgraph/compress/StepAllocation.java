package org.clothgraph.compress;

import java.util.Arrays;

/**
 * Relative quantisation steps for the worst case rather than the average. Basis vector i quantised with step s_i
 * adds to a vertex in frame j an error of variance ~ sum_i s_i^2 c'_ji^2 / 12, the same at every vertex of that
 * frame; coefficient i quantised with step t_i adds to vertex v an error of variance ~ sum_i t_i^2 |B'_vi|^2 / 12,
 * the same in every frame. The max error over the graph is set by the worst frame and the worst vertex, so the
 * steps that cost the fewest bits (rows x log 1/s_i + n x log 1/t_i) for a bound on the worst frame's and the worst
 * vertex's variance solve max sum_i log u_i subject to A u &lt;= 1 (u_i = s_i^2, A_ji = c'_ji^2 for the basis;
 * u_i = t_i^2, A_vi = |B'_vi|^2 for the coefficients): a D-optimal design problem, solved by its multiplicative
 * fixed-point iteration (lambda_j &lt;- lambda_j (A u)_j, u_i = 1 / (A^T lambda)_i). With a flat A this gives
 * the balanced steps ({@link Quantisation#balanced}); where a few frames or vertices carry large values it
 * spends the precision where the max error is made.
 */
public final class StepAllocation {
    /** Fixed-point iterations (the rate is within ~1 % of its optimum after ~100 on the demo graphs). */
    static final int ITERATIONS = 120;

    /** Relative steps: s_i = k x basis[i], t_i = k x coefficients[i] (the basis : coefficient split as balanced). */
    public record Steps(double[] basis, double[] coefficients) {
    }

    private StepAllocation() {
    }

    public static Steps worstCase(Quantisation.Rescaled f) {
        int b = f.b();
        int n = f.n();
        int rows = f.rows();
        int v = rows / 3;
        float[] c = f.coefficients();
        double[] bp = f.basis();
        // basis: constraints per frame, A_ji = c'_ji^2
        double[] us = solve(b, n, (j, i) -> (double) c[j * b + i] * c[j * b + i]);
        // coefficients: constraints per vertex, A_vi = |B'_vi|^2
        double[] a = new double[v * b];
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < b; i++) {
                a[(r / 3) * b + i] += bp[r * b + i] * bp[r * b + i];
            }
        }
        double[] ut = solve(b, v, (r, i) -> a[r * b + i]);
        double[] s = new double[b];
        double[] t = new double[b];
        double fs = Math.sqrt(rows);
        double ft = Math.sqrt(n);
        for (int i = 0; i < b; i++) {
            s[i] = Math.sqrt(us[i]) * fs;
            t[i] = Math.sqrt(ut[i]) * ft;
        }
        return new Steps(s, t);
    }

    interface Matrix {
        double at(int row, int column);
    }

    /** max sum_i log u_i subject to (A u)_j &lt;= 1 for the m rows of A (b columns); u scaled to feasibility. */
    static double[] solve(int b, int m, Matrix a) {
        double[] lambda = new double[m];
        Arrays.fill(lambda, (double) b / m);
        double[] u = new double[b];
        double[] at = new double[b];
        for (int it = 0; it <= ITERATIONS; it++) {
            Arrays.fill(at, 0);
            for (int j = 0; j < m; j++) {
                double l = lambda[j];
                if (l == 0) {
                    continue;
                }
                for (int i = 0; i < b; i++) {
                    at[i] += l * a.at(j, i);
                }
            }
            for (int i = 0; i < b; i++) {
                u[i] = at[i] > 1e-300 ? 1 / at[i] : Double.NaN; // NaN: a column of zeros, no constraint
            }
            if (it == ITERATIONS) {
                break;
            }
            for (int j = 0; j < m; j++) {
                double g = 0;
                for (int i = 0; i < b; i++) {
                    if (!Double.isNaN(u[i])) {
                        g += a.at(j, i) * u[i];
                    }
                }
                lambda[j] *= g;
            }
        }
        double worst = 0;
        double largest = 0;
        for (int j = 0; j < m; j++) {
            double g = 0;
            for (int i = 0; i < b; i++) {
                if (!Double.isNaN(u[i])) {
                    g += a.at(j, i) * u[i];
                }
            }
            worst = Math.max(worst, g);
        }
        for (int i = 0; i < b; i++) {
            if (!Double.isNaN(u[i])) {
                u[i] /= worst > 0 ? worst : 1;
                largest = Math.max(largest, u[i]);
            }
        }
        for (int i = 0; i < b; i++) {
            if (Double.isNaN(u[i])) {
                u[i] = largest > 0 ? largest : 1; // unconstrained: as coarse as the coarsest
            }
        }
        return u;
    }
}
