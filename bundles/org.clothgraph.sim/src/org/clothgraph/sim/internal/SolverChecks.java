package org.clothgraph.sim.internal;

import org.clothgraph.sim.FailureReason;
import org.clothgraph.sim.SimulationFailedException;

/** The physical criteria that reject a run: non-finite values, runaway speed, runaway stretch. */
final class SolverChecks {

    private SolverChecks() {
    }

    static void finite(double[] x, double[] v, int frame) throws SimulationFailedException {
        for (int i = 0; i < x.length; i += 3) {
            if (!Double.isFinite(x[i] + x[i + 1] + x[i + 2] + v[i] + v[i + 1] + v[i + 2])) {
                throw new SimulationFailedException(FailureReason.NAN, frame, "vertex " + i / 3 + " is not finite");
            }
        }
    }

    static void speed(double[] v, double maxSpeed, int frame) throws SimulationFailedException {
        double max2 = 0;
        int worst = -1;
        for (int i = 0; i < v.length; i += 3) {
            double s = v[i] * v[i] + v[i + 1] * v[i + 1] + v[i + 2] * v[i + 2];
            if (s > max2) {
                max2 = s;
                worst = i / 3;
            }
        }
        if (max2 > maxSpeed * maxSpeed) {
            throw new SimulationFailedException(FailureReason.EXPLOSION, frame, String.format(
                    "vertex speed %.1f m/s exceeds %.1f m/s (vertex %d)", Math.sqrt(max2), maxSpeed, worst));
        }
    }

    static void stretch(double[] x, ClothModel m, double maxStretch, int frame) throws SimulationFailedException {
        int e = worstEdge(x, m);
        double worst = stretchOf(x, m, e);
        if (worst > maxStretch) {
            throw new SimulationFailedException(FailureReason.EXPLOSION, frame, String.format(
                    "an edge is stretched %.1fx its rest length (vertices %d-%d)", worst, m.eA[e], m.eB[e]));
        }
    }

    /** The mesh edge stretched most against its rest length, -1 for none. */
    private static int worstEdge(double[] x, ClothModel m) {
        double worst = 0;
        int at = -1;
        for (int e = 0; e < m.edges; e++) {
            if (m.eRest[e] > 1e-9) {
                double s = stretchOf(x, m, e);
                if (s > worst) {
                    worst = s;
                    at = e;
                }
            }
        }
        return at;
    }

    static double maxStretch(double[] x, ClothModel m) {
        return stretchOf(x, m, worstEdge(x, m));
    }

    /** Length over rest length of mesh edge e (0 for none). */
    private static double stretchOf(double[] x, ClothModel m, int e) {
        return e < 0 ? 0 : Geometry.distance(x, m.eA[e], m.eB[e]) / m.eRest[e];
    }
}
