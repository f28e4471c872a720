package org.clothgraph.sim.internal;

/** Coulomb friction of a vertex against a moving surface, at position level. */
final class Friction {

    private Friction() {
    }

    /**
     * The vertex at x[o..o+2] was just pushed from {@code before} out of a surface whose contact point moved by
     * (sx, sy, sz) in the substep. Its tangential displacement relative to that point (since xp) is reduced by at
     * most mu times the push, never reversed.
     */
    static void apply(double[] x, double[] xp, int o, double[] before, double sx, double sy, double sz, double mu) {
        double px = x[o] - before[0], py = x[o + 1] - before[1], pz = x[o + 2] - before[2];
        double push = Math.sqrt(px * px + py * py + pz * pz);
        if (push < 1e-15) {
            return;
        }
        double nx = px / push, ny = py / push, nz = pz / push;
        double rx = (x[o] - xp[o]) - sx, ry = (x[o + 1] - xp[o + 1]) - sy, rz = (x[o + 2] - xp[o + 2]) - sz;
        double rn = rx * nx + ry * ny + rz * nz;
        rx -= rn * nx;
        ry -= rn * ny;
        rz -= rn * nz;
        double tl = Math.sqrt(rx * rx + ry * ry + rz * rz);
        if (tl < 1e-15) {
            return;
        }
        double f = Math.min(1, mu * push / tl);
        x[o] -= rx * f;
        x[o + 1] -= ry * f;
        x[o + 2] -= rz * f;
    }
}
