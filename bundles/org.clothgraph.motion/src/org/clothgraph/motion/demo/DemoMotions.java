package org.clothgraph.motion.demo;

import java.util.List;
import java.util.function.DoubleUnaryOperator;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.internal.Footsteps;
import org.clothgraph.motion.internal.Keys;
import org.clothgraph.motion.internal.PoseSolver;
import org.clothgraph.motion.internal.PoseSpec;

/**
 * The demo clips, generated procedurally at 30 fps on the demo character (no mocap): planted feet come from
 * explicit footsteps solved with leg IK, so stance feet do not slide. Every clip starts and ends standing, which
 * gives the motion graph places to connect. Deterministic: no randomness.
 */
public final class DemoMotions {
    public static final double FPS = 30;
    private static final double W = 0.1; // half stance width
    private static final double D = Math.PI / 180;

    private DemoMotions() {}

    /** All demo clips in a fixed order. */
    public static List<Motion> all() {
        return List.of(walk(), jog(), turn(true), turn(false), jump(), jumpingJacks(), kick(), throwBall(), backflip());
    }

    private interface FrameFn { void fill(double t, PoseSpec p); }

    private static Motion build(String name, double seconds, FrameFn fn) {
        int n = (int) Math.round(seconds * FPS) + 1;
        Motion.Builder b = new Motion.Builder(name, DemoCharacter.skeleton(), FPS, n);
        PoseSolver solver = new PoseSolver();
        boolean[] air = new boolean[n];
        PoseSpec[] specs = new PoseSpec[n];
        for (int f = 0; f < n; f++) {
            specs[f] = new PoseSpec();
            fn.fill(f / FPS, specs[f]);
            keepFeetApart(specs[f]);
        }
        // the pelvis sinks at most 1 cm per frame (0.3 m/s) to keep planted feet reachable
        double[] y = solver.rootHeights(specs, 0.01);
        for (int f = 0; f < n; f++) {
            specs[f].y = y[f];
            solver.solve(specs[f], b, f);
            air[f] = specs[f].airborne;
        }
        Motion m = b.build();
        // airborne frames (flips) may not dip into the floor: lift the root where needed
        Motion.Builder fix = null;
        for (int f = 0; f < n; f++) {
            if (!air[f]) continue;
            double min = Double.MAX_VALUE;
            for (Vec3 v : m.worldPositions(f)) min = Math.min(min, v.y());
            if (min < 0.04) {
                if (fix == null) fix = copy(m);
                fix.setRoot(f, m.rootPosition(f).add(new Vec3(0, 0.04 - min, 0)));
            }
        }
        return fix == null ? m : fix.build();
    }

    /**
     * Least distance across the body (along the pelvis's lateral axis) between the ankles while a foot swings. A foot
     * swung straight from plant to plant passed through the other leg: in the U-turns the outer foot's chord cut
     * 17 cm inside its arc, and in the jump's half turn the feet changed sides, the legs 40-74 mm inside each other.
     * The shins are 8 cm across at the ankle, so this leaves 4 cm between them for a skirt.
     */
    static final double FEET_APART = 0.12;

    /** Moves swinging feet apart across the body until their ankles are {@link #FEET_APART}; planted feet stay. */
    private static void keepFeetApart(PoseSpec p) {
        if (p.planted[0] && p.planted[1] || p.ankle[0] == null || p.ankle[1] == null) return;
        Vec3 lateral = Footsteps.lateral(p.yaw, 1);
        double need = FEET_APART - p.ankle[0].sub(p.ankle[1]).dot(lateral);
        if (need <= 0) return;
        double left = p.planted[0] ? 0 : p.planted[1] ? need : need / 2;
        p.ankle[0] = p.ankle[0].add(lateral.scale(left));
        p.ankle[1] = p.ankle[1].sub(lateral.scale(need - left));
    }

