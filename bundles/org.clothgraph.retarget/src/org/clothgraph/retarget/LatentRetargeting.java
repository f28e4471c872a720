package org.clothgraph.retarget;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;

/**
 * Generation for a target skeleton that has no motion: the clip is cut into windows, each window's latent code (one
 * vector per frame) starts at the source's (the encoder's output for the source window) and Adam moves all codes at once to minimise
 * lambdaAngle * angle loss + lambdaFoot * contact loss of the motion the network decodes on the target's bone
 * lengths; the windows are then blended back into one clip. The root follows the source's, scaled by the ratio of
 * leg lengths (as the copy baseline).
 */
public final class LatentRetargeting {
    /** Outcome: the clip on the target and the loss terms at the start and the end, with the curve per iteration. */
    public record Result(Motion motion, int windows, int iterations, double angleLossStart, double footLossStart,
            double angleLoss, double footLoss, List<double[]> curve, double seconds) {}

    /** Frames between the key frames whose latent offsets are optimised. */
    static final int KEY_SPACING = 10;

    private LatentRetargeting() {
    }

    /**
     * Retargets a clip on a canonical source skeleton onto a canonical target; the result has the source's frame
     * rate (the network runs at the model's, 60 fps).
     */
    public static Result retarget(RetargetModel model, Motion source, Skeleton target, RetargetSettings s,
            IProgressMonitor monitor) {
        CanonicalSkeleton.requireCanonical(source.skeleton());
        CanonicalSkeleton.requireCanonical(target);
        long t0 = System.nanoTime();
        SubMonitor sub = SubMonitor.convert(monitor, "Retargeting " + source.name(), s.maxIterations() + 2);
        MotionAutoencoder net = model.network();
        MotionAutoencoder.Architecture a = net.architecture();
        double fps = model.record().settings().fps();
        Motion src = source.resample(fps);
        Motion copy = CopyRotations.retarget(src, target);
        float[][] rot = Windows.rotations(src);
        int n = rot.length, tf = a.frames();
        List<Integer> starts = new ArrayList<>();
        for (int a0 = 0; a0 == 0 || a0 < n; a0 += Math.min(s.stride(), tf)) {
            starts.add(a0);
            if (a0 + tf >= n) break;
        }
        int w = starts.size();
        float[] x = new float[w * a.inputSize()], root = new float[w * tf * 3];
        float[] bones = net.perFrame(CanonicalSkeleton.boneLengths(target), w);
        int rows = w * tf;
        for (int i = 0; i < w; i++) {
            System.arraycopy(Windows.window(rot, starts.get(i), tf), 0, x, i * a.inputSize(), a.inputSize());
            for (int f = 0; f < tf; f++) {
                Vec3 r = copy.rootPosition(Math.min(starts.get(i) + f, n - 1));
                int o = (i * tf + f) * 3;
                root[o] = (float) r.x();
                root[o + 1] = (float) r.y();
                root[o + 2] = (float) r.z();
            }
        }
        FootPoints feet = FootPoints.of(target);
        Engine engine = Djl.engine();
        float[] z = Djl.call(() -> {
            try (NDManager m = engine.newBaseManager()) {
                return MotionAutoencoder.encode(net.on(m, false), m.create(net.unfold(x, w), new Shape(rows,
                        a.frameInputSize()))).toFloatArray();
            }
        });
        sub.worked(1);
        List<double[]> curve = new ArrayList<>();
        // Adam moves offsets of the codes at key frames every KEY_SPACING frames, linearly interpolated in between, so
        // that the codes of neighbouring frames move together (per-frame steps of Adam would add jitter)
        int keys = (tf - 1) / KEY_SPACING + 2;
        float[] interp = new float[tf * keys];
        for (int f = 0; f < tf; f++) {
            double u = f / (double) KEY_SPACING;
            int k0 = Math.min((int) Math.floor(u), keys - 2);
            interp[f * keys + k0] = (float) (1 - (u - k0));
            interp[f * keys + k0 + 1] = (float) (u - k0);
        }
        float[] delta = new float[w * keys * a.latent()];
        Map<String, float[]> zmap = Map.of("z", delta);
        AutoencoderTraining.Adam adam = new AutoencoderTraining.Adam(zmap, s.learningRate());
        int it = 0;
        double[] first = null, last = null;
        float[] decoded = null;
        try (NDManager weights = engine.newBaseManager()) {
            Map<String, NDArray> p = Djl.call(() -> net.on(weights, false));
            while (true) {
                if (sub.isCanceled()) throw new OperationCanceledException();
                boolean optimise = it < s.maxIterations();
                double[] terms = new double[3];
                float[] out = Djl.call(() -> {
                    try (NDManager m = weights.newSubManager(); GradientCollector gc = engine.newGradientCollector()) {
                        NDArray ds = m.create(delta, new Shape(w, keys, a.latent()));
                        ds.setRequiresGradient(true);
                        NDArray zs = m.create(interp, new Shape(tf, keys)).matMul(ds).reshape(rows, a.latent())
                                .add(m.create(z, new Shape(rows, a.latent())));
                        NDArray xs = m.create(x, new Shape(w, a.inputSize()));
                        NDArray r = net.decode(p, zs, m.create(bones, new Shape(rows, a.bones())), xs);
                        NDArray angle = QuatNd.distance(r, xs.reshape(w, tf, a.joints(), 4)).mean();
                        NDArray low = Kinematics.lowestFootHeight(r, m.create(root, new Shape(w, tf, 3)), target, feet);
                        NDArray foot = low.neg().maximum(0f).mean();
                        NDArray loss = angle.mul((float) s.lambdaAngle()).add(foot.mul((float) s.lambdaFoot()));
                        terms[0] = loss.getFloat();
                        terms[1] = angle.getFloat();
                        terms[2] = foot.getFloat();
                        if (optimise && terms[0] >= s.threshold()) {
                            gc.backward(loss);
                            adam.gradient("z", ds.getGradient().toFloatArray());
                        }
                        return r.toFloatArray();
                    }
                });
                if (first == null) first = terms;
                last = terms;
                decoded = out;
                curve.add(new double[] {it, terms[0], terms[1], terms[2]});
                if (!optimise || terms[0] < s.threshold()) break;
                adam.step();
                it++;
                sub.worked(1);
                if (it % 10 == 0) {
                    sub.subTask(String.format(java.util.Locale.ROOT, "iteration %d: loss %.6f (angle %.6f, contact %.6f)",
                            it, terms[0], terms[1], terms[2]));
                }
            }
        }
        float[][] blended = blend(decoded, starts, n, tf, a.joints());
        Vec3[] rootPath = new Vec3[n];
        for (int f = 0; f < n; f++) rootPath[f] = copy.rootPosition(f);
        Motion out = Windows.motion(source.name(), target, fps, blended, rootPath);
        if (Math.abs(source.fps() - fps) > 1e-6) out = out.resample(source.fps());
        return new Result(out, w, it, first[1], first[2], last[1], last[2], curve, (System.nanoTime() - t0) / 1e9);
    }

