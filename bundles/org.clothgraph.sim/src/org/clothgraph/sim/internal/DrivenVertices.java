package org.clothgraph.sim.internal;

/**
 * Cloth vertices moved kinematically by a driver (a hand gripping the cloth, Clegg et al. 2015), not by the cloth's
 * dynamics: for one output frame each driven vertex goes from its position at the frame's start to a target at its
 * end, linearly over the substeps. While driven, a vertex has infinite mass (inverse mass 0) for the distance
 * constraints, contacts and the body collision, which all leave such vertices alone; its velocity comes from the
 * motion it is given, so a released vertex carries on at the hand's speed. The solvers' only hook: {@link #pin} and
 * {@link #unpin} around a drive, {@link #place} after each substep's prediction.
 */
public final class DrivenVertices {
    private final int[] vertices;
    private final double[] from;
    private final double[] to;
    private double[] savedW;

    /**
     * @param vertices the driven vertices (distinct)
     * @param to their positions at the end of the frame, x, y, z per vertex
     */
    public DrivenVertices(int[] vertices, double[] to) {
        if (to.length != 3 * vertices.length) {
            throw new IllegalArgumentException("one target (3 values) per driven vertex");
        }
        this.vertices = vertices.clone();
        this.from = new double[to.length];
        this.to = to.clone();
    }

    public int[] vertices() {
        return vertices.clone();
    }

    /** Makes the driven vertices immovable for the solver and records where they start the frame. */
    void pin(double[] w, double[] x) {
        savedW = new double[vertices.length];
        for (int k = 0; k < vertices.length; k++) {
            int i = vertices[k];
            if (3 * i + 2 >= x.length) {
                throw new IllegalArgumentException("driven vertex " + i + " outside the mesh");
            }
            savedW[k] = w[i];
            w[i] = 0;
            System.arraycopy(x, 3 * i, from, 3 * k, 3);
        }
    }

    /** Gives the driven vertices their inverse masses back. */
    void unpin(double[] w) {
        if (savedW == null) {
            return;
        }
        for (int k = 0; k < vertices.length; k++) {
            w[vertices[k]] = savedW[k];
        }
        savedW = null;
    }

    /** Puts every driven vertex where the drive has it at fraction s (0..1) of the frame. */
    void place(double[] x, double s) {
        for (int k = 0; k < vertices.length; k++) {
            int o = 3 * vertices[k];
            for (int c = 0; c < 3; c++) {
                x[o + c] = from[3 * k + c] + s * (to[3 * k + c] - from[3 * k + c]);
            }
        }
    }
}
