package org.clothgraph.sim.body;

/**
 * The character's collision surface: a closed triangle mesh with a fixed topology whose vertices move over
 * time (a skinned body, or rigid part meshes following their bones). The cloth collides against this
 * surface; capsules ({@link Body}) remain for classifiers, garment fitting and as a broad phase.
 * <p>
 * {@link #positionsAt(double, double[])} must be a pure function of t (same t, same positions, bit for bit),
 * like {@link BodyMotion#poseAt(double)}. Triangles are wound counter-clockwise seen from outside.
 */
public interface BodySurface {

    int vertexCount();

    /** Vertex indices, three per triangle (shared; do not modify). */
    int[] triangles();

    /** Writes the posed vertex positions at time t, xyz interleaved, into {@code out} (length 3 x vertices). */
    void positionsAt(double t, double[] out);
}
