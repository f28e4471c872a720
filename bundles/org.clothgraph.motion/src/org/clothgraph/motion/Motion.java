package org.clothgraph.motion;

import java.util.Arrays;

/**
 * One clip: per frame a root translation and one local rotation per joint (plus local translations for
 * non-root joints that have position channels). Immutable; flat arrays keep 3,000-frame clips cheap.
 */
public final class Motion {
    private final String name;
    private final Skeleton skeleton;
    private final double fps;
    private final int frames;
    private final double[] root;  // frames * 3
    private final double[] rot;   // frames * joints * 4 (w, x, y, z)
    private final double[] trans; // frames * joints * 3 local translations, or null when no joint has them

    private Motion(String name, Skeleton skeleton, double fps, int frames, double[] root, double[] rot, double[] trans) {
        this.name = name;
        this.skeleton = skeleton;
        this.fps = fps;
        this.frames = frames;
        this.root = root;
        this.rot = rot;
        this.trans = trans;
    }

    public String name() { return name; }
    public Skeleton skeleton() { return skeleton; }
    public double fps() { return fps; }
    public double frameTime() { return 1.0 / fps; }
    public int frameCount() { return frames; }

    /** Duration in seconds, frame count times frame time (each frame lasts one frame time). */
    public double duration() { return frames / fps; }

    public Vec3 rootPosition(int f) { return new Vec3(root[f * 3], root[f * 3 + 1], root[f * 3 + 2]); }

    public Quat rotation(int f, int j) {
        int o = (f * skeleton.size() + j) * 4;
        return new Quat(rot[o], rot[o + 1], rot[o + 2], rot[o + 3]);
    }

    /** Local translation of joint j: animated if it has position channels, else its rest offset. */
    public Vec3 localTranslation(int f, int j) {
        if (j == 0) return rootPosition(f);
        if (trans == null || !skeleton.joint(j).hasPositionChannels()) return skeleton.offset(j);
        int o = (f * skeleton.size() + j) * 3;
        return new Vec3(trans[o], trans[o + 1], trans[o + 2]);
    }

    public boolean hasJointTranslations() { return trans != null; }

    public Motion withName(String newName) { return new Motion(newName, skeleton, fps, frames, root, rot, trans); }

    /** Frames [from, to) as a new clip. */
    public Motion sub(int from, int to, String newName) {
        if (from < 0 || to > frames || from >= to) throw new IllegalArgumentException("bad range " + from + ".." + to);
        int j = skeleton.size();
        return new Motion(newName, skeleton, fps, to - from, Arrays.copyOfRange(root, from * 3, to * 3),
                Arrays.copyOfRange(rot, from * j * 4, to * j * 4),
                trans == null ? null : Arrays.copyOfRange(trans, from * j * 3, to * j * 3));
    }

    /** Resample to another frame rate: slerp rotations, lerp translations; keeps the first frame and the time span. */
    public Motion resample(double newFps) {
        if (!(newFps > 0)) throw new IllegalArgumentException("fps " + newFps);
        if (Math.abs(newFps - fps) < 1e-3 * newFps) {
            // rates like 0.033332 s are 30 fps written with few digits: relabel instead of resampling
            return new Motion(name, skeleton, newFps, frames, root, rot, trans);
        }
        double span = (frames - 1) / fps;
        int n = (int) Math.round(span * newFps) + 1;
        Builder b = new Builder(name, skeleton, newFps, n);
        for (int f = 0; f < n; f++) {
            double t = Math.min(f / newFps * fps, frames - 1);
            int a = Math.min((int) Math.floor(t), frames - 1), c = Math.min(a + 1, frames - 1);
            double u = t - a;
            b.setRoot(f, rootPosition(a).lerp(rootPosition(c), u));
            for (int j = 0; j < skeleton.size(); j++) {
                b.setRotation(f, j, rotation(a, j).slerp(rotation(c, j), u));
                if (j > 0 && trans != null && skeleton.joint(j).hasPositionChannels()) {
                    b.setTranslation(f, j, localTranslation(a, j).lerp(localTranslation(c, j), u));
                }
            }
        }
        return b.build();
    }

