package org.clothgraph.sim.internal;

import java.util.Arrays;

/**
 * What a substep's first body pass left, so that the second body pass of the same substep (after the cloth-cloth
 * contacts are solved again) skips the cloth it would leave as it is. A body collider's test of a vertex or of an edge
 * is a function of its positions, its start-of-substep positions and the loaded pose, and it changes nothing where it
 * finds the vertex or the edge clear. So a vertex the first pass did not touch and an edge it did not push, tested
 * again at the same positions (bit for bit), are found clear again: the second pass tests only the vertices the first
 * touched or something moved since, and the edges at them. The frames are the same, bit for bit.
 * <p>
 * Recording (from {@link #begin()}): the vertex pass, then the edge test, which notes the ends of the edges it pushes
 * ({@link #edgeMoved}): an edge tested before such a push saw its end elsewhere. {@link #end(double[])} keeps the
 * positions; from then on {@link #settled(double[], int)} says whether a vertex is untouched by the edge test and
 * still where the first pass left it. The start-of-substep positions of an untouched vertex are not changed in
 * between (the colliders move them only for vertices they push).
 */
final class FirstBodyPass {
    private final double[] at;
    private final boolean[] movedByEdges;
    private boolean recording, ended;
    private long skippedEdges;

    FirstBodyPass(int vertices) {
        at = new double[3 * vertices];
        movedByEdges = new boolean[vertices];
    }

    /** Starts recording a substep's first body pass. */
    void begin() {
        Arrays.fill(movedByEdges, false);
        recording = true;
        ended = false;
    }

    /** Whether the first pass is being recorded (its edge test notes the ends it moves). */
    boolean recording() {
        return recording;
    }

    /** The edge test of the first pass pushed the edge (a, b). */
    void edgeMoved(int a, int b) {
        movedByEdges[a] = true;
        movedByEdges[b] = true;
    }

    /** The first pass is over: its positions are kept. */
    void end(double[] x) {
        System.arraycopy(x, 0, at, 0, at.length);
        recording = false;
        ended = true;
    }

    /** Whether {@link #end(double[])} has been called since the last {@link #begin()}. */
    boolean ended() {
        return ended;
    }

    /** An edge test skipped an edge whose ends were both settled. */
    void skippedEdge() {
        skippedEdges++;
    }

    /** The edges skipped so far. */
    long skippedEdges() {
        return skippedEdges;
    }

    /**
     * Whether vertex i was not moved by the first pass's edge test and is where the first pass left it (its vertex
     * test, if it did not touch it, is then the same as the first pass's).
     */
    boolean settled(double[] x, int i) {
        int o = 3 * i;
        return !movedByEdges[i] && x[o] == at[o] && x[o + 1] == at[o + 1] && x[o + 2] == at[o + 2];
    }
}
