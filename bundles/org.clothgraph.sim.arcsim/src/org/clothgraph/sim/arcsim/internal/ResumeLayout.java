package org.clothgraph.sim.arcsim.internal;

/**
 * Where a branch goes in an ARCSim resume run. ARCSim time T (frame k at T = k * frameTime) corresponds to
 * ClothGraph body time {@code motionStart + T}. The .mot holds {@code padding} output frames (at least the
 * padding time) of the incoming path before {@code startTime}, then the new segment, sampled at
 * {@code motionFps}; the start state is written as frame {@code padding} and ARCSim is run as
 * {@code arcsim resumeoffline <out> padding} with {@code end_frame = padding + frames}, writing frames
 * padding+1 .. endFrame.
 *
 * @param padding P, output frames before the branch point
 * @param endFrame P + frames
 * @param frameTime 1 / fps
 * @param motionStart body time of .mot frame 0 (startTime - P / fps)
 * @param motionFps .mot sample rate
 * @param motionFrames .mot frame count (covers endFrame plus two samples so the spline's zero end tangent
 *        does not affect the last frame)
 */
public record ResumeLayout(int padding, int endFrame, double frameTime, double motionStart, double motionFps,
        int motionFrames) {

    /** Largest frame number ARCSim writes. */
    public static final int MAX_FRAME = 9999;

    public static ResumeLayout of(double startTime, double fps, int frames, double paddingSeconds, int oversample) {
        if (!(fps > 0) || frames < 1 || !(paddingSeconds >= 0) || oversample < 1) {
            throw new IllegalArgumentException("invalid resume layout request");
        }
        int p = (int) Math.ceil(paddingSeconds * fps - 1e-9);
        if (p + frames > MAX_FRAME) {
            throw new IllegalArgumentException("a run can write at most frame " + MAX_FRAME + ": split it");
        }
        double motFps = fps * oversample;
        int motFrames = (p + frames) * oversample + 3;
        return new ResumeLayout(p, p + frames, 1 / fps, startTime - p / fps, motFps, motFrames);
    }

    /** Most output frames one run can hold with this padding. */
    public static int maxFramesPerRun(double fps, double paddingSeconds) {
        return MAX_FRAME - (int) Math.ceil(paddingSeconds * fps - 1e-9);
    }

    /** Name of the start-state file, {@code <P padded to 4>_00.obj}. */
    public String startFrameFile() {
        return FrameFiles.name(padding, 0);
    }

    /** Name of the file of output frame k (0-based, k < frames). */
    public String outputFrameFile(int k) {
        return FrameFiles.name(padding + 1 + k, 0);
    }

    public int frames() {
        return endFrame - padding;
    }
}
