package org.clothgraph.sim.body;

import java.util.ArrayList;
import java.util.List;

/**
 * A simple 1.75 m humanoid made of 18 capsules (Y up, facing +Z, feet at y = 0, arms in an A-pose 50
 * degrees below horizontal) driven by a tiny built-in forward kinematics, with procedural motions for
 * tests, demos and benchmarks. Independent of the skeleton bundle.
 */
public final class ProceduralBody {

    /** Built-in motions. All start exactly in the rest A-pose at t = 0 (so a drape at t = 0 fits). */
    public enum Motion {
        /** Standing still in the A-pose. */
        STAND,
        /** Walking forward (+Z) at 1.1 m/s, 1 s gait cycle, arms swinging; ramps in over 0.6 s. */
        WALK,
        /** Pirouette: yaw spin ramping up to 3 turns per second within 0.5 s, head thrown back. */
        SPIN,
        /** Crouch, jump, back flip (one full turn about X) with a 1.5-turn twist, land, spin out and stop by 1.6 s. */
        SPIN_FLIP,
        /** Deep fast bow (0.3 s), then whips up and back-bends with the head thrown back, a jump and a half turn. */
        HEAD_WHIP
    }

    // joints
    private static final int ROOT = 0, SPINE = 1, NECK = 2, SH_L = 3, EL_L = 4, SH_R = 5, EL_R = 6, HIP_L = 7,
            KNEE_L = 8, HIP_R = 9, KNEE_R = 10, JOINTS = 11;
    private static final int[] PARENT = {-1, ROOT, SPINE, SPINE, SH_L, SPINE, SH_R, ROOT, HIP_L, ROOT, HIP_R};
    private static final double ARM_DOWN = Math.toRadians(50);
    private static final double[][] PIVOT = new double[JOINTS][];
    private static final List<Object[]> CAPSULES = new ArrayList<>(); // name, joint, a, b, ra, rb

    static {
        double cx = Math.cos(ARM_DOWN), cy = -Math.sin(ARM_DOWN);
        double[] shL = {0.19, 1.42, 0}, elL = {0.19 + 0.28 * cx, 1.42 + 0.28 * cy, 0};
        double[] wrL = {elL[0] + 0.25 * cx, elL[1] + 0.25 * cy, 0}, haL = {wrL[0] + 0.09 * cx, wrL[1] + 0.09 * cy, 0};
        PIVOT[ROOT] = new double[] {0, 0.95, 0};
        PIVOT[SPINE] = new double[] {0, 1.0, 0};
        PIVOT[NECK] = new double[] {0, 1.46, 0};
        PIVOT[SH_L] = shL;
        PIVOT[EL_L] = elL;
        PIVOT[SH_R] = mirror(shL);
        PIVOT[EL_R] = mirror(elL);
        PIVOT[HIP_L] = new double[] {0.09, 0.92, 0};
        PIVOT[KNEE_L] = new double[] {0.095, 0.5, 0};
        PIVOT[HIP_R] = mirror(PIVOT[HIP_L]);
        PIVOT[KNEE_R] = mirror(PIVOT[KNEE_L]);
        cap("pelvis", ROOT, new double[] {-0.08, 0.93, 0}, new double[] {0.08, 0.93, 0}, 0.12, 0.12);
        cap("abdomen", SPINE, new double[] {0, 1.0, 0}, new double[] {0, 1.2, 0}, 0.125, 0.13);
        cap("chest", SPINE, new double[] {-0.06, 1.3, 0}, new double[] {0.06, 1.3, 0}, 0.13, 0.13);
        cap("shoulders", SPINE, new double[] {-0.16, 1.41, 0}, new double[] {0.16, 1.41, 0}, 0.06, 0.06);
        cap("neck", NECK, new double[] {0, 1.42, 0}, new double[] {0, 1.55, 0}, 0.05, 0.05);
        cap("head", NECK, new double[] {0, 1.60, 0.01}, new double[] {0, 1.66, 0.01}, 0.095, 0.095);
        cap("upperarm_l", SH_L, shL, elL, 0.05, 0.042);
        cap("forearm_l", EL_L, elL, wrL, 0.04, 0.033);
        cap("hand_l", EL_L, wrL, haL, 0.03, 0.03);
        cap("upperarm_r", SH_R, mirror(shL), mirror(elL), 0.05, 0.042);
        cap("forearm_r", EL_R, mirror(elL), mirror(wrL), 0.04, 0.033);
        cap("hand_r", EL_R, mirror(wrL), mirror(haL), 0.03, 0.03);
        double[] ankL = {0.095, 0.08, 0}, toeL = {0.095, 0.035, 0.15};
        cap("thigh_l", HIP_L, PIVOT[HIP_L], PIVOT[KNEE_L], 0.08, 0.055);
        cap("shin_l", KNEE_L, PIVOT[KNEE_L], ankL, 0.05, 0.04);
        cap("thigh_r", HIP_R, PIVOT[HIP_R], PIVOT[KNEE_R], 0.08, 0.055);
        cap("shin_r", KNEE_R, PIVOT[KNEE_R], mirror(ankL), 0.05, 0.04);
        cap("foot_l", KNEE_L, ankL, toeL, 0.04, 0.035);
        cap("foot_r", KNEE_R, mirror(ankL), mirror(toeL), 0.04, 0.035);
    }

