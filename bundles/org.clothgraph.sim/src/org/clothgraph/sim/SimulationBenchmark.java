package org.clothgraph.sim;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.ProceduralBody;
import org.clothgraph.sim.garment.Garments;
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
        Map<String, Double> timed = new LinkedHashMap<>();
        SimulationResult r = new XpbdClothSimulator().simulateTimed(robe, m, s, walk, 0, rest, 30, frames, timed,
                sm.split(8));
        double cpu = (processCpuSeconds() - cpu0) / Math.max(1, frames);
        double sec = r.meanCostMillis() / 1000;
        double subs = 0;
        for (int k : r.substepsUsed()) {
            subs += k;
        }
        // per frame, and the rest of the frames' time
        Map<String, Double> stages = new LinkedHashMap<>();
        double inStages = 0;
        for (Map.Entry<String, Double> e : timed.entrySet()) {
            stages.put(e.getKey(), e.getValue() / Math.max(1, frames));
            inStages += e.getValue() / Math.max(1, frames);
        }
        if (!stages.isEmpty()) {
            stages.put("other", Math.max(0, sec - inStages));
        }
        return new Result(robe.vertexCount(), frames, s.effectiveThreads(), sec, 1 / sec, subs / Math.max(1, frames), cpu,
                s, Collections.unmodifiableMap(stages));
    }
}
