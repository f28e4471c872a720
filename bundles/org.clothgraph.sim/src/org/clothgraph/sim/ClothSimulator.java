package org.clothgraph.sim;

import org.clothgraph.sim.body.BodyMotion;
import org.eclipse.core.runtime.IProgressMonitor;

/**
 * The cloth simulator as a black box for the exploration step. Implementations are deterministic: the
 * same inputs give bit-identical states, whatever the thread count. Cancellation through the monitor
 * throws {@link org.eclipse.core.runtime.OperationCanceledException} promptly (within one substep).
 */
public interface ClothSimulator {

    /**
     * Simulates {@code frames} output frames at {@code fps}, starting from {@code initial} at body time
     * {@code startTime}.
     *
     * @throws SimulationFailedException NaN, explosion or timeout: no garbage states are returned
     */
    SimulationResult simulate(ClothMesh mesh, Material material, SimulationSettings settings, BodyMotion motion,
            double startTime, ClothState initial, double fps, int frames, IProgressMonitor monitor)
            throws SimulationFailedException;
}
