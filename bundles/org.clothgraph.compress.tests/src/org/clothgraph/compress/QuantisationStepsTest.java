package org.clothgraph.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The worst-case step allocation (a D-optimal design problem with known solutions on small cases) and the rounding
 * of the worst vertices toward the frames (only their rows change; their largest error falls, measured by decoding
 * every frame; the quantisation error stays within the tolerance).
 */
class QuantisationStepsTest {

    @Test
    void oneConstraintSpreadsTheBudgetEvenlyInLogTerms() {
        // max sum log u_i s.t. a . u <= 1 has u_i = 1 / (b a_i)
        double[] a = { 1, 4, 0.25, 2 };
        double[] u = StepAllocation.solve(4, 1, (j, i) -> a[i]);
        for (int i = 0; i < 4; i++) {
            assertEquals(1 / (4 * a[i]), u[i], 1e-9, "u_" + i);
        }
    }

    @Test
    void theWorstRowBindsAndEveryRowIsFeasible() {
        // two frames: one with large coefficients on vector 0, one spread; the solution is feasible for both and
        // better (in sum log u) than the steps feasible for the sum of the rows
        double[][] a = { { 9, 1, 1 }, { 1, 1, 1 } };
        double[] u = StepAllocation.solve(3, 2, (j, i) -> a[j][i]);
        double worst = 0;
        for (double[] row : a) {
            double g = 0;
            for (int i = 0; i < 3; i++) {
                g += row[i] * u[i];
            }
            assertTrue(g <= 1 + 1e-9, "feasible: " + g);
            worst = Math.max(worst, g);
        }
        assertEquals(1, worst, 1e-9, "the budget is used");
        // the even spread for the binding row alone: u_i = 1 / (3 a_0i) is optimal here (row 1 is then slack)
        for (int i = 0; i < 3; i++) {
            assertEquals(1 / (3 * a[0][i]), u[i], 1e-3, "u_" + i);
        }
    }

    @Test
    void roundingTheWorstVertexLowersItsErrorAndTouchesNothingElse() {
        StreamingSvdTest.LowRank d = new StreamingSvdTest.LowRank(300, 400, 24);
        StreamingSvd.Result svd = new StreamingSvd(d, StreamingSvd.Settings.of(10)).run(null); // truncated
        Quantisation.Rescaled f = Quantisation.Rescaled.of(svd);
        Quantisation paper = Quantisation.paper(f);
        double tol = 0.004; // coarse against this data's ~0.3 m scale, so that quantisation moves the errors
        int[] all = java.util.stream.IntStream.range(0, f.n()).toArray();
        Quantisation q = Quantisation.balanced(f, Compressor.fit(k -> Quantisation.balanced(f, k), f, all, tol,
                tol / Math.sqrt(f.rows())));
        ReconstructionError.Measure before = ReconstructionError.full(d, f, q, paper, null);
        assertTrue(before.oursQuantisationMax() <= tol, "the steps keep the tolerance: " + before.oursQuantisationMax());
        int worst = 0;
        for (int v = 0; v < before.oursVertexMax().length; v++) {
            if (before.oursVertexMax()[v] > before.oursVertexMax()[worst]) {
                worst = v;
            }
        }
        short[][] rows = new short[f.b()][f.rows()];
        for (int i = 0; i < f.b(); i++) {
            for (int r = 0; r < f.rows(); r++) {
                rows[i][r] = q.basisValue(i, r);
            }
        }
        WorstVertexRounding.Result result = WorstVertexRounding.apply(d, f, q, new int[] { worst }, 0, tol, null);
        assertTrue(result.moves() > 0, "integers moved");
        ReconstructionError.Measure after = ReconstructionError.full(d, f, q, paper, null);
        double was = before.oursVertexMax()[worst];
        double now = after.oursVertexMax()[worst];
        assertTrue(now < was - tol / 10, "the vertex's largest error falls: " + was + " -> " + now);
        assertEquals(now, result.worstAfter(), 1e-6, "the rounding's own estimate is the decoded error");
        assertTrue(after.oursQuantisationMax() <= tol, "tolerance kept: " + after.oursQuantisationMax());
        int changedOutside = 0;
        for (int i = 0; i < f.b(); i++) {
            for (int r = 0; r < f.rows(); r++) {
                if (r / 3 != worst && rows[i][r] != q.basisValue(i, r)) {
                    changedOutside++;
                }
            }
        }
        assertEquals(0, changedOutside, "no other vertex's rows change");
        for (int v = 0; v < before.oursVertexMax().length; v++) {
            if (v != worst) {
                assertEquals(before.oursVertexMax()[v], after.oursVertexMax()[v], 0, "vertex " + v + " unchanged");
            }
        }
    }
}