    private static Motion.Builder copy(Motion m) {
        Motion.Builder b = new Motion.Builder(m.name(), m.skeleton(), m.fps(), m.frameCount());
        for (int f = 0; f < m.frameCount(); f++) {
            b.setRoot(f, m.rootPosition(f));
            for (int j = 0; j < m.skeleton().size(); j++) b.setRotation(f, j, m.rotation(f, j));
        }
        return b;
    }

    /** Neutral stand with a slow breathing sway whose phase differs per clip. */
    private static void stand(PoseSpec p, double t, double phase) {
        p.y = 0.955 + 0.004 * Math.sin(2 * Math.PI * 0.3 * t + phase);
        p.x += 0.01 * Math.sin(2 * Math.PI * 0.2 * t + phase);
        p.spineBend = 0.02 * Math.sin(2 * Math.PI * 0.3 * t + phase);
    }

    // ---------------------------------------------------------------- locomotion

    /** Gait on a path: stands, starts, moves with the given speed and yaw rate, stops, stands. */
    private static Motion locomotion(String name, double seconds, double speed, double period, double duty, double lift,
            DoubleUnaryOperator yawRate, boolean jog) {
        double tStart = 1.0, tStop = seconds - 1.6, dt = 1 / 600.0;
        int steps = (int) Math.ceil(seconds / dt) + 2;
        double[] px = new double[steps], pz = new double[steps], yaw = new double[steps], sf = new double[steps];
        for (int i = 1; i < steps; i++) {
            double t = i * dt;
            sf[i] = Keys.smooth((t - tStart) / 1.0) * (1 - Keys.smooth((t - tStop + 1.0) / 1.0));
            yaw[i] = yaw[i - 1] + yawRate.applyAsDouble(t) * sf[i] * dt;
            px[i] = px[i - 1] + speed * sf[i] * Math.sin(yaw[i]) * dt;
            pz[i] = pz[i - 1] + speed * sf[i] * Math.cos(yaw[i]) * dt;
        }
        DoubleUnaryOperator at = t -> Math.max(0, Math.min(steps - 1, Math.round(t / dt)));
        Footsteps[] feet = {new Footsteps(lift), new Footsteps(lift)};
        double c1 = tStart + (1 - duty) * period + duty * period / 2;
        double[] last = new double[2];
        for (int s = 0; s < 2; s++) {
            double sign = s == 0 ? 1 : -1;
            double first = c1 + (s == 0 ? 0 : period / 2);
            Vec3 l0 = Footsteps.lateral(0, sign * W);
            feet[s].add(0, first - period + duty * period / 2, l0.x(), l0.z(), 0);
            double c = first;
            for (; c < tStop; c += period) {
                int i = (int) at.applyAsDouble(c);
                Vec3 l = Footsteps.lateral(yaw[i], sign * W);
                feet[s].add(c - duty * period / 2, c + duty * period / 2, px[i] + l.x(), pz[i] + l.z(), yaw[i]);
            }
            last[s] = c - period;
        }
        double end = Math.max(last[0], last[1]) + period * 0.9;
        for (int s = 0; s < 2; s++) {
            int i = steps - 1;
            Vec3 l = Footsteps.lateral(yaw[i], (s == 0 ? 1 : -1) * W);
            feet[s].add(end + (s == 0 ? 0 : 0.25), seconds + 1, px[i] + l.x(), pz[i] + l.z(), yaw[i]);
        }
        double phase = name.length();
        return build(name, seconds, (t, p) -> {
            int i = (int) at.applyAsDouble(t);
            double g = sf[i], ph = 2 * Math.PI * (t - c1) / period;
            Vec3 lat = Footsteps.lateral(yaw[i], (jog ? 0.01 : 0.025) * g * Math.cos(ph));
            p.x = px[i] + lat.x();
            p.z = pz[i] + lat.z();
            stand(p, t, phase);
            p.y = jog ? 0.955 - 0.05 * g - 0.035 * g * Math.cos(2 * ph) : 0.955;
            p.yaw = yaw[i] - 0.08 * g * Math.cos(ph + Math.PI * duty);
            p.spineTwist = 0.12 * g * Math.cos(ph + Math.PI * duty);
            p.pitch = (jog ? 0.12 : 0.03) * g;
            p.headPitch = -p.pitch;
            for (int s = 0; s < 2; s++) feet[s].apply(t, p, s);
            for (int s = 0; s < 2; s++) {
                // arms swing with the opposite leg: flexion follows that ankle's forward offset from the pelvis
                Vec3 a = p.ankle[1 - s];
                double fwd = (a.x() - px[i]) * Math.sin(yaw[i]) + (a.z() - pz[i]) * Math.cos(yaw[i]);
                p.flex[s] = (jog ? 1.3 : 0.9) * fwd;
                // jog arms bend only while moving (g ramps 0..1): standing poses match the other clips' standing poses
                p.elbow[s] = jog ? 0.2 + g * (1.2 + 0.3 * fwd) : 0.2 + 0.4 * Math.max(0, fwd);
            }
        });
    }