    /** World joint positions of frame f into out[joints*3]. */
    public void worldPositions(int f, double[] out) {
        int n = skeleton.size();
        double[] wq = new double[n * 4];
        for (int j = 0; j < n; j++) {
            int o = (f * n + j) * 4;
            if (j == 0) {
                System.arraycopy(rot, o, wq, 0, 4);
                System.arraycopy(root, f * 3, out, 0, 3);
                continue;
            }
            int p = skeleton.parent(j);
            Vec3 t = localTranslation(f, j);
            double pw = wq[p * 4], px = wq[p * 4 + 1], py = wq[p * 4 + 2], pz = wq[p * 4 + 3];
            // rotate t by the parent's world rotation
            double vx = t.x(), vy = t.y(), vz = t.z();
            double tx = 2 * (py * vz - pz * vy), ty = 2 * (pz * vx - px * vz), tz = 2 * (px * vy - py * vx);
            out[j * 3] = out[p * 3] + vx + pw * tx + (py * tz - pz * ty);
            out[j * 3 + 1] = out[p * 3 + 1] + vy + pw * ty + (pz * tx - px * tz);
            out[j * 3 + 2] = out[p * 3 + 2] + vz + pw * tz + (px * ty - py * tx);
            double qw = rot[o], qx = rot[o + 1], qy = rot[o + 2], qz = rot[o + 3];
            wq[j * 4] = pw * qw - px * qx - py * qy - pz * qz;
            wq[j * 4 + 1] = pw * qx + px * qw + py * qz - pz * qy;
            wq[j * 4 + 2] = pw * qy - px * qz + py * qw + pz * qx;
            wq[j * 4 + 3] = pw * qz + px * qy - py * qx + pz * qw;
        }
    }

    /** World joint positions of frame f. */
    public Vec3[] worldPositions(int f) {
        double[] d = new double[skeleton.size() * 3];
        worldPositions(f, d);
        Vec3[] v = new Vec3[skeleton.size()];
        for (int j = 0; j < v.length; j++) v[j] = new Vec3(d[j * 3], d[j * 3 + 1], d[j * 3 + 2]);
        return v;
    }

    /** World rotations of all joints at frame f. */
    public Quat[] worldRotations(int f) {
        Quat[] w = new Quat[skeleton.size()];
        for (int j = 0; j < w.length; j++) {
            w[j] = j == 0 ? rotation(f, 0) : w[skeleton.parent(j)].mul(rotation(f, j));
        }
        return w;
    }

    /** World positions of end sites at frame f (null entries for joints without one). */
    public Vec3[] endSitePositions(int f) {
        Vec3[] p = worldPositions(f);
        Quat[] w = worldRotations(f);
        Vec3[] e = new Vec3[p.length];
        for (int j = 0; j < p.length; j++) {
            Vec3 s = skeleton.joint(j).endSite();
            if (s != null) e[j] = p[j].add(w[j].rotate(s));
        }
        return e;
    }

    /** Mutable construction helper; arrays are handed to the Motion on build(). */
    public static final class Builder {
        private final String name;
        private final Skeleton skeleton;
        private final double fps;
        private final int frames;
        private final double[] root, rot;
        private double[] trans;
        private boolean built;

        public Builder(String name, Skeleton skeleton, double fps, int frames) {
            if (!(fps > 0) || Double.isInfinite(fps)) throw new IllegalArgumentException("fps " + fps);
            if (frames < 1) throw new IllegalArgumentException("frames " + frames);
            this.name = name;
            this.skeleton = skeleton;
            this.fps = fps;
            this.frames = frames;
            root = new double[frames * 3];
            rot = new double[frames * skeleton.size() * 4];
            for (int i = 0; i < rot.length; i += 4) rot[i] = 1;
            boolean any = false;
            for (int j = 1; j < skeleton.size(); j++) any |= skeleton.joint(j).hasPositionChannels();
            if (any) {
                trans = new double[frames * skeleton.size() * 3];
                for (int f = 0; f < frames; f++) {
                    for (int j = 0; j < skeleton.size(); j++) setTranslation(f, j, skeleton.offset(j));
                }
            }
        }

        public int frameCount() { return frames; }
        public Skeleton skeleton() { return skeleton; }

        public Builder setRoot(int f, Vec3 p) {
            root[f * 3] = p.x(); root[f * 3 + 1] = p.y(); root[f * 3 + 2] = p.z();
            return this;
        }

        public Builder setRotation(int f, int j, Quat q) {
            Quat n = q.normalized();
            int o = (f * skeleton.size() + j) * 4;
            rot[o] = n.w(); rot[o + 1] = n.x(); rot[o + 2] = n.y(); rot[o + 3] = n.z();
            return this;
        }

        /** Local translation of a non-root joint with position channels (ignored for other joints). */
        public Builder setTranslation(int f, int j, Vec3 t) {
            if (trans == null) return this;
            int o = (f * skeleton.size() + j) * 3;
            trans[o] = t.x(); trans[o + 1] = t.y(); trans[o + 2] = t.z();
            return this;
        }

        public Motion build() {
            if (built) throw new IllegalStateException("already built");
            built = true;
            return new Motion(name, skeleton, fps, frames, root, rot, trans);
        }
    }
}
