package org.clothgraph.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.internal.ClothSolver;
import org.clothgraph.sim.internal.DrivenVertices;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * The embedded XPBD cloth simulator (see {@link SimulationSettings} and {@link Material} for the model; the
 * settings choose the solver: the first one, still the default, or the rewritten small-step solver). Stateless and thread-safe: every call builds its own solver.
 */
public final class XpbdClothSimulator implements ClothSimulator {

    @Override
    public SimulationResult simulate(ClothMesh mesh, Material material, SimulationSettings settings,
            BodyMotion motion, double startTime, ClothState initial, double fps, int frames,
            IProgressMonitor monitor) throws SimulationFailedException {
        return simulateTimed(mesh, material, settings, motion, startTime, initial, fps, frames, null, monitor);
    }

    /**
     * As {@link #simulate(ClothMesh, Material, SimulationSettings, BodyMotion, double, ClothState, double, int,
     * IProgressMonitor)}, putting the seconds the solver spent in each stage of its substeps into {@code stagesOut}
     * when it is not null ({@link ClothSolver#stageSeconds()}: the benchmark's timings).
     */
    SimulationResult simulateTimed(ClothMesh mesh, Material material, SimulationSettings settings, BodyMotion motion,
            double startTime, ClothState initial, double fps, int frames, Map<String, Double> stagesOut,
            IProgressMonitor monitor) throws SimulationFailedException {
        List<ClothState> out = new ArrayList<>(Math.max(0, frames));
        double[] cost = new double[Math.max(0, frames)];
        int[] subs = new int[Math.max(0, frames)];
        run(mesh, material, settings, motion, startTime, initial, fps, frames, null, (i, state, ms, substeps) -> {
            out.add(state);
            cost[i] = ms;
            subs[i] = substeps;
            return null;
        }, stagesOut, monitor);
        return new SimulationResult(out, cost, subs);
    }

    /** One solver for the whole span: contact and collision history carry across every frame. */
    @Override
    public void simulate(ClothMesh mesh, Material material, SimulationSettings settings, BodyMotion motion,
            double startTime, ClothState initial, double fps, int frames, FrameSink sink, IProgressMonitor monitor)
            throws SimulationFailedException {
        SolverCounters counters = run(mesh, material, settings, motion, startTime, initial, fps, frames, null,
                (i, state, ms, substeps) -> {
                    sink.frame(i, state, ms);
                    return null;
                }, null, monitor);
        if (counters != null) {
            sink.finished(counters);
        }
    }

    /**
     * One solver for the whole span, continuing after every frame from the stored state (setState replaces the
     * whole solver state: positions, velocities and the collision-free snapshot), so a restart equals continuation.
     */
    @Override
    public void simulateStored(ClothMesh mesh, Material material, SimulationSettings settings, BodyMotion motion,
            double startTime, ClothState initial, double fps, int frames, StoringSink sink, IProgressMonitor monitor)
            throws SimulationFailedException {
        simulateStored(mesh, material, settings, motion, startTime, initial, fps, frames, sink, null, monitor);
    }

    /** The same, with the vertices the driver names carried kinematically (the solvers' {@code drive} hook). */
    @Override
    public void simulateStored(ClothMesh mesh, Material material, SimulationSettings settings, BodyMotion motion,
            double startTime, ClothState initial, double fps, int frames, StoringSink sink, FrameDriver driver,
            IProgressMonitor monitor) throws SimulationFailedException {
        run(mesh, material, settings, motion, startTime, initial, fps, frames, driver,
                (i, state, ms, substeps) -> sink.frame(i, state, ms), null, monitor);
    }

    @Override
    public boolean restartsExactly() {
        return true;
    }

    private interface Step {
        /** Returns the state to continue from, or null to continue from the solver's own state. */
        ClothState done(int index, ClothState state, double costMillis, int substeps);
    }

    /**
     * Runs the span; returns what the solver counted (null for a solver that counts nothing); its stages' seconds go
     * into stagesOut when that is not null.
     */
    private static SolverCounters run(ClothMesh mesh, Material material, SimulationSettings settings, BodyMotion motion,
            double startTime, ClothState initial, double fps, int frames, FrameDriver driver, Step step,
            Map<String, Double> stagesOut, IProgressMonitor monitor) throws SimulationFailedException {
        if (!(fps > 0) || frames < 0) {
            throw new IllegalArgumentException("fps must be > 0 and frames >= 0");
        }
        SubMonitor sm = SubMonitor.convert(monitor, "Simulating " + mesh.name(), Math.max(1, frames));
        try (ClothSolver solver = ClothSolver.create(mesh, material, settings)) {
            solver.setState(initial);
            ClothState current = initial;
            for (int f = 0; f < frames; f++) {
                long t0 = System.nanoTime();
                double time = ClothSimulator.frameTime(startTime, f, fps);
                Drive d = driver == null ? null : driver.drive(f, current);
                if (d != null && d.vertices().length > 0) {
                    solver.drive(new DrivenVertices(d.vertices(), d.targets()));
                }
                int substeps = solver.advanceFrame(motion, time, 1 / fps, f, sm, t0);
                ClothState next = step.done(f, solver.state(), (System.nanoTime() - t0) / 1e6, substeps);
                if (next != null) {
                    solver.setState(next);
                }
                current = next != null || driver == null ? next : solver.state();
                sm.split(1);
            }
            if (stagesOut != null) {
                stagesOut.putAll(solver.stageSeconds());
            }
            return solver.counters();
        }
    }
}
