package org.clothgraph.sim.internal;

import java.util.Locale;

import org.clothgraph.sim.FailureReason;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.body.Body;

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

    /**
     * Fails the run when a vertex is faster than maxSpeed. With positions x and the posed capsules (either may be
     * null) the failure also names the body parts within {@link #NEAR} of the thrown vertex, nearest first (at most
     * two), e.g. "(vertex 2365; 12 mm from forearm_r, 25 mm from upperarm_r)": in a report over many dressing starts
     * that tells a hood caught between the forearm and the head from a sleeve at the elbow without a trace of the run.
     */
    static void speed(double[] v, double maxSpeed, int frame, double[] x, Body body)
            throws SimulationFailedException {
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
                    "vertex speed %.1f m/s exceeds %.1f m/s (vertex %d%s)", Math.sqrt(max2), maxSpeed, worst,
                    x == null || body == null ? "" : partsNear(body, x, worst)));
        }
    }

    /** How far from the body's surface a part is still named near a vertex, m. */
    static final double NEAR = 0.05;

    /** "; 12 mm from forearm_r, 25 mm from upperarm_r" for the (at most two) capsules within NEAR of vertex i, or "". */
    static String partsNear(Body body, double[] x, int i) {
        int o = 3 * i, first = -1, second = -1;
        double d1 = NEAR, d2 = NEAR;
        for (int c = 0; c < body.size(); c++) {
            double d = body.capsule(c).signedDistance(x[o], x[o + 1], x[o + 2]);
            if (d < d1) {
                second = first;
                d2 = d1;
                first = c;
                d1 = d;
            } else if (d < d2) {
                second = c;
                d2 = d;
            }
        }
        if (first < 0) {
            return "";
        }
        StringBuilder b = new StringBuilder("; ").append(near(body, first, d1));
        if (second >= 0) {
            b.append(", ").append(near(body, second, d2));
        }
        return b.toString();
    }

    private static String near(Body body, int c, double d) {
        String name = body.capsule(c).name();
        return d < 0 ? String.format(Locale.ROOT, "%.0f mm inside %s", -1000 * d, name)
                : String.format(Locale.ROOT, "%.0f mm from %s", 1000 * d, name);
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
