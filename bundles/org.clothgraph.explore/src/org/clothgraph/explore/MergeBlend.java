package org.clothgraph.explore;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The blend across merged transitions (Kim et al. 2013, section 5.1): where a walk takes a merged transition into
 * the most similar state c' instead of the simulated dead end c, the jump d = c - c' is spread over the next B
 * frames, shown frame k after the merge (k = 0..B-1) = stored frame + d (1 - k/B). At the merge frame the walk
 * therefore shows the dead end c itself, continuing the trajectory it was simulated on; after B frames the stored
 * frames show unchanged. A second merge inside the window composes: the offsets of all active merges add.
 * <p>
 * This class is only the bookkeeping: at which frames of a walk merges land, which are active at a frame and with
 * which weights. It is linear and knows nothing of what the vectors are, so the same blend applies to vertex
 * positions, velocities or compressed basis coefficients (the jump of a merge is then the difference of the two
 * states' coefficients). <b>Playback must apply it at run time</b>: the offset depends on the path taken into a
 * state (a stored frame follows a merge on one path and a simulated transition on another), so blended frames
 * cannot be baked into the database; the runtime stores one jump per merged transition and adds the weighted
 * jumps of the active merges to each decoded frame.
 */
public final class MergeBlend {
    /** A merge active at a frame: its index (order along the walk) and its weight 1 - k/B in (0, 1]. */
    public record Active(int merge, double weight) {
    }

    private final int blendFrames;
    private final int[] mergeFrames;

    /**
     * @param blendFrames B, the frames over which a jump is spread (0: no blending)
     * @param mergeFrames the shown frame at which each merge lands (the frame of its target state), ascending
     */
    public MergeBlend(int blendFrames, int[] mergeFrames) {
        if (blendFrames < 0) {
            throw new IllegalArgumentException("blend frames must be >= 0: " + blendFrames);
        }
        for (int j = 1; j < mergeFrames.length; j++) {
            if (mergeFrames[j] < mergeFrames[j - 1]) {
                throw new IllegalArgumentException("merge frames must ascend: " + Arrays.toString(mergeFrames));
            }
        }
        this.blendFrames = blendFrames;
        this.mergeFrames = mergeFrames.clone();
    }

    /** The weight of a jump k frames after its merge: 1 - k/B for 0 <= k < B, otherwise 0. */
    public static double weight(int k, int blendFrames) {
        return k >= 0 && k < blendFrames ? 1.0 - (double) k / blendFrames : 0;
    }

    public int blendFrames() {
        return blendFrames;
    }

    /** How many merges the walk crosses. */
    public int merges() {
        return mergeFrames.length;
    }

    /** The shown frame at which merge {@code j} lands. */
    public int mergeFrame(int j) {
        return mergeFrames[j];
    }

    /** The merges whose jumps are spread over {@code frame}, oldest first. */
    public List<Active> active(int frame) {
        List<Active> out = new ArrayList<>(2);
        for (int j = firstActive(frame); j < mergeFrames.length && mergeFrames[j] <= frame; j++) {
            double w = weight(frame - mergeFrames[j], blendFrames);
            if (w > 0) {
                out.add(new Active(j, w));
            }
        }
        return out;
    }

    /** Whether any merge is being blended at {@code frame}. */
    public boolean blending(int frame) {
        return !active(frame).isEmpty();
    }

    /**
     * out = stored + the weighted jumps of the merges active at {@code frame}; without active merges a plain copy.
     *
     * @param jumps the jump of every merge (index j as in {@link #mergeFrame(int)}), each as long as {@code stored}
     * @param out may be {@code stored} itself
     */
    public void apply(int frame, float[] stored, List<float[]> jumps, float[] out) {
        if (out != stored) {
            System.arraycopy(stored, 0, out, 0, stored.length);
        }
        for (Active a : active(frame)) {
            float[] d = jumps.get(a.merge());
            double w = a.weight();
            for (int i = 0; i < out.length; i++) {
                out[i] = (float) (out[i] + w * d[i]);
            }
        }
    }

    /** The jump of a merge: the dead end minus the state the merged transition leads to. */
    public static float[] jump(float[] deadEnd, float[] target) {
        float[] d = new float[deadEnd.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = deadEnd[i] - target[i];
        }
        return d;
    }

    /** The first merge that can still be active at {@code frame} (landed after frame - B). */
    private int firstActive(int frame) {
        int lo = 0;
        int hi = mergeFrames.length;
        int after = frame - blendFrames; // merges at or before this frame are over
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (mergeFrames[mid] <= after) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
