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
 * Generation for a target skeleton that has no motion: the clip is cut into windows that do not overlap; each window's
 * latent codes (one vector per frame) start at the source's (the encoder's output for the source window, with
 * {@link RetargetSettings.CodePath#SPLINE} its least-squares fit by a cubic B-spline in time) and Adam moves all codes
 * at once to minimise lambdaAngle * angle loss + lambdaFoot * contact loss + lambdaSmooth * smoothness loss of the
 * motion the network decodes on the target's bone lengths (see {@link RetargetSettings}); the windows laid end to end
 * are the clip. The root follows the source's, scaled by the ratio of leg lengths (as the copy baseline).
 */
public final class LatentRetargeting {
    /**
     * Outcome: the clip on the target and the loss terms at the start and at the best iterate (the smoothness loss NaN
     * when its weight is 0: not computed), with the curve per iteration.
     */
    public record Result(Motion motion, int windows, int iterations, int bestIteration, double angleLossStart, double footLossStart,
            double smoothLossStart, double angleLoss, double footLoss, double smoothLoss, List<double[]> curve,
            double seconds) {}

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
        // the path of each window's codes: with KEY_OFFSETS Adam moves offsets at key frames every keySpacing frames
        // (1: every frame), linearly interpolated in between and added to the encoder's codes; with SPLINE the codes
        // themselves are a uniform cubic B-spline over the window with knots every keySpacing frames (twice
        // differentiable in time), starting at the least-squares fit of the encoder's codes, and Adam moves its control
        // points
        int spacing = s.keySpacing();
        int keys;
        float[] interp;
        if (s.codePath() == RetargetSettings.CodePath.SPLINE) {
            interp = splineBasis(tf, spacing);
            keys = interp.length / tf;
            projectOntoBasis(z, interp, tf, keys, w, a.latent());
        } else {
            keys = (tf - 1) / spacing + 2;
            interp = new float[tf * keys];
            for (int f = 0; f < tf; f++) {
                double u = f / (double) spacing;
                int k0 = Math.min((int) Math.floor(u), keys - 2);
                interp[f * keys + k0] = (float) (1 - (u - k0));
                interp[f * keys + k0 + 1] = (float) (u - k0);
            }
        }
        float[] delta = new float[w * keys * a.latent()];
        Map<String, float[]> zmap = Map.of("z", delta);
        AutoencoderTraining.Adam adam = new AutoencoderTraining.Adam(zmap, s.learningRate());
        // the smoothness term: the second differences of the joint positions over the whole clip (windows do not
        // overlap, so the windows laid end to end are the clip, padded at its end by its last frame) kept equal to
        // those of the source's rotations on the target (the copy baseline's positions), mm^2
        boolean smooth = s.lambdaSmooth() > 0 && rows >= 3;
        float[] copyD2 = smooth ? positionSecondDifferences(copy, starts, tf, n) : null;
        int it = 0, best = 0;
        double[] first = null, last = null;
        float[] decoded = null;
        try (NDManager weights = engine.newBaseManager()) {
            Map<String, NDArray> p = Djl.call(() -> net.on(weights, false));
            while (true) {
                if (sub.isCanceled()) throw new OperationCanceledException();
                boolean optimise = it < s.maxIterations();
                double[] terms = new double[4];
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
                        // the smoothness term needs the forward kinematics of all joints: computed only when weighed
                        NDArray sm = null;
                        if (smooth) {
                            NDArray pos = Kinematics.jointPositions(r, m.create(root, new Shape(w, tf, 3)), target)
                                    .reshape(rows, a.joints(), 3).mul(1000f);
                            NDArray d2 = pos.get("2:").sub(pos.get("1:" + (rows - 1)).mul(2f)).add(pos.get("0:" + (rows - 2)));
                            sm = d2.sub(m.create(copyD2, new Shape(rows - 2, a.joints(), 3))).square().sum(new int[] {2})
                                    .mean();
                            loss = loss.add(sm.mul((float) s.lambdaSmooth()));
                        }
                        terms[0] = loss.getFloat();
                        terms[1] = angle.getFloat();
                        terms[2] = foot.getFloat();
                        terms[3] = sm == null ? Double.NaN : sm.getFloat();
                        if (optimise && terms[0] >= s.threshold()) {
                            gc.backward(loss);
                            float[] g = ds.getGradient().toFloatArray();
                            // a non-finite entry (a decoded quaternion update near zero length) would poison Adam's
                            // moments: that entry takes no step this iteration
                            for (int i = 0; i < g.length; i++) if (!Float.isFinite(g[i])) g[i] = 0;
                            adam.gradient("z", g);
                        }
                        return r.toFloatArray();
                    }
                });
                if (first == null) first = terms;
                curve.add(new double[] {it, terms[0], terms[1], terms[2], terms[3]});
                // the result is the iterate with the lowest objective (Adam's steps do not decrease it monotonically, and
                // a step into a degenerate code, where a decoded quaternion update vanishes, makes it NaN: then it stops)
                boolean finite = Double.isFinite(terms[0]);
                if (finite && (last == null || terms[0] <= last[0])) {
                    last = terms;
                    decoded = out;
                    best = it;
                }
                if (!finite || !optimise || terms[0] < s.threshold()) break;
                // the learning rate falls from learningRate to finalLearningRate over the iterations (cosine)
                double c = 0.5 * (1 + Math.cos(Math.PI * it / Math.max(1, s.maxIterations() - 1)));
                adam.step((s.finalLearningRate() + (s.learningRate() - s.finalLearningRate()) * c) / s.learningRate());
                it++;
                sub.worked(1);
                if (it % 10 == 0) {
                    sub.subTask(String.format(java.util.Locale.ROOT, "iteration %d: loss %.6f (angle %.6f, contact %.6f,"
                            + " smoothness %.2e)", it, terms[0], terms[1], terms[2], terms[3]));
                }
            }
        }
        float[][] blended = blend(decoded, starts, n, tf, a.joints());
        Vec3[] rootPath = new Vec3[n];
        for (int f = 0; f < n; f++) rootPath[f] = copy.rootPosition(f);
        Motion out = Windows.motion(source.name(), target, fps, blended, rootPath);
        if (Math.abs(source.fps() - fps) > 1e-6) out = out.resample(source.fps());
        return new Result(out, w, it, best, first[1], first[2], first[3], last[1], last[2], last[3], curve,
                (System.nanoTime() - t0) / 1e9);
    }

    /**
     * The uniform cubic B-spline basis over tf frames with knots every spacing frames: tf x keys weights, row-major
     * (each frame is a combination of 4 neighbouring control points; the path is twice differentiable in time).
     */
    static float[] splineBasis(int tf, int spacing) {
        int segments = Math.max(1, (tf - 1 + spacing - 1) / spacing);
        int keys = segments + 3;
        float[] b = new float[tf * keys];
        for (int f = 0; f < tf; f++) {
            double u = f / (double) spacing;
            int seg = Math.min((int) Math.floor(u), segments - 1);
            double t = u - seg, t2 = t * t, t3 = t2 * t;
            b[f * keys + seg] = (float) ((1 - t) * (1 - t) * (1 - t) / 6);
            b[f * keys + seg + 1] = (float) ((3 * t3 - 6 * t2 + 4) / 6);
            b[f * keys + seg + 2] = (float) ((-3 * t3 + 3 * t2 + 3 * t + 1) / 6);
            b[f * keys + seg + 3] = (float) (t3 / 6);
        }
        return b;
    }

    /**
     * Replaces each window's codes (tf x latent, rows of z) by their least-squares fit in the span of the basis
     * (tf x keys, row-major): z = B (B^T B + 1e-6 I)^-1 B^T z.
     */
    static void projectOntoBasis(float[] z, float[] basis, int tf, int keys, int windows, int latent) {
        double[][] g = new double[keys][keys];
        for (int f = 0; f < tf; f++) {
            for (int i = 0; i < keys; i++) {
                double bi = basis[f * keys + i];
                if (bi == 0) continue;
                for (int j = 0; j < keys; j++) g[i][j] += bi * basis[f * keys + j];
            }
        }
        for (int i = 0; i < keys; i++) g[i][i] += 1e-6;
        // Cholesky factor of the Gram matrix
        double[][] l = new double[keys][keys];
        for (int i = 0; i < keys; i++) {
            for (int j = 0; j <= i; j++) {
                double sum = g[i][j];
                for (int k = 0; k < j; k++) sum -= l[i][k] * l[j][k];
                l[i][j] = i == j ? Math.sqrt(Math.max(sum, 1e-12)) : sum / l[j][j];
            }
        }
        double[] rhs = new double[keys];
        for (int w = 0; w < windows; w++) {
            for (int c = 0; c < latent; c++) {
                java.util.Arrays.fill(rhs, 0);
                for (int f = 0; f < tf; f++) {
                    double v = z[(w * tf + f) * latent + c];
                    for (int i = 0; i < keys; i++) rhs[i] += basis[f * keys + i] * v;
                }
                for (int i = 0; i < keys; i++) {
                    double sum = rhs[i];
                    for (int k = 0; k < i; k++) sum -= l[i][k] * rhs[k];
                    rhs[i] = sum / l[i][i];
                }
                for (int i = keys - 1; i >= 0; i--) {
                    double sum = rhs[i];
                    for (int k = i + 1; k < keys; k++) sum -= l[k][i] * rhs[k];
                    rhs[i] = sum / l[i][i];
                }
                for (int f = 0; f < tf; f++) {
                    double v = 0;
                    for (int i = 0; i < keys; i++) v += basis[f * keys + i] * rhs[i];
                    z[(w * tf + f) * latent + c] = (float) v;
                }
            }
        }
    }

    /**
     * Second differences (mm) of the world joint positions of a motion over the windows laid end to end (frames past
     * the clip's end repeat its last frame): (windows*tf - 2) x joints x 3 floats.
     */
    static float[] positionSecondDifferences(Motion m, List<Integer> starts, int tf, int n) {
        int j = m.skeleton().size(), rows = starts.size() * tf;
        double[][] p = new double[rows][j * 3];
        double[][] byFrame = new double[n][];
        for (int i = 0; i < starts.size(); i++) {
            for (int f = 0; f < tf; f++) {
                int g = Math.min(starts.get(i) + f, n - 1);
                if (byFrame[g] == null) {
                    byFrame[g] = new double[j * 3];
                    m.worldPositions(g, byFrame[g]);
                }
                p[i * tf + f] = byFrame[g];
            }
        }
        float[] d = new float[Math.max(0, rows - 2) * j * 3];
        for (int t = 0; t + 2 < rows; t++) {
            for (int c = 0; c < j * 3; c++) d[t * j * 3 + c] = (float) (1000 * (p[t + 2][c] - 2 * p[t + 1][c] + p[t][c]));
        }
        return d;
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
