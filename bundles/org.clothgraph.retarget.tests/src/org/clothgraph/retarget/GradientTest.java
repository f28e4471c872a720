package org.clothgraph.retarget;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.clothgraph.motion.Skeleton;
import org.junit.jupiter.api.Test;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;

/**
 * The latent optimisation's gradients must not depend on the garbage collector. DJL 0.36 turns a plain number operand
 * ({@code a.mul(0.3f)}) into a tensor over a Java direct buffer that it frees right after the operation although
 * autograd keeps it for the backward pass; these tests collect garbage and reuse the freed native memory between the
 * forward and the backward pass (the failing case of the smooth variant: gradients of 1e23 or NaN for every window).
 */
class GradientTest {
    /** Frees what the garbage collector can, then fills freshly allocated small native buffers with 1e20. */
    private static List<ByteBuffer> collectAndReuse() {
        List<ByteBuffer> keep = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            System.gc();
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (int i = 0; i < 4000; i++) {
            ByteBuffer b = ByteBuffer.allocateDirect(4).order(ByteOrder.nativeOrder());
            b.putFloat(0, 1e20f);
            keep.add(b);
        }
        return keep;
    }

    @Test
    void aScalarOperandIsAliveForTheBackwardPass() {
        float[] g = Djl.call(() -> {
            try (NDManager m = Djl.engine().newBaseManager(); GradientCollector gc = Djl.engine().newGradientCollector()) {
                NDArray x = m.create(new float[] {1, -2, 3, 4});
                x.setRequiresGradient(true);
                NDArray y = x.mul(Djl.scalar(x, 3)).maximum(Djl.scalar(x, 0)).sum();
                List<ByteBuffer> garbage = collectAndReuse();
                gc.backward(y);
                assertEquals(4000, garbage.size());
                return x.getGradient().toFloatArray();
            }
        });
        assertArrayEquals(new float[] {3, 0, 3, 3}, g);
    }

    @Test
    void theObjectivesGradientDoesNotDependOnTheGarbageCollector() {
        // a random network at a small size, two overlapping windows of a clip of 20 frames onto the child, all terms weighed
        MotionAutoencoder.Architecture a = new MotionAutoencoder.Architecture(12, 22, 16, 8, 21, false, 1, 0);
        MotionAutoencoder net = new MotionAutoencoder(a, 5);
        Skeleton child = CanonicalSkeleton.targets().get("child");
        Random r = new Random(3);
        int n = 20, w = 2, tf = a.frames();
        float[][] clip = new float[n][22 * 4];
        for (int f = 0; f < n; f++) {
            for (int j = 0; j < 22; j++) {
                double x = 0.1 * Math.sin(0.3 * f + j), y = 0.05 * r.nextGaussian(), z = 0.1 * Math.cos(0.2 * f - j);
                double len = Math.sqrt(1 + x * x + y * y + z * z);
                clip[f][j * 4] = (float) (1 / len);
                clip[f][j * 4 + 1] = (float) (x / len);
                clip[f][j * 4 + 2] = (float) (y / len);
                clip[f][j * 4 + 3] = (float) (z / len);
            }
        }
        List<Integer> starts = List.of(0, 8);
        float[] x = new float[w * a.inputSize()], source = new float[n * 88], root = new float[n * 3];
        for (int i = 0; i < w; i++) System.arraycopy(Windows.window(clip, starts.get(i), tf), 0, x, i * a.inputSize(), a.inputSize());
        for (int f = 0; f < n; f++) {
            System.arraycopy(clip[f], 0, source, f * 88, 88);
            root[f * 3 + 1] = 0.55f;
            root[f * 3 + 2] = 0.02f * f;
        }
        float[] d2 = new float[(n - 2) * 22 * 3];
        LatentRetargeting.Problem pr = new LatentRetargeting.Problem(a, child, FootPoints.of(child), w, n, x,
                net.perFrame(CanonicalSkeleton.boneLengths(child), w), LatentRetargeting.overlapAdd(starts, n, tf), source, root, d2,
                contact(n));
        float[] codes = new float[w * tf * a.latent()];
        for (int i = 0; i < codes.length; i++) codes[i] = (float) r.nextGaussian();
        RetargetSettings s = RetargetSettings.DEFAULT.withWeights(0.3, 0.5, 1e-4).withSkating(1e-4);
        float[] quiet = gradient(net, pr, codes, s, false), collected = gradient(net, pr, codes, s, true);
        for (float v : quiet) assertTrue(Float.isFinite(v));
        assertArrayEquals(quiet, collected);
        double norm = 0;
        for (float v : quiet) norm += v * v;
        assertTrue(norm > 0 && norm < 1e6, "gradient norm " + norm);
    }

    /** The left foot's points in contact in the first half of the clip, the right foot's in the second. */
    private static float[] contact(int n) {
        float[] c = new float[(n - 1) * 4];
        for (int f = 0; f + 1 < n; f++) {
            for (int i = 0; i < 4; i++) c[f * 4 + i] = (i < 2) == (f < n / 2) ? 1 : 0;
        }
        return c;
    }

    private static float[] gradient(MotionAutoencoder net, LatentRetargeting.Problem pr, float[] codes, RetargetSettings s,
            boolean collect) {
        return Djl.call(() -> {
            try (NDManager m = Djl.engine().newBaseManager(); GradientCollector gc = Djl.engine().newGradientCollector()) {
                Map<String, NDArray> p = net.on(m, false);
                NDArray zs = m.create(codes, new Shape(pr.windows() * (long) pr.a().frames(), pr.a().latent()));
                zs.setRequiresGradient(true);
                NDArray[] o = LatentRetargeting.objective(m, net, p, zs, pr, s);
                List<ByteBuffer> garbage = collect ? collectAndReuse() : List.of();
                gc.backward(o[0]);
                assertTrue(garbage.size() >= 0);
                return zs.getGradient().toFloatArray();
            }
        });
    }
}
