package org.clothgraph.compress;

import java.util.Arrays;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;

/**
 * Rounding of the quantised basis rows of the worst vertices toward the stored frames. A vertex's decoded
 * position in frame j is sum_i w_ji q_i[r] over its three rows r alone (w_ji = coefficient x step, as the decoder
 * forms it), so the integers of one vertex's rows can be chosen without changing any other vertex. Plain rounding
 * takes the nearest integer to B'; here, for each given vertex, integers are moved by one quantum at a time
 * (coordinate descent) while that lowers the vertex's largest distance to the stored frames over all frames,
 * keeping its quantisation error (distance to B' c') within the tolerance in every frame. Used where the max
 * error over the graph sits at a few vertices whose error is dominated by the SVD truncation: the quantisation
 * noise there is then spent against the truncation error instead of by chance, and everywhere else the steps stay
 * as coarse as the tolerance allows.
 */
public final class WorstVertexRounding {
    /** Candidate moves evaluated exactly per step (those with the largest first-order gain at the worst frame). */
    private static final int CANDIDATES = 32;
    /** Moves per vertex at most. */
    private static final int MAX_MOVES = 4000;

    /** What was done: vertices treated, integers moved, and their largest distance before and after (m). */
    public record Result(int vertices, int moves, double worstBefore, double worstAfter) {
    }

    private WorstVertexRounding() {
    }

    /**
     * @param vertices the vertices to treat
     * @param goal     stop moving a vertex once its largest distance to the stored frames is at most this (m)
     * @param tolerance the quantisation error bound kept in every frame (m)
     */
    public static Result apply(FrameSource source, Quantisation.Rescaled f, Quantisation q, int[] vertices, double goal,
            double tolerance, IProgressMonitor monitor) {
        int n = f.n();
        int b = f.b();
        int rows = f.rows();
        SubMonitor sub = SubMonitor.convert(monitor, "Rounding the worst vertices toward the frames", n + vertices.length);
        // the stored positions of the treated vertices, one pass over the frames
        double[][] stored = new double[vertices.length][3 * n];
        float[] frame = new float[rows];
        for (int j = 0; j < n; j++) {
            if (sub.isCanceled()) {
                throw new OperationCanceledException();
            }
            source.read(j, frame);
            for (int k = 0; k < vertices.length; k++) {
                for (int c = 0; c < 3; c++) {
                    stored[k][3 * j + c] = frame[3 * vertices[k] + c];
                }
            }
            sub.worked(1);
        }
        // the decoder's weights w_ji = (q_ji t_i) s_i, in float as it forms them
        float[] w = new float[n * b];
        float[] c = new float[b];
        for (int j = 0; j < n; j++) {
            q.coefficients(j, c);
            for (int i = 0; i < b; i++) {
                w[j * b + i] = c[i] * q.basisStep(i);
            }
        }
        int moves = 0;
        double before = 0;
        double after = 0;
        for (int k = 0; k < vertices.length; k++) {
            if (sub.isCanceled()) {
                throw new OperationCanceledException();
            }
            double[] result = vertex(f, q, w, vertices[k], stored[k], goal, tolerance);
            moves += (int) result[0];
            before = Math.max(before, result[1]);
            after = Math.max(after, result[2]);
            sub.worked(1);
        }
        return new Result(vertices.length, moves, before, after);
    }

    /** @return moves, largest distance before, after */
    private static double[] vertex(Quantisation.Rescaled f, Quantisation q, float[] w, int v, double[] stored, double goal,
            double tolerance) {
        int n = f.n();
        int b = f.b();
        double[] e = new double[3 * n]; // decoded - stored
        double[] g = new double[3 * n]; // decoded - B' c'
        for (int j = 0; j < n; j++) {
            for (int k = 0; k < 3; k++) {
                int r = 3 * v + k;
                double y = 0;
                double x = 0;
                for (int i = 0; i < b; i++) {
                    y += (double) w[j * b + i] * q.basisValue(i, r);
                    x += f.basis()[r * b + i] * f.coefficients()[j * b + i];
                }
                e[3 * j + k] = y - stored[3 * j + k];
                g[3 * j + k] = y - x;
            }
        }
        double first = largest(e, n)[0];
        double limit = tolerance * (1 - 1e-3);
        int moves = 0;
        double[] gain = new double[6 * b];
        Integer[] order = new Integer[6 * b];
        while (moves < MAX_MOVES) {
            double[] wf = largest(e, n);
            double current = wf[0];
            int jw = (int) wf[1];
            if (current <= goal) {
                break;
            }
            // first-order change of |e_jw| for every move (vector i, coordinate k, direction +-1)
            for (int i = 0; i < b; i++) {
                for (int k = 0; k < 3; k++) {
                    double d = w[jw * b + i] * e[3 * jw + k] / current;
                    gain[(i * 3 + k) * 2] = d; // +1
                    gain[(i * 3 + k) * 2 + 1] = -d; // -1
                }
            }
            for (int m = 0; m < order.length; m++) {
                order[m] = m;
            }
            Arrays.sort(order, (x, y) -> Double.compare(gain[x], gain[y]));
            double best = current;
            int bestMove = -1;
            for (int m = 0; m < CANDIDATES && gain[order[m]] < 0; m++) {
                int move = order[m];
                int i = move / 6;
                int k = (move / 2) % 3;
                int dir = move % 2 == 0 ? 1 : -1;
                int r = 3 * v + k;
                int next = q.basisValue(i, r) + dir;
                int lim = q.bits(i) == 8 ? 127 : 32767;
                if (next > lim || next < -lim) {
                    continue;
                }
                double candidate = worst(e, n, k, i, dir, w, b);
                if (candidate < best - 1e-12 && worst(g, n, k, i, dir, w, b) <= limit) {
                    best = candidate;
                    bestMove = move;
                }
            }
            if (bestMove < 0) {
                break;
            }
            int i = bestMove / 6;
            int k = (bestMove / 2) % 3;
            int dir = bestMove % 2 == 0 ? 1 : -1;
            q.setBasisValue(i, 3 * v + k, (short) (q.basisValue(i, 3 * v + k) + dir));
            for (int j = 0; j < n; j++) {
                e[3 * j + k] += dir * (double) w[j * b + i];
                g[3 * j + k] += dir * (double) w[j * b + i];
            }
            moves++;
        }
        return new double[] { moves, first, largest(e, n)[0] };
    }

    /** Largest |e_j| and its frame. */
    private static double[] largest(double[] e, int n) {
        double best = -1;
        int at = 0;
        for (int j = 0; j < n; j++) {
            double d = e[3 * j] * e[3 * j] + e[3 * j + 1] * e[3 * j + 1] + e[3 * j + 2] * e[3 * j + 2];
            if (d > best) {
                best = d;
                at = j;
            }
        }
        return new double[] { Math.sqrt(best), at };
    }

    /** Largest |e_j| after adding dir x w_ji to coordinate k. */
    private static double worst(double[] e, int n, int k, int i, int dir, float[] w, int b) {
        double best = 0;
        for (int j = 0; j < n; j++) {
            double ek = e[3 * j + k] + dir * w[j * b + i];
            double d = ek * ek;
            for (int o = 0; o < 3; o++) {
                if (o != k) {
                    d += e[3 * j + o] * e[3 * j + o];
                }
            }
            best = Math.max(best, d);
        }
        return Math.sqrt(best);
    }

}
