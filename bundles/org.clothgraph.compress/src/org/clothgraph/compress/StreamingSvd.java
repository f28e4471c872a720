package org.clothgraph.compress;

import java.util.SplittableRandom;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;
import org.ojalgo.matrix.decomposition.Eigenvalue;
import org.ojalgo.matrix.store.MatrixStore;
import org.ojalgo.matrix.store.R064Store;

/**
 * Out-of-core truncated SVD D ~ B C (Kim et al. 2013, section 4) by a randomized range finder with power
 * iterations (Halko, Martinsson and Tropp 2011, algorithms 4.4 and 5.1), every product with D a streaming pass
 * over its columns: Y = D Omega (and the mean frame), then q times Y = D (D^T Q), then the small Gram matrix
 * Q^T D D^T Q, then the coefficients. The mean frame is basis vector 0 (coefficient 1) and the SVD runs on the
 * centred columns: the mean holds ~99.99 % of the energy, and the power iterations would push the rest below
 * double precision. The heap holds two rows x l matrices and one chunk of columns, whatever n is (plus the
 * b x n coefficients it returns); the l x l eigenproblems are ojAlgo's. Cancellation is checked between chunks.
 */
public final class StreamingSvd {
    /** @param oversample extra sample vectors (l = b + oversample); @param chunk columns read per block */
    public record Settings(int basis, int oversample, int powerIterations, long seed, int chunk) {
        public static Settings of(int basis) {
            return new Settings(basis, 16, 2, 0x5EEDC10AL, 32);
        }

        public Settings withPowerIterations(int q) {
            return new Settings(basis, oversample, q, seed, chunk);
        }
    }

    /**
     * The result: basis (rows x b, row-major, orthonormal columns), singular values, coefficients (b per column,
     * column-major: c[j * b + i]), the energy of D (squared Frobenius norm) and what the passes cost.
     */
    public record Result(int rows, int columns, int basisSize, double[] basis, double[] singularValues,
            float[] coefficients, double energy, int passes, double seconds, long bytesRead, long peakHeapBytes) {
        public double megabytesPerSecond() {
            return seconds > 0 ? bytesRead / 1e6 / seconds : 0;
        }
    }

    private final FrameSource source;
    private final Settings settings;
    private final int rows;
    private final int n;
    private final int l;
    private long bytesRead;
    private long peakHeap;
    private int passes;
    private double energy;
    private double[] mean;

    public StreamingSvd(FrameSource source, Settings settings) {
        this.source = source;
        this.settings = settings;
        this.rows = source.rows();
        this.n = source.columns();
        int b = Math.max(1, Math.min(settings.basis() - 1, Math.min(rows, n)));
        this.l = Math.min(b + settings.oversample(), Math.min(rows, n));
    }

