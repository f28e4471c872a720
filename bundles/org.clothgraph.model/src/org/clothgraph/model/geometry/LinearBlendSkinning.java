package org.clothgraph.model.geometry;

/**
 * Linear blend skinning over up to four influences per vertex: each influence moves the vertex rigidly by its
 * transform and the results are averaged with the vertex's weights. Shared by the character's own skin (posed
 * by joints) and the simulator's skinned body surface (posed by capsule frames).
 */
public final class LinearBlendSkinning {

    /** Influences per vertex; unused slots hold the index -1. */
    public static final int INFLUENCES = 4;

    private LinearBlendSkinning() {
    }

    /**
     * Writes the skinned positions into out.
     *
     * @param rest rest positions, xyz per vertex
     * @param influence per vertex {@link #INFLUENCES} indices into transforms (-1: unused)
     * @param weight per vertex {@link #INFLUENCES} weights (summing to 1 over the used slots)
     * @param transforms per influence a rigid transform as 12 doubles: the 3x3 rotation row by row, then the
     *        translation
     * @param out skinned positions, xyz per vertex (at least as long as rest)
     */
    public static void apply(double[] rest, int[] influence, double[] weight, double[][] transforms, double[] out) {
        apply(rest, influence, weight, transforms, out, rest.length / 3);
    }

    /** As {@link #apply(double[], int[], double[], double[][], double[])} for the first {@code n} vertices only. */
    public static void apply(double[] rest, int[] influence, double[] weight, double[][] transforms, double[] out,
            int n) {
        for (int v = 0; v < n; v++) {
            double x = rest[3 * v], y = rest[3 * v + 1], z = rest[3 * v + 2];
            double ox = 0, oy = 0, oz = 0;
            for (int k = 0; k < INFLUENCES; k++) {
                int c = influence[v * INFLUENCES + k];
                if (c < 0) {
                    continue;
                }
                double w = weight[v * INFLUENCES + k];
                double[] t = transforms[c];
                ox += w * (t[0] * x + t[1] * y + t[2] * z + t[9]);
                oy += w * (t[3] * x + t[4] * y + t[5] * z + t[10]);
                oz += w * (t[6] * x + t[7] * y + t[8] * z + t[11]);
            }
            out[3 * v] = ox;
            out[3 * v + 1] = oy;
            out[3 * v + 2] = oz;
        }
    }
}
