package org.clothgraph.retarget;

/**
 * Everything that decides a training run, stored with the model: the window (frames at fps, the stride between
 * training windows), the network's sizes, Adam's learning rate, the batch, the number of steps (and a wall-clock
 * limit that may end it sooner; the steps actually made are recorded) and the random seed (weights and batches).
 */
public record TrainingSettings(int frames, double fps, int stride, int hidden, int latent, int batch, double learningRate,
        int steps, double maxMinutes, long seed, Initial initial, int decoderHidden) {

    /**
     * The initial rotations the decoded updates are applied to: the window's first frame (the latent code carries the
     * whole window's motion) or every frame's own source rotation (the updates are corrections of the source).
     */
    public enum Initial { FIRST_FRAME, SOURCE }

    /** The published window (120 frames at 60 fps) with the sizes used for the acceptance numbers. */
    public static final TrainingSettings DEFAULT = new TrainingSettings(120, 60, 10, 256, 64, 16, 3e-3, 6000, 19, 13,
            Initial.FIRST_FRAME);

    public TrainingSettings {
        if (frames < 2 || !(fps > 0) || stride < 1 || hidden < 1 || latent < 1 || batch < 1 || !(learningRate > 0)
                || steps < 1 || !(maxMinutes > 0) || initial == null || decoderHidden < 0) {
            throw new IllegalArgumentException("bad training settings " + this);
        }
    }

    /** The published decoder (one fully connected layer, no hidden layer). */
    public TrainingSettings(int frames, double fps, int stride, int hidden, int latent, int batch, double learningRate,
            int steps, double maxMinutes, long seed, Initial initial) {
        this(frames, fps, stride, hidden, latent, batch, learningRate, steps, maxMinutes, seed, initial, 0);
    }

    public TrainingSettings withDecoderHidden(int units) {
        return new TrainingSettings(frames, fps, stride, hidden, latent, batch, learningRate, steps, maxMinutes, seed,
                initial, units);
    }

    public TrainingSettings withSteps(int s) {
        return new TrainingSettings(frames, fps, stride, hidden, latent, batch, learningRate, s, maxMinutes, seed, initial, decoderHidden);
    }

    public TrainingSettings withSeed(long s) {
        return new TrainingSettings(frames, fps, stride, hidden, latent, batch, learningRate, steps, maxMinutes, s, initial, decoderHidden);
    }

    public TrainingSettings withMaxMinutes(double m) {
        return new TrainingSettings(frames, fps, stride, hidden, latent, batch, learningRate, steps, m, seed, initial, decoderHidden);
    }

    public TrainingSettings withInitial(Initial i) {
        return new TrainingSettings(frames, fps, stride, hidden, latent, batch, learningRate, steps, maxMinutes, seed, i, decoderHidden);
    }

    public TrainingSettings withSizes(int frameCount, int hiddenUnits, int latentSize, int strideFrames) {
        return new TrainingSettings(frameCount, fps, strideFrames, hiddenUnits, latentSize, batch, learningRate, steps,
                maxMinutes, seed, initial, decoderHidden);
    }
}
