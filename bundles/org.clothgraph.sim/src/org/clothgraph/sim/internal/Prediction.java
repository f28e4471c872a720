package org.clothgraph.sim.internal;

import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationSettings;

/** The explicit prediction that opens a substep, the same in both solvers. */
final class Prediction {

    private Prediction() {
    }

    /**
     * Keeps the positions in {@code xp}, adds gravity to the velocities of the free vertices (inverse mass above 0),
     * applies linear damping and implicit quadratic air drag, and moves the positions by the new velocities.
     */
    static void predict(Workers workers, int n, double[] x, double[] v, double[] xp, double[] w,
            SimulationSettings set, Material mat, double h) {
        double gx = set.gravityX() * h, gy = set.gravityY() * h, gz = set.gravityZ() * h;
        double damp = Math.max(0, 1 - mat.damping() * h);
        double drag = mat.airDrag() * h;
        workers.forRange(n, 4096, (chunk, from, to) -> {
            for (int i = from; i < to; i++) {
                int o = 3 * i;
                xp[o] = x[o];
                xp[o + 1] = x[o + 1];
                xp[o + 2] = x[o + 2];
                if (w[i] == 0) {
                    continue;
                }
                double vx = v[o] + gx, vy = v[o + 1] + gy, vz = v[o + 2] + gz;
                // implicit quadratic drag: v' = v / (1 + k |v| h)
                double f = damp / (1 + drag * Math.sqrt(vx * vx + vy * vy + vz * vz));
                v[o] = vx * f;
                v[o + 1] = vy * f;
                v[o + 2] = vz * f;
                x[o] += v[o] * h;
                x[o + 1] += v[o + 1] * h;
                x[o + 2] += v[o + 2] * h;
            }
        });
    }
}
