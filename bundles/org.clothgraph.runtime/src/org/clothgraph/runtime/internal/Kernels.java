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

    /**
     * Decodes a small synthetic basis {@code calls} times with the chosen kernel, so that the JIT compiles it
     * before frames are timed: until then the SIMD kernel runs interpreted, hundreds of times slower.
     */
    public static void warmUp(int calls) {
        int n8 = 16;
        int n16 = 4;
        int blocks = 8;
        byte[] payload = new byte[(int) (blocks * DecodeKernel.blockBytes(n8, n16))];
        new SplittableRandom(1).nextBytes(payload);
        float[] w = new float[n8 + n16];
        Arrays.fill(w, 1e-3f);
        float[] out = new float[blocks * DecodeKernel.BLOCK - 3];
        for (int i = 0; i < calls; i++) {
            CHOSEN.decode(payload, n8, n16, out.length, w, out, 0, blocks);
        }
    }

    private static DecodeKernel choose() {
        if (Boolean.getBoolean("clothgraph.decode.scalar")) {
            return new ScalarKernel("forced by -Dclothgraph.decode.scalar=true");
        }
        DecodeKernel simd;
        try {
            Class<?> c = Class.forName(Kernels.class.getPackageName() + ".VectorKernel", true,
                    Kernels.class.getClassLoader());
            simd = (DecodeKernel) c.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return new ScalarKernel(unavailable(e));
        }
        return agrees(simd) ? simd : new ScalarKernel(simd.description() + " failed its self-check");
    }

    private static String unavailable(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (!(cause instanceof NoClassDefFoundError || cause instanceof ClassNotFoundException)) {
            return "the SIMD kernel failed to start: " + cause;
        }
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
