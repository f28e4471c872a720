package org.clothgraph.explore.ui.internal;

import java.util.Locale;

/**
 * A linear chart axis over [min, max] with "nice" ticks (1, 2 or 5 times a power of ten), the range widened to
 * whole ticks so the data never touches the frame.
 */
final class Axis {
    final double min;
    final double max;
    final double step;

    private Axis(double min, double max, double step) {
        this.min = min;
        this.max = max;
        this.step = step;
    }

    /** An axis covering [lo, hi] with about {@code ticks} intervals. */
    static Axis covering(double lo, double hi, int ticks) {
        if (!(hi > lo)) {
            double pad = Math.max(1, Math.abs(lo) * 0.1);
            lo -= pad;
            hi += pad;
        }
        double raw = (hi - lo) / Math.max(1, ticks);
        double power = Math.pow(10, Math.floor(Math.log10(raw)));
        double unit = raw / power;
        double step = (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
        return new Axis(Math.floor(lo / step) * step, Math.ceil(hi / step) * step, step);
    }

    int tickCount() {
        return (int) Math.round((max - min) / step);
    }

    double tick(int i) {
        return min + i * step;
    }

    /** Position of a value along a span of {@code pixels} starting at {@code from}; {@code up}: larger is higher. */
    int pixel(double value, int from, int pixels, boolean up) {
        double f = (value - min) / (max - min);
        return up ? from + pixels - (int) Math.round(f * pixels) : from + (int) Math.round(f * pixels);
    }

    String label(double value) {
        if (step >= 1 && Math.abs(value) < 1e15) {
            return String.format(Locale.ROOT, "%,d", Math.round(value));
        }
        int decimals = (int) Math.max(0, Math.ceil(-Math.log10(step)));
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
