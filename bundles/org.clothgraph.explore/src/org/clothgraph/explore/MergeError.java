package org.clothgraph.explore;

import org.clothgraph.sim.ClothState;

/**
 * The merge error of Kim et al. 2013, section 3.2: the L-infinity norm over vertices of the distance between two
 * cloth states at the same primary node, positions and time-scaled velocities alike, in the root frame:
 * max over vertices i of max(|x_i - x'_i|, s |v_i - v'_i|), in metres. Per vertex the Euclidean length is used,
 * so the error does not depend on the orientation of the axes. Classifier disagreement adds a penalty.
 */
public final class MergeError {
    private final double timeScale;
    private final double classPenalty;

    public MergeError(double velocityTimeScale, double classPenalty) {
        this.timeScale = velocityTimeScale;
        this.classPenalty = classPenalty;
    }

    public MergeError(ExplorationSettings s) {
        this(s.velocityTimeScale(), s.classPenalty());
    }

    /** The plain L-infinity error in metres. */
    public double plain(ClothState a, ClothState b) {
        return plain(a.positions(), a.velocities(), b.positions(), b.velocities(), Double.POSITIVE_INFINITY);
    }

    /**
     * The plain error, stopping early once it exceeds {@code bound} (then the returned value is only known to be
     * larger than the bound): the most-similar search needs only the least.
     */
    public double plain(float[] pa, float[] va, float[] pb, float[] vb, double bound) {
        if (pa.length != pb.length) {
            throw new IllegalArgumentException("states of different garments: " + pa.length / 3 + " and " + pb.length / 3
                    + " vertices");
        }
        double s2 = timeScale * timeScale;
        double worst = 0;
        double bound2 = bound * bound;
        for (int i = 0; i < pa.length; i += 3) {
            double dx = pa[i] - pb[i], dy = pa[i + 1] - pb[i + 1], dz = pa[i + 2] - pb[i + 2];
            double d = dx * dx + dy * dy + dz * dz;
            double ux = va[i] - vb[i], uy = va[i + 1] - vb[i + 1], uz = va[i + 2] - vb[i + 2];
            double e = s2 * (ux * ux + uy * uy + uz * uz);
            double m = Math.max(d, e);
            if (m > worst) {
                worst = m;
                if (worst > bound2) {
                    break;
                }
            }
        }
        return Math.sqrt(worst);
    }

    /** The error that orders the queue: plain plus the class penalty when the classes differ. */
    public double ranked(double plain, boolean crossClass) {
        return crossClass ? plain + classPenalty : plain;
    }
}