    private ProceduralBody() {
    }

    private static void cap(String name, int joint, double[] a, double[] b, double ra, double rb) {
        CAPSULES.add(new Object[] {name, joint, a.clone(), b.clone(), ra, rb});
    }

    private static double[] mirror(double[] p) {
        return new double[] {-p[0], p[1], p[2]};
    }

    /** The rest A-pose. */
    public static Body restPose() {
        return pose(new double[3], identities());
    }

    /** A body motion for one of the built-in motions. */
    public static BodyMotion motion(Motion m) {
        return new BodyMotion() {
            @Override
            public Body poseAt(double t) {
                return ProceduralBody.poseAt(m, t);
            }

            @Override
            public Body bindPose() {
                return restPose();
            }

            @Override
            public String toString() {
                return "ProceduralBody." + m;
            }
        };
    }

    static Body poseAt(Motion m, double t) {
        double[][] r = identities();
        double[] root = new double[3];
        t = Math.max(0, t);
        switch (m) {
            case STAND -> {
            }
            case WALK -> {
                double amp = smooth(t / 0.6);
                double ph = 2 * Math.PI * t;
                double s = Math.sin(ph);
                r[HIP_L] = rotX(-0.45 * amp * s);
                r[HIP_R] = rotX(0.45 * amp * s);
                r[KNEE_L] = rotX(amp * (0.15 + 0.45 * Math.max(0, Math.sin(ph - 0.5 * Math.PI))));
                r[KNEE_R] = rotX(amp * (0.15 + 0.45 * Math.max(0, Math.sin(ph + 0.5 * Math.PI))));
                r[SH_L] = rotX(0.35 * amp * s);
                r[SH_R] = rotX(-0.35 * amp * s);
                r[EL_L] = rotX(-0.3 * amp);
                r[EL_R] = rotX(-0.3 * amp);
                r[ROOT] = rotY(0.06 * amp * s);
                r[SPINE] = rotY(-0.08 * amp * s);
                double speed = 1.1, ramp = 0.6;
                root[2] = speed * (t < ramp ? t * t * t / (ramp * ramp) - t * t * t * t / (2 * ramp * ramp * ramp)
                        : t - ramp / 2);
                root[1] = -0.03 * amp * (0.5 - 0.5 * Math.cos(2 * ph));
            }
            case SPIN -> {
                double ramp = 0.5, w = 3 * 2 * Math.PI; // rad/s
                double ang = t < ramp ? w * (t * t * t / (ramp * ramp) - t * t * t * t / (2 * ramp * ramp * ramp))
                        : w * (t - ramp / 2);
                r[ROOT] = rotY(ang);
                double a = smooth(t / 0.3);
                r[NECK] = rotX(-0.7 * a);
                r[SH_L] = rotZ(0.9 * a);
                r[SH_R] = rotZ(-0.9 * a);
                r[SPINE] = rotX(-0.2 * a);
            }
            case SPIN_FLIP -> {
                double crouch = smooth(t / 0.3) * (1 - smooth((t - 0.3) / 0.12));
                double f = smooth((t - 0.4) / 0.7); // flip progress
                double air = t > 0.4 && t < 1.1 ? Math.sin(Math.PI * (t - 0.4) / 0.7) : 0;
                root[1] = -0.2 * crouch + 0.6 * air;
                // after landing the twist continues at 2.5 turns/s and decelerates to rest within 0.5 s
                double te = Math.min(Math.max(t - 1.1, 0), 0.5);
                double spin = t < 1.1 ? 3 * Math.PI * f : 3 * Math.PI + 5 * Math.PI * (te - te * te);
                r[ROOT] = mul(rotY(spin), rotX(-2 * Math.PI * f));
                double tuck = 1.4 * air;
                r[HIP_L] = rotX(-0.8 * crouch - tuck);
                r[HIP_R] = rotX(-0.8 * crouch - tuck);
                r[KNEE_L] = rotX(1.3 * crouch + 1.6 * air);
                r[KNEE_R] = rotX(1.3 * crouch + 1.6 * air);
                r[SPINE] = rotX(0.5 * crouch + 0.6 * air);
                double whip = smooth((t - 0.3) / 0.1) * (1 - smooth((t - 0.9) / 0.3));
                r[NECK] = rotX(-0.8 * whip);
                r[SH_L] = rotZ(1.2 * smooth((t - 0.3) / 0.1));
                r[SH_R] = rotZ(-1.2 * smooth((t - 0.3) / 0.1));
            }
            case HEAD_WHIP -> {
                double bow = smooth(t / 0.3) * (1 - smooth((t - 0.3) / 0.15));
                double back = smooth((t - 0.3) / 0.15) * (1 - smooth((t - 1.2) / 0.5));
                r[SPINE] = rotX(1.1 * bow - 0.5 * back);
                r[NECK] = rotX(0.6 * bow - 1.0 * back);
                double air = t > 0.3 && t < 0.7 ? Math.sin(Math.PI * (t - 0.3) / 0.4) : 0;
                root[1] = 0.35 * air;
                r[ROOT] = rotY(Math.PI * smooth((t - 0.3) / 0.4));
                r[SH_L] = rotZ(1.0 * back);
                r[SH_R] = rotZ(-1.0 * back);
            }
            default -> throw new IllegalArgumentException(String.valueOf(m));
        }
        return pose(root, r);
    }

