package org.clothgraph.measure.tests;

import java.util.function.BiFunction;

/** Synthetic test meshes: grid sheets mapped through a function of material (u, v). */
final class Sheets {

    private Sheets() {
    }

    /** A (nu+1) x (nv+1) vertex grid over [0,1]^2 mapped by f(u, v) -> xyz; two triangles per quad. */
    static double[] positions(int nu, int nv, BiFunction<Double, Double, double[]> f) {
        double[] xyz = new double[3 * (nu + 1) * (nv + 1)];
        for (int j = 0; j <= nv; j++) {
            for (int i = 0; i <= nu; i++) {
                double[] p = f.apply((double) i / nu, (double) j / nv);
                int k = j * (nu + 1) + i;
                System.arraycopy(p, 0, xyz, 3 * k, 3);
            }
        }
        return xyz;
    }

    static int[] triangles(int nu, int nv) {
        int[] t = new int[6 * nu * nv];
        int n = 0;
        for (int j = 0; j < nv; j++) {
            for (int i = 0; i < nu; i++) {
                int a = j * (nu + 1) + i, b = a + 1, c = a + nu + 1, d = c + 1;
                t[n++] = a;
                t[n++] = b;
                t[n++] = d;
                t[n++] = a;
                t[n++] = d;
                t[n++] = c;
            }
        }
        return t;
    }

    /**
     * A strip folded back over itself so that its second half dips through the first along the line x = 1/3:
     * u in [0, 1/2] lies flat in z = 0, u in [1/2, 1] arcs back over it and ends below the plane.
     */
    static double[] foldedThroughItself(int nu, int nv) {
        return positions(nu, nv, (u, v) -> {
            if (u <= 0.5) {
                return new double[] { 2 * u, v, 0 };
            }
            double s = 2 * u - 1; // 0 at the fold, 1 at the free end
            double y = v * (1 - 0.2 * s) + 0.1 * s; // narrower, so the crossing stays clear of the borders
            return new double[] { 1 - s, y, 0.3 * Math.sin(Math.PI * 1.5 * s) + 1e-3 };
        });
    }

    static float[] toFloat(double[] xyz) {
        float[] f = new float[xyz.length];
        for (int i = 0; i < xyz.length; i++) {
            f[i] = (float) xyz[i];
        }
        return f;
    }
}
