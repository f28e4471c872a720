package org.clothgraph.playback.ui.internal;

/** Frames shown per second, smoothed over the last frames (an exponential moving average of the intervals). */
final class FrameRate {
    private long last;
    private double interval;

    void restart() {
        last = 0;
        interval = 0;
    }

    /** Notes a frame shown at {@code nanos} (System.nanoTime). */
    void frame(long nanos) {
        if (last != 0) {
            double d = nanos - last;
            interval = interval == 0 ? d : 0.9 * interval + 0.1 * d;
        }
        last = nanos;
    }

    double fps() {
        return interval > 0 ? 1e9 / interval : 0;
    }
}
