package org.clothgraph.retarget;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.clothgraph.motion.Motion;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;

/**
 * Trains the motion autoencoder on ONE performer: reconstruction mean squared error of 120-frame windows (60 fps) of
 * the performer's training clips, Adam on all weights, gradients from DJL's automatic differentiation (PyTorch).
 * Clips held out are only evaluated (the loss curve's held-out loss and the reconstruction error in degrees).
 * A core operation: cancellable through the monitor, which also carries the loss curve as sub-task text.
 */
public final class AutoencoderTraining {
    /** Listener of the loss curve while training runs. */
    public interface Curve {
        void point(RetargetModel.LossPoint p);
    }

    /** Frames either side of a frame that the encoder sees (a temporal convolution of width 5). */
    public static final int CONTEXT = 2;

    private AutoencoderTraining() {
    }

    /**
     * Trains on clips of one performer, all on the same canonical skeleton, at the settings' frame rate.
     *
     * @param train clips trained on
     * @param heldOut clips evaluated only (may be empty)
     */
    public static RetargetModel train(List<Motion> train, List<Motion> heldOut, TrainingSettings s, Curve curve,
            IProgressMonitor monitor) {
        return train(train, heldOut, List.of(), 0, s, curve, monitor);
    }

    /** The same, recording the files the clips were read from and the performer's floor offset in the model. */
    public static RetargetModel train(List<Motion> train, List<Motion> heldOut, List<String> sourceFiles, double floorOffset,
            TrainingSettings s, Curve curve, IProgressMonitor monitor) {
        if (train.isEmpty()) throw new IllegalArgumentException("no training clips");
        float[] bones = CanonicalSkeleton.boneLengths(train.get(0).skeleton());
        for (Motion m : train) {
            if (Math.abs(m.fps() - s.fps()) > 1e-6) throw new IllegalArgumentException(m.name() + " is not at " + s.fps() + " fps");
        }
        List<float[]> trainWindows = windows(train, s.frames(), s.stride());
        List<float[]> heldWindows = windows(heldOut, s.frames(), s.frames() / 2);
        MotionAutoencoder.Architecture arch = new MotionAutoencoder.Architecture(s.frames(), CanonicalSkeleton.JOINT_COUNT,
                s.hidden(), s.latent(), CanonicalSkeleton.BONE_COUNT, s.initial() == TrainingSettings.Initial.SOURCE, CONTEXT, s.decoderHidden());
        MotionAutoencoder net = new MotionAutoencoder(arch, s.seed());
        SubMonitor sub = SubMonitor.convert(monitor, "Training the retargeting network", s.steps());
        Engine engine = Djl.engine();
        Random batches = new Random(s.seed() + 1);
        long t0 = System.nanoTime();
        List<RetargetModel.LossPoint> points = new ArrayList<>();
        int every = Math.max(1, Math.min(100, s.steps() / 20));
        double running = 0;
        int runningN = 0, made = 0;
        boolean timeUp = false;
        float[] x = new float[s.batch() * arch.inputSize()];
        float[] b = net.perFrame(bones, s.batch());
        int rows = s.batch() * arch.frames();
        // the weights and Adam's moments stay in the engine; each step's temporaries live in a sub-manager
        try (NDManager base = Djl.call(engine::newBaseManager)) {
            Map<String, NDArray> p = Djl.call(() -> net.on(base, true));
            Map<String, NDArray[]> moments = new java.util.LinkedHashMap<>();
            for (Map.Entry<String, NDArray> e : p.entrySet()) {
                moments.put(e.getKey(), new NDArray[] {e.getValue().zerosLike(), e.getValue().zerosLike()});
            }
            for (int step = 0; step < s.steps(); step++) {
                if (sub.isCanceled()) throw new OperationCanceledException();
                if ((System.nanoTime() - t0) / 60e9 > s.maxMinutes()) {
                    timeUp = true;
                    break;
                }
                for (int i = 0; i < s.batch(); i++) {
                    float[] w = trainWindows.get(batches.nextInt(trainWindows.size()));
                    System.arraycopy(w, 0, x, i * w.length, w.length);
                }
                int t = step + 1;
                double loss = Djl.call(() -> {
                    try (NDManager m = base.newSubManager()) {
                        p.values().forEach(a -> a.tempAttach(m));
                        moments.values().forEach(a -> { a[0].tempAttach(m); a[1].tempAttach(m); });
                        NDArray xs = m.create(x, new Shape(s.batch(), arch.inputSize()));
                        NDArray xu = m.create(net.unfold(x, s.batch()), new Shape(rows, arch.frameInputSize()));
                        double value;
                        try (GradientCollector gc = engine.newGradientCollector()) {
                            NDArray l = MotionAutoencoder.reconstructionLoss(forward(net, p, xs, xu, m.create(b,
                                    new Shape(rows, arch.bones()))), xs.reshape(s.batch(), arch.frames(), arch.joints(), 4));
                            gc.backward(l);
                            value = l.getFloat();
                        }
                        adamStep(p, moments, s.learningRate(), t);
                        return value;
                    }
                });
                made++;
                running += loss;
                runningN++;
                if ((step + 1) % every == 0 || step + 1 == s.steps()) {
                    copyBack(p, net);
                    double held = heldWindows.isEmpty() ? Double.NaN : evaluate(net, heldWindows, bones)[0];
                    RetargetModel.LossPoint pt = new RetargetModel.LossPoint(step + 1, running / runningN, held);
                    points.add(pt);
                    if (curve != null) curve.point(pt);
                    sub.subTask(String.format(java.util.Locale.ROOT, "step %d: loss %.5f, held-out %.5f", step + 1,
                            running / runningN, held));
                    running = 0;
                    runningN = 0;
                }
                sub.worked(1);
            }
            copyBack(p, net);
        }
        double[] held = heldWindows.isEmpty() ? new double[] {Double.NaN, Double.NaN} : evaluate(net, heldWindows, bones);
        double[] tr = evaluate(net, trainWindows.subList(0, Math.min(trainWindows.size(), 64)), bones);
        List<String> trainNames = train.stream().map(Motion::name).toList();
        List<String> heldNames = heldOut.stream().map(Motion::name).toList();
        RetargetModel.Record rec = new RetargetModel.Record(s, Djl.describe(), bones, sourceFiles, floorOffset, trainNames, heldNames,
                trainWindows.size(), heldWindows.size(), made, (System.nanoTime() - t0) / 1e9, timeUp, points, held[0],
                held[1], tr[1]);
        return new RetargetModel(net, rec);
    }

