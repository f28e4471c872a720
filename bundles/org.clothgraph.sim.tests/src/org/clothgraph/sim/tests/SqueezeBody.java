package org.clothgraph.sim.tests;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.Capsule;
import org.clothgraph.sim.body.ProceduralBody;

/**
 * Test-only body imitating the demo character's jumping jacks with the simulator's capsule layout (the rest
 * A-pose of {@link ProceduralBody}): from the A-pose the arms are lowered until the forearms and hands dig into
 * the pelvis capsule (the demo character stands with its hands inside the pelvis capsule), then swing up
 * overhead until the upper arms press against the head capsule and the hands overlap above it, and down again,
 * while the whole body bounces. Cloth caught between two overlapping capsules (sleeve between forearm and
 * pelvis, hood between upper arm and head, cuffs between the clapping hands) is what this exercises.
 */
final class SqueezeBody implements BodyMotion {
    /** Arm angle relative to the A-pose when lowered (degrees; the A-pose is 50 below horizontal). */
    static final double DOWN = -38;
    /** Arm angle relative to the A-pose when raised overhead. */
    static final double UP = 162;
    static final double SETTLE = 0.8, HOLD = 0.4, PERIOD = 1.0;

    private final Body rest = ProceduralBody.restPose();

    /** Arm angle (degrees, relative to the A-pose) and root lift (m) at time t. */
    @Override
    public Body bindPose() {
        return rest;
    }

    static double[] drive(double t) {
        if (t < SETTLE) {
            double s = smooth(t / SETTLE);
            return new double[] {DOWN * s, 0};
        }
        if (t < SETTLE + HOLD) {
            return new double[] {DOWN, 0};
        }
        double p = (t - SETTLE - HOLD) / PERIOD;
        double c = 0.5 * (1 - Math.cos(2 * Math.PI * p));
        return new double[] {DOWN + (UP - DOWN) * c, 0.10 * Math.abs(Math.sin(2 * Math.PI * p))};
    }

    private static double smooth(double x) {
        x = Math.max(0, Math.min(1, x));
        return x * x * (3 - 2 * x);
    }

    @Override
    public Body poseAt(double t) {
        double[] d = drive(Math.max(0, t));
        double a = Math.toRadians(d[0]);
        Capsule shL = rest.find("upperarm_l"), shR = rest.find("upperarm_r");
        List<Capsule> out = new ArrayList<>(rest.size());
        for (Capsule c : rest.capsules()) {
            boolean left = c.name().endsWith("_l") && isArm(c.name());
            boolean right = c.name().endsWith("_r") && isArm(c.name());
            double[] pa = {c.ax(), c.ay(), c.az()}, pb = {c.bx(), c.by(), c.bz()};
            if (left || right) {
                Capsule s = left ? shL : shR;
                double ang = left ? a : -a;
                pa = rotZ(pa, s, ang);
                pb = rotZ(pb, s, ang);
            }
            pa[1] += d[1];
            pb[1] += d[1];
            out.add(Capsule.of(c.name(), pa, pb, c.ra(), c.rb()));
        }
        return new Body(out);
    }

    private static boolean isArm(String n) {
        return n.startsWith("upperarm") || n.startsWith("forearm") || n.startsWith("hand");
    }

    private static double[] rotZ(double[] p, Capsule shoulder, double ang) {
        double ox = shoulder.ax(), oy = shoulder.ay();
        double x = p[0] - ox, y = p[1] - oy, cs = Math.cos(ang), sn = Math.sin(ang);
        return new double[] {ox + cs * x - sn * y, oy + sn * x + cs * y, p[2]};
    }
}
