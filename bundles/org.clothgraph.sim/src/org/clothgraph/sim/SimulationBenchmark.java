package org.clothgraph.sim;

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

    /** Measured numbers. */
    public record Result(int vertices, int frames, int threads, double secondsPerFrame, double framesPerSecond,
            double meanSubsteps, SimulationSettings settings) {
        @Override
        public String toString() {
            return String.format("%d vertices, %d frames, %d threads: %.3f s/frame, %.2f frames/s, %.1f substeps/frame",
                    vertices, frames, threads, secondsPerFrame, framesPerSecond, meanSubsteps);
        }
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
        SimulationResult r = new XpbdClothSimulator().simulate(robe, m, s, walk, 0, rest, 30, frames, sm.split(8));
        double sec = r.meanCostMillis() / 1000;
        double subs = 0;
        for (int k : r.substepsUsed()) {
            subs += k;
        }
        return new Result(robe.vertexCount(), frames, s.effectiveThreads(), sec, 1 / sec, subs / Math.max(1, frames), s);
    }
}