    /** Adam (Kingma and Ba 2015, beta 0.9/0.999) on the engine's weights with their gradients, then zeroes them. */
    private static void adamStep(Map<String, NDArray> p, Map<String, NDArray[]> moments, double lr, int t) {
        float b1 = 0.9f, b2 = 0.999f;
        float c1 = (float) (1 - Math.pow(b1, t)), c2 = (float) (1 - Math.pow(b2, t));
        for (Map.Entry<String, NDArray> e : p.entrySet()) {
            NDArray w = e.getValue(), g = w.getGradient();
            NDArray[] mv = moments.get(e.getKey());
            mv[0].muli(b1).addi(g.mul(1 - b1));
            mv[1].muli(b2).addi(g.square().mul(1 - b2));
            w.subi(mv[0].div(c1).div(mv[1].div(c2).sqrt().add(1e-8f)).mul((float) lr));
            g.subi(g);
        }
    }

    private static void copyBack(Map<String, NDArray> p, MotionAutoencoder net) {
        for (Map.Entry<String, NDArray> e : p.entrySet()) {
            float[] v = Djl.call(() -> e.getValue().toFloatArray());
            System.arraycopy(v, 0, net.weights().get(e.getKey()), 0, v.length);
        }
    }

    /** Decoded rotations (B, frames, joints, 4) of windows xs: encode, then decode on the same skeleton. */
    static NDArray forward(MotionAutoencoder net, Map<String, NDArray> p, NDArray xs, NDArray unfolded, NDArray bones) {
        return net.decode(p, MotionAutoencoder.encode(p, unfolded), bones, xs);
    }

