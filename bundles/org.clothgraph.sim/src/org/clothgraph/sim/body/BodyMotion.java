package org.clothgraph.sim.body;

/**
 * A collision body moving over time. {@link #poseAt(double)} must be a pure function of t (same t, same
 * capsules, bit for bit) and must keep the number and order of capsules constant. Times outside
 * [startTime, endTime] are clamped by implementations that have a finite span.
 */
public interface BodyMotion {

    /** The posed capsules at time t (seconds). */
    Body poseAt(double t);

    /** First time with meaningful data. */
    default double startTime() {
        return 0;
    }

    /** Last time with meaningful data; {@link Double#POSITIVE_INFINITY} for procedural motions. */
    default double endTime() {
        return Double.POSITIVE_INFINITY;
    }

    /**
     * The deforming collision surface that goes with this motion, or null when the body is its capsules only
     * (then the cloth collides against the capsules).
     */
    default BodySurface surface() {
        return null;
    }
}