    private static Body pose(double[] rootOffset, double[][] rot) {
        double[][] wr = new double[JOINTS][];
        double[][] wt = new double[JOINTS][];
        for (int j = 0; j < JOINTS; j++) {
            double[] p = PIVOT[j];
            double[] rp = apply(rot[j], p);
            double[] local = {p[0] - rp[0], p[1] - rp[1], p[2] - rp[2]};
            if (PARENT[j] < 0) {
                wr[j] = rot[j];
                wt[j] = new double[] {local[0] + rootOffset[0], local[1] + rootOffset[1], local[2] + rootOffset[2]};
            } else {
                int q = PARENT[j];
                wr[j] = mul(wr[q], rot[j]);
                double[] tl = apply(wr[q], local);
                wt[j] = new double[] {tl[0] + wt[q][0], tl[1] + wt[q][1], tl[2] + wt[q][2]};
            }
        }
        List<Capsule> caps = new ArrayList<>(CAPSULES.size());
        for (Object[] c : CAPSULES) {
            int j = (Integer) c[1];
            double[] a = apply(wr[j], (double[]) c[2]);
            double[] b = apply(wr[j], (double[]) c[3]);
            for (int k = 0; k < 3; k++) {
                a[k] += wt[j][k];
                b[k] += wt[j][k];
            }
            caps.add(Capsule.of((String) c[0], a, b, (Double) c[4], (Double) c[5]));
        }
        return new Body(caps);
    }

    private static double smooth(double x) {
        x = Math.max(0, Math.min(1, x));
        return x * x * (3 - 2 * x);
    }

    private static double[][] identities() {
        double[][] r = new double[JOINTS][];
        for (int j = 0; j < JOINTS; j++) {
            r[j] = new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1};
        }
        return r;
    }

    private static double[] rotX(double a) {
        double c = Math.cos(a), s = Math.sin(a);
        return new double[] {1, 0, 0, 0, c, -s, 0, s, c};
    }

    private static double[] rotY(double a) {
        double c = Math.cos(a), s = Math.sin(a);
        return new double[] {c, 0, s, 0, 1, 0, -s, 0, c};
    }

    private static double[] rotZ(double a) {
        double c = Math.cos(a), s = Math.sin(a);
        return new double[] {c, -s, 0, s, c, 0, 0, 0, 1};
    }

    private static double[] mul(double[] a, double[] b) {
        double[] r = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                r[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j];
            }
        }
        return r;
    }

    private static double[] apply(double[] m, double[] p) {
        return new double[] {m[0] * p[0] + m[1] * p[1] + m[2] * p[2], m[3] * p[0] + m[4] * p[1] + m[5] * p[2],
                m[6] * p[0] + m[7] * p[1] + m[8] * p[2]};
    }
}
