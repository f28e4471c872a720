package org.clothgraph.runtime.internal;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Chooses the decode kernel once, at class initialisation: the SIMD kernel when jdk.incubator.vector can be linked
 * from here and gives the scalar kernel's floats bit for bit on a self-check, the scalar kernel otherwise (with the
 * reason in its description). System properties for experiments: {@code clothgraph.decode.scalar=true} forces the
 * scalar kernel, {@code clothgraph.decode.vectorBits=128|256|512} narrows the vectors.
 */
public final class Kernels {
    private static final DecodeKernel SCALAR_REFERENCE = new ScalarKernel(null);
    private static final DecodeKernel CHOSEN = choose();

    private Kernels() {
    }

    /** The kernel decodes use. */
    public static DecodeKernel chosen() {
        return CHOSEN;
    }

    /** The scalar kernel (tests compare the chosen kernel with it). */
    public static DecodeKernel scalar() {
        return SCALAR_REFERENCE;
    }

    private static DecodeKernel choose() {
        if (Boolean.getBoolean("clothgraph.decode.scalar")) {
            return new ScalarKernel("forced by -Dclothgraph.decode.scalar=true");
        }
        DecodeKernel simd;
        try {
            Class<?> c = Class.forName(Kernels.class.getPackageName() + ".VectorKernel", true,
                    Kernels.class.getClassLoader());
            int preferred = (int) c.getDeclaredMethod("preferredBits").invoke(null);
            int bits = Math.min(preferred, Integer.getInteger("clothgraph.decode.vectorBits", 512));
            if (bits < 128) {
                return new ScalarKernel("the JVM's preferred vectors are " + preferred + " bits");
            }
            simd = (DecodeKernel) c.getDeclaredConstructor(int.class).newInstance(bits);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return new ScalarKernel(unavailable());
        }
        return agrees(simd) ? simd : new ScalarKernel(simd.description() + " failed its self-check");
    }

    private static String unavailable() {
        boolean inBootLayer = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
        return inBootLayer ? "jdk.incubator.vector is in the JVM but not visible to this class loader"
                + " (OSGi: org.osgi.framework.bootdelegation)"
                : "jdk.incubator.vector absent: start the JVM with --add-modules jdk.incubator.vector";
    }

    /** Decodes a small random basis with odd sizes and a padded last block both ways; true if bit-identical. */
    private static boolean agrees(DecodeKernel simd) {
        SplittableRandom random = new SplittableRandom(8);
        int n8 = 5;
        int n16 = 3;
        int rows = 3 * DecodeKernel.BLOCK - 7;
        int blocks = (rows + DecodeKernel.BLOCK - 1) / DecodeKernel.BLOCK;
        byte[] payload = new byte[(int) (blocks * DecodeKernel.blockBytes(n8, n16))];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) random.nextInt(256);
        }
        float[] w = new float[n8 + n16];
        for (int i = 0; i < w.length; i++) {
            w[i] = (float) random.nextDouble(-1, 1);
        }
        float[] a = new float[rows];
        float[] b = new float[rows];
        try {
            simd.decode(payload, n8, n16, rows, w, a, 0, blocks);
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
        SCALAR_REFERENCE.decode(payload, n8, n16, rows, w, b, 0, blocks);
        for (int i = 0; i < rows; i++) {
            if (Float.floatToRawIntBits(a[i]) != Float.floatToRawIntBits(b[i])) {
                return false;
            }
        }
        return Arrays.equals(a, b);
    }
}
