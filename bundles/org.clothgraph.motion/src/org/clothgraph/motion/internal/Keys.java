package org.clothgraph.motion.internal;

/** Scalar keyframe track with ease-in/out (smoothstep) interpolation; constant outside the keys. */
public final class Keys {
    private final double[] t, v;

    /** Pairs time, value, time, value ... with increasing times. */
    public Keys(double... tv) {
        t = new double[tv.length / 2];
        v = new double[tv.length / 2];
        for (int i = 0; i < t.length; i++) { t[i] = tv[2 * i]; v[i] = tv[2 * i + 1]; }
    }

    public double at(double x) {
        if (x <= t[0]) return v[0];
        for (int i = 1; i < t.length; i++) {
            if (x <= t[i]) {
                double s = (x - t[i - 1]) / (t[i] - t[i - 1]);
                return v[i - 1] + (v[i] - v[i - 1]) * smooth(s);
            }
        }
        return v[v.length - 1];
    }

    public static double smooth(double s) {
        s = Math.max(0, Math.min(1, s));
        return s * s * (3 - 2 * s);
    }
}