    public Result run(IProgressMonitor monitor) {
        int b = Math.min(settings.basis() - 1, l); // + the mean
        int q = settings.powerIterations();
        SubMonitor sub = SubMonitor.convert(monitor, "Truncated SVD of " + rows + " x " + n + " (b = " + b + ")",
                (q + 3) * 100 + 10);
        long t0 = System.nanoTime();
        double[] y = new double[rows * l];
        // pass 1: Y = D Omega, Omega drawn per column from a seeded generator (never stored)
        mean = new double[rows];
        double[] omegaSum = new double[l];
        pass(null, y, null, sub.split(100), true, omegaSum);
        for (int r = 0; r < rows; r++) {
            mean[r] /= n;
        }
        for (int r = 0; r < rows; r++) {
            for (int k = 0; k < l; k++) {
                y[r * l + k] -= mean[r] * omegaSum[k]; // (D - mean 1^T) Omega
            }
        }
        double[] qm = y;
        for (int it = 0; it < q; it++) {
            orthonormalise(qm);
            double[] next = new double[rows * l];
            pass(qm, next, null, sub.split(100), false, null);
            qm = next;
        }
        orthonormalise(qm);
        // Rayleigh-Ritz: G = Q^T D D^T Q, its eigenvectors rotate Q onto the leading left singular vectors
        double[] g = new double[l * l];
        pass(qm, null, g, sub.split(100), false, null);
        Eigenvalue<Double> eig = Eigenvalue.R064.make(true);
        eig.decompose(square(g, l));
        double[] values = new double[l];
        eig.getEigenvalues(values, java.util.Optional.empty());
        double[] v = dense(eig.getV(), l);
        Integer[] orderIdx = new Integer[l];
        for (int i = 0; i < l; i++) {
            orderIdx[i] = i;
        }
        java.util.Arrays.sort(orderIdx, (x, z) -> Double.compare(values[z], values[x]));
        int bb = b + 1;
        double[] sigma = new double[bb];
        double[] basis = new double[rows * bb];
        double[] row = new double[l];
        double meanNorm = 0;
        for (int r = 0; r < rows; r++) {
            meanNorm += mean[r] * mean[r];
            basis[r * bb] = mean[r];
            System.arraycopy(qm, r * l, row, 0, l);
            for (int i = 0; i < b; i++) {
                int col = orderIdx[i];
                double s = 0;
                for (int k = 0; k < l; k++) {
                    s += row[k] * v[k * l + col];
                }
                basis[r * bb + i + 1] = s;
            }
        }
        sigma[0] = Math.sqrt(meanNorm * n);
        for (int i = 0; i < b; i++) {
            sigma[i + 1] = Math.sqrt(Math.max(0, values[orderIdx[i]]));
        }
        b = bb;
        qm = null;
        y = null;
        sub.worked(10);
        // last pass: C = B^T D
        float[] c = coefficients(basis, b, sub.split(100));
        double seconds = (System.nanoTime() - t0) / 1e9;
        return new Result(rows, n, b, basis, sigma, c, energy, passes, seconds, bytesRead, peakHeap);
    }

    /**
     * One streaming pass. With {@code omega}: out += D Omega. Otherwise Z = Q^T D per chunk, then out += D Z^T
     * (when out is given) and gram += Z Z^T (when gram is given).
     */
    private void pass(double[] qm, double[] out, double[] gram, SubMonitor monitor, boolean omega, double[] omegaSum) {
        passes++;
        int chunk = settings.chunk();
        float[][] d = new float[chunk][rows];
        double[][] z = new double[chunk][l];
        SubMonitor sub = SubMonitor.convert(monitor, (n + chunk - 1) / chunk);
        for (int j0 = 0; j0 < n; j0 += chunk) {
            if (sub.isCanceled()) {
                throw new OperationCanceledException();
            }
            int m = Math.min(chunk, n - j0);
            for (int c = 0; c < m; c++) {
                source.read(j0 + c, d[c]);
                float[] dc = d[c];
                if (omega) {
                    double e = 0;
                    for (int r = 0; r < rows; r++) {
                        e += (double) dc[r] * dc[r];
                        mean[r] += dc[r];
                    }
                    energy += e;
                } else {
                    for (int r = 0; r < rows; r++) {
                        dc[r] = (float) (dc[r] - mean[r]);
                    }
                }
            }
            bytesRead += 4L * rows * m;
            for (int c = 0; c < m; c++) {
                java.util.Arrays.fill(z[c], 0);
            }
            if (omega) {
                for (int c = 0; c < m; c++) {
                    SplittableRandom random = new SplittableRandom(settings.seed() ^ (0x9E3779B97F4A7C15L * (j0 + c + 1)));
                    for (int k = 0; k < l; k++) {
                        z[c][k] = gaussian(random);
                        omegaSum[k] += z[c][k];
                    }
                }
            } else {
                for (int r = 0; r < rows; r++) {
                    int base = r * l;
                    for (int c = 0; c < m; c++) {
                        double x = d[c][r];
                        if (x != 0) {
                            double[] zc = z[c];
                            for (int k = 0; k < l; k++) {
                                zc[k] += qm[base + k] * x;
                            }
                        }
                    }
                }
            }
            if (out != null) {
                for (int r = 0; r < rows; r++) {
                    int base = r * l;
                    for (int c = 0; c < m; c++) {
                        double x = d[c][r];
                        if (x != 0) {
                            double[] zc = z[c];
                            for (int k = 0; k < l; k++) {
                                out[base + k] += x * zc[k];
                            }
                        }
                    }
                }
            }
            if (gram != null) {
                for (int c = 0; c < m; c++) {
                    double[] zc = z[c];
                    for (int a = 0; a < l; a++) {
                        double za = zc[a];
                        for (int k = 0; k < l; k++) {
                            gram[a * l + k] += za * zc[k];
                        }
                    }
                }
            }
            notePeakHeap();
            sub.worked(1);
        }
    }

