package org.clothgraph.sim;

import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.Capsule;
import org.clothgraph.sim.internal.ClothSolver;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * Settles a garment on one pose of a body motion: (1) rest vertices closer to the body's capsules than 1.5
 * thicknesses are moved out (a preparation of the starting shape, before any simulation); (2) the cloth relaxes
 * under gravity against the frozen pose (its surface when it has one) with extra damping, first quasi-statically,
 * then freely; the solver's body pass ends every substep with the cloth at least the thickness outside the body.
 * Velocities of the returned state are zero.
 */
public final class InitialDrape {

    private InitialDrape() {
    }

    /**
     * The settings a drape before a run of {@code simulator} with {@code settings} settles with: the run's own, or,
     * for a simulator that needs a start that does not cross itself, the small-step solver's defaults (same
     * threads) when the run's solver is the first one, whose free settling passes cloth through itself (33
     * crossing edge-triangle pairs by the independent checker in the drape of the 3,785-vertex demo robe on the
     * demo character, where the small-step solver's drape has none).
     */
    public static SimulationSettings settingsFor(ClothSimulator simulator, SimulationSettings settings) {
        if (simulator.needsIntersectionFreeStart() && settings.solver() == SimulationSettings.Solver.LEGACY) {
            return SimulationSettings.smallSteps().withThreads(settings.threads());
        }
        return settings;
    }

    /** Drapes on {@code motion.poseAt(time)} for {@code seconds} of settling. */
    public static ClothState drape(ClothMesh mesh, Material material, SimulationSettings settings, BodyMotion motion,
            double time, double seconds, IProgressMonitor monitor) throws SimulationFailedException {
        Body pose = motion.poseAt(time);
        SubMonitor sm = SubMonitor.convert(monitor, "Draping " + mesh.name(), 10);
        float[] p = mesh.restPositions().clone();
        pushOut(p, pose, material.thickness() * 1.5);
        ClothState start = new ClothState(p, new float[p.length]);
        BodyMotion still = new BodyMotion() {
            @Override
            public Body poseAt(double t) {
                return pose;
            }

            @Override
            public Body bindPose() {
                return motion.bindPose();
            }
        };
        int frames = Math.max(1, (int) Math.round(seconds * 30));
        SubMonitor loop = sm.split(10).setWorkRemaining(frames);
        SimulationSettings relax = settings.withLimits(Math.max(1000, settings.maxSpeed()),
                Math.max(50, settings.maxStretch()), settings.frameTimeoutSeconds());
        try (ClothSolver solver = ClothSolver.create(mesh, material.withDamping(Math.max(4, material.damping())), relax)) {
            solver.setState(start);
            solver.setQuasiStatic(true);
            for (int f = 0; f < frames; f++) {
                solver.advanceFrame(still, time, 1 / 30.0, f, loop, System.nanoTime());
                solver.setQuasiStatic(f + 1 < frames / 2); // quasi-static relaxation first, then free settling
                loop.split(1);
            }
            float[] q = solver.state().positions().clone();
            if (settings.solver() == SimulationSettings.Solver.LEGACY) {
                // the first solver's drape ends with an explicit push out of the capsules (a repair it needs)
                pushOut(q, pose, material.thickness());
            }
            return new ClothState(q, new float[q.length]);
        }
    }

    /** Moves every point closer than {@code margin} to any capsule out to distance margin (3 passes). */
    public static void pushOut(float[] p, Body body, double margin) {
        double[] q = new double[3];
        for (int pass = 0; pass < 3; pass++) {
            for (int i = 0; i < p.length; i += 3) {
                q[0] = p[i];
                q[1] = p[i + 1];
                q[2] = p[i + 2];
                boolean moved = false;
                for (Capsule c : body.capsules()) {
                    moved |= c.pushOut(q, 0, margin);
                }
                if (moved) {
                    p[i] = (float) q[0];
                    p[i + 1] = (float) q[1];
                    p[i + 2] = (float) q[2];
                }
            }
        }
    }
}
