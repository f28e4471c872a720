package org.clothgraph.sim.body;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A body motion stored as regular samples of capsule endpoints and radii, linearly interpolated in time
 * (clamped outside the sampled span). At an exact sample time the sample itself is returned bit for bit.
 * Serialisable with {@link #write(DataOutput)} / {@link #read(DataInput)}.
 */
public final class SampledBodyMotion implements BodyMotion {
    private static final int FLOATS = 8;
    private final double start;
    private final double rate;
    private final String[] names;
    private final float[][] samples; // [sample][capsule*8]

    public SampledBodyMotion(double start, double rate, String[] names, float[][] samples) {
        if (!(rate > 0) || samples.length == 0) {
            throw new IllegalArgumentException("need a positive sample rate and at least one sample");
        }
        for (float[] s : samples) {
            if (s.length != names.length * FLOATS) {
                throw new IllegalArgumentException("every sample needs 8 floats per capsule");
            }
        }
        this.start = start;
        this.rate = rate;
        this.names = names.clone();
        this.samples = samples;
    }

    /** Samples {@code motion} at {@code rate} Hz from t0 to t1 (inclusive, t1 rounded up to a sample). */
    public static SampledBodyMotion sample(BodyMotion motion, double t0, double t1, double rate) {
        int n = (int) Math.ceil((t1 - t0) * rate - 1e-9) + 1;
        n = Math.max(n, 1);
        Body first = motion.poseAt(t0);
        String[] names = new String[first.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = first.capsule(i).name();
        }
        float[][] s = new float[n][];
        for (int k = 0; k < n; k++) {
            Body b = k == 0 ? first : motion.poseAt(t0 + k / rate);
            if (b.size() != names.length) {
                throw new IllegalArgumentException("body motion changed its capsule count");
            }
            float[] f = new float[names.length * FLOATS];
            for (int i = 0; i < names.length; i++) {
                Capsule c = b.capsule(i);
                int o = i * FLOATS;
                f[o] = c.ax(); f[o + 1] = c.ay(); f[o + 2] = c.az();
                f[o + 3] = c.bx(); f[o + 4] = c.by(); f[o + 5] = c.bz();
                f[o + 6] = c.ra(); f[o + 7] = c.rb();
            }
            s[k] = f;
        }
        return new SampledBodyMotion(t0, rate, names, s);
    }

    /** Sample positions closer than this (in samples) to a sample time are that sample. */
    private static final double SNAP = 1e-6;

    /**
     * The same motion from sample {@code first} on, starting at time 0: a unit that restarts at that sample sees
     * exactly the body of the uninterrupted run.
     */
    public SampledBodyMotion from(int first) {
        if (first < 0 || first >= samples.length) {
            throw new IllegalArgumentException("sample " + first + " outside 0.." + (samples.length - 1));
        }
        return new SampledBodyMotion(0, rate, names, java.util.Arrays.copyOfRange(samples, first, samples.length));
    }

    @Override
    public Body poseAt(double t) {
        double u = (t - start) * rate;
        double nearest = Math.rint(u);
        if (Math.abs(u - nearest) < SNAP) {
            // a substep time that is a sample time up to rounding: the sample itself, whatever the offset of t
            u = nearest;
        }
        int i;
        float alpha;
        if (!(u > 0)) {
            i = 0;
            alpha = 0;
        } else if (u >= samples.length - 1) {
            i = samples.length - 1;
            alpha = 0;
        } else {
            i = (int) Math.floor(u);
            alpha = (float) (u - i);
        }
        float[] a = samples[i];
        float[] b = alpha == 0 ? a : samples[i + 1];
        List<Capsule> caps = new ArrayList<>(names.length);
        for (int c = 0; c < names.length; c++) {
            int o = c * FLOATS;
            float[] v = new float[FLOATS];
            for (int k = 0; k < FLOATS; k++) {
                v[k] = alpha == 0 ? a[o + k] : a[o + k] + alpha * (b[o + k] - a[o + k]);
            }
            caps.add(new Capsule(names[c], v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]));
        }
        return new Body(caps);
    }

    @Override
    public double startTime() {
        return start;
    }

    @Override
    public double endTime() {
        return start + (samples.length - 1) / rate;
    }

    public double sampleRate() {
        return rate;
    }

    public int sampleCount() {
        return samples.length;
    }

    public void write(DataOutput out) throws IOException {
        out.writeDouble(start);
        out.writeDouble(rate);
        out.writeInt(names.length);
        for (String n : names) {
            out.writeUTF(n);
        }
        out.writeInt(samples.length);
        for (float[] s : samples) {
            for (float f : s) {
                out.writeFloat(f);
            }
        }
    }

    public static SampledBodyMotion read(DataInput in) throws IOException {
        double start = in.readDouble();
        double rate = in.readDouble();
        int nc = in.readInt();
        if (nc < 0 || nc > 100_000) {
            throw new IOException("bad capsule count " + nc);
        }
        String[] names = new String[nc];
        for (int i = 0; i < nc; i++) {
            names[i] = in.readUTF();
        }
        int ns = in.readInt();
        if (ns <= 0 || (long) ns * nc * FLOATS > 200_000_000L) {
            throw new IOException("bad sample count " + ns);
        }
        float[][] s = new float[ns][nc * FLOATS];
        for (int k = 0; k < ns; k++) {
            for (int j = 0; j < s[k].length; j++) {
                s[k][j] = in.readFloat();
            }
        }
        return new SampledBodyMotion(start, rate, names, s);
    }
}
