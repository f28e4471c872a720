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
     * The character's bind pose: the capsules its skinned surface is generated from and bound to, fixed per
     * character (never the pose where a simulation happens to start, so a restart from any frame sees the same
     * surface). Null when the motion has no character to skin; then {@link #surface()} is null too.
     */
    default Body bindPose() {
        return null;
    }

    /**
     * The deforming collision surface that goes with this motion, or null when the body is its capsules only
     * (then the cloth collides against the capsules). By default the {@link SkinnedSurface} of
     * {@link #bindPose()} (generated once per bind pose and cached) posed by {@link #poseAt(double)}.
     */
    default BodySurface surface() {
        Body bind = bindPose();
        return bind == null ? null : SkinnedSurface.of(bind).over(this);
    }
}
