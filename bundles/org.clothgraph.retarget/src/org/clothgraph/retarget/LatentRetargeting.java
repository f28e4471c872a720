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
 * are the clip. The root follows the source's, scaled by the ratio of leg lengths (as the copy baseline). With the
 * settings' foot-contact stage ({@link FootContactStage}), the decoded clip's feet are then held still in its contact
 * frames.
 */
public final class LatentRetargeting {
    /**
     * Outcome: the clip on the target (after the foot-contact stage when the settings have it), the optimisation's
     * decoded clip before that stage (the same motion without the stage), and the loss terms of the optimisation at the
     * start and at the best iterate (the smoothness loss NaN when its weight is 0: not computed), with the curve per
     * iteration.
     */
    public record Result(Motion motion, Motion decoded, int windows, int iterations, int bestIteration, double angleLossStart, double footLossStart,
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
        float[] x = new float[w * a.inputSize()];
        float[] bones = net.perFrame(CanonicalSkeleton.boneLengths(target), w);
        int rows = w * tf;
        for (int i = 0; i < w; i++) {
            System.arraycopy(Windows.window(rot, starts.get(i), tf), 0, x, i * a.inputSize(), a.inputSize());
        }
        float[] root = new float[n * 3], sourceRot = new float[n * a.joints() * 4];
        for (int f = 0; f < n; f++) {
            Vec3 r = copy.rootPosition(f);
            root[f * 3] = (float) r.x();
            root[f * 3 + 1] = (float) r.y();
            root[f * 3 + 2] = (float) r.z();
            System.arraycopy(rot[f], 0, sourceRot, f * a.joints() * 4, a.joints() * 4);
        }
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
        int keyCount = keys;
        float[] delta = new float[w * keys * a.latent()];
        Map<String, float[]> zmap = Map.of("z", delta);
        AutoencoderTraining.Adam adam = new AutoencoderTraining.Adam(zmap, s.learningRate());
        // the smoothness term compares the clip's second differences of joint positions with those of the source's
        // rotations on the target (the copy baseline's positions), mm^2: computed only when weighed
        FootPoints feet = FootPoints.of(target);
        Problem pr = new Problem(a, target, feet, w, n, x, bones, overlapAdd(starts, n, tf), sourceRot, root,
                s.lambdaSmooth() > 0 && n >= 3 ? positionSecondDifferences(copy) : null,
                s.lambdaSkate() > 0 && n >= 2 ? contactPairs(copy, feet) : null);
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
                        NDArray ds = m.create(delta, new Shape(w, keyCount, a.latent()));
                        ds.setRequiresGradient(true);
                        NDArray zs = m.create(interp, new Shape(tf, keyCount)).matMul(ds).reshape(rows, a.latent())
                                .add(m.create(z, new Shape(rows, a.latent())));
                        NDArray[] o = objective(m, net, p, zs, pr, s);
                        for (int i = 0; i < 4; i++) terms[i] = o[i] == null ? Double.NaN : o[i].getFloat();
                        if (optimise && terms[0] >= s.threshold()) {
                            gc.backward(o[0]);
                            float[] g = ds.getGradient().toFloatArray();
                            // a guard: a non-finite entry would poison Adam's moments; that entry takes no step (since
                            // the numbers in the graph are arrays that outlive the backward pass, see Djl.scalar, none
                            // has been seen)
                            for (int i = 0; i < g.length; i++) if (!Float.isFinite(g[i])) g[i] = 0;
                            adam.gradient("z", g);
                        }
                        return o[4].toFloatArray();
                    }
                });
                if (first == null) first = terms;
                curve.add(new double[] {it, terms[0], terms[1], terms[2], terms[3]});
                // the result is the iterate with the lowest objective (Adam's steps do not decrease it monotonically);
                // a non-finite objective stops the optimisation
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
        float[][] clip = new float[n][a.joints() * 4];
        for (int f = 0; f < n; f++) System.arraycopy(decoded, f * a.joints() * 4, clip[f], 0, a.joints() * 4);
        Vec3[] rootPath = new Vec3[n];
        for (int f = 0; f < n; f++) rootPath[f] = copy.rootPosition(f);
        Motion decodedMotion = Windows.motion(source.name(), target, fps, clip, rootPath);
        // the foot-contact stage (not in the published method): the feet held still while they are on the ground
        Motion out = s.contactStage() ? FootContactStage.apply(decodedMotion, s.contactEase()) : decodedMotion;
        sub.worked(1);
        if (Math.abs(source.fps() - fps) > 1e-6) {
            out = out.resample(source.fps());
            decodedMotion = decodedMotion.resample(source.fps());
        }
        return new Result(out, decodedMotion, w, it, best, first[1], first[2], first[3], last[1], last[2], last[3], curve,
                (System.nanoTime() - t0) / 1e9);
    }

    /**
     * One clip's latent optimisation problem: the source windows x (w x frames*joints*4), the target's bone lengths per
     * window frame, the overlap-add matrix (n x w*frames), the source's local rotations (n x joints*4, sign-continuous),
     * the root path on the target (n x 3) and, when the smoothness term is weighed, the copy baseline's second differences
     * ((n-2) x joints x 3, mm).
     */
    record Problem(MotionAutoencoder.Architecture a, Skeleton target, FootPoints feet, int windows, int frames, float[] x,
            float[] bones, Join join, float[] source, float[] root, float[] copyD2, float[] contact) {}

    /**
     * The overlap-add of windows into a clip of n frames: in each of {@code layers} layers, clip frame g takes row
     * index[layer*n + g] of the windows' frames laid end to end (window i's frame f is row i*tf + f) with weight
     * weight[layer*n + g] (0 where fewer windows cover the frame); a frame's weights sum to one.
     */
    record Join(int layers, long[] index, float[] weight) {}

    /**
     * The objective for latent codes zs (windows*tf, latent): {loss, angle loss, contact loss, smoothness loss (null
     * unless weighed), the clip's rotations (1, n, joints, 4)}. Each window is decoded on the target's bone lengths;
     * the windows are joined by overlap-add (each clip frame the normalised, weighted sum of the windows' rotations at
     * that frame, sign-aligned with the source), so the losses see the clip the result will be.
     */
    static NDArray[] objective(NDManager m, MotionAutoencoder net, Map<String, NDArray> p, NDArray zs, Problem pr,
            RetargetSettings s) {
        MotionAutoencoder.Architecture a = pr.a();
        int w = pr.windows(), tf = a.frames(), n = pr.frames(), j = a.joints();
        NDArray xs = m.create(pr.x(), new Shape(w, a.inputSize()));
        NDArray r = net.decode(p, zs, m.create(pr.bones(), new Shape((long) w * tf, a.bones())), xs);
        // sign of each decoded quaternion against the source at its frame (no gradient through the sign)
        NDArray sign = r.mul(xs.reshape(w, tf, j, 4)).sum(new int[] {3}, true).sign();
        NDArray rows = r.mul(sign).reshape((long) w * tf, j * 4L);
        NDArray joined = null;
        for (int k = 0; k < pr.join().layers(); k++) {
            NDArray idx = m.create(java.util.Arrays.copyOfRange(pr.join().index(), k * n, (k + 1) * n));
            NDArray wt = m.create(java.util.Arrays.copyOfRange(pr.join().weight(), k * n, (k + 1) * n), new Shape(n, 1));
            NDArray part = rows.get(idx).mul(wt);
            joined = joined == null ? part : joined.add(part);
        }
        NDArray clip = QuatNd.normalize(joined.reshape(1, n, j, 4));
        NDArray src = m.create(pr.source(), new Shape(1, n, j, 4));
        NDArray root = m.create(pr.root(), new Shape(1, n, 3));
        NDArray angle = QuatNd.distance(clip, src).mean();
        NDArray low = Kinematics.lowestFootHeight(clip, root, pr.target(), pr.feet());
        NDArray foot = low.neg().maximum(Djl.scalar(low, 0)).mean();
        NDArray loss = angle.mul(Djl.scalar(angle, s.lambdaAngle())).add(foot.mul(Djl.scalar(foot, s.lambdaFoot())));
        NDArray sm = null;
        if (pr.copyD2() != null) {
            NDArray pos = Kinematics.jointPositions(clip, root, pr.target()).reshape(n, j, 3).mul(Djl.scalar(clip, 1000));
            NDArray d2 = pos.get("2:").sub(pos.get("1:" + (n - 1)).mul(Djl.scalar(pos, 2))).add(pos.get("0:" + (n - 2)));
            sm = d2.sub(m.create(pr.copyD2(), new Shape(n - 2, j, 3))).square().sum(new int[] {2}).mean();
            loss = loss.add(sm.mul(Djl.scalar(sm, s.lambdaSmooth())));
        }
        if (pr.contact() != null) {
            // skating (added, not in the published method): the horizontal travel (mm^2 per frame) of each foot point
            // between consecutive frames in which the copy baseline's point is in contact, mean over those pairs
            int pts = pr.feet().points().size();
            NDArray fp = Kinematics.footPoints(clip, root, pr.target(), pr.feet()).reshape(n, pts, 3).mul(Djl.scalar(clip, 1000));
            NDArray d = fp.get("1:").sub(fp.get("0:" + (n - 1)));
            NDArray h = d.get(":, :, 0").square().add(d.get(":, :, 2").square());
            NDArray mask = m.create(pr.contact(), new Shape(n - 1, pts));
            NDArray sk = h.mul(mask).sum().div(mask.sum().add(Djl.scalar(mask, 1)));
            loss = loss.add(sk.mul(Djl.scalar(sk, s.lambdaSkate())));
        }
        return new NDArray[] {loss, angle, foot, sm, clip};
    }

    /**
     * The overlap-add of windows starting at {@code starts} (tf frames each) into a clip of n frames; a window's frame f
     * weighs sin^2(pi (f + 0.5) / tf) (a Hann window: with windows every half window the weights of a frame sum to one,
     * and each window fades in and out smoothly), each clip frame's weights normalised to sum 1. Windows that do not
     * overlap give each frame its one window's frame.
     */
    static Join overlapAdd(List<Integer> starts, int n, int tf) {
        int layers = 0;
        int[] count = new int[n];
        for (int st : starts) {
            for (int f = 0; f < tf && st + f < n; f++) layers = Math.max(layers, ++count[st + f]);
        }
        long[] index = new long[layers * n];
        float[] weight = new float[layers * n];
        double[] sum = new double[n];
        java.util.Arrays.fill(count, 0);
        for (int i = 0; i < starts.size(); i++) {
            for (int f = 0; f < tf && starts.get(i) + f < n; f++) {
                int g = starts.get(i) + f, k = count[g]++;
                double v = Math.pow(Math.sin(Math.PI * (f + 0.5) / tf), 2);
                index[k * n + g] = (long) i * tf + f;
                weight[k * n + g] = (float) v;
                sum[g] += v;
            }
        }
        for (int k = 0; k < layers; k++) {
            for (int g = 0; g < n; g++) weight[k * n + g] /= (float) sum[g];
        }
        return new Join(layers, index, weight);
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
     * 1 where a foot point of the motion is in contact (ClothGraph's definition, {@link FootContactMeasure}) in a frame
     * and the next, else 0: (frames - 1) x points floats.
     */
    static float[] contactPairs(Motion m, FootPoints feet) {
        boolean[][] c = FootContactMeasure.contacts(FootContactMeasure.positions(m, feet), feet, m.fps());
        int n = c.length, p = feet.points().size();
        float[] out = new float[Math.max(0, n - 1) * p];
        for (int f = 0; f + 1 < n; f++) {
            for (int i = 0; i < p; i++) out[f * p + i] = c[f][i] && c[f + 1][i] ? 1 : 0;
        }
        return out;
    }

    /** Second differences (mm) of the world joint positions of a motion: (frames - 2) x joints x 3 floats. */
    static float[] positionSecondDifferences(Motion m) {
        int j = m.skeleton().size(), n = m.frameCount();
        double[][] p = new double[n][j * 3];
        for (int f = 0; f < n; f++) m.worldPositions(f, p[f]);
        float[] d = new float[Math.max(0, n - 2) * j * 3];
        for (int t = 0; t + 2 < n; t++) {
            for (int c = 0; c < j * 3; c++) d[t * j * 3 + c] = (float) (1000 * (p[t + 2][c] - 2 * p[t + 1][c] + p[t][c]));
        }
        return d;
    }
}