    public static Motion walk() { return locomotion("walk", 11, 1.3, 1.05, 0.62, 0.07, t -> 0, false); }

    public static Motion jog() { return locomotion("jog", 9, 2.6, 0.72, 0.38, 0.16, t -> 0, true); }

    /** Walking U-turn of about 180 degrees to the left (positive yaw) or right. */
    public static Motion turn(boolean left) {
        double sign = left ? 1 : -1;
        Keys rate = new Keys(0, 0, 3.0, 0, 3.6, 1, 5.9, 1, 6.5, 0);
        return locomotion(left ? "turn_left" : "turn_right", 10, 1.0, 1.1, 0.62, 0.07,
                t -> sign * Math.PI / 2.9 * rate.at(t), false);
    }

    // ---------------------------------------------------------------- jumps

    /** Standing broad jump forward, then a jump with a half turn back. */
    public static Motion jump() {
        double[] t0 = {1.0, 4.2}, dist = {0.8, 0.0}, turn = {0, Math.PI};
        double prep = 0.55, push = 0.2, flight = 0.55, absorb = 0.3;
        Footsteps[] feet = {new Footsteps(0.25), new Footsteps(0.25)};
        double[] rx = new double[3], rz = new double[3], ry = new double[3];
        for (int k = 0; k < 2; k++) {
            rz[k + 1] = rz[k] + dist[k] * Math.cos(ry[k]);
            rx[k + 1] = rx[k] + dist[k] * Math.sin(ry[k]);
            ry[k + 1] = ry[k] + turn[k];
        }
        for (int s = 0; s < 2; s++) {
            double sign = s == 0 ? 1 : -1;
            for (int k = 0; k < 3; k++) {
                double start = k == 0 ? 0 : t0[k - 1] + prep + push + flight;
                double end = k == 2 ? 99 : t0[k] + prep + push;
                Vec3 l = Footsteps.lateral(ry[k], sign * W);
                feet[s].add(start, end, rx[k] + l.x(), rz[k] + l.z(), ry[k]);
            }
        }
        return build("jump", 7.4, (t, p) -> {
            int k = t < t0[1] - 0.3 ? 0 : 1;
            double a = t - t0[k];
            double takeoff = prep + push, land = takeoff + flight;
            double u = Math.max(0, Math.min(1, (a - prep) / (push + flight)));
            double e = Keys.smooth(u);
            p.x = rx[k] + (rx[k + 1] - rx[k]) * e;
            p.z = rz[k] + (rz[k + 1] - rz[k]) * e;
            p.yaw = ry[k] + (ry[k + 1] - ry[k]) * Keys.smooth((a - takeoff) / flight);
            stand(p, t, 1.3);
            double h = new Keys(0, 0.955, prep, 0.70, takeoff, 0.97).at(a);
            if (a > takeoff && a < land) {
                double s = (a - takeoff) / flight;
                h = 0.97 + 9.81 * flight * flight / 2 * s * (1 - s);
                p.airborne = false;
            } else if (a >= land) {
                h = new Keys(land, 0.97, land + absorb, 0.72, land + absorb + 0.6, 0.955).at(a);
            }
            p.y = h;
            double crouch = (0.955 - Math.min(0.955, h)) / 0.25;
            p.pitch = 0.35 * crouch;
            p.spineBend = 0.35 * crouch;
            p.headPitch = -0.4 * crouch;
            double arm = new Keys(0, 0, prep, -0.9, takeoff, 2.6, land, 1.2, land + absorb, 0.5, land + 0.9, 0).at(a);
            p.flex[0] = p.flex[1] = arm;
            p.elbow[0] = p.elbow[1] = 0.3;
            for (int s = 0; s < 2; s++) feet[s].apply(t, p, s);
        });
    }

