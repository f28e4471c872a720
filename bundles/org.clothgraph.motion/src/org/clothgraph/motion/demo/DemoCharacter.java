package org.clothgraph.motion.demo;

import java.util.List;

import org.clothgraph.motion.Skeleton;

/**
 * The project's own demo character: a 1.75 m adult, 22 joints with conventional (Mixamo-like) names, metres,
 * Y up, facing +Z, T-pose rest (left arm along +X). The capsule table is the cloth simulator's collision body.
 */
public final class DemoCharacter {
    /** Hip joint height of the rest pose; the pelvis sits slightly lower while walking. */
    public static final double HIP_HEIGHT = 0.98;
    public static final double THIGH = 0.43, SHIN = 0.42;
    /** Ankle height above the ground with a flat foot. */
    public static final double ANKLE_HEIGHT = 0.07;

    private static final Skeleton SKELETON = build();

    /** Collision capsule from a joint to its child joint (or to its end site when 'to' is null). */
    public record Capsule(String from, String to, double radius) {}

    private static final List<Capsule> CAPSULES = List.of(
            new Capsule("Hips", "Spine", 0.13), new Capsule("Hips", "LeftUpLeg", 0.09), new Capsule("Hips", "RightUpLeg", 0.09),
            new Capsule("Spine", "Spine1", 0.13), new Capsule("Spine1", "Spine2", 0.14), new Capsule("Spine2", "Neck", 0.13),
            new Capsule("Neck", "Head", 0.055), new Capsule("Head", null, 0.095),
            new Capsule("Spine2", "LeftShoulder", 0.07), new Capsule("LeftShoulder", "LeftArm", 0.06),
            new Capsule("LeftArm", "LeftForeArm", 0.05), new Capsule("LeftForeArm", "LeftHand", 0.04), new Capsule("LeftHand", null, 0.035),
            new Capsule("Spine2", "RightShoulder", 0.07), new Capsule("RightShoulder", "RightArm", 0.06),
            new Capsule("RightArm", "RightForeArm", 0.05), new Capsule("RightForeArm", "RightHand", 0.04), new Capsule("RightHand", null, 0.035),
            new Capsule("LeftUpLeg", "LeftLeg", 0.08), new Capsule("LeftLeg", "LeftFoot", 0.055),
            new Capsule("LeftFoot", "LeftToeBase", 0.045), new Capsule("LeftToeBase", null, 0.035),
            new Capsule("RightUpLeg", "RightLeg", 0.08), new Capsule("RightLeg", "RightFoot", 0.055),
            new Capsule("RightFoot", "RightToeBase", 0.045), new Capsule("RightToeBase", null, 0.035));

    private DemoCharacter() {}

    public static Skeleton skeleton() { return SKELETON; }

    /** Per-bone body radius in metres, for the cloth collision body. */
    public static List<Capsule> capsules() { return CAPSULES; }

    private static Skeleton build() {
        Skeleton.Builder b = new Skeleton.Builder().root("Hips", new org.clothgraph.motion.Vec3(0, HIP_HEIGHT, 0))
                .joint("Spine", "Hips", 0, 0.10, 0).joint("Spine1", "Spine", 0, 0.12, 0).joint("Spine2", "Spine1", 0, 0.12, 0)
                .joint("Neck", "Spine2", 0, 0.16, 0).joint("Head", "Neck", 0, 0.10, 0.01);
        for (int s : new int[] {1, -1}) {
            String side = s > 0 ? "Left" : "Right";
            b.joint(side + "Shoulder", "Spine2", s * 0.035, 0.12, 0).joint(side + "Arm", side + "Shoulder", s * 0.13, 0, 0)
                    .joint(side + "ForeArm", side + "Arm", s * 0.28, 0, 0).joint(side + "Hand", side + "ForeArm", s * 0.26, 0, 0)
                    .endSite(side + "Hand", s * 0.18, 0, 0);
        }
        for (int s : new int[] {1, -1}) {
            String side = s > 0 ? "Left" : "Right";
            b.joint(side + "UpLeg", "Hips", s * 0.09, -0.06, 0).joint(side + "Leg", side + "UpLeg", 0, -THIGH, 0)
                    .joint(side + "Foot", side + "Leg", 0, -SHIN, 0).joint(side + "ToeBase", side + "Foot", 0, -0.05, 0.13)
                    .endSite(side + "ToeBase", 0, 0, 0.06);
        }
        return b.endSite("Head", 0, 0.16, 0).build();
    }
}
