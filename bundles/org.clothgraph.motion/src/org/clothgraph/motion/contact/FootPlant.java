package org.clothgraph.motion.contact;

import java.util.List;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;

/**
 * Foot-contact constraints during a blended transition (Kovar, Gleicher and Pighin 2002, section 3.3: a blended frame is
 * constrained when either of the frames it mixes is; the constraint is then met by inverse kinematics). A foot is
 * constrained in blended frame p when one of its contact points is in contact ({@link FootContact}) in the source clip's
 * frame or in the aligned target clip's frame that p mixes. During a constrained run of frames the ankle is held at
 * one place on the ground plane: where the source clip had it just before the blend when the run starts the blend
 * and the foot was planted there, else where the blend puts it at the run's first frame; a run reaching the end of
 * the blend moves, eased like the blend, to where the target frame has it, since the blend must end exactly on the
 * target frame. The leg (UpLeg, Leg) is turned by two-bone inverse kinematics in the plane of its knee, the foot
 * keeps its world orientation, the height follows the blend.
 */
public final class FootPlant {
    /** Frames over which a released foot's correction fades after a constrained run that ends inside the blend. */
    static final int EASE_OUT = 3;

    private FootPlant() {}

    /**
     * The blend with its feet planted.
     *
     * @param blend the k blended frames (in the source clip's coordinates)
     * @param before the source clip's frame before the blend, and its neighbour before it, as point positions
     *        (see {@link FootContact#positions}); contacts are judged on [before2, before, blended sources ...]
     * @param sourceContact [p][point] contact of the source frame mixed into blended frame p
     * @param targetContact [p][point] contact of the aligned target frame mixed into blended frame p
     * @param beforeContact contact of each point in the frame before the blend
     * @param beforeAnkles world ankle positions (Left, Right) in the frame before the blend
     */
    public static Motion enforce(Motion blend, boolean[][] sourceContact, boolean[][] targetContact, boolean[] beforeContact,
            Vec3[] beforeAnkles) {
        Skeleton s = blend.skeleton();
        List<FootContact.Point> points = FootContact.points(s);
        int k = blend.frameCount();
        Motion.Builder out = copy(blend);
        boolean changed = false;
        for (int side = 0; side < 2; side++) {
            String name = side == 0 ? "Left" : "Right";
            int hip = s.indexOf(name + "UpLeg"), knee = s.indexOf(name + "Leg"), ankle = s.indexOf(name + "Foot");
            if (hip < 0 || knee < 0 || ankle < 0 || s.parent(ankle) != knee || s.parent(knee) != hip) continue;
            boolean[] constrained = new boolean[k];
            boolean plantedBefore = false;
            for (int i = 0; i < points.size(); i++) {
                if (!points.get(i).name().startsWith(name)) continue;
                plantedBefore |= beforeContact[i];
                for (int p = 0; p < k; p++) constrained[p] |= sourceContact[p][i] || targetContact[p][i];
            }
            Vec3[] blendAnkle = new Vec3[k];
            for (int p = 0; p < k; p++) blendAnkle[p] = blend.worldPositions(p)[ankle];
            // the horizontal correction of the ankle per frame; a run that ends before the blend does lets its last
            // correction go over the next EASE_OUT frames (the foot is lifting), never past the next run or the end
            Vec3[] correction = new Vec3[k];
            for (int p0 = 0; p0 < k; ) {
                if (!constrained[p0]) { p0++; continue; }
                int p1 = p0;
                while (p1 + 1 < k && constrained[p1 + 1]) p1++;
                Vec3 anchor = p0 == 0 && plantedBefore ? beforeAnkles[side] : blendAnkle[p0];
                Vec3 end = blendAnkle[k - 1];
                for (int p = p0; p <= p1; p++) {
                    Vec3 hold = anchor;
                    if (p1 == k - 1 && p1 > p0) {
                        // ease from the anchor to the target frame's ankle, as the blend eases between the clips
                        double q = (p - p0) / (double) (p1 - p0), w = 3 * q * q - 2 * q * q * q;
                        hold = anchor.lerp(end, w);
                    } else if (p1 == k - 1) {
                        hold = end;
                    }
                    correction[p] = new Vec3(hold.x() - blendAnkle[p].x(), 0, hold.z() - blendAnkle[p].z());
                }
                if (p1 < k - 1) {
                    int next = p1 + 1;
                    while (next < k - 1 && !constrained[next]) next++;
                    int span = Math.min(EASE_OUT, next - p1 - 1);
                    for (int i = 1; i <= span; i++) {
                        double q = i / (double) (span + 1), w = 1 - (3 * q * q - 2 * q * q * q);
                        correction[p1 + i] = correction[p1].scale(w);
                    }
                }
                p0 = p1 + 1;
            }
            for (int p = 0; p < k; p++) {
                if (correction[p] == null || correction[p].length() < 1e-6) continue;
                solveLeg(out, blend, p, hip, knee, ankle, blendAnkle[p].add(correction[p]));
                changed = true;
            }
        }
        return changed ? out.build() : blend;
    }

