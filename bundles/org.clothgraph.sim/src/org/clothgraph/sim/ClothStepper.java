package org.clothgraph.sim;

import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.internal.ClothSolver;
import org.clothgraph.sim.internal.DrivenVertices;
import org.eclipse.core.runtime.IProgressMonitor;

/**
 * The embedded simulator one output frame at a time, for a caller that decides the body's next pose and the grips
 * from the cloth state it sees (the dressing controller): the same solver {@link XpbdClothSimulator} runs, with
 * the same settings and body collision, plus kinematically driven vertices ({@link #drive}). The body motion must
 * already know the pose at the end of the frame being advanced.
 */
public final class ClothStepper implements AutoCloseable {
    private final ClothSolver solver;

    public ClothStepper(ClothMesh mesh, Material material, SimulationSettings settings, ClothState initial) {
        solver = ClothSolver.create(mesh, material, settings);
        solver.setState(initial);
    }

    /**
     * During the next {@link #advance} only, moves {@code vertices} linearly from where they are to {@code targets}
     * (x, y, z per vertex) over the frame, with infinite mass; without a call every vertex is simulated.
     */
    public void drive(int[] vertices, double[] targets) {
        solver.drive(vertices.length == 0 ? null : new DrivenVertices(vertices, targets));
    }

    /** Advances from body time t0 to t0 + dt; returns the substeps used. */
    public int advance(BodyMotion motion, double t0, double dt, int frameIndex, IProgressMonitor monitor)
            throws SimulationFailedException {
        return solver.advanceFrame(motion, t0, dt, frameIndex, monitor, System.nanoTime());
    }

    public ClothState state() {
        return solver.state();
    }

    /** What the small-step solver did so far; null for the first solver. */
    public SolverCounters counters() {
        return solver.counters();
    }

    @Override
    public void close() {
        solver.close();
    }
}
