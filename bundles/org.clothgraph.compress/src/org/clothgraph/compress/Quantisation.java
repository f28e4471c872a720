package org.clothgraph.compress;

/**
 * The rescaled, quantised factors (Kim et al. 2013, section 4): m_i = max_j |C_ij|, B' = B M, C' = M^-1 C; basis
 * vector i as 8- or 16-bit integers with step s_i, coefficient i as integers with step t_i. Two schemes: the
 * paper's (8 bits with its 0.3 mm quantum where the vector's range fits, else 16 bits over the range; 16-bit
 * coefficients over [-1, 1]) and ours, whose steps come from the error budget: the basis takes the share
 * {@code basisShare} of it as one quantum for all vectors, each coefficient the rest divided by its vector's largest
 * entry, and the budget is scaled until the error measured by decoding meets the tolerance.
 */
public final class Quantisation {
    /** The paper's basis quantum, m. */
    public static final double PAPER_QUANTUM = 0.0003;

    final int rows;
    final int b;
    final int n;
    final int[] bits;
    final float[] basisStep;
    final short[][] basis;
    final float[] coefficientStep;
    final int[] coefficients;

    private Quantisation(int rows, int b, int n) {
        this.rows = rows;
        this.b = b;
        this.n = n;
        bits = new int[b];
        basisStep = new float[b];
        basis = new short[b][rows];
        coefficientStep = new float[b];
        coefficients = new int[n * b];
    }

