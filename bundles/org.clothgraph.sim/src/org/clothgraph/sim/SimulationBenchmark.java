package org.clothgraph.sim;

import java.util.LinkedHashMap;
import java.util.Map;

import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.ProceduralBody;
import org.clothgraph.sim.garment.Garments;
import org.clothgraph.sim.internal.ClothSolver;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * Benchmark: a hooded robe of about {@code vertices} vertices, draped briefly, then {@code frames} frames at
 * 30 fps on the WALK motion with default settings (self collisions on, default thread count) or the given ones.
 */
public final class SimulationBenchmark {

    /**
     * Measured numbers: wall seconds per frame (the frames' own costs), and the process's CPU seconds per frame over
     * the simulation call (all threads, the solver's set-up, JIT and GC included; NaN where the platform does not
     * report it): on a machine shared with other work the wall time grows with the load, the CPU time much less.
     * {@code stageSecondsPerFrame}: the wall seconds per frame of each stage of the solver's substeps, in the order
     * they run (the small-step solver; empty for the first solver), the rest of a frame's time under "other".
     */
    public record Result(int vertices, int frames, int threads, double secondsPerFrame, double framesPerSecond,
            double meanSubsteps, double cpuSecondsPerFrame, SimulationSettings settings,
            Map<String, Double> stageSecondsPerFrame) {
        @Override
        public String toString() {
            return String.format("%d vertices, %d frames, %d threads: %.3f s/frame, %.3f CPU s/frame, %.2f frames/s,"
                    + " %.1f substeps/frame", vertices, frames, threads, secondsPerFrame, cpuSecondsPerFrame,
                    framesPerSecond, meanSubsteps);
        }
    }

    /** The process's CPU time so far in seconds (all threads), NaN when unknown. */
    private static double processCpuSeconds() {
        return ProcessHandle.current().info().totalCpuDuration().map(d -> d.toNanos() / 1e9).orElse(Double.NaN);
    }

    private SimulationBenchmark() {
    }

    public static Result run(int vertices, int frames, IProgressMonitor monitor) throws SimulationFailedException {
        return run(vertices, frames, 0, monitor);
    }

    /** As {@link #run(int, int, IProgressMonitor)} with an explicit worker thread count (0 = default). */
    public static Result run(int vertices, int frames, int threads, IProgressMonitor monitor)
            throws SimulationFailedException {
        return run(vertices, frames, SimulationSettings.defaults().withThreads(threads), monitor);
    }

    /** As {@link #run(int, int, IProgressMonitor)} with these settings (solver, threads, ...). */
    public static Result run(int vertices, int frames, SimulationSettings settings, IProgressMonitor monitor)
            throws SimulationFailedException {
        SubMonitor sm = SubMonitor.convert(monitor, "Benchmark", 10);
        BodyMotion walk = ProceduralBody.motion(ProceduralBody.Motion.WALK);
        ClothMesh robe = Garments.hoodedRobe(walk.poseAt(0), vertices);
        Material m = Material.defaults();
        SimulationSettings s = settings;
        ClothState rest = InitialDrape.drape(robe, m, s.withSelfCollision(false, 1), walk, 0, 0.2, sm.split(2));
        double cpu0 = processCpuSeconds();
        // the frames as XpbdClothSimulator runs them, with the solver at hand for its stages' times
        double wall = 0;
        long subs = 0;
        Map<String, Double> stages = new LinkedHashMap<>();
        try (ClothSolver solver = ClothSolver.create(robe, m, s)) {
            solver.setState(rest);
            SubMonitor fm = sm.split(8).setWorkRemaining(Math.max(1, frames));
            for (int f = 0; f < frames; f++) {
                long t0 = System.nanoTime();
                subs += solver.advanceFrame(walk, ClothSimulator.frameTime(0, f, 30), 1 / 30.0, f, fm, t0);
                solver.state();
                wall += (System.nanoTime() - t0) / 1e9;
                fm.split(1);
            }
            int n = Math.max(1, frames);
            double timed = 0;
            for (Map.Entry<String, Double> e : solver.stageSeconds().entrySet()) {
                stages.put(e.getKey(), e.getValue() / n);
                timed += e.getValue();
            }
            if (!stages.isEmpty()) {
                stages.put("other", Math.max(0, wall - timed) / n);
            }
        }
        double cpu = (processCpuSeconds() - cpu0) / Math.max(1, frames);
        double sec = frames == 0 ? 0 : wall / frames;
        return new Result(robe.vertexCount(), frames, s.effectiveThreads(), sec, 1 / sec, (double) subs / Math.max(1,
                frames), cpu, s, java.util.Collections.unmodifiableMap(stages));
    }
}
