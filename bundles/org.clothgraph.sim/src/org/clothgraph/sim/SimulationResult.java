package org.clothgraph.sim;

import java.util.List;

/**
 * Output of a simulation: frame k (0-based) is the state at startTime + (k + 1) / fps; the initial
 * state is not repeated. {@code frameCostMillis[k]} is the wall-clock cost of frame k (not deterministic).
 */
public record SimulationResult(List<ClothState> frames, double[] frameCostMillis, int[] substepsUsed) {

    public SimulationResult {
        frames = List.copyOf(frames);
    }

    public ClothState last() {
        return frames.get(frames.size() - 1);
    }

    public double meanCostMillis() {
        double s = 0;
        for (double c : frameCostMillis) {
            s += c;
        }
        return frameCostMillis.length == 0 ? 0 : s / frameCostMillis.length;
    }
}
