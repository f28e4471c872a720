package org.clothgraph.sim.internal;

import java.util.Map;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.SolverCounters;
import org.clothgraph.sim.body.BodyMotion;
import org.eclipse.core.runtime.IProgressMonitor;

/** One embedded solver instance (a garment's state advanced frame by frame), as chosen by the settings. */
public interface ClothSolver extends AutoCloseable {

    /** The solver {@link SimulationSettings#solver()} names. */
    static ClothSolver create(ClothMesh mesh, Material material, SimulationSettings settings) {
        return settings.solver() == SimulationSettings.Solver.SMALL_STEPS ? new XpbdSolver(mesh, material, settings)
                : new LegacyXpbdSolver(mesh, material, settings);
    }

    int vertexCount();

    void setState(ClothState s);

    ClothState state();

    void setQuasiStatic(boolean on);

    /** Advances one output frame from body time t0 to t0 + dt; returns the substeps used. */
    int advanceFrame(BodyMotion motion, double t0, double dt, int frameIndex, IProgressMonitor monitor,
            long frameStartNanos) throws SimulationFailedException;

    /**
     * Drives these vertices kinematically during the next {@link #advanceFrame} only (a gripping hand; see
     * {@link DrivenVertices}); null or no call: every vertex is simulated.
     */
    default void drive(DrivenVertices vertices) {
        if (vertices != null) {
            throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot drive vertices");
        }
    }

    /** What the solver did so far (substeps, contacts, counted repairs); null when it counts nothing. */
    default SolverCounters counters() {
        return null;
    }

    /**
     * Wall-clock seconds spent so far in each stage of the solver's substeps, in the order the stages run (for a
     * benchmark: timings, not results; never part of a frame); empty when the solver does not time its stages.
     */
    default Map<String, Double> stageSeconds() {
        return Map.of();
    }

    @Override
    void close();
}
