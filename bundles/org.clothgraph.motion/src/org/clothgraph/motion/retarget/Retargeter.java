package org.clothgraph.motion.retarget;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;

/**
 * Transfers a clip onto another skeleton. World rotations are copied joint by joint through the JointMap, each
 * corrected by a fixed rest-pose alignment A_j (target rest bone direction onto source rest bone direction, after
 * aligning the characters' facing), so differing rest poses (A-pose vs T-pose, +X vs +Z facing) cancel out.
 * Root translation (the mapped pelvis's world position, so an extra root above the hips is allowed) is scaled by the
 * ratio of rest hip heights (leg length).
 */
public final class Retargeter {
    private final Skeleton source, target;
    private final int[] srcOf;  // target joint -> source joint or -1
    private final Quat[] align; // target joint -> A_j
    private final double scale;

    public Retargeter(Skeleton source, Skeleton target, JointMap map) {
        this.source = source;
        this.target = target;
        srcOf = new int[target.size()];
        java.util.Arrays.fill(srcOf, -1);
        for (int s = 0; s < source.size(); s++) {
            String t = map.target(source.name(s));
            int ti = t == null ? -1 : target.indexOf(t);
            if (ti >= 0 && srcOf[ti] < 0) srcOf[ti] = s;
        }
        if (srcOf[0] < 0) srcOf[0] = 0; // roots always correspond
        Vec3[] sp = source.restPositions(), tp = target.restPositions();
        Quat facing = Quat.between(forward(target, tp), forward(source, sp));
        align = new Quat[target.size()];
        for (int j = 0; j < target.size(); j++) {
            align[j] = facing;
            if (j == 0 || srcOf[j] < 0) continue;
            Vec3 dt = boneDirection(target, tp, j, true), ds = boneDirection(source, sp, srcOf[j], false);
            if (dt != null && ds != null) align[j] = Quat.between(facing.rotate(dt), ds).mul(facing);
        }
        double hs = heightAboveGround(source, srcOf[0]), ht = target.restRootHeight();
        scale = hs > 1e-6 && ht > 1e-6 ? ht / hs : 1;
    }

    /** Fraction of the target's joints that receive a source rotation. */
    public double coverage() {
        int n = 0;
        for (int s : srcOf) if (s >= 0) n++;
        return n / (double) target.size();
    }

    public double translationScale() { return scale; }

    public Motion retarget(Motion m) {
        if (m.skeleton() != source) throw new IllegalArgumentException("motion is not on the source skeleton");
        Motion.Builder b = new Motion.Builder(m.name(), target, m.fps(), m.frameCount());
        Quat[] gt = new Quat[target.size()];
        for (int f = 0; f < m.frameCount(); f++) {
            Quat[] gs = m.worldRotations(f);
            for (int j = 0; j < target.size(); j++) {
                int p = target.parent(j);
                gt[j] = srcOf[j] >= 0 ? gs[srcOf[j]].mul(align[j]) : gt[p];
                b.setRotation(f, j, j == 0 ? gt[0] : gt[p].conj().mul(gt[j]));
            }
            // an extra root above the hips (at the ground, say): the mapped pelvis's world position moves the character
            Vec3 root = srcOf[0] == 0 ? m.rootPosition(f) : m.worldPositions(f)[srcOf[0]];
            b.setRoot(f, root.scale(scale));
        }
        return b.build();
    }

    /** Rest height of joint j above the skeleton's lowest joint or end site: the leg length of the pelvis. */
    private static double heightAboveGround(Skeleton s, int j) {
        Vec3[] p = s.restPositions(), e = s.restEndSites();
        double lo = Double.MAX_VALUE;
        for (int i = 0; i < s.size(); i++) {
            lo = Math.min(lo, p[i].y());
            if (e[i] != null) lo = Math.min(lo, e[i].y());
        }
        return p[j].y() - lo;
    }

    /** Character forward in the rest pose = up x (right hip - left hip); falls back to +Z. */
    private Vec3 forward(Skeleton s, Vec3[] p) {
        Vec3 l = null, r = null;
        for (int j = 0; j < s.size(); j++) {
            String t = s == target ? s.name(j) : mappedName(s.name(j));
            if ("LeftUpLeg".equals(t)) l = p[j];
            if ("RightUpLeg".equals(t)) r = p[j];
        }
        if (l == null || r == null) return new Vec3(0, 0, 1);
        Vec3 f = new Vec3(0, 1, 0).cross(r.sub(l));
        f = new Vec3(f.x(), 0, f.z());
        return f.length() < 1e-9 ? new Vec3(0, 0, 1) : f.normalized();
    }

    private String mappedName(String sourceName) {
        for (int t = 0; t < target.size(); t++) if (srcOf[t] >= 0 && source.name(srcOf[t]).equals(sourceName)) return target.name(t);
        return null;
    }

    /**
     * Rest direction of the bone leaving joint j: towards the mapped descendant that best continues the chain
     * (for the target) or towards the source joint matched to that descendant, else the first child/end site.
     */
    private Vec3 boneDirection(Skeleton s, Vec3[] p, int j, boolean isTarget) {
        int tj = isTarget ? j : indexInTarget(j);
        int best = -1;
        double bestScore = -2;
        Vec3 chain = target.offset(tj).normalized();
        for (int d = tj + 1; d < target.size(); d++) {
            if (srcOf[d] < 0 || !isDescendant(target, d, tj) || !isDescendant(source, srcOf[d], srcOf[tj])) continue;
            Vec3 dir = target.restPositions()[d].sub(target.restPositions()[tj]);
            if (dir.length() < 1e-6) continue;
            double score = dir.normalized().dot(chain) - 0.01 * depth(target, d, tj);
            if (score > bestScore) { bestScore = score; best = d; }
        }
        if (best >= 0) {
            int other = isTarget ? best : srcOf[best];
            Vec3 v = p[other].sub(p[j]);
            if (v.length() > 1e-6) return v.normalized();
        }
        int[] ch = s.children(j);
        for (int c : ch) if (s.offset(c).length() > 1e-6) return s.offset(c).normalized();
        Vec3 e = s.joint(j).endSite();
        return e != null && e.length() > 1e-6 ? e.normalized() : null;
    }

    private int indexInTarget(int sourceJoint) {
        for (int t = 0; t < target.size(); t++) if (srcOf[t] == sourceJoint) return t;
        return 0;
    }

    private static boolean isDescendant(Skeleton s, int d, int a) {
        for (int x = d; x >= 0; x = s.parent(x)) if (x == a) return x != d;
        return false;
    }

    private static int depth(Skeleton s, int d, int a) {
        int n = 0;
        for (int x = d; x != a && x >= 0; x = s.parent(x)) n++;
        return n;
    }
}
