package org.clothgraph.compress;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;

/**
 * Errors measured by decoding: per-vertex Euclidean distances (m) between a frame as stored, its truncated
 * reconstruction B' c' and its quantised reconstructions (ours and the paper's), as the decoder computes them.
 */
public final class ReconstructionError {
    /**
     * Max and mean per-vertex distances over all vertices of all frames, each frame's own max for ours, and per
     * vertex the max over frames of ours and of the truncation (m).
     */
    public record Measure(double truncationMax, double truncationMean, double oursMax, double oursMean,
            double oursQuantisationMax, double paperMax, double paperMean, double paperQuantisationMax,
            float[] oursFrameMax, int worstFrame, double[] oursVertexMax, double[] truncationVertexMax) {
    }

    /**
     * What does not depend on our quantisation: the truncation error and the paper scheme's errors, measured once
     * and reused by every later pass over D (m).
     */
    public record PaperSide(double truncationMax, double truncationMean, double paperMax, double paperMean,
            double paperQuantisationMax, double[] truncationVertexMax) {
    }

    private ReconstructionError() {
    }

    /** One streaming pass over D decoding the paper's scheme: the truncation and the paper's errors. */
    public static PaperSide paper(FrameSource source, Quantisation.Rescaled f, Quantisation paper,
            IProgressMonitor monitor) {
        Measure m = pass(source, f, null, paper, null, monitor);
        return new PaperSide(m.truncationMax(), m.truncationMean(), m.paperMax(), m.paperMean(),
                m.paperQuantisationMax(), m.truncationVertexMax());
    }

    /** One streaming pass over D decoding ours; the truncation and paper figures are those measured before. */
    public static Measure full(FrameSource source, Quantisation.Rescaled f, Quantisation ours, PaperSide known,
            IProgressMonitor monitor) {
        return pass(source, f, ours, null, known, monitor);
    }

    /** The largest distance between ours decoded and B' c' over the given frames (the search's quick measure). */
    public static double quantisation(Quantisation.Rescaled f, Quantisation q, int[] frames) {
        int rows = f.rows();
        int b = f.b();
        double[] bq = q.dequantisedBasis();
        double[] c = new double[b];
        double[] cq = new double[b];
        double worst = 0;
        for (int j : frames) {
            for (int i = 0; i < b; i++) {
                c[i] = f.coefficients()[j * b + i];
            }
            q.coefficients(j, cq);
            worst = Math.max(worst, frameDistance(f.basis(), c, bq, cq, rows, b));
        }
        return worst;
    }

    private static double frameDistance(double[] b1, double[] c1, double[] b2, double[] c2, int rows, int b) {
        double worst = 0;
        for (int r = 0; r < rows; r += 3) {
            double d2 = 0;
            for (int k = 0; k < 3; k++) {
                int base = (r + k) * b;
                double x = 0;
                double y = 0;
                for (int i = 0; i < b; i++) {
                    x += b1[base + i] * c1[i];
                    y += b2[base + i] * c2[i];
                }
                d2 += (x - y) * (x - y);
            }
            worst = Math.max(worst, d2);
        }
        return Math.sqrt(worst);
    }

    /** One streaming pass over D comparing every frame with its three reconstructions. */
    public static Measure full(FrameSource source, Quantisation.Rescaled f, Quantisation ours, Quantisation paper,
            IProgressMonitor monitor) {
        return pass(source, f, ours, paper, null, monitor);
    }

    /** ours null: the paper side only; paper null: ours only, with known's figures for the paper side. */
    private static Measure pass(FrameSource source, Quantisation.Rescaled f, Quantisation ours, Quantisation paper,
            PaperSide known, IProgressMonitor monitor) {
        int rows = f.rows();
        int b = f.b();
        int n = f.n();
        SubMonitor sub = SubMonitor.convert(monitor, "Measuring the error of every frame", n);
        org.clothgraph.runtime.QuantisedBasis kernel = ours == null ? null : ours.toBasis();
        float[] cf = new float[b];
        float[] decoded = new float[rows];
        double[] bp = paper == null ? null : paper.dequantisedBasis();
        double[] c = new double[b];
        double[] cp = new double[b];
        float[] d = new float[rows];
        double[] x = new double[rows];
        double[] yo = new double[rows];
        double[] yp = new double[rows];
        float[] frameMax = new float[n];
        double[] vertexMax = new double[rows / 3];
        double[] truncVertexMax = new double[rows / 3];
        double tMax = 0;
        double tSum = 0;
        double oMax = 0;
        double oSum = 0;
        double oqMax = 0;
        double pMax = 0;
        double pSum = 0;
        double pqMax = 0;
        int worstFrame = 0;
        for (int j = 0; j < n; j++) {
            if (sub.isCanceled()) {
                throw new OperationCanceledException();
            }
            source.read(j, d);
            for (int i = 0; i < b; i++) {
                c[i] = f.coefficients()[j * b + i];
            }
            if (ours != null) {
                ours.coefficients(j, cf);
                kernel.decode(cf, decoded);
            }
            if (paper != null) {
                paper.coefficients(j, cp);
            }
            for (int r = 0; r < rows; r++) {
                int base = r * b;
                double sx = 0;
                for (int i = 0; i < b; i++) {
                    sx += f.basis()[base + i] * c[i];
                }
                x[r] = sx;
                if (paper != null) {
                    double sp = 0;
                    for (int i = 0; i < b; i++) {
                        sp += bp[base + i] * cp[i];
                    }
                    yp[r] = (float) sp;
                }
                yo[r] = decoded[r]; // exactly what the runtime decoder gives
            }
            double fMax = 0;
            for (int r = 0; r < rows; r += 3) {
                if (paper != null) {
                    double t = dist(x, d, r);
                    double p = dist(yp, d, r);
                    tSum += t;
                    pSum += p;
                    tMax = Math.max(tMax, t);
                    pMax = Math.max(pMax, p);
                    truncVertexMax[r / 3] = Math.max(truncVertexMax[r / 3], t);
                    pqMax = Math.max(pqMax, dist(yp, x, r));
                }
                if (ours != null) {
                    double o = dist(yo, d, r);
                    oSum += o;
                    fMax = Math.max(fMax, o);
                    vertexMax[r / 3] = Math.max(vertexMax[r / 3], o);
                    oqMax = Math.max(oqMax, dist(yo, x, r));
                }
            }
            frameMax[j] = (float) (fMax * 1000);
            if (fMax > oMax) {
                oMax = fMax;
                worstFrame = j;
            }
            sub.worked(1);
        }
        double count = (double) n * (rows / 3);
        if (known != null) {
            return new Measure(known.truncationMax(), known.truncationMean(), oMax, oSum / count, oqMax,
                    known.paperMax(), known.paperMean(), known.paperQuantisationMax(), frameMax, worstFrame,
                    vertexMax, known.truncationVertexMax());
        }
        return new Measure(tMax, tSum / count, oMax, oSum / count, oqMax, pMax, pSum / count, pqMax, frameMax,
                worstFrame, vertexMax, truncVertexMax);
    }

    private static double dist(double[] a, float[] d, int r) {
        double dx = a[r] - d[r];
        double dy = a[r + 1] - d[r + 1];
        double dz = a[r + 2] - d[r + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    private static double dist(double[] a, double[] d, int r) {
        double dx = a[r] - d[r];
        double dy = a[r + 1] - d[r + 1];
        double dz = a[r + 2] - d[r + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
}
