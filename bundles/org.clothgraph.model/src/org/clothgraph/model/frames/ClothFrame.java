package org.clothgraph.model.frames;

/** One stored cloth state: positions and velocities, xyz interleaved, float32 as simulated. */
public record ClothFrame(float[] positions, float[] velocities) {
    public ClothFrame {
        if (positions.length != velocities.length || positions.length % 3 != 0) {
            throw new IllegalArgumentException("positions and velocities must both hold 3 floats per vertex");
        }
    }

    public int vertexCount() {
        return positions.length / 3;
    }
}