    /** Overlapping windows (W, T, J, 4) blended into one clip of n frames (triangular weights, sign-aligned nlerp). */
    static float[][] blend(float[] d, List<Integer> starts, int n, int tf, int joints) {
        double[][] acc = new double[n][joints * 4];
        for (int i = 0; i < starts.size(); i++) {
            for (int f = 0; f < tf; f++) {
                int g = starts.get(i) + f;
                if (g >= n) break;
                double wt = Math.min(f + 1, tf - f);
                for (int j = 0; j < joints; j++) {
                    int o = ((i * tf + f) * joints + j) * 4;
                    double dot = 0;
                    for (int c = 0; c < 4; c++) dot += acc[g][j * 4 + c] * d[o + c];
                    double sg = dot < 0 ? -1 : 1;
                    for (int c = 0; c < 4; c++) acc[g][j * 4 + c] += sg * wt * d[o + c];
                }
            }
        }
        float[][] out = new float[n][joints * 4];
        for (int g = 0; g < n; g++) {
            for (int j = 0; j < joints; j++) {
                double len = 0;
                for (int c = 0; c < 4; c++) len += acc[g][j * 4 + c] * acc[g][j * 4 + c];
                len = Math.sqrt(len);
                for (int c = 0; c < 4; c++) out[g][j * 4 + c] = (float) (len > 0 ? acc[g][j * 4 + c] / len : c == 0 ? 1 : 0);
            }
        }
        return out;
    }
}
