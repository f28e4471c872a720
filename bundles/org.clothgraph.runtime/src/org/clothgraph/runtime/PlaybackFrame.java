package org.clothgraph.runtime;

/**
 * A decoded frame of a walk.
 *
 * @param state the runtime state shown (index into the database), -1 inside a blended primary transition
 * @param primaryNode the project's primary node id, -1 inside a blended primary transition
 * @param positions cloth vertices in the character's root frame, metres, xyz interleaved
 * @param rootYaw where the root frame sits in the world (accumulated along the walk), radians about +Y
 * @param errorBoundMm the merge jump still being blended out plus this frame's compression error, mm
 * @param mergeCrossed whether this frame is the landing of a merged transition
 */
public record PlaybackFrame(int state, long primaryNode, String clip, int clipFrame, String classLabel,
        float[] positions, double rootYaw, double rootX, double rootZ, double errorBoundMm, long decodeNanos,
        boolean mergeCrossed) {
}
