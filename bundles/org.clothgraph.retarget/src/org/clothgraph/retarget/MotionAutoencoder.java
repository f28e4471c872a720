package org.clothgraph.retarget;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * The network of the method: an encoder over a window of joint rotations to its latent code, normalised; the skeleton
 * encoding (21 bone lengths) concatenated with it; one fully connected layer (or, with a decoder hidden layer, two)
 * giving a quaternion update per frame and joint, applied with the Hamilton product to the window's initial rotations (its first frame). The latent code of a
 * window is a sequence, one unit vector per frame: the encoder is a temporal convolution over the window (each frame
 * with {@code context} frames either side, edge frames repeated) followed by a second fully connected layer, a ReLU
 * between them (the published text fixes neither; see docs/RETARGETING.md for why one code per window was not kept).
 * <p>
 * The weights live in Java arrays (engine-independent, saved with the model); {@link #on} puts them into an
 * {@link NDManager} for one forward/backward pass.
 */
public final class MotionAutoencoder {
    /**
     * Layer sizes: window frames, joints, encoder hidden units, latent size, bones; decoderHidden 0 is the published
     * decoder (one fully connected layer), otherwise a hidden layer of that many ReLU units before it.
     */
    public record Architecture(int frames, int joints, int hidden, int latent, int bones, boolean residual, int context,
            int decoderHidden) {
        /** Floats of one window. */
        public int inputSize() {
            return frames * joints * 4;
        }

        /** Encoder inputs per frame: the frame and its context frames. */
        public int frameInputSize() {
            return (2 * context + 1) * joints * 4;
        }
    }

    private final Architecture arch;
    private final Map<String, float[]> weights = new LinkedHashMap<>();
    private final Map<String, Shape> shapes = new LinkedHashMap<>();

    /** A network with weights drawn from the seed (He initialisation; the update layer starts near identity). */
    public MotionAutoencoder(Architecture arch, long seed) {
        this.arch = arch;
        Random r = new Random(seed);
        add("enc1.w", r, arch.frameInputSize(), arch.hidden(), Math.sqrt(2.0 / arch.frameInputSize()));
        add("enc1.b", r, 1, arch.hidden(), 0);
        add("enc2.w", r, arch.hidden(), arch.latent(), Math.sqrt(2.0 / arch.hidden()));
        add("enc2.b", r, 1, arch.latent(), 0);
        int in = arch.latent() + arch.bones();
        if (arch.decoderHidden() > 0) {
            add("dec1.w", r, in, arch.decoderHidden(), Math.sqrt(2.0 / in));
            add("dec1.b", r, 1, arch.decoderHidden(), 0);
            in = arch.decoderHidden();
        }
        add("dec.w", r, in, arch.joints() * 4, 0.1 / Math.sqrt(in));
        add("dec.b", r, 1, arch.joints() * 4, 0);
    }

    /** A network with the given weights (read from a model file). */
    MotionAutoencoder(Architecture arch, Map<String, float[]> stored) {
        this(arch, 0);
        for (Map.Entry<String, float[]> e : stored.entrySet()) {
            float[] w = weights.get(e.getKey());
            if (w == null || w.length != e.getValue().length) throw new IllegalArgumentException("weights " + e.getKey());
            System.arraycopy(e.getValue(), 0, w, 0, w.length);
        }
    }

    private void add(String name, Random r, int rows, int cols, double std) {
        float[] w = new float[rows * cols];
        for (int i = 0; i < w.length; i++) w[i] = (float) (r.nextGaussian() * std);
        weights.put(name, w);
        shapes.put(name, rows == 1 ? new Shape(cols) : new Shape(rows, cols));
    }

    public Architecture architecture() {
        return arch;
    }

    /** The weights by name (live arrays: the trainer updates them in place). */
    public Map<String, float[]> weights() {
        return weights;
    }

    public long parameterCount() {
        return weights.values().stream().mapToLong(w -> w.length).sum();
    }

    /** The weights as arrays of the manager, with gradients when {@code trainable}. */
    public Map<String, NDArray> on(NDManager m, boolean trainable) {
        Map<String, NDArray> p = new LinkedHashMap<>();
        for (Map.Entry<String, float[]> e : weights.entrySet()) {
            NDArray a = m.create(e.getValue(), shapes.get(e.getKey()));
            if (trainable) a.setRequiresGradient(true);
            p.put(e.getKey(), a);
        }
        return p;
    }

    /**
     * The encoder's input of windows (count windows of frames*joints*4 floats): per frame the frame and its context
     * frames, (count*frames, frameInputSize).
     */
    public float[] unfold(float[] windows, int count) {
        int t = arch.frames(), f = arch.joints() * 4, c = arch.context();
        float[] out = new float[count * t * arch.frameInputSize()];
        int o = 0;
        for (int w = 0; w < count; w++) {
            for (int i = 0; i < t; i++) {
                for (int d = -c; d <= c; d++) {
                    int src = Math.max(0, Math.min(t - 1, i + d));
                    System.arraycopy(windows, (w * t + src) * f, out, o, f);
                    o += f;
                }
            }
        }
        return out;
    }

    /** Bone lengths repeated for every frame of count windows: (count*frames, bones). */
    public float[] perFrame(float[] bones, int count) {
        float[] out = new float[count * arch.frames() * bones.length];
        for (int i = 0; i < count * arch.frames(); i++) System.arraycopy(bones, 0, out, i * bones.length, bones.length);
        return out;
    }

    /** Latent codes (before normalisation) of unfolded frames x: (N, frameInputSize) to (N, latent). */
    static NDArray encode(Map<String, NDArray> p, NDArray x) {
        NDArray h = x.matMul(p.get("enc1.w")).add(p.get("enc1.b"));
        h = h.maximum(Djl.scalar(h, 0));
        return h.matMul(p.get("enc2.w")).add(p.get("enc2.b"));
    }

    /**
     * Rotations (B, frames, joints, 4) decoded from latent codes z (B*frames, latent), bone lengths (B*frames, bones)
     * and the initial rotations: the windows themselves (B, frames*joints*4), of which only the first frame is used
     * unless the architecture is residual.
     */
    NDArray decode(Map<String, NDArray> p, NDArray z, NDArray bones, NDArray initial) {
        long b = initial.getShape().get(0);
        NDArray zn = z.div(z.square().sum(new int[] {1}, true).add(Djl.scalar(z, 1e-12)).sqrt());
        NDArray c = NDArrays.concat(new NDList(zn, bones), 1);
        if (arch.decoderHidden() > 0) {
            c = c.matMul(p.get("dec1.w")).add(p.get("dec1.b"));
            c = c.maximum(Djl.scalar(c, 0));
        }
        NDArray u = c.matMul(p.get("dec.w")).add(p.get("dec.b")).reshape(b, arch.frames(), arch.joints(), 4);
        NDArray one = u.getManager().create(new float[] {1, 0, 0, 0});
        NDArray update = QuatNd.normalize(u.add(one));
        NDArray init = arch.residual() ? initial.reshape(b, arch.frames(), arch.joints(), 4)
                : initial.get(":, 0:" + arch.joints() * 4).reshape(b, 1, arch.joints(), 4);
        return QuatNd.normalize(QuatNd.mul(update, init));
    }

    /** Reconstruction loss: mean squared (sign-invariant) quaternion difference over frames and joints. */
    static NDArray reconstructionLoss(NDArray decoded, NDArray target) {
        return QuatNd.distance(decoded, target).mean();
    }
}
