package org.clothgraph.retarget;

/**
 * The latent optimisation for one target: loss = lambdaAngle * angle loss + lambdaFoot * contact loss + lambdaSmooth *
 * smoothness loss, Adam on the latent codes (their path over a window: {@link CodePath}, knots or keys every keySpacing
 * frames) at a learning rate falling from learningRate to finalLearningRate (cosine) until the loss is under the
 * threshold or after maxIterations; the result is the iterate with the lowest loss. Windows of the clip start every
 * stride frames; windows that overlap are joined by overlap-add inside the objective (see
 * {@link LatentRetargeting#objective}), so the losses are those of the clip the result is.
 * <p>
 * Smoothness loss: mean over the clip's frames and the joints of the squared difference, in mm^2, between the second
 * differences of the result's world joint positions and those of the source's rotations on the target (the copy
 * baseline).
 * <p>
 * Angle loss: mean over frames and joints of the sign-invariant squared quaternion difference to the source's local
 * rotations. Contact loss: mean over frames of how far (metres) the lowest of the four foot points (ankles, toes;
 * height minus its flat-standing height) is below the ground.
 * <p>
 * After the optimisation, with contactStage, the foot-contact stage ({@link FootContactStage}, not in the published
 * method) holds the decoded motion's feet still in its contact frames, the correction fading over contactEase frames
 * between contacts; without it the result is the optimisation's decoded motion.
 */
public record RetargetSettings(double lambdaAngle, double lambdaFoot, double lambdaSmooth, double threshold,
        int maxIterations, double learningRate, double finalLearningRate, int stride, int keySpacing, CodePath codePath, double lambdaSkate,
        boolean contactStage, int contactEase) {
    /**
     * How the optimised latent codes vary over a window: offsets at key frames, linearly interpolated and added to the
     * encoder's codes (the first build), or the codes themselves as a cubic B-spline fitted to the encoder's codes.
     */
    public enum CodePath { KEY_OFFSETS, SPLINE }

    /** The longest fade of the foot-contact stage, frames (two seconds at 60 fps). */
    public static final int MAX_CONTACT_EASE = 120;

    /**
     * The default (third session): the published weights (0.3, 0.5) and a smoothness term (1e-4 per mm^2); windows
     * every 60 frames (half a window) joined by overlap-add; the codes a cubic B-spline with knots every 4 frames; Adam
     * at 0.08 for 200 iterations; then the foot-contact stage, corrections fading over 10 frames (docs/RETARGETING.md).
     */
    public static final RetargetSettings DEFAULT = new RetargetSettings(0.3, 0.5, 1e-4, 2e-4, 200, 0.08, 0.08, 60, 4,
            CodePath.SPLINE, 0, true, 10);

    /**
     * The first build: the published weights (0.3, 0.5), no smoothness term, windows that do not overlap, offsets of
     * the codes at key frames every 10 frames, Adam at 0.01 for 200 iterations (kept for comparison: its windows' seams
     * jitter, docs/RETARGETING.md).
     */
    public static final RetargetSettings FIRST_BUILD = new RetargetSettings(0.3, 0.5, 0, 2e-4, 200, 0.01, 0.01, 120, 10,
            CodePath.KEY_OFFSETS, 0, false, 10);

    public RetargetSettings {
        if (!(lambdaAngle >= 0) || !(lambdaFoot >= 0) || !(lambdaSmooth >= 0) || !(threshold >= 0) || maxIterations < 0
                || !(learningRate > 0) || !(finalLearningRate > 0) || stride < 1 || keySpacing < 1 || codePath == null || !(lambdaSkate >= 0)) {
            throw new IllegalArgumentException("bad retarget settings " + this);
        }
        if (contactEase < 1 || contactEase > MAX_CONTACT_EASE) {
            throw new IllegalArgumentException("contactEase must be 1 to " + MAX_CONTACT_EASE + " frames, got " + contactEase);
        }
    }

    /** The foot-contact stage on or off, and the frames over which a released foot's correction fades. */
    public RetargetSettings withContactStage(boolean on, int easeFrames) {
        return new RetargetSettings(lambdaAngle, lambdaFoot, lambdaSmooth, threshold, maxIterations, learningRate, finalLearningRate, stride,
                keySpacing, codePath, lambdaSkate, on, easeFrames);
    }

    /** The published objective (no smoothness term) with the given iterations, learning rate and stride. */
    public static RetargetSettings published(int iterations, double learningRate, int stride) {
        return new RetargetSettings(0.3, 0.5, 0, 0, iterations, learningRate, learningRate, stride, 10, CodePath.KEY_OFFSETS, 0, false, 10);
    }

    public RetargetSettings withIterations(int n) {
        return new RetargetSettings(lambdaAngle, lambdaFoot, lambdaSmooth, threshold, n, learningRate, finalLearningRate, stride, keySpacing, codePath, lambdaSkate, contactStage, contactEase);
    }

    public RetargetSettings withWeights(double angle, double foot, double smooth) {
        return new RetargetSettings(angle, foot, smooth, threshold, maxIterations, learningRate, finalLearningRate, stride, keySpacing, codePath, lambdaSkate, contactStage, contactEase);
    }

    public RetargetSettings withKeySpacing(int k) {
        return new RetargetSettings(lambdaAngle, lambdaFoot, lambdaSmooth, threshold, maxIterations, learningRate, finalLearningRate, stride, k, codePath, lambdaSkate, contactStage, contactEase);
    }

    public RetargetSettings withCodePath(CodePath p) {
        return new RetargetSettings(lambdaAngle, lambdaFoot, lambdaSmooth, threshold, maxIterations, learningRate, finalLearningRate, stride,
                keySpacing, p, lambdaSkate, contactStage, contactEase);
    }

    public RetargetSettings withStride(int frames) {
        return new RetargetSettings(lambdaAngle, lambdaFoot, lambdaSmooth, threshold, maxIterations, learningRate, finalLearningRate, frames,
                keySpacing, codePath, lambdaSkate, contactStage, contactEase);
    }

    public RetargetSettings withSkating(double weight) {
        return new RetargetSettings(lambdaAngle, lambdaFoot, lambdaSmooth, threshold, maxIterations, learningRate, finalLearningRate, stride,
                keySpacing, codePath, weight, contactStage, contactEase);
    }

    public RetargetSettings withThreshold(double t) {
        return new RetargetSettings(lambdaAngle, lambdaFoot, lambdaSmooth, t, maxIterations, learningRate, finalLearningRate, stride, keySpacing, codePath, lambdaSkate, contactStage, contactEase);
    }

    public RetargetSettings withLearningRate(double lr) {
        return new RetargetSettings(lambdaAngle, lambdaFoot, lambdaSmooth, threshold, maxIterations, lr, lr * finalLearningRate
                / learningRate, stride, keySpacing, codePath, lambdaSkate, contactStage, contactEase);
    }
}
