package org.clothgraph.retarget;

/**
 * The latent optimisation for one target: loss = lambdaAngle * angle loss + lambdaFoot * contact loss, Adam on the
 * latent codes at the learning rate until the loss is under the threshold or after maxIterations; windows of the clip
 * start every stride frames (default: one window length, so none overlap; overlaps are blended, and a blend of two
 * windows' solutions can put a foot back into the floor).
 * <p>
 * Angle loss: mean over frames and joints of the sign-invariant squared quaternion difference to the source's local
 * rotations. Contact loss: mean over frames of how far (metres) the lowest of the four foot points (ankles, toes;
 * height minus its flat-standing height) is below the ground.
 */
public record RetargetSettings(double lambdaAngle, double lambdaFoot, double threshold, int maxIterations,
        double learningRate, int stride) {
    /** The published weights (0.3, 0.5). */
    public static final RetargetSettings DEFAULT = new RetargetSettings(0.3, 0.5, 2e-4, 200, 0.01, 120);

    public RetargetSettings {
        if (!(lambdaAngle >= 0) || !(lambdaFoot >= 0) || !(threshold >= 0) || maxIterations < 0 || !(learningRate > 0)
                || stride < 1) {
            throw new IllegalArgumentException("bad retarget settings " + this);
        }
    }

    public RetargetSettings withIterations(int n) {
        return new RetargetSettings(lambdaAngle, lambdaFoot, threshold, n, learningRate, stride);
    }
}
