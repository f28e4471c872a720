package org.clothgraph.sim;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.internal.XpbdSolver;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * The embedded small-step XPBD cloth simulator (see {@link SimulationSettings} and {@link Material} for
 * the model). Stateless and thread-safe: every call builds its own solver.
 */
public final class XpbdClothSimulator implements ClothSimulator {

    @Override
    public SimulationResult simulate(ClothMesh mesh, Material material, SimulationSettings settings,
            BodyMotion motion, double startTime, ClothState initial, double fps, int frames,
            IProgressMonitor monitor) throws SimulationFailedException {
        if (!(fps > 0) || frames < 0) {
            throw new IllegalArgumentException("fps must be > 0 and frames >= 0");
        }
        SubMonitor sm = SubMonitor.convert(monitor, "Simulating " + mesh.name(), Math.max(1, frames));
        List<ClothState> out = new ArrayList<>(frames);
        double[] cost = new double[frames];
        int[] subs = new int[frames];
        try (XpbdSolver solver = new XpbdSolver(mesh, material, settings)) {
            solver.setState(initial);
            for (int f = 0; f < frames; f++) {
                long t0 = System.nanoTime();
                double time = startTime + f / fps;
                subs[f] = solver.advanceFrame(motion, time, 1 / fps, f, sm, t0);
                out.add(solver.state());
                cost[f] = (System.nanoTime() - t0) / 1e6;
                sm.split(1);
            }
        }
        return new SimulationResult(out, cost, subs);
    }
}
