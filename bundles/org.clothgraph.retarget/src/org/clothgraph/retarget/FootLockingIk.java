package org.clothgraph.retarget;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;

/**
 * The IK foot-locking baseline: copy rotations, then per leg a two-bone IK (hip and knee, the knee staying in the
 * plane it bends in) that holds the ankle where it was when the foot came into contact, for as long as the foot is in
 * contact (ClothGraph's contact definition on the copied clip, either point of the foot), blended in and out over
 * {@link #BLEND} frames, and lifts the ankle wherever a foot point would be below the ground. The foot keeps its world
 * orientation from the copy.
 */
public final class FootLockingIk {
    static final int BLEND = 6;

    private FootLockingIk() {
    }

    public static Motion retarget(Motion source, Skeleton target) {
        Motion copy = CopyRotations.retarget(source, target);
        FootPoints feet = FootPoints.of(target);
        Vec3[][] fp = FootContactMeasure.positions(copy, feet);
        boolean[][] contact = FootContactMeasure.contacts(fp, feet, copy.fps());
        int n = copy.frameCount();
        Motion.Builder b = new Motion.Builder(copy.name(), target, copy.fps(), n);
        for (int f = 0; f < n; f++) {
            b.setRoot(f, copy.rootPosition(f));
            for (int j = 0; j < target.size(); j++) b.setRotation(f, j, copy.rotation(f, j));
        }
        Vec3[][] world = new Vec3[n][];
        Quat[][] rot = new Quat[n][];
        for (int f = 0; f < n; f++) {
            world[f] = copy.worldPositions(f);
            rot[f] = copy.worldRotations(f);
        }
        for (String side : new String[] {"Left", "Right"}) {
            int up = target.indexOf(side + "UpLeg"), knee = target.indexOf(side + "Leg"), ankle = target.indexOf(side + "Foot");
            int[] pts = new int[2];
            int k = 0;
            for (int i = 0; i < feet.points().size(); i++) if (feet.points().get(i).name().startsWith(side)) pts[k++] = i;
            double ankleLift = feet.points().get(pts[0]).lift();
            boolean[] c = new boolean[n];
            for (int f = 0; f < n; f++) c[f] = contact[f][pts[0]] || contact[f][pts[1]];
            // locked ankle position per frame (null: free) and the blend weight towards it
            Vec3[] lock = new Vec3[n];
            for (int f = 0; f < n; f++) {
                if (!c[f]) continue;
                if (f > 0 && c[f - 1]) {
                    lock[f] = lock[f - 1];
                } else {
                    Vec3 a = world[f][ankle];
                    lock[f] = new Vec3(a.x(), Math.max(a.y(), ankleLift), a.z());
                }
            }
            for (int f = 0; f < n; f++) {
                Vec3 free = world[f][ankle];
                Vec3 goal = free;
                double weight = 0;
                Vec3 anchor = null;
                for (int d = 0; d <= BLEND && anchor == null; d++) {
                    if (f - d >= 0 && lock[f - d] != null) anchor = lock[f - d];
                    else if (f + d < n && lock[f + d] != null) anchor = lock[f + d];
                    if (anchor != null) weight = 1 - d / (double) (BLEND + 1);
                }
                if (anchor != null) goal = free.lerp(anchor, weight);
                // lift the ankle so that no point of this foot is below the ground (the foot keeps its orientation)
                double below = 0;
                for (int p : pts) below = Math.max(below, feet.points().get(p).lift() - (fp[f][p].y() + goal.y() - free.y()));
                if (below > 0) goal = goal.add(new Vec3(0, below, 0));
                if (goal.distance(free) < 1e-9) continue;
                solve(target, b, rot[f], world[f], f, up, knee, ankle, goal);
            }
        }
        return b.build();
    }

    /** Two-bone IK of hip (up), knee and ankle towards goal; writes the three local rotations of frame f. */
    static void solve(Skeleton s, Motion.Builder b, Quat[] q, Vec3[] p, int f, int up, int knee, int ankle, Vec3 goal) {
        Vec3 h = p[up], kp = p[knee], a = p[ankle];
        double la = kp.distance(h), lb = a.distance(kp);
        Vec3 dv = goal.sub(h);
        double dist = dv.length();
        if (dist < 1e-9 || la < 1e-9 || lb < 1e-9) return;
        Vec3 u = dv.scale(1 / dist);
        double d = Math.max(Math.abs(la - lb) + 1e-4, Math.min(la + lb - 1e-4, dist));
        Vec3 bend = kp.sub(h);
        Vec3 perp = bend.sub(u.scale(bend.dot(u)));
        if (perp.length() < 1e-6) perp = q[0].rotate(new Vec3(0, 0, 1)).sub(u.scale(q[0].rotate(new Vec3(0, 0, 1)).dot(u)));
        Vec3 v = perp.normalized();
        double cos = Math.max(-1, Math.min(1, (la * la + d * d - lb * lb) / (2 * la * d)));
        double sin = Math.sqrt(1 - cos * cos);
        Vec3 knee2 = h.add(u.scale(la * cos).add(v.scale(la * sin)));
        Vec3 ankle2 = h.add(u.scale(d));
        Quat d1 = Quat.between(kp.sub(h), knee2.sub(h));
        Quat upW = d1.mul(q[up]);
        Quat d2 = Quat.between(d1.rotate(a.sub(kp)), ankle2.sub(knee2));
        Quat kneeW = d2.mul(d1).mul(q[knee]);
        b.setRotation(f, up, q[s.parent(up)].conj().mul(upW));
        b.setRotation(f, knee, upW.conj().mul(kneeW));
        b.setRotation(f, ankle, kneeW.conj().mul(q[ankle]));
    }
}