    private float[] coefficients(double[] basis, int b, SubMonitor monitor) {
        passes++;
        float[] c = new float[n * b];
        float[] d = new float[rows];
        double[] acc = new double[b];
        SubMonitor sub = SubMonitor.convert(monitor, n);
        for (int j = 0; j < n; j++) {
            if (sub.isCanceled()) {
                throw new OperationCanceledException();
            }
            source.read(j, d);
            bytesRead += 4L * rows;
            java.util.Arrays.fill(acc, 0);
            for (int r = 0; r < rows; r++) {
                double x = d[r] - mean[r];
                int base = r * b;
                for (int i = 1; i < b; i++) {
                    acc[i] += basis[base + i] * x;
                }
            }
            acc[0] = 1;
            for (int i = 0; i < b; i++) {
                c[j * b + i] = (float) acc[i];
            }
            if ((j & 63) == 0) {
                notePeakHeap();
            }
            sub.worked(1);
        }
        return c;
    }

    /**
     * Orthonormal columns in place by modified Gram-Schmidt, run twice ("twice is enough"): exact to machine
     * precision whatever the conditioning of Y; a column that vanishes against the others becomes zero.
     */
    private void orthonormalise(double[] y) {
        for (int round = 0; round < 2; round++) {
            double[] dots = new double[l];
            for (int a = 0; a < l; a++) {
                double norm = 0;
                for (int r = 0; r < rows; r++) {
                    double x = y[r * l + a];
                    norm += x * x;
                }
                norm = Math.sqrt(norm);
                double inv = norm > 1e-300 ? 1 / norm : 0;
                for (int r = 0; r < rows; r++) {
                    y[r * l + a] *= inv;
                }
                java.util.Arrays.fill(dots, 0);
                for (int r = 0; r < rows; r++) {
                    int base = r * l;
                    double qa = y[base + a];
                    if (qa != 0) {
                        for (int k = a + 1; k < l; k++) {
                            dots[k] += qa * y[base + k];
                        }
                    }
                }
                for (int r = 0; r < rows; r++) {
                    int base = r * l;
                    double qa = y[base + a];
                    if (qa != 0) {
                        for (int k = a + 1; k < l; k++) {
                            y[base + k] -= dots[k] * qa;
                        }
                    }
                }
            }
        }
    }

    private static R064Store square(double[] g, int l) {
        R064Store m = R064Store.FACTORY.make(l, l);
        for (int a = 0; a < l; a++) {
            for (int k = 0; k < l; k++) {
                m.set(a, k, g[a * l + k]);
            }
        }
        return m;
    }

    private static double[] dense(MatrixStore<Double> m, int l) {
        double[] out = new double[l * l];
        for (int a = 0; a < l; a++) {
            for (int k = 0; k < l; k++) {
                out[a * l + k] = m.doubleValue(a, k);
            }
        }
        return out;
    }

    private void notePeakHeap() {
        Runtime rt = Runtime.getRuntime();
        peakHeap = Math.max(peakHeap, rt.totalMemory() - rt.freeMemory());
    }

    private static double gaussian(SplittableRandom r) {
        // Box-Muller; one value per call keeps the stream a function of the column alone
        double u = r.nextDouble();
        double w = r.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * w);
    }
}
