package org.clothgraph.cloth;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BoneRotation;
import org.clothgraph.sim.body.Capsule;

/**
 * The character's collision body: capsules attached to skeleton joints, named as the simulator's
 * garment fitter and hood classifier expect (pelvis, abdomen, chest, shoulders, neck, head, upperarm_l,
 * forearm_l, hand_l, thigh_l, shin_l, foot_l and the _r side). An end is a joint plus an offset in
 * that joint's frame, so capsules turn with their bones. Each capsule carries the world rotation of its bone (the
 * joint at its first end when the other end hangs below it, else the two ends' nearest common ancestor: the hips for
 * the pelvis between the legs, the chest joint for the shoulders between the arms), so its skinned surface turns with
 * the skeleton ({@link org.clothgraph.sim.body.SkinnedSurface}).
 */
public final class CharacterBody {
    /** One capsule: ends as (joint, local offset), radii at each end, the joint whose rotation turns it. */
    record Part(String name, int jointA, Vec3 offsetA, int jointB, Vec3 offsetB, double ra, double rb, int bone) {
    }

    private final Skeleton skeleton;
    private final List<Part> parts;

    private CharacterBody(Skeleton skeleton, List<Part> parts) {
        this.skeleton = skeleton;
        this.parts = List.copyOf(parts);
    }

    /** The body of a skeleton with conventional joint names (the demo character, Mixamo-like rigs). */
    public static CharacterBody of(Skeleton s) {
        List<Part> p = new ArrayList<>();
        Builder b = new Builder(s, p);
        // A slim pelvis: hanging forearms must not sit inside it, or cloth caught between the two is pinched.
        b.between("pelvis", "LeftUpLeg", "RightUpLeg", 0.095, 0.095);
        b.between("abdomen", "Hips", "Spine1", 0.125, 0.13);
        b.offsets("chest", "Spine2", new Vec3(-0.06, 0.0, 0), new Vec3(0.06, 0.0, 0), 0.13, 0.13);
        b.between("shoulders", "LeftArm", "RightArm", 0.06, 0.06);
        b.between("neck", "Neck", "Head", 0.05, 0.05);
        b.offsets("head", "Head", new Vec3(0, 0.05, 0.01), new Vec3(0, 0.09, 0.01), 0.095, 0.095);
        for (String side : new String[] { "Left", "Right" }) {
            String x = side.equals("Left") ? "_l" : "_r";
            b.between("upperarm" + x, side + "Arm", side + "ForeArm", 0.05, 0.042);
            b.between("forearm" + x, side + "ForeArm", side + "Hand", 0.04, 0.033);
            b.toEnd("hand" + x, side + "Hand", 0.6, 0.03, 0.03);
            b.between("thigh" + x, side + "UpLeg", side + "Leg", 0.08, 0.055);
            b.between("shin" + x, side + "Leg", side + "Foot", 0.05, 0.04);
            b.between("foot" + x, side + "Foot", side + "ToeBase", 0.04, 0.035);
        }
        if (p.size() < 10) {
            throw new IllegalArgumentException("the character skeleton lacks the joints of a humanoid body ("
                    + p.size() + " capsules)");
        }
        return new CharacterBody(s, p);
    }

    public int size() {
        return parts.size();
    }

    /** The skeleton the capsules are attached to. */
    public Skeleton skeleton() {
        return skeleton;
    }

    public String[] names() {
        return parts.stream().map(Part::name).toArray(String[]::new);
    }

    /**
     * The bind pose: the body in the fitting pose garments are made and draped in ({@link FittingPose#aPose}),
     * which the skinned body surface is generated from. Fixed per character.
     */
    public Body bindPose() {
        return pose(FittingPose.aPose(skeleton, 30), 0);
    }

    /** The posed body at one frame of a motion on this skeleton. */
    public Body pose(Motion m, int frame) {
        Vec3[] pos = m.worldPositions(frame);
        Quat[] rot = m.worldRotations(frame);
        List<Capsule> caps = new ArrayList<>(parts.size());
        for (Part part : parts) {
            Vec3 a = pos[part.jointA()].add(rot[part.jointA()].rotate(part.offsetA()));
            Vec3 b = pos[part.jointB()].add(rot[part.jointB()].rotate(part.offsetB()));
            Quat q = rot[part.bone()];
            caps.add(Capsule.of(part.name(), new double[] { a.x(), a.y(), a.z() }, new double[] { b.x(), b.y(), b.z() },
                    part.ra(), part.rb(), BoneRotation.of(q.w(), q.x(), q.y(), q.z())));
        }
        return new Body(caps);
    }

    private record Builder(Skeleton s, List<Part> out) {
        void between(String name, String a, String b, double ra, double rb) {
            int ja = s.indexOf(a);
            int jb = s.indexOf(b);
            if (ja >= 0 && jb >= 0) {
                out.add(new Part(name, ja, Vec3.ZERO, jb, Vec3.ZERO, ra, rb, bone(ja, jb)));
            }
        }

        /** a when b is a or below it, else their nearest common ancestor. */
        private int bone(int a, int b) {
            for (int j = a; j >= 0; j = s.parent(j)) {
                for (int k = b; k >= 0; k = s.parent(k)) {
                    if (k == j) {
                        return j;
                    }
                }
            }
            return a;
        }

        void offsets(String name, String joint, Vec3 oa, Vec3 ob, double ra, double rb) {
            int j = s.indexOf(joint);
            if (j >= 0) {
                out.add(new Part(name, j, oa, j, ob, ra, rb, j));
            }
        }

        /** From a joint along its end site (fraction of it), for hands. */
        void toEnd(String name, String joint, double fraction, double ra, double rb) {
            int j = s.indexOf(joint);
            if (j >= 0 && s.joint(j).endSite() != null) {
                out.add(new Part(name, j, Vec3.ZERO, j, s.joint(j).endSite().scale(fraction), ra, rb, j));
            }
        }
    }
}
