package org.clothgraph.sim.internal;

import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.Capsule;

/** Collisions against a body that is its capsules only (a body motion without a surface). */
final class CapsuleCollider implements BodyCollider {
    private final BodyMotion motion;
    private final double thick, mu;
    private Body cur, prev;

    CapsuleCollider(BodyMotion motion, double thickness, double friction) {
        this.motion = motion;
        this.thick = thickness;
        this.mu = friction;
    }

    @Override
    public void load(double t, boolean first) {
        Body b = motion.poseAt(t);
        prev = first || cur == null ? b : cur;
        cur = b;
    }

    @Override
    public double beginFrame(double t0, double t1) {
        return travel(motion, t0, t1);
    }

    /** The farthest any capsule end point travels from t0 to t1 (sampled at the start, middle and end), m. */
    static double travel(BodyMotion motion, double t0, double t1) {
        Body a = motion.poseAt(t0), m = motion.poseAt(0.5 * (t0 + t1)), b = motion.poseAt(t1);
        return endpointMove(a, m) + endpointMove(m, b);
    }

    /** The farthest any capsule end moves from pose a to pose b. */
    static double endpointMove(Body a, Body b) {
        double worst = 0;
        for (int i = 0; i < a.size(); i++) {
            Capsule p = a.capsule(i), q = b.capsule(i);
            worst = Math.max(worst, Math.sqrt(Geometry.sq(p.ax() - q.ax()) + Geometry.sq(p.ay() - q.ay())
                    + Geometry.sq(p.az() - q.az())));
            worst = Math.max(worst, Math.sqrt(Geometry.sq(p.bx() - q.bx()) + Geometry.sq(p.by() - q.by())
                    + Geometry.sq(p.bz() - q.bz())));
        }
        return worst;
    }

    @Override
    public int collide(double[] x, double[] xp, double[] w, int from, int to, boolean friction, boolean[] touched) {
        int pushed = 0;
        double[] before = new double[3], moved = new double[3];
        for (int i = from; i < to; i++) {
            if (w[i] == 0) {
                continue;
            }
            int o = 3 * i;
            boolean hit = false;
            for (int k = 0; k < cur.size(); k++) {
                Capsule c = cur.capsule(k);
                before[0] = x[o];
                before[1] = x[o + 1];
                before[2] = x[o + 2];
                if (!c.pushOut(x, o, thick)) {
                    continue;
                }
                hit = true;
                if (friction && mu > 0) {
                    // the surface point's motion in the substep, from the previous pose at the same axis parameter
                    surfaceMotion(c, prev.capsule(k), x, o, moved);
                    Friction.apply(x, xp, o, before, moved[0], moved[1], moved[2], mu);
                }
            }
            touched[i] = hit;
            if (hit) {
                pushed++;
            }
        }
        return pushed;
    }

    /**
     * How the surface point of capsule c nearest x[o..] moved in the substep (c now, p before): its axis point at
     * the same parameter, into out.
     */
    static void surfaceMotion(Capsule c, Capsule p, double[] x, int o, double[] out) {
        double s = c.closestParameter(x[o], x[o + 1], x[o + 2]);
        out[0] = (c.ax() + s * (c.bx() - c.ax())) - (p.ax() + s * (p.bx() - p.ax()));
        out[1] = (c.ay() + s * (c.by() - c.ay())) - (p.ay() + s * (p.by() - p.ay()));
        out[2] = (c.az() + s * (c.bz() - c.az())) - (p.az() + s * (p.bz() - p.az()));
    }

    @Override
    public long deepRescues() {
        return 0;
    }

    @Override
    public Body posedCapsules() {
        return cur;
    }
}
