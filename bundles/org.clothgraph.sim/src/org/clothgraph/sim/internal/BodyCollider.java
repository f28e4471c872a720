package org.clothgraph.sim.internal;

import org.clothgraph.sim.body.Body;

/**
 * Collisions of cloth vertices against the moving character. The body wins: it is kinematic, so every touching
 * vertex ends the pass at least the thickness outside it, with Coulomb friction relative to the moving surface.
 */
interface BodyCollider {

    /** Poses the body at time t; the previously loaded pose becomes the previous one (both when {@code first}). */
    void load(double t, boolean first);

    /**
     * The length of the substep the next passes belong to, as the solver has it (dt / substeps): the same in a run
     * restarted from a stored state, which the difference of two load times (t0 + dt k / n, t0 the frame's time) is
     * not to the last bit.
     */
    default void substepLength(double h) {
    }

    /**
     * Prepares the frame from t0 to t1 (broad phase over the whole frame) and returns the largest distance any
     * point of the body travels in it (sampled at its start, middle and end), m.
     */
    double beginFrame(double t0, double t1);

    /**
     * Pushes vertices [from, to) of x out of the body (w == 0 vertices are skipped); xp are their positions at the
     * start of the substep (for friction). Sets {@code touched[i]} for every vertex that ends the pass in contact
     * (pushed, or within the thickness). Returns the number of vertices that were pushed.
     */
    int collide(double[] x, double[] xp, double[] w, int from, int to, boolean friction, boolean[] touched);

    /**
     * As {@link #collide(double[], double[], double[], int, int, boolean, boolean[])} for the vertices
     * {@code vertices[0 .. count)} (each once), which need not be consecutive.
     */
    default int collide(double[] x, double[] xp, double[] w, int[] vertices, int count, boolean friction,
            boolean[] touched) {
        int pushed = 0;
        for (int k = 0; k < count; k++) {
            pushed += collide(x, xp, w, vertices[k], vertices[k] + 1, friction, touched);
        }
        return pushed;
    }

    /** Repairs counted so far (vertices found deep inside the body and moved out through the broad phase). */
    long deepRescues();

    /**
     * Pushes the cloth edges (eA[e], eB[e]) whose interior passes closer to the body than the thickness out along
     * the direction from the body to the edge's closest point, on the side the edge was on at the substep's start
     * (vertices alone miss an edge laid across a limb thinner than the cloth's edges). Returns the edges pushed.
     * Sequential and in edge order, so results do not depend on the thread count. By default, no edge test.
     */
    default int collideEdges(double[] x, double[] xp, double[] w, int[] eA, int[] eB, int edges) {
        return collideEdges(x, xp, w, eA, eB, edges, null);
    }

    /**
     * As {@link #collideEdges(double[], double[], double[], int[], int[], int)}; with {@code first} recording, the
     * ends of the edges pushed are noted in it; with {@code first} ended, an edge whose ends are both
     * {@link FirstBodyPass#settled settled} is skipped (the first pass found it clear at the same positions).
     */
    default int collideEdges(double[] x, double[] xp, double[] w, int[] eA, int[] eB, int edges, FirstBodyPass first) {
        return 0;
    }

    /** Pushes whose velocity along the normal was limited to the separation speed (summed over substeps). */
    default long depenetrationLimits() {
        return 0;
    }

    /**
     * At the substep's end, before the velocities are taken from x - xp: trims what the depenetration limit moved of
     * xp to what the later stages of the substep left of the push (by default nothing to trim).
     */
    default void trimStartShifts(double[] x, double[] xp) {
    }

    /** Gives the vertices found pinched in this substep the mean velocity of the two surfaces that pinch them. */
    default void stickPinched(double[] v, double h) {
    }

    /** Vertices found pinched between two overlapping parts of the body (summed over substeps). */
    default long pinches() {
        return 0;
    }

    /**
     * The capsules as last posed by {@link #load} (what a failure names as lying near a thrown vertex), or null when
     * the collider has none.
     */
    default Body posedCapsules() {
        return null;
    }
}
