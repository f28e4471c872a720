package org.clothgraph.retarget;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.demo.DemoCharacter;
import org.clothgraph.motion.retarget.JointMap;
import org.clothgraph.motion.retarget.Retargeter;

/**
 * The reduced joint set the network works on: the 22 joints of the project's character (Hips, three spine joints,
 * neck, head, and per side shoulder, arm, forearm, hand, up-leg, leg, foot, toe), in its order, with its rest
 * directions (T-pose, Y up, facing +Z). A skeleton of any performer or character is brought onto this topology
 * with its own bone lengths ({@link #of}); two canonical skeletons then differ only in their 21 bone lengths, the
 * skeleton encoding the network is given.
 */
public final class CanonicalSkeleton {
    /** The character's joints; the network's joint order. */
    public static final List<String> JOINTS = DemoCharacter.skeleton().names();
    public static final int JOINT_COUNT = JOINTS.size();
    /** One bone per non-root joint: the offset from its parent. */
    public static final int BONE_COUNT = JOINT_COUNT - 1;

    private CanonicalSkeleton() {
    }

    /** True when the skeleton has the canonical joints in the canonical order. */
    public static boolean isCanonical(Skeleton s) {
        return s.names().equals(JOINTS);
    }

    /** The skeleton encoding: length of each bone in metres (offset of joints 1..21). */
    public static float[] boneLengths(Skeleton s) {
        requireCanonical(s);
        float[] b = new float[BONE_COUNT];
        for (int j = 1; j < JOINT_COUNT; j++) b[j - 1] = (float) s.offset(j).length();
        return b;
    }

    /**
     * The canonical skeleton with the proportions of {@code source}: each bone points where the character's does and
     * is as long as the distance between the two source joints the map relates to its ends (joints in between, such
     * as CMU's upper neck or hip joint, are folded into it). End sites are the character's scaled by the ratio of
     * leg lengths.
     */
    public static Skeleton of(Skeleton source, JointMap map, String what) {
        Skeleton demo = DemoCharacter.skeleton();
        int[] src = new int[JOINT_COUNT];
        java.util.Arrays.fill(src, -1);
        for (int s = 0; s < source.size(); s++) {
            String t = map.target(source.name(s));
            int ti = t == null ? -1 : demo.indexOf(t);
            if (ti >= 0 && src[ti] < 0) src[ti] = s;
        }
        src[0] = 0;
        List<String> missing = new ArrayList<>();
        for (int j = 0; j < JOINT_COUNT; j++) if (src[j] < 0) missing.add(JOINTS.get(j));
        if (!missing.isEmpty()) {
            throw new InvalidInputException(what, "joint map '" + map.name() + "'",
                    "learned retargeting needs all 22 joints of the character; missing " + String.join(", ", missing));
        }
        Vec3[] p = source.restPositions();
        double legRatio = source.restRootHeight() / demo.restRootHeight();
        List<Skeleton.Joint> out = new ArrayList<>();
        for (int j = 0; j < JOINT_COUNT; j++) {
            Skeleton.Joint d = demo.joint(j);
            Vec3 offset = d.offset();
            if (j > 0) {
                double len = p[src[j]].sub(p[src[demo.parent(j)]]).length();
                offset = d.offset().normalized().scale(len);
            }
            out.add(new Skeleton.Joint(d.name(), d.parent(), offset, d.channels(),
                    d.endSite() == null ? null : d.endSite().scale(legRatio)));
        }
        return new Skeleton(out);
    }

    /** A clip of any mapped skeleton as a clip on its canonical skeleton (joint rotations copied through the map). */
    public static Motion motionOn(Motion m, Skeleton canonical, JointMap map) {
        return new Retargeter(m.skeleton(), canonical, map).retarget(m);
    }

    /**
     * The canonical skeleton with bones scaled by group: legs (thigh, shin), arms (upper arm, forearm, hand),
     * feet (foot, toe), trunk (spine, neck, shoulders, hips), head (head bone and its end site).
     */
    public static Skeleton rescaled(Skeleton s, double legs, double arms, double feet, double trunk, double head) {
        requireCanonical(s);
        List<Skeleton.Joint> out = new ArrayList<>();
        for (int j = 0; j < s.size(); j++) {
            Skeleton.Joint d = s.joint(j);
            String n = d.name();
            double k = n.endsWith("UpLeg") ? trunk
                    : n.endsWith("Leg") ? legs
                    : n.endsWith("Foot") ? legs
                    : n.endsWith("ToeBase") ? feet
                    : n.endsWith("ForeArm") || n.endsWith("Hand") ? arms
                    : n.equals("Head") ? head
                    : trunk;
            // the offset of joint j is the bone from its parent: Foot's offset is the shin, ToeBase's the foot
            double endK = n.endsWith("Hand") ? arms : n.endsWith("ToeBase") ? feet : n.equals("Head") ? head : 1;
            out.add(new Skeleton.Joint(n, d.parent(), j == 0 ? d.offset().scale(legs) : d.offset().scale(k),
                    d.channels(), d.endSite() == null ? null : d.endSite().scale(endK)));
        }
        return new Skeleton(out);
    }

    /**
     * The retargeting targets of the acceptance: the project's demo character and three skeletons made from it by
     * rescaling bones (legs -20 %, arms +15 %, a child's proportions: about a 7-year-old, 1.2 m).
     */
    public static Map<String, Skeleton> targets() {
        Skeleton demo = DemoCharacter.skeleton();
        Map<String, Skeleton> t = new LinkedHashMap<>();
        t.put("demo", demo);
        t.put("legs-20", rescaled(demo, 0.8, 1, 1, 1, 1));
        t.put("arms+15", rescaled(demo, 1, 1.15, 1, 1, 1));
        t.put("child", rescaled(demo, 0.62, 0.66, 0.68, 0.72, 0.9));
        return t;
    }

    /** A named target, or bad input naming the choices. */
    public static Skeleton target(String name) {
        Skeleton s = targets().get(name);
        if (s == null) {
            throw new InvalidInputException("--target", null, "unknown target '" + name + "' (one of "
                    + String.join(", ", targets().keySet()) + ")");
        }
        return s;
    }

    static void requireCanonical(Skeleton s) {
        if (!isCanonical(s)) throw new IllegalArgumentException("not a canonical 22-joint skeleton: " + s.names());
    }
}
