package org.clothgraph.retarget;

/**
 * The latent optimisation for one target: loss = lambdaAngle * angle loss + lambdaFoot * contact loss + lambdaSmooth *
 * smoothness loss, Adam on the latent codes (their path over a window: {@link CodePath}, knots or keys every keySpacing
 * frames) at a learning rate falling from learningRate to finalLearningRate (cosine) until the loss is under the
 * threshold or after maxIterations; the result is the iterate with the lowest loss. Windows of the clip start every
 * stride frames (default: one window length, so none overlap; overlaps are blended, and a blend of two windows'
 * solutions can put a foot back into the floor).
 * <p>
 * Smoothness loss: mean over the clip's frames (the windows laid end to end, so across the windows' seams) and the
 * joints of the squared difference, in mm^2, between the second differences of the result's world joint positions and
 * those of the source's rotations on the target (the copy baseline).
 * <p>
 * Angle loss: mean over frames and joints of the sign-invariant squared quaternion difference to the source's local
 * rotations. Contact loss: mean over frames of how far (metres) the lowest of the four foot points (ankles, toes;
 * height minus its flat-standing height) is below the ground.
 */
public record RetargetSettings(double lambdaAngle, double lambdaFoot, double lambdaSmooth, double threshold,
        int maxIterations, double learningRate, double finalLearningRate, int stride, int keySpacing, CodePath codePath) {
    /**
     * How the optimised latent codes vary over a window: offsets at key frames, linearly interpolated and added to the
     * encoder's codes (the first build), or the codes themselves as a cubic B-spline fitted to the encoder's codes.
     */
    public enum CodePath { KEY_OFFSETS, SPLINE }

    /**
     * The default: the published weights (0.3, 0.5), no smoothness term, offsets of the codes at key frames every 10
     * frames, Adam at 0.01 for 200 iterations (the first build; reproducible run to run).
     */
    public static final RetargetSettings DEFAULT = new RetargetSettings(0.3, 0.5, 0, 2e-4, 200, 0.01, 0.01, 120, 10,
            CodePath.KEY_OFFSETS);

    /**
     * The smooth variant: a smoothness term (1e-4 per mm^2), the codes a cubic B-spline with knots every 4 frames, Adam
     * at 0.02 for 200 iterations. Smoother than copying rotations and nearer the source's angles when it works, but not
     * the default: in about one case in four its optimisation fails (feet up to 105 mm into the floor) and which case
     * fails changes from run to run (docs/RETARGETING.md).
     */
    public static final RetargetSettings SMOOTH = new RetargetSettings(0.3, 0.5, 1e-4, 2e-4, 200, 0.02, 0.02, 120, 4,
            CodePath.SPLINE);

    public RetargetSettings {
        if (!(lambdaAngle >= 0) || !(lambdaFoot >= 0) || !(lambdaSmooth >= 0) || !(threshold >= 0) || maxIterations < 0
                || !(learningRate > 0) || !(finalLearningRate > 0) || stride < 1 || keySpacing < 1 || codePath == null) {
            throw new IllegalArgumentException("bad retarget settings " + this);
        }
    }

    /** The published objective (no smoothness term) with the given iterations, learning rate and stride. */
    public static RetargetSettings published(int iterations, double learningRate, int stride) {
        return new RetargetSettings(0.3, 0.5, 0, 0, iterations, learningRate, learningRate, stride, 10, CodePath.KEY_OFFSETS);
    }

    public RetargetSettings withIterations(int n) {
        return new RetargetSettings(lambdaAngle, lambdaFoot, lambdaSmooth, threshold, n, learningRate, finalLearningRate, stride, keySpacing, codePath);
    }

    public RetargetSettings withWeights(double angle, double foot, double smooth) {
        return new RetargetSettings(angle, foot, smooth, threshold, maxIterations, learningRate, finalLearningRate, stride, keySpacing, codePath);
    }

    public RetargetSettings withKeySpacing(int k) {
        return new RetargetSettings(lambdaAngle, lambdaFoot, lambdaSmooth, threshold, maxIterations, learningRate, finalLearningRate, stride, k, codePath);
    }

    public RetargetSettings withCodePath(CodePath p) {
        return new RetargetSettings(lambdaAngle, lambdaFoot, lambdaSmooth, threshold, maxIterations, learningRate, finalLearningRate, stride,
                keySpacing, p);
    }

    public RetargetSettings withThreshold(double t) {
        return new RetargetSettings(lambdaAngle, lambdaFoot, lambdaSmooth, t, maxIterations, learningRate, finalLearningRate, stride, keySpacing, codePath);
    }

    public RetargetSettings withLearningRate(double lr) {
        return new RetargetSettings(lambdaAngle, lambdaFoot, lambdaSmooth, threshold, maxIterations, lr, lr * finalLearningRate
                / learningRate, stride, keySpacing, codePath);
    }
}
