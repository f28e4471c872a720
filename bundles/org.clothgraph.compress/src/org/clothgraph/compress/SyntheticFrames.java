package org.clothgraph.compress;

/**
 * A generated D for benchmarks: any number of frames of any vertex count, never stored (each column is computed
 * when read): a rest shape plus 48 smooth modes with spectrum falling as 1/k^2, their amplitudes moving smoothly
 * with the frame, plus 0.1 mm of noise. Reading it costs far less than a pass of the SVD over it.
 */
public final class SyntheticFrames implements FrameSource {
    private static final int MODES = 48;
    private final int rows;
    private final int n;
    private final float[][] modes;

    public SyntheticFrames(int vertices, int frames) {
        this.rows = 3 * vertices;
        this.n = frames;
        modes = new float[MODES + 1][rows];
        for (int k = 0; k <= MODES; k++) {
            double f = 0.001 * (k + 1);
            double phase = 0.37 * k;
            for (int r = 0; r < rows; r++) {
                modes[k][r] = (float) (k == 0 ? 0.5 * Math.sin(r * 1e-4) + (r % 3) * 0.1
                        : Math.sin(f * r + phase) * 0.05 / ((double) k * k));
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
        System.arraycopy(modes[0], 0, out, 0, rows);
        for (int k = 1; k <= MODES; k++) {
            float a = (float) Math.sin(0.01 * j * (1 + 0.13 * k) + k);
            float[] m = modes[k];
            for (int r = 0; r < rows; r++) {
                out[r] += a * m[r];
            }
        }
        long h = 0x9E3779B97F4A7C15L * (j + 1);
        for (int r = 0; r < rows; r++) {
            h ^= h << 13;
            h ^= h >>> 7;
            h ^= h << 17;
            out[r] += (float) ((h & 0xFFFF) / 65536.0 - 0.5) * 2e-4f;
        }
    }

    /** Bytes of D as float32. */
    public long bytes() {
        return 4L * rows * n;
    }
}