    /** Eight jumping jacks: feet hop apart and together while the arms sweep from the sides to overhead. */
    public static Motion jumpingJacks() {
        double start = 1.0, cycle = 0.9, stance = 0.27, hop = cycle / 2 - stance;
        int jacks = 8;
        Footsteps[] feet = {new Footsteps(0.06), new Footsteps(0.06)};
        for (int s = 0; s < 2; s++) {
            double sign = s == 0 ? 1 : -1;
            feet[s].add(0, start, sign * W, 0, 0);
            for (int k = 0; k < 2 * jacks; k++) {
                double a = start + hop + k * (cycle / 2);
                double w = k % 2 == 0 ? 0.36 : W;
                feet[s].add(a, a + stance, sign * w, 0, sign * (k % 2 == 0 ? 0.25 : 0));
            }
        }
        double end = start + jacks * cycle;
        return build("jumping_jacks", end + 1.5, (t, p) -> {
            stand(p, t, 2.1);
            double spread = Math.abs(feet[0].plants().isEmpty() ? 0 : 0);
            for (int s = 0; s < 2; s++) feet[s].apply(t, p, s);
            spread = (p.ankle[0].x() - p.ankle[1].x()) / 2;
            double open = Math.max(0, Math.min(1, (spread - W) / (0.36 - W)));
            // overhead the upper arms pass 5 cm beside the head: raised to 173 degrees they went 2.7 cm into it, a body
            // through itself, and cloth caught there could only be inside one of the two (8.4 mm into the head at the
            // first raise after the kick); the shoulders keep 19 mm below it (PoseSolver's shrug)
            p.abduct[0] = p.abduct[1] = (8 + 155 * open) * D;
            p.elbow[0] = p.elbow[1] = 0.2;
            boolean hopping = t > start && t < end;
            double ph = ((t - start) % (cycle / 2)) / (cycle / 2);
            p.y = hopping ? 0.90 + (ph < hop / (cycle / 2) ? 0.10 * Math.sin(Math.PI * ph / (hop / (cycle / 2))) : 0) : p.y;
            p.headPitch = 0.05 * open;
        });
    }

    // ---------------------------------------------------------------- kick and throw

