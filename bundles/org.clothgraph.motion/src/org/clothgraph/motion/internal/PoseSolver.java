package org.clothgraph.motion.internal;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.demo.DemoCharacter;

/** Turns PoseSpecs into demo-character frames: trunk/arm rotations directly, legs by analytic two-bone IK. */
public final class PoseSolver {
    private static final double L1 = DemoCharacter.THIGH, L2 = DemoCharacter.SHIN, REACH = 0.995 * (L1 + L2);
    private final Skeleton sk = DemoCharacter.skeleton();
    private final int hips = 0, spine = sk.indexOf("Spine"), spine1 = sk.indexOf("Spine1"), spine2 = sk.indexOf("Spine2"),
            neck = sk.indexOf("Neck"), head = sk.indexOf("Head");
    private final int[] shoulder = idx("Shoulder"), arm = idx("Arm"), fore = idx("ForeArm"), upLeg = idx("UpLeg"), leg = idx("Leg"),
            foot = idx("Foot");

    private int[] idx(String s) { return new int[] {sk.indexOf("Left" + s), sk.indexOf("Right" + s)}; }

    /** Highest root height that keeps the planted ankles reachable (infinite when no foot is planted). */
    public double reachBound(PoseSpec p) {
        Quat root = Quat.rotY(p.yaw).mul(Quat.rotX(p.pitch)).mul(Quat.rotZ(p.roll));
        double y = Double.POSITIVE_INFINITY;
        for (int s = 0; s < 2; s++) {
            if (!p.planted[s]) continue;
            Vec3 h = root.rotate(sk.offset(upLeg[s]));
            double dx = p.x + h.x() - p.ankle[s].x(), dz = p.z + h.z() - p.ankle[s].z();
            double v = Math.sqrt(Math.max(0, REACH * REACH - dx * dx - dz * dz));
            y = Math.min(y, p.ankle[s].y() + v - h.y());
        }
        return y;
    }

    /**
     * Root heights for a whole clip: each frame's designed height, lowered where planted ankles would be out of
     * reach. The reach bound is replaced by its lower envelope with a limited vertical speed, so the pelvis sinks
     * ahead of a long step instead of dropping within one frame (a one-frame drop is a jolt of several g).
     */
    public double[] rootHeights(PoseSpec[] specs, double maxStepPerFrame) {
        int n = specs.length;
        double[] e = new double[n];
        for (int f = 0; f < n; f++) {
            e[f] = reachBound(specs[f]);
            if (f > 0) e[f] = Math.min(e[f], e[f - 1] + maxStepPerFrame);
        }
        for (int f = n - 2; f >= 0; f--) e[f] = Math.min(e[f], e[f + 1] + maxStepPerFrame);
        double[] y = new double[n];
        for (int f = 0; f < n; f++) y[f] = Math.min(specs[f].y, e[f]);
        return y;
    }

    public void solve(PoseSpec p, Motion.Builder b, int f) {
        Quat root = Quat.rotY(p.yaw).mul(Quat.rotX(p.pitch)).mul(Quat.rotZ(p.roll));
        // highest root that keeps planted ankles reachable: this also produces the natural pelvis bob
        double y = Math.min(p.y, reachBound(p));
        b.setRoot(f, new Vec3(p.x, y, p.z));
        b.setRotation(f, hips, root);
        for (int j : new int[] {spine, spine1, spine2}) {
            b.setRotation(f, j, Quat.rotY(p.spineTwist / 3).mul(Quat.rotX(p.spineBend / 3)).mul(Quat.rotZ(p.spineSide / 3)));
        }
        b.setRotation(f, neck, Quat.rotX(p.headPitch / 2));
        b.setRotation(f, head, Quat.rotY(p.headYaw).mul(Quat.rotX(p.headPitch / 2)));
        for (int s = 0; s < 2; s++) {
            double sign = s == 0 ? 1 : -1;
            // arm down is Rz(-90) for the left arm (+X to -Y); flexion then swings it towards +Z
            // above the horizontal the shoulder rises by a tenth of the arm's elevation: the character's shoulders are
            // one straight capsule between the arm joints, whose middle at the neck a shrug lifts as much as its ends
            // (a quarter lifted it 4.5 mm into the head in the jumping jacks)
            b.setRotation(f, shoulder[s], Quat.rotZ(sign * Math.max(0, p.abduct[s] - Math.PI / 2) * 0.10));
            b.setRotation(f, arm[s], Quat.rotX(-p.flex[s]).mul(Quat.rotZ(sign * (p.abduct[s] - Math.PI / 2))));
            b.setRotation(f, fore[s], Quat.rotY(-sign * p.elbow[s]));
        }
        for (int s = 0; s < 2; s++) legIk(p, b, f, root, new Vec3(p.x, y, p.z), s);
    }

    private void legIk(PoseSpec p, Motion.Builder b, int f, Quat root, Vec3 rootPos, int s) {
        Vec3 hip = rootPos.add(root.rotate(sk.offset(upLeg[s])));
        Vec3 target = p.ankle[s];
        Vec3 d = target.sub(hip);
        double dist = Math.max(0.05, Math.min(REACH, d.length()));
        Vec3 u = d.length() < 1e-9 ? new Vec3(0, -1, 0) : d.normalized();
        // knees point where the body faces; a planted foot's heading also counts (pole flips are avoided in flips)
        Vec3 fwd = root.rotate(new Vec3(0, 0, 1));
        if (p.planted[s]) fwd = fwd.add(Quat.rotY(p.footYaw[s]).rotate(new Vec3(0, 0, 1))).normalized();
        Vec3 n = fwd.sub(u.scale(fwd.dot(u)));
        if (n.length() < 1e-6) n = root.rotate(new Vec3(0, 0, 1)).sub(u.scale(root.rotate(new Vec3(0, 0, 1)).dot(u)));
        n = n.normalized();
        double a = (L1 * L1 - L2 * L2 + dist * dist) / (2 * dist);
        double h = Math.sqrt(Math.max(0, L1 * L1 - a * a));
        Vec3 knee = hip.add(u.scale(a)).add(n.scale(h));
        Vec3 ankle = hip.add(u.scale(dist));
        Quat thigh = frame(knee.sub(hip), n), shin = frame(ankle.sub(knee), n);
        Quat footW = Quat.rotY(p.footYaw[s]).mul(Quat.rotX(p.footPitch[s]));
        b.setRotation(f, upLeg[s], root.conj().mul(thigh));
        b.setRotation(f, leg[s], thigh.conj().mul(shin));
        b.setRotation(f, foot[s], shin.conj().mul(footW));
    }

    /** World rotation taking the rest bone (-Y, forward +Z) onto direction dir with forward close to pole. */
    private static Quat frame(Vec3 dir, Vec3 pole) {
        Vec3 yAxis = dir.normalized().scale(-1);
        Vec3 zAxis = pole.sub(yAxis.scale(pole.dot(yAxis)));
        if (zAxis.length() < 1e-9) zAxis = new Vec3(0, 0, 1).sub(yAxis.scale(yAxis.z()));
        zAxis = zAxis.normalized();
        Vec3 xAxis = yAxis.cross(zAxis);
        return Quat.fromBasis(xAxis, yAxis, zAxis);
    }

    public static double ankleHeight() { return DemoCharacter.ANKLE_HEIGHT; }
}