    /** The rescaled factors B' (rows x b, row-major) and C' (b per column), both double/float as computed. */
    public record Rescaled(int rows, int b, int n, double[] basis, float[] coefficients, double[] scale,
            double[] largestEntry, double[] basisRms, double[] coefficientRms) {
        public static Rescaled of(StreamingSvd.Result svd) {
            int rows = svd.rows();
            int b = svd.basisSize();
            int n = svd.columns();
            double[] m = new double[b];
            float[] c = svd.coefficients();
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < b; i++) {
                    m[i] = Math.max(m[i], Math.abs(c[j * b + i]));
                }
            }
            for (int i = 0; i < b; i++) {
                if (m[i] == 0) {
                    m[i] = 1;
                }
            }
            double[] bp = new double[rows * b];
            double[] largest = new double[b];
            for (int r = 0; r < rows; r++) {
                for (int i = 0; i < b; i++) {
                    double x = svd.basis()[r * b + i] * m[i];
                    bp[r * b + i] = x;
                    largest[i] = Math.max(largest[i], Math.abs(x));
                }
            }
            float[] cp = new float[n * b];
            double[] cRms = new double[b];
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < b; i++) {
                    cp[j * b + i] = (float) (c[j * b + i] / m[i]);
                    cRms[i] += (double) cp[j * b + i] * cp[j * b + i];
                }
            }
            double[] bRms = new double[b];
            for (int r = 0; r < rows; r++) {
                for (int i = 0; i < b; i++) {
                    bRms[i] += bp[r * b + i] * bp[r * b + i];
                }
            }
            for (int i = 0; i < b; i++) {
                cRms[i] = Math.sqrt(cRms[i] / n);
                bRms[i] = Math.sqrt(bRms[i] / rows);
            }
            return new Rescaled(rows, b, n, bp, cp, m, largest, bRms, cRms);
        }
    }

    /** The paper's scheme. */
    public static Quantisation paper(Rescaled f) {
        Quantisation q = new Quantisation(f.rows(), f.b(), f.n());
        for (int i = 0; i < f.b(); i++) {
            double range = f.largestEntry()[i];
            if (range / 127 <= PAPER_QUANTUM) {
                q.quantiseVector(f, i, PAPER_QUANTUM, 8);
            } else {
                q.quantiseVector(f, i, range / 32767, 16);
            }
            q.quantiseCoefficients(f, i, 1.0 / 32767);
        }
        return q;
    }

    /**
     * Ours for a budget {@code alpha} (m): basis quantum {@code share * alpha}, coefficient step
     * {@code (1 - share) alpha / max_r |B'_ri|}; 8 bits wherever the quantised vector fits.
     */
    public static Quantisation ours(Rescaled f, double alpha, double share) {
        Quantisation q = new Quantisation(f.rows(), f.b(), f.n());
        for (int i = 0; i < f.b(); i++) {
            double range = f.largestEntry()[i];
            double s = Math.max(share * alpha, range / 32767);
            q.quantiseVector(f, i, s, range / s <= 127.49 ? 8 : 16);
            double t = range > 0 ? (1 - share) * alpha / range : 1;
            q.quantiseCoefficients(f, i, Math.min(2, Math.max(1.0 / 32767, t)));
        }
        return q;
    }

    /**
     * Ours with steps that spend bits where they buy the most error (rate ~ rows log(1/s_i) + n log(1/t_i) for an
     * error variance ~ sum_i s_i^2 E[c'_i^2] + t_i^2 E[B'_ri^2]): every vector's basis and coefficient quantisation
     * contribute the same variance, so s_i = kappa sqrt(rows) / rms(c'_i) and t_i = kappa sqrt(n) / rms(B'_i);
     * kappa is what the search fits to the tolerance.
     */
    public static Quantisation balanced(Rescaled f, double kappa) {
        Quantisation q = new Quantisation(f.rows(), f.b(), f.n());
        double sr = Math.sqrt(f.rows());
        double sn = Math.sqrt(f.n());
        for (int i = 0; i < f.b(); i++) {
            double range = f.largestEntry()[i];
            double cRms = Math.max(f.coefficientRms()[i], 1e-6);
            double bRms = Math.max(f.basisRms()[i], 1e-12);
            double s = Math.max(kappa * sr / cRms, range / 32767);
            q.quantiseVector(f, i, s, range / s <= 127.49 ? 8 : 16);
            q.quantiseCoefficients(f, i, Math.min(2, Math.max(1.0 / 32767, kappa * sn / bRms)));
        }
        return q;
    }

    /**
     * Ours with the worst-case steps of {@link StepAllocation}: s_i = kappa x basis[i], t_i = kappa x split x
     * coefficients[i]; {@code split} moves precision between the basis and the coefficients.
     */
    public static Quantisation worstCase(Rescaled f, double kappa, StepAllocation.Steps steps, double split) {
        Quantisation q = new Quantisation(f.rows(), f.b(), f.n());
        for (int i = 0; i < f.b(); i++) {
            double range = f.largestEntry()[i];
            double s = Math.max(kappa * steps.basis()[i], range / 32767);
            q.quantiseVector(f, i, s, range / s <= 127.49 ? 8 : 16);
            q.quantiseCoefficients(f, i, Math.min(2, Math.max(1.0 / 32767, kappa * split * steps.coefficients()[i])));
        }
        return q;
    }

    /**
     * An estimate of the entropy-coded size (bytes): order-0 entropy of each basis vector's values as differences
     * along rows and of each coefficient's differences from the predecessor frame, as the writer codes them.
     */
    public double estimatedBytes(int[] predecessor) {
        double bitsTotal = 0;
        java.util.HashMap<Integer, int[]> h = new java.util.HashMap<>();
        int[] values = new int[Math.max(rows, n)];
        for (int i = 0; i < b; i++) {
            for (int r = 0; r < rows; r++) {
                values[r] = basis[i][r] - (r >= 3 ? basis[i][r - 3] : 0);
            }
            bitsTotal += entropyBits(values, rows, h);
            for (int j = 0; j < n; j++) {
                int p = predecessor[j];
                values[j] = coefficients[j * b + i] - (p >= 0 ? coefficients[p * b + i] : 0);
            }
            bitsTotal += entropyBits(values, n, h);
        }
        return bitsTotal / 8;
    }

    private static double entropyBits(int[] values, int count, java.util.HashMap<Integer, int[]> h) {
        h.clear();
        for (int k = 0; k < count; k++) {
            h.computeIfAbsent(values[k], x -> new int[1])[0]++;
        }
        double bits = 0;
        for (int[] c : h.values()) {
            bits -= c[0] * Math.log((double) c[0] / count);
        }
        return bits / Math.log(2);
    }

    private void quantiseVector(Rescaled f, int i, double step, int bitCount) {
        int limit = bitCount == 8 ? 127 : 32767;
        bits[i] = bitCount;
        basisStep[i] = (float) step;
        double s = basisStep[i];
        for (int r = 0; r < rows; r++) {
            long v = Math.round(f.basis()[r * b + i] / s);
            basis[i][r] = (short) Math.max(-limit, Math.min(limit, v));
        }
    }

    private void quantiseCoefficients(Rescaled f, int i, double step) {
        coefficientStep[i] = (float) step;
        double t = coefficientStep[i];
        for (int j = 0; j < n; j++) {
            long v = Math.round(f.coefficients()[j * b + i] / t);
            coefficients[j * b + i] = (int) Math.max(-32767, Math.min(32767, v));
        }
    }

    /** The dequantised basis (rows x b, row-major), as the decoder sees it. */
    double[] dequantisedBasis() {
        double[] out = new double[rows * b];
        for (int i = 0; i < b; i++) {
            double s = basisStep[i];
            for (int r = 0; r < rows; r++) {
                out[r * b + i] = basis[i][r] * s;
            }
        }
        return out;
    }

    /** The dequantised coefficients of column j. */
    void coefficients(int j, double[] out) {
        for (int i = 0; i < b; i++) {
            out[i] = coefficients[j * b + i] * (double) coefficientStep[i];
        }
    }

    /** The dequantised coefficients of column j as the runtime computes them (float q * step). */
    void coefficients(int j, float[] out) {
        for (int i = 0; i < b; i++) {
            out[i] = coefficients[j * b + i] * coefficientStep[i];
        }
    }

    /** The basis as the runtime holds it. */
    public org.clothgraph.runtime.QuantisedBasis toBasis() {
        return org.clothgraph.runtime.QuantisedBasis.of(rows, bits.clone(), basisStep.clone(), basis);
    }

    /** Payload bytes of the basis as stored without entropy coding (1 or 2 bytes per entry). */
    public long basisBytes() {
        long s = 0;
        for (int x : bits) {
            s += (long) rows * (x / 8);
        }
        return s;
    }

    public int eightBitVectors() {
        int k = 0;
        for (int x : bits) {
            if (x == 8) {
                k++;
            }
        }
        return k;
    }

    public int basisSize() {
        return b;
    }

    public int bits(int i) {
        return bits[i];
    }

    public float basisStep(int i) {
        return basisStep[i];
    }

    public float coefficientStep(int i) {
        return coefficientStep[i];
    }

    public short basisValue(int i, int r) {
        return basis[i][r];
    }

    /** Replaces one quantised basis value (within the vector's bit range: the caller checks). */
    void setBasisValue(int i, int r, short value) {
        basis[i][r] = value;
    }

    public int coefficient(int j, int i) {
        return coefficients[j * b + i];
    }
}