    /** Four front kicks, alternating legs, with weight shift over the standing foot and guard arms. */
    public static Motion kick() {
        double first = 1.0, each = 1.6;
        int kicks = 4;
        return build("kick", first + kicks * each + 1.0, (t, p) -> {
            stand(p, t, 0.7);
            int k = (int) Math.floor((t - first) / each);
            double a = t - first - k * each;
            boolean active = k >= 0 && k < kicks;
            int kickSide = (k % 2 == 0) ? 1 : 0; // right leg first
            double sign = kickSide == 0 ? 1 : -1;
            double shift = active ? new Keys(0, 0, 0.3, 1, 1.2, 1, 1.5, 0).at(a) : 0;
            // pelvis moves over the standing foot
            p.x = -sign * 0.08 * shift;
            for (int s = 0; s < 2; s++) {
                p.ankle[s] = new Vec3((s == 0 ? 1 : -1) * W, DemoCharacter.ANKLE_HEIGHT, 0);
                p.planted[s] = true;
            }
            double guard = active ? new Keys(0, 0, 0.3, 1, 1.3, 1, 1.6, 0).at(a) : 0;
            p.flex[0] = p.flex[1] = 0.9 * guard;
            p.elbow[0] = p.elbow[1] = 0.2 + 1.6 * guard;
            if (!active) return;
            Keys fz = new Keys(0.3, 0, 0.55, 0.30, 0.70, 0.72, 0.85, 0.30, 1.1, 0.05, 1.25, 0);
            Keys fy = new Keys(0.3, 0, 0.55, 0.45, 0.70, 0.72, 0.85, 0.45, 1.1, 0.12, 1.25, 0);
            double ext = new Keys(0.55, 0, 0.70, 1, 0.85, 0).at(a);
            p.ankle[kickSide] = new Vec3(sign * W, DemoCharacter.ANKLE_HEIGHT + fy.at(a), fz.at(a));
            p.planted[kickSide] = a < 0.3 || a > 1.25;
            p.footPitch[kickSide] = 0.6 * ext;
            p.pitch = -0.25 * ext;
            p.spineBend = 0.1 * ext;
            p.spineTwist = sign * 0.25 * ext;
            p.flex[kickSide] = 0.9 * guard - 0.8 * ext;
            p.flex[1 - kickSide] = 0.9 * guard + 0.4 * ext;
            p.y = 0.955 - 0.03 * shift;
        });
    }

    /** Two overhand throws with the right arm: step forward with the left foot, wind up, whip, follow through. */
    public static Motion throwBall() {
        double first = 1.0, each = 2.6;
        int throwsN = 2;
        Footsteps left = new Footsteps(0.08);
        left.add(0, first + 0.2, W, 0, 0);
        for (int k = 0; k < throwsN; k++) {
            double a = first + k * each;
            left.add(a + 0.6, a + 1.6, W + 0.05, 0.45, -0.15).add(a + 2.1, a + each + 0.2, W, 0, 0);
        }
        return build("throw", first + throwsN * each + 1.2, (t, p) -> {
            stand(p, t, 3.7);
            left.apply(t, p, 0);
            p.ankle[1] = new Vec3(-W, DemoCharacter.ANKLE_HEIGHT, 0);
            p.planted[1] = true;
            p.footYaw[1] = -0.3;
            int k = (int) Math.floor((t - first) / each);
            double a = t - first - k * each;
            if (k < 0 || k >= throwsN) return;
            double wind = new Keys(0.2, 0, 0.9, 1, 1.15, 1, 1.32, 0).at(a) * (a < 1.32 ? 1 : 0);
            double whip = new Keys(1.15, 0, 1.32, 1, 1.6, 1, 2.3, 0).at(a);
            p.z = 0.22 * new Keys(0.5, 0, 1.2, 0.4, 1.5, 1, 2.1, 1, 2.5, 0).at(a);
            p.x = 0.03 * whip;
            p.yaw = -0.45 * wind + 0.4 * whip;
            p.spineTwist = -0.5 * wind + 0.6 * whip;
            p.spineBend = -0.15 * wind + 0.45 * whip;
            p.spineSide = 0.2 * wind - 0.15 * whip;
            p.headYaw = 0.4 * wind - 0.4 * whip;
            p.abduct[1] = (8 + 100 * wind + 60 * whip * (1 - Keys.smooth((a - 1.6) / 0.5))) * D;
            p.flex[1] = -1.1 * wind + 1.4 * whip;
            p.elbow[1] = 0.2 + 1.7 * wind + 0.2 * whip;
            p.abduct[0] = (8 + 60 * wind) * D;
            p.flex[0] = 1.2 * wind - 0.5 * whip;
            p.elbow[0] = 0.2 + 0.5 * wind;
        });
    }

    // ---------------------------------------------------------------- vigorous