    /** {mean reconstruction loss, mean joint-angle error in degrees} of windows reconstructed by the network. */
    public static double[] evaluate(MotionAutoencoder net, List<float[]> windows, float[] bones) {
        MotionAutoencoder.Architecture a = net.architecture();
        double loss = 0, angle = 0;
        int n = 0;
        for (int from = 0; from < windows.size(); from += 32) {
            int count = Math.min(32, windows.size() - from);
            float[] x = new float[count * a.inputSize()];
            for (int i = 0; i < count; i++) {
                System.arraycopy(windows.get(from + i), 0, x, i * a.inputSize(), a.inputSize());
            }
            float[] b = net.perFrame(bones, count);
            float[] out = Djl.call(() -> {
                try (NDManager m = Djl.engine().newBaseManager()) {
                    Map<String, NDArray> p = net.on(m, false);
                    NDArray xs = m.create(x, new Shape(count, a.inputSize()));
                    NDArray xu = m.create(net.unfold(x, count), new Shape((long) count * a.frames(), a.frameInputSize()));
                    return forward(net, p, xs, xu, m.create(b, new Shape((long) count * a.frames(), a.bones()))).toFloatArray();
                }
            });
            for (int k = 0; k < out.length; k += 4) {
                double d1 = 0, d2 = 0, dot = 0;
                for (int c = 0; c < 4; c++) {
                    d1 += (out[k + c] - x[k + c]) * (out[k + c] - x[k + c]);
                    d2 += (out[k + c] + x[k + c]) * (out[k + c] + x[k + c]);
                    dot += out[k + c] * x[k + c];
                }
                loss += Math.min(d1, d2);
                angle += Math.toDegrees(2 * Math.acos(Math.min(1, Math.abs(dot))));
                n++;
            }
        }
        return new double[] {loss / n, angle / n};
    }

    /** Windows of the clips, flattened. */
    public static List<float[]> windows(List<Motion> clips, int frames, int stride) {
        List<float[]> out = new ArrayList<>();
        for (Motion m : clips) {
            float[][] rot = Windows.rotations(m);
            for (int start : Windows.starts(rot.length, frames, stride)) out.add(Windows.window(rot, start, frames));
        }
        return out;
    }

    /** Adam (Kingma and Ba 2015, beta 0.9/0.999) on the Java-held weights, fed the engine's gradients. */
    static final class Adam {
        private final Map<String, float[]> w;
        private final Map<String, float[]> g = new java.util.HashMap<>(), m1 = new java.util.HashMap<>(),
                m2 = new java.util.HashMap<>();
        private final double lr;
        private int t;

        Adam(Map<String, float[]> weights, double lr) {
            this.w = weights;
            this.lr = lr;
            for (Map.Entry<String, float[]> e : weights.entrySet()) {
                m1.put(e.getKey(), new float[e.getValue().length]);
                m2.put(e.getKey(), new float[e.getValue().length]);
            }
        }

        void gradient(String name, float[] grad) {
            g.put(name, grad);
        }

        void step() {
            step(1);
        }

        /** One step at lr times the factor (a learning-rate schedule). */
        void step(double factor) {
            t++;
            double lr = this.lr * factor;
            double b1 = 0.9, b2 = 0.999, eps = 1e-8;
            double c1 = 1 - Math.pow(b1, t), c2 = 1 - Math.pow(b2, t);
            for (Map.Entry<String, float[]> e : w.entrySet()) {
                float[] x = e.getValue(), gr = g.get(e.getKey()), a = m1.get(e.getKey()), v = m2.get(e.getKey());
                if (gr == null) continue;
                for (int i = 0; i < x.length; i++) {
                    a[i] = (float) (b1 * a[i] + (1 - b1) * gr[i]);
                    v[i] = (float) (b2 * v[i] + (1 - b2) * gr[i] * gr[i]);
                    x[i] -= (float) (lr * (a[i] / c1) / (Math.sqrt(v[i] / c2) + eps));
                }
            }
            g.clear();
        }
    }
}
