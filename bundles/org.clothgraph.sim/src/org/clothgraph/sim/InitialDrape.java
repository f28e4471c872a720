package org.clothgraph.sim;

import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.Capsule;
import org.clothgraph.sim.internal.XpbdSolver;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * Settles a garment on the first pose of a body motion: (1) every rest vertex closer to the body than the
 * cloth thickness is pushed out explicitly along the capsule's radial direction; (2) the cloth relaxes
 * under gravity against the frozen pose with extra damping; (3) a final explicit push-out guarantees the
 * returned state is penetration-free; velocities are zero.
 */
public final class InitialDrape {

    private InitialDrape() {
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
        SubMonitor loop = sm.split(9).setWorkRemaining(frames);
        SimulationSettings relax = settings.withLimits(Math.max(1000, settings.maxSpeed()),
                Math.max(50, settings.maxStretch()), settings.frameTimeoutSeconds());
        ClothState settled;
        try (XpbdSolver solver = new XpbdSolver(mesh, material.withDamping(Math.max(4, material.damping())), relax)) {
            solver.setState(start);
            solver.setQuasiStatic(true);
            for (int f = 0; f < frames; f++) {
                solver.advanceFrame(still, time, 1 / 30.0, f, loop, System.nanoTime());
                solver.setQuasiStatic(f + 1 < frames / 2); // quasi-static relaxation first, then free settling
                loop.split(1);
            }
            settled = solver.state();
        }
        float[] q = settled.positions().clone();
        pushOut(q, pose, material.thickness());
        sm.split(1);
        return new ClothState(q, new float[q.length]);
    }

    /** Moves every point closer than {@code margin} to any capsule out to distance margin (3 passes). */
    public static void pushOut(float[] p, Body body, double margin) {
        for (int pass = 0; pass < 3; pass++) {
            for (int i = 0; i < p.length; i += 3) {
                for (Capsule c : body.capsules()) {
                    double dx = c.bx() - c.ax(), dy = c.by() - c.ay(), dz = c.bz() - c.az();
                    double l2 = dx * dx + dy * dy + dz * dz;
                    double s = l2 > 0 ? ((p[i] - c.ax()) * dx + (p[i + 1] - c.ay()) * dy + (p[i + 2] - c.az()) * dz) / l2 : 0;
                    s = Math.max(0, Math.min(1, s));
                    double cx = c.ax() + s * dx, cy = c.ay() + s * dy, cz = c.az() + s * dz;
                    double r = c.ra() + s * (c.rb() - c.ra()) + margin;
                    double nx = p[i] - cx, ny = p[i + 1] - cy, nz = p[i + 2] - cz;
                    double d = Math.sqrt(nx * nx + ny * ny + nz * nz);
                    if (d >= r) {
                        continue;
                    }
                    if (d < 1e-9) {
                        nx = 0;
                        ny = 1;
                        nz = 0;
                        d = 1;
                    }
                    p[i] = (float) (cx + nx / d * r);
                    p[i + 1] = (float) (cy + ny / d * r);
                    p[i + 2] = (float) (cz + nz / d * r);
                }
            }
        }
    }
}