    /** Two standing back tucks: crouch, arm swing, a full backward somersault in the air, land, stand up. */
    public static Motion backflip() {
        double first = 1.0, each = 3.4, prep = 0.6, push = 0.18, flight = 0.66, absorb = 0.3;
        int flips = 2;
        Footsteps[] feet = {new Footsteps(0), new Footsteps(0)};
        double back = -0.35;
        for (int s = 0; s < 2; s++) {
            double sign = s == 0 ? 1 : -1;
            feet[s].add(0, first + prep + push, sign * W, 0, 0);
            for (int k = 0; k < flips; k++) {
                double land = first + k * each + prep + push + flight;
                double end = k == flips - 1 ? 99 : first + (k + 1) * each + prep + push;
                feet[s].add(land, end, sign * W, back * (k + 1), 0);
            }
        }
        return build("backflip", first + flips * each + 0.8, (t, p) -> {
            stand(p, t, 4.4);
            int k = Math.max(0, Math.min(flips - 1, (int) Math.floor((t - first + 0.3) / each)));
            double a = t - first - k * each, takeoff = prep + push, land = takeoff + flight;
            double z0 = back * k, z1 = back * (k + 1);
            for (int s = 0; s < 2; s++) feet[s].apply(t, p, s);
            double h = new Keys(0, 0.955, prep, 0.68, takeoff, 0.98).at(a);
            p.z = z0;
            if (a > takeoff && a < land) {
                double s = (a - takeoff) / flight;
                h = 0.98 + 9.81 * flight * flight / 2 * s * (1 - s);
                double rot = Keys.smooth(s);
                p.pitch = -2 * Math.PI * rot;
                p.z = z0 + (z1 - z0) * s;
                double tuck = Math.sin(Math.PI * Math.min(1, s * 1.15));
                // tucked legs in the body frame: hip flexion then knee flexion
                for (int side = 0; side < 2; side++) {
                    double hf = 2.0 * tuck, kf = 2.2 * tuck;
                    Vec3 hipL = new Vec3((side == 0 ? 1 : -1) * 0.09, -0.06, 0);
                    Vec3 knee = hipL.add(new Vec3(0, -Math.cos(hf), Math.sin(hf)).scale(DemoCharacter.THIGH));
                    Vec3 ank = knee.add(new Vec3(0, -Math.cos(hf - kf), Math.sin(hf - kf)).scale(DemoCharacter.SHIN));
                    Vec3 w = org.clothgraph.motion.Quat.rotX(p.pitch).rotate(ank);
                    p.ankle[side] = new Vec3(p.x + w.x(), h + w.y(), p.z + w.z());
                    p.planted[side] = false;
                    p.footPitch[side] = p.pitch;
                }
                p.spineBend = 0.5 * tuck;
                p.headPitch = 0.3 * tuck;
                double late = Keys.smooth((s - 0.4) / 0.6);
                p.flex[0] = p.flex[1] = (2.8 - 1.6 * tuck) * (1 - late) + 1.2 * late;
                p.elbow[0] = p.elbow[1] = 0.3 + 1.2 * tuck;
                p.airborne = true;
            } else if (a >= land) {
                p.z = z1;
                h = new Keys(land, 0.98, land + absorb, 0.70, land + absorb + 0.7, 0.955).at(a);
                double c = (0.955 - Math.min(0.955, h)) / 0.27;
                p.pitch = 0.35 * c;
                p.spineBend = 0.3 * c;
                p.flex[0] = p.flex[1] = new Keys(land, 1.2, land + absorb, 0.9, land + absorb + 0.7, 0).at(a);
            } else {
                double c = (0.955 - Math.min(0.955, h)) / 0.27;
                p.pitch = 0.3 * c;
                p.spineBend = 0.35 * c;
                p.flex[0] = p.flex[1] = new Keys(0, 0, prep, -1.0, takeoff, 2.8).at(a);
            }
            p.y = h;
        });
    }
}
