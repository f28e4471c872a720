package org.clothgraph.retarget;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;

/**
 * Motion as the network sees it: windows of {@code frames} frames of the canonical joints' local rotations as unit
 * quaternions (w, x, y, z), each joint's sign kept continuous over time, flattened to frames x 22 x 4 floats.
 */
public final class Windows {
    private Windows() {
    }

    /** All local rotations of a canonical clip, [frame][joint*4], sign-continuous per joint. */
    public static float[][] rotations(Motion m) {
        CanonicalSkeleton.requireCanonical(m.skeleton());
        int n = m.frameCount(), j = m.skeleton().size();
        float[][] r = new float[n][j * 4];
        for (int f = 0; f < n; f++) {
            for (int k = 0; k < j; k++) {
                Quat q = m.rotation(f, k);
                double s = 1;
                if (f == 0) {
                    s = q.w() < 0 ? -1 : 1;
                } else {
                    int o = k * 4;
                    double d = r[f - 1][o] * q.w() + r[f - 1][o + 1] * q.x() + r[f - 1][o + 2] * q.y() + r[f - 1][o + 3] * q.z();
                    s = d < 0 ? -1 : 1;
                }
                r[f][k * 4] = (float) (s * q.w());
                r[f][k * 4 + 1] = (float) (s * q.x());
                r[f][k * 4 + 2] = (float) (s * q.y());
                r[f][k * 4 + 3] = (float) (s * q.z());
            }
        }
        return r;
    }

    /** One window's rotations flattened (frames*22*4), frames from {@code start}, the last frame repeated past the end. */
    public static float[] window(float[][] rot, int start, int frames) {
        int w = rot[0].length;
        float[] out = new float[frames * w];
        for (int f = 0; f < frames; f++) {
            System.arraycopy(rot[Math.min(start + f, rot.length - 1)], 0, out, f * w, w);
        }
        return out;
    }

    /** Window starts covering a clip of n frames with the given stride (the last window ends at the clip's end). */
    public static List<Integer> starts(int n, int frames, int stride) {
        List<Integer> s = new ArrayList<>();
        if (n <= frames) {
            s.add(0);
            return s;
        }
        for (int a = 0; a + frames <= n; a += stride) s.add(a);
        if (s.get(s.size() - 1) + frames < n) s.add(n - frames);
        return s;
    }

    /** A clip on {@code target} with the given rotations [frame][joint*4] and root positions. */
    public static Motion motion(String name, Skeleton target, double fps, float[][] rot, Vec3[] root) {
        Motion.Builder b = new Motion.Builder(name, target, fps, rot.length);
        for (int f = 0; f < rot.length; f++) {
            b.setRoot(f, root[f]);
            for (int k = 0; k < target.size(); k++) {
                int o = k * 4;
                b.setRotation(f, k, new Quat(rot[f][o], rot[f][o + 1], rot[f][o + 2], rot[f][o + 3]));
            }
        }
        return b.build();
    }
}
