package org.clothgraph.sim;

import java.util.Arrays;

/**
 * One simulated cloth state: positions and velocities of every garment vertex, in metres and
 * metres per second, interleaved x,y,z. Y is up. Immutable by convention: callers never write to
 * the arrays they get.
 */
public record ClothState(float[] positions, float[] velocities) {

    public ClothState {
        if (positions.length != velocities.length || positions.length % 3 != 0) {
            throw new IllegalArgumentException("positions and velocities must both hold 3 floats per vertex");
        }
    }

    public int vertexCount() {
        return positions.length / 3;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ClothState s && Arrays.equals(positions, s.positions)
                && Arrays.equals(velocities, s.velocities);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(positions) + Arrays.hashCode(velocities);
    }

    @Override
    public String toString() {
        return "ClothState[" + vertexCount() + " vertices]";
    }
}
