package org.clothgraph.retarget;

/**
 * Everything that decides a training run, stored with the model: the window (frames at fps, the stride between
 * training windows), the network's sizes, Adam's learning rate, the batch, the number of steps (and a wall-clock
 * limit that may end it sooner; the steps actually made are recorded) and the random seed (weights and batches).
 */
public record TrainingSettings(int frames, double fps, int stride, int hidden, int latent, int batch, double learningRate,
        int steps, double maxMinutes, long seed) {

    /** The published window (120 frames at 60 fps) with the sizes used for the acceptance numbers. */
    public static final TrainingSettings DEFAULT = new TrainingSettings(120, 60, 10, 512, 128, 32, 1e-3, 4000, 20, 13);

    public TrainingSettings {
        if (frames < 2 || !(fps > 0) || stride < 1 || hidden < 1 || latent < 1 || batch < 1 || !(learningRate > 0)
                || steps < 1 || !(maxMinutes > 0)) {
            throw new IllegalArgumentException("bad training settings " + this);
        }
    }

    public TrainingSettings withSteps(int s) {
        return new TrainingSettings(frames, fps, stride, hidden, latent, batch, learningRate, s, maxMinutes, seed);
    }

    public TrainingSettings withSeed(long s) {
        return new TrainingSettings(frames, fps, stride, hidden, latent, batch, learningRate, steps, maxMinutes, s);
    }

    public TrainingSettings withMaxMinutes(double m) {
        return new TrainingSettings(frames, fps, stride, hidden, latent, batch, learningRate, steps, m, seed);
    }

    public TrainingSettings withSizes(int frameCount, int hiddenUnits, int latentSize, int strideFrames) {
        return new TrainingSettings(frameCount, fps, strideFrames, hiddenUnits, latentSize, batch, learningRate, steps,
                maxMinutes, seed);
    }
}