    /** Two-bone inverse kinematics: turns hip and knee so the ankle reaches the target; the foot keeps its world turn. */
    static void solveLeg(Motion.Builder out, Motion blend, int f, int hip, int knee, int ankle, Vec3 target) {
        Skeleton s = blend.skeleton();
        Vec3[] w = blend.worldPositions(f);
        Quat[] wr = blend.worldRotations(f);
        Vec3 h = w[hip], kn = w[knee], a = w[ankle];
        double l1 = kn.distance(h), l2 = a.distance(kn);
        Vec3 toTarget = target.sub(h);
        double d = Math.max(Math.abs(l1 - l2) + 1e-6, Math.min(l1 + l2 - 1e-6, toTarget.length()));
        Vec3 dir = toTarget.normalized();
        // the knee stays in the plane of hip, target and the present knee
        Vec3 pole = kn.sub(h).sub(dir.scale(kn.sub(h).dot(dir)));
        if (pole.length() < 1e-9) pole = new Vec3(0, 0, 1).sub(dir.scale(dir.z()));
        pole = pole.normalized();
        double x = (l1 * l1 - l2 * l2 + d * d) / (2 * d), y = Math.sqrt(Math.max(0, l1 * l1 - x * x));
        Vec3 newKnee = h.add(dir.scale(x)).add(pole.scale(y)), newAnkle = h.add(dir.scale(d));
        Quat turnHip = Quat.between(kn.sub(h).normalized(), newKnee.sub(h).normalized());
        Quat hipWorld = turnHip.mul(wr[hip]);
        Vec3 shin = turnHip.rotate(a.sub(kn)).normalized();
        Quat turnKnee = Quat.between(shin, newAnkle.sub(newKnee).normalized());
        Quat kneeWorld = turnKnee.mul(turnHip).mul(wr[knee]);
        Quat parentWorld = wr[s.parent(hip)];
        out.setRotation(f, hip, parentWorld.conj().mul(hipWorld).normalized());
        out.setRotation(f, knee, hipWorld.conj().mul(kneeWorld).normalized());
        out.setRotation(f, ankle, kneeWorld.conj().mul(wr[ankle]).normalized());
    }

    private static Motion.Builder copy(Motion m) {
        Skeleton s = m.skeleton();
        Motion.Builder b = new Motion.Builder(m.name(), s, m.fps(), m.frameCount());
        for (int f = 0; f < m.frameCount(); f++) {
            b.setRoot(f, m.rootPosition(f));
            for (int j = 0; j < s.size(); j++) {
                b.setRotation(f, j, m.rotation(f, j));
                if (j > 0 && s.joint(j).hasPositionChannels()) b.setTranslation(f, j, m.localTranslation(f, j));
            }
        }
        return b;
    }
}
