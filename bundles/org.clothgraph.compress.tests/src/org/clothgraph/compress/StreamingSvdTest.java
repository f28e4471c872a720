package org.clothgraph.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.junit.jupiter.api.Test;

/** The streaming SVD against data of known rank and spectrum, reconstructed (ojAlgo-style checks). */
class StreamingSvdTest {

    /** rows x n data = mean + sum_k s_k u_k v_k^T with a steep spectrum, generated per column. */
    static final class LowRank implements FrameSource {
        final int rows;
        final int n;
        final int rank;
        final double[][] u;

        LowRank(int rows, int n, int rank) {
            this.rows = rows;
            this.n = n;
            this.rank = rank;
            SplittableRandom r = new SplittableRandom(1);
            u = new double[rank + 1][rows];
            for (double[] x : u) {
                for (int i = 0; i < rows; i++) {
                    x[i] = r.nextDouble() - 0.5;
                }
            }
        }

        @Override
        public int rows() {
            return rows;
        }

        @Override
        public int columns() {
            return n;
        }

        @Override
        public void read(int j, float[] out) {
            SplittableRandom r = new SplittableRandom(1000 + j);
            for (int i = 0; i < rows; i++) {
                out[i] = (float) u[0][i]; // the mean
            }
            for (int k = 1; k <= rank; k++) {
                double c = (r.nextDouble() - 0.5) * Math.pow(0.5, k);
                for (int i = 0; i < rows; i++) {
                    out[i] += (float) (c * u[k][i]);
                }
            }
        }
    }

    @Test
    void dataOfLowerRankThanTheBasisIsReconstructed() {
        LowRank d = new LowRank(300, 500, 12);
        StreamingSvd.Result r = new StreamingSvd(d, StreamingSvd.Settings.of(20)).run(null);
        assertEquals(20, r.basisSize());
        assertEquals(5, r.passes());
        float[] col = new float[d.rows()];
        double worst = 0;
        for (int j = 0; j < d.columns(); j++) {
            d.read(j, col);
            for (int i = 0; i < d.rows(); i++) {
                double x = 0;
                for (int k = 0; k < r.basisSize(); k++) {
                    x += r.basis()[i * r.basisSize() + k] * r.coefficients()[j * r.basisSize() + k];
                }
                worst = Math.max(worst, Math.abs(x - col[i]));
            }
        }
        assertTrue(worst < 1e-5, "reconstruction error " + worst);
    }

    @Test
    void theLeadingVectorsAreFoundBelowTheMean() {
        // basis smaller than the rank: the kept singular values are the leading ones, descending
        LowRank d = new LowRank(200, 400, 30);
        StreamingSvd.Result r = new StreamingSvd(d, StreamingSvd.Settings.of(8)).run(null);
        double[] s = r.singularValues();
        for (int k = 2; k < s.length; k++) {
            assertTrue(s[k] <= s[k - 1] * 1.000001, "descending at " + k);
            assertTrue(s[k] > 0);
        }
        // the spectrum halves per vector: the ratios show it
        assertEquals(0.5, s[3] / s[2], 0.15);
    }

    @Test
    void aCancelledRunStopsBetweenChunks() {
        LowRank d = new LowRank(100, 200, 5);
        NullProgressMonitor m = new NullProgressMonitor();
        m.setCanceled(true);
        assertThrows(OperationCanceledException.class, () -> new StreamingSvd(d, StreamingSvd.Settings.of(4)).run(m));
    }
}
