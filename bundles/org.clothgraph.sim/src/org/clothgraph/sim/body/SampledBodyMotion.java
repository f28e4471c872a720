package org.clothgraph.sim.body;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A body motion stored as regular samples of capsule endpoints and radii, linearly interpolated in time
 * (clamped outside the sampled span). At an exact sample time the sample itself is returned bit for bit.
 * Carries the sampled motion's bind pose (see {@link BodyMotion#bindPose()}), so its skinned surface is the
 * character's whatever span was sampled, and the character's own surface when it has one ({@link
 * SkinnedSurface#useOwn}), so a worker process that reads it back collides with that surface, not a generated one.
 * When every sampled capsule (and the bind pose's) carries its bone's rotation ({@link Capsule#bone()}), the
 * rotations are sampled too and interpolated along the shorter arc, so the skinned surface turns each capsule's skin
 * with its bone; a motion whose capsules lack them (procedural bodies, ARCSim's rigid parts, motions stored before
 * version 4) has none, and the surface estimates the rolls ({@link SkinnedSurface}).
 * Serialisable with {@link #write(DataOutput)} / {@link #read(DataInput)}
 * (a versioned format; {@link #readUnversioned(DataInput)} reads the first, headerless one).
 */
public final class SampledBodyMotion implements BodyMotion {
    private static final int FLOATS = 8;
    private static final int MAGIC = 0x4347424d; // "CGBM"
    /**
     * 4: at the end, the bone rotations (optional: 4 floats per capsule per sample, then the bind pose's). 3: after
     * the bind pose, the character's own surface (optional). 2: header, then the bind pose (optional) after
     * the samples. 1 was headerless, without a bind pose.
     */
    private static final int VERSION = 4;
    private static final int BONE_FLOATS = 4;
    private final double start;
    private final double rate;
    private final String[] names;
    private final float[][] samples; // [sample][capsule*8]
    /** The bones' rotations, [sample][capsule*4] (w, x, y, z), or null when the capsules carry none. */
    private final float[][] bones;
    private final Body bind;
    /** The character's own surface for the bind pose, or null: then the surface is {@link SkinnedSurface#of(Body)}. */
    private final SkinnedSurface own;

    public SampledBodyMotion(double start, double rate, String[] names, float[][] samples) {
        this(start, rate, names, samples, null);
    }

    /** A sampled motion with a bind pose (null for none) whose capsules must have the sampled names. */
    public SampledBodyMotion(double start, double rate, String[] names, float[][] samples, Body bind) {
        this(start, rate, names, samples, null, bind, null);
    }

    private SampledBodyMotion(double start, double rate, String[] names, float[][] samples, float[][] bones, Body bind,
            SkinnedSurface own) {
        if (!(rate > 0) || samples.length == 0) {
            throw new IllegalArgumentException("need a positive sample rate and at least one sample");
        }
        for (float[] s : samples) {
            if (s.length != names.length * FLOATS) {
                throw new IllegalArgumentException("every sample needs 8 floats per capsule");
            }
        }
        if (bones != null) {
            if (bones.length != samples.length) {
                throw new IllegalArgumentException("one set of bone rotations per sample");
            }
            for (float[] q : bones) {
                if (q.length != names.length * BONE_FLOATS) {
                    throw new IllegalArgumentException("every sample needs 4 bone rotation floats per capsule");
                }
                for (int c = 0; c < names.length; c++) {
                    rotation(q, c); // finite, not zero
                }
            }
            if (bind != null && !hasBones(bind)) {
                throw new IllegalArgumentException("bone rotations need a bind pose with bone rotations");
            }
        }
        this.start = start;
        this.rate = rate;
        this.names = names.clone();
        this.samples = samples;
        this.bones = bones;
        if (bind != null) {
            if (bind.size() != names.length) {
                throw new IllegalArgumentException("the bind pose needs one capsule per sampled capsule");
            }
            for (int i = 0; i < names.length; i++) {
                if (!bind.capsule(i).name().equals(names[i])) {
                    throw new IllegalArgumentException("bind capsule " + i + " is " + bind.capsule(i).name()
                            + ", sampled as " + names[i]);
                }
            }
        }
        this.bind = bind;
        this.own = own;
    }

    /**
     * Samples {@code motion} at {@code rate} Hz from t0 to t1 (inclusive, t1 rounded up to a sample), keeping its
     * bind pose.
     */
    public static SampledBodyMotion sample(BodyMotion motion, double t0, double t1, double rate) {
        int n = (int) Math.ceil((t1 - t0) * rate - 1e-9) + 1;
        n = Math.max(n, 1);
        Body first = motion.poseAt(t0);
        String[] names = new String[first.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = first.capsule(i).name();
        }
        float[][] s = new float[n][];
        Body bind = motion.bindPose();
        boolean withBones = hasBones(first) && (bind == null || hasBones(bind));
        float[][] q = withBones ? new float[n][] : null;
        for (int k = 0; k < n; k++) {
            Body b = k == 0 ? first : motion.poseAt(t0 + k / rate);
            if (b.size() != names.length) {
                throw new IllegalArgumentException("body motion changed its capsule count");
            }
            float[] f = floats(b);
            s[k] = f;
            if (withBones) {
                if (!hasBones(b)) {
                    throw new IllegalArgumentException("body motion lost its bone rotations at " + (t0 + k / rate));
                }
                q[k] = boneFloats(b);
            }
        }
        return new SampledBodyMotion(t0, rate, names, s, q, bind, own(motion));
    }

    /** Whether every capsule of a body carries its bone's rotation. */
    private static boolean hasBones(Body b) {
        for (Capsule c : b.capsules()) {
            if (c.bone() == null) {
                return false;
            }
        }
        return b.size() > 0;
    }

    /** Whether the sampled capsules carry their bones' rotations. */
    public boolean hasBoneRotations() {
        return bones != null;
    }

    /** The character's own surface of a motion's bind pose, when it has one (in this process or carried along). */
    private static SkinnedSurface own(BodyMotion motion) {
        if (motion instanceof SampledBodyMotion m) {
            return m.own;
        }
        Body bind = motion.bindPose();
        return bind != null && SkinnedSurface.hasOwn(bind) ? SkinnedSurface.of(bind) : null;
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
        return new SampledBodyMotion(0, rate, names, java.util.Arrays.copyOfRange(samples, first, samples.length),
                bones == null ? null : java.util.Arrays.copyOfRange(bones, first, bones.length), bind, own);
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
        float[] qa = bones == null ? null : bones[i];
        return body(names, a, alpha == 0 ? a : samples[i + 1], qa, alpha == 0 || qa == null ? qa : bones[i + 1],
                alpha);
    }

    /**
     * The capsules interpolated between two sample vectors, with the bone rotations qa, qb (null for none) along the
     * shorter arc: a itself, bit for bit, when alpha is 0.
     */
    private static Body body(String[] names, float[] a, float[] b, float[] qa, float[] qb, float alpha) {
        List<Capsule> caps = new ArrayList<>(names.length);
        for (int c = 0; c < names.length; c++) {
            int o = c * FLOATS;
            float[] v = new float[FLOATS];
            for (int k = 0; k < FLOATS; k++) {
                v[k] = alpha == 0 ? a[o + k] : a[o + k] + alpha * (b[o + k] - a[o + k]);
            }
            BoneRotation bone = null;
            if (qa != null) {
                bone = rotation(qa, c);
                if (alpha != 0) {
                    bone = BoneRotation.nlerp(bone, rotation(qb, c), alpha);
                }
            }
            caps.add(new Capsule(names[c], v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], bone));
        }
        return new Body(caps);
    }

    private static BoneRotation rotation(float[] q, int c) {
        int o = c * BONE_FLOATS;
        return new BoneRotation(q[o], q[o + 1], q[o + 2], q[o + 3]);
    }

    /** A body's bone rotations as a vector: w, x, y, z per capsule. */
    private static float[] boneFloats(Body b) {
        float[] f = new float[b.size() * BONE_FLOATS];
        for (int i = 0; i < b.size(); i++) {
            BoneRotation q = b.capsule(i).bone();
            int o = i * BONE_FLOATS;
            f[o] = q.w(); f[o + 1] = q.x(); f[o + 2] = q.y(); f[o + 3] = q.z();
        }
        return f;
    }

    /** A body's capsules as a sample vector: endpoints and radii, 8 floats per capsule. */
    private static float[] floats(Body b) {
        float[] f = new float[b.size() * FLOATS];
        for (int i = 0; i < b.size(); i++) {
            Capsule c = b.capsule(i);
            int o = i * FLOATS;
            f[o] = c.ax(); f[o + 1] = c.ay(); f[o + 2] = c.az();
            f[o + 3] = c.bx(); f[o + 4] = c.by(); f[o + 5] = c.bz();
            f[o + 6] = c.ra(); f[o + 7] = c.rb();
        }
        return f;
    }

    @Override
    public Body bindPose() {
        return bind;
    }

    @Override
    public BodySurface surface() {
        return own != null ? own.over(this) : BodyMotion.super.surface();
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
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
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
        out.writeBoolean(bind != null);
        if (bind != null) {
            // same names as the samples, so only the 8 floats per capsule
            for (float f : floats(bind)) {
                out.writeFloat(f);
            }
            out.writeBoolean(own != null);
            if (own != null) {
                own.write(out);
            }
        }
        out.writeBoolean(bones != null);
        if (bones != null) {
            for (float[] q : bones) {
                for (float f : q) {
                    out.writeFloat(f);
                }
            }
            if (bind != null) {
                for (float f : boneFloats(bind)) {
                    out.writeFloat(f);
                }
            }
        }
    }

    /** Reads what {@link #write(DataOutput)} wrote. */
    public static SampledBodyMotion read(DataInput in) throws IOException {
        if (in.readInt() != MAGIC) {
            throw new IOException("not a sampled body motion");
        }
        int version = in.readInt();
        if (version < 2 || version > VERSION) {
            throw new IOException("unsupported sampled body motion version " + version + " (this ClothGraph reads "
                    + VERSION + ")");
        }
        SampledBodyMotion m = readUnversioned(in);
        Body bind = null;
        float[] f = null;
        SkinnedSurface own = null;
        if (in.readBoolean()) {
            f = new float[m.names.length * FLOATS];
            for (int j = 0; j < f.length; j++) {
                f[j] = in.readFloat();
            }
            try {
                bind = body(m.names, f, f, null, null, 0);
            } catch (IllegalArgumentException e) {
                throw new IOException("bad bind pose: " + e.getMessage(), e);
            }
            own = version >= 3 && in.readBoolean() ? SkinnedSurface.read(bind, in) : null;
        }
        float[][] bones = null;
        if (version >= 4 && in.readBoolean()) {
            // the bone rotations, then the bind pose's: the bind capsules are rebuilt with theirs
            bones = new float[m.samples.length][m.names.length * BONE_FLOATS];
            for (float[] q : bones) {
                for (int j = 0; j < q.length; j++) {
                    q[j] = in.readFloat();
                }
            }
            if (bind != null) {
                float[] q = new float[m.names.length * BONE_FLOATS];
                for (int j = 0; j < q.length; j++) {
                    q[j] = in.readFloat();
                }
                try {
                    bind = body(m.names, f, f, q, q, 0);
                } catch (IllegalArgumentException e) {
                    throw new IOException("bad bind pose bone rotations: " + e.getMessage(), e);
                }
                if (own != null) {
                    own = own.rebound(bind);
                }
            }
        }
        try {
            return new SampledBodyMotion(m.start, m.rate, m.names, m.samples, bones, bind, own);
        } catch (IllegalArgumentException e) {
            throw new IOException("bad bone rotations: " + e.getMessage(), e);
        }
    }

    /** Reads the headerless version 1 format (samples only, no bind pose). */
    public static SampledBodyMotion readUnversioned(DataInput in) throws IOException {
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
        try {
            return new SampledBodyMotion(start, rate, names, s);
        } catch (IllegalArgumentException e) {
            throw new IOException("bad samples: " + e.getMessage(), e);
        }
    }
}
