package org.clothgraph.motion.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.demo.DemoCharacter;
import org.clothgraph.motion.io.AsfAmcReader;
import org.clothgraph.motion.io.BvhReader;
import org.clothgraph.motion.io.BvhWriter;
import org.clothgraph.motion.project.ProjectClips;
import org.clothgraph.motion.retarget.JointMap;
import org.clothgraph.motion.retarget.JointMapper;
import org.clothgraph.motion.retarget.Retargeter;
import org.junit.jupiter.api.Test;

/**
 * Automatic joint mapping (issue 11): every shared mocap file and a skeleton of each named family map with every limb
 * joint, with no --map; a skeleton with meaningless names maps by topology alone. The mapping per file is printed and
 * written to target/joint-mappings.txt.
 */
class JointMappingTest {
    private static final Skeleton CHARACTER = DemoCharacter.skeleton();

    /** role -> expected source joint for the CMU cgspeed BVH conversion. */
    private static Map<String, String> cmuCgspeed() {
        Map<String, String> m = limbs("Left%s", "Right%s", "Shoulder Arm ForeArm Hand UpLeg Leg Foot ToeBase",
                "Shoulder Arm ForeArm Hand UpLeg Leg Foot ToeBase");
        m.putAll(trunk("Hips LowerBack Spine Spine1 Neck Head"));
        return m;
    }

    @Test
    void everySharedClipImportsWithEveryLimbJointMapped() throws Exception {
        Path root = TestData.require();
        Path mocap = root.resolve("mocap");
        List<ProjectClips.Source> sources = new ArrayList<>();
        try (Stream<Path> s = Files.walk(mocap)) {
            s.filter(p -> p.toString().endsWith(".bvh")).sorted().forEach(p -> sources.add(ProjectClips.Source.bvh(p)));
        }
        Path asf = mocap.resolve("cmu-asfamc/02/02.asf");
        try (Stream<Path> s = Files.list(asf.getParent())) {
            s.filter(p -> p.toString().endsWith(".amc")).sorted().forEach(p -> sources.add(ProjectClips.Source.asfAmc(asf, p)));
        }
        assertEquals(17, sources.size(), "7 BVH files and 10 AMC clips under " + mocap);

        Map<String, String> cmuAlt = limbs("Left%s", "Right%s", "Collar Shoulder Elbow Wrist Hip Knee Ankle Toe",
                "Shoulder Arm ForeArm Hand UpLeg Leg Foot ToeBase");
        cmuAlt.putAll(trunk("Hips lowerback Chest Chest2 lowerneck Head"));
        Map<String, String> acclaim = limbs("l%s", "r%s", "clavicle humerus radius wrist femur tibia foot toes",
                "Shoulder Arm ForeArm Hand UpLeg Leg Foot ToeBase");
        acclaim.putAll(trunk("root lowerback upperback thorax lowerneck head"));
        Map<String, String> deepMimic = limbs("left_%s", "right_%s", "shoulder elbow hip knee ankle", "Arm ForeArm UpLeg Leg Foot");
        deepMimic.putAll(trunk("root chest - - neck -"));

        StringBuilder report = new StringBuilder();
        ProjectClips.Settings settings = ProjectClips.Settings.defaults(30);
        for (ProjectClips.Source src : sources) {
            String file = src.amc() != null ? src.amc().getFileName().toString() : src.file().getFileName().toString();
            JointMapper.Mapping[] seen = new JointMapper.Mapping[1];
            Motion m = ProjectClips.read(src, CHARACTER, settings, (s, mapping) -> seen[0] = mapping);
            assertTrue(m.frameCount() > 0, file);
            JointMapper.Mapping mapping = seen[0];
            report.append(file).append('\n').append(mapping.describe());
            Map<String, String> expected = file.startsWith("cmu_131") ? cmuAlt : file.startsWith("cmu_") ? cmuCgspeed()
                    : file.startsWith("dm_") ? deepMimic : acclaim;
            for (String role : JointMapper.ROLES) {
                assertEquals(expected.get(role), mapping.source(role), file + " " + role + "\n" + mapping.describe());
            }
            for (String role : JointMapper.LIMBS) {
                if (mapping.source(role) == null) {
                    // only DeepMimic lacks joints there: its arms start at the shoulder and end at the elbow's end site
                    assertTrue(file.startsWith("dm_"), file + " " + role);
                    String why = mapping.missing().get(role);
                    assertTrue(why.contains("end site") || why.contains("no clavicle"), role + ": " + why);
                }
            }
        }
        write("joint-mappings.txt", report.toString());
    }

    @Test
    void topologyAloneReproducesTheNamedMappingOfTheSharedFiles() throws Exception {
        List<Skeleton> skeletons = new ArrayList<>();
        for (Path p : TestData.bvhFiles()) skeletons.add(BvhReader.read(p).skeleton());
        Path asf = TestData.require().resolve("mocap/cmu-asfamc/02");
        skeletons.add(AsfAmcReader.read(asf.resolve("02.asf"), asf.resolve("02_01.amc")).skeleton());
        for (Skeleton s : skeletons) {
            Skeleton anonymous = renamed(s, i -> "j" + Integer.toHexString(0x5a00 + 37 * i));
            JointMapper.Mapping named = JointMapper.map(s), blind = JointMapper.map(anonymous);
            for (String role : JointMapper.LIMBS) {
                assertEquals(named.source(role), nameOf(s, anonymous, blind.source(role)), role + "\n" + blind.describe());
            }
            for (String role : List.of("Hips", "Spine", "Spine1", "Spine2", "Neck")) {
                assertEquals(named.source(role), nameOf(s, anonymous, blind.source(role)), role);
            }
            blind.entries().values().forEach(e -> assertEquals(JointMapper.Basis.TOPOLOGY, e.basis(), e.toString()));
        }
    }

    @Test
    void mixamoNamesMap() {
        Skeleton.Builder b = new Skeleton.Builder().root("mixamorig:Hips", new Vec3(0, 1.0, 0));
        b.joint("mixamorig:Spine", "mixamorig:Hips", 0, 0.1, 0).joint("mixamorig:Spine1", "mixamorig:Spine", 0, 0.12, 0)
                .joint("mixamorig:Spine2", "mixamorig:Spine1", 0, 0.13, 0).joint("mixamorig:Neck", "mixamorig:Spine2", 0, 0.15, 0)
                .joint("mixamorig:Head", "mixamorig:Neck", 0, 0.1, 0).joint("mixamorig:HeadTop_End", "mixamorig:Head", 0, 0.18, 0);
        for (int s : new int[] {1, -1}) {
            String side = s > 0 ? "mixamorig:Left" : "mixamorig:Right";
            b.joint(side + "Shoulder", "mixamorig:Spine2", s * 0.06, 0.1, 0).joint(side + "Arm", side + "Shoulder", s * 0.12, 0, 0)
                    .joint(side + "ForeArm", side + "Arm", s * 0.28, 0, 0).joint(side + "Hand", side + "ForeArm", s * 0.25, 0, 0)
                    .joint(side + "HandIndex1", side + "Hand", s * 0.1, 0, 0.02).joint(side + "HandIndex2", side + "HandIndex1", s * 0.04, 0, 0)
                    .joint(side + "HandThumb1", side + "Hand", s * 0.03, 0, 0.04).joint(side + "UpLeg", "mixamorig:Hips", s * 0.09, -0.05, 0)
                    .joint(side + "Leg", side + "UpLeg", 0, -0.44, 0).joint(side + "Foot", side + "Leg", 0, -0.42, 0)
                    .joint(side + "ToeBase", side + "Foot", 0, -0.07, 0.12).joint(side + "Toe_End", side + "ToeBase", 0, 0, 0.07);
        }
        JointMapper.Mapping m = JointMapper.map(b.build());
        for (String role : JointMapper.ROLES) assertEquals("mixamorig:" + role, m.source(role), role + "\n" + m.describe());
    }

    @Test
    void unrealMannequinMapsPastItsExtraRootAndIkBones() {
        Skeleton s = mannequin();
        JointMapper.Mapping m = JointMapper.map(s);
        Map<String, String> expected = limbs("%s_l", "%s_r", "clavicle upperarm lowerarm hand thigh calf foot ball",
                "Shoulder Arm ForeArm Hand UpLeg Leg Foot ToeBase");
        expected.putAll(trunk("pelvis spine_01 spine_02 spine_03 neck_01 head"));
        for (String role : JointMapper.ROLES) assertEquals(expected.get(role), m.source(role), role + "\n" + m.describe());
        assertTrue(m.complete());
    }

    @Test
    void smplNamesMap() {
        Skeleton.Builder b = new Skeleton.Builder().root("Pelvis", new Vec3(0, 0.93, 0));
        b.joint("L_Hip", "Pelvis", 0.07, -0.09, 0).joint("R_Hip", "Pelvis", -0.07, -0.09, 0).joint("Spine1", "Pelvis", 0, 0.11, 0)
                .joint("L_Knee", "L_Hip", 0.03, -0.38, 0).joint("R_Knee", "R_Hip", -0.03, -0.38, 0).joint("Spine2", "Spine1", 0, 0.13, 0)
                .joint("L_Ankle", "L_Knee", -0.01, -0.40, -0.04).joint("R_Ankle", "R_Knee", 0.01, -0.40, -0.04)
                .joint("Spine3", "Spine2", 0, 0.05, 0).joint("L_Foot", "L_Ankle", 0.02, -0.05, 0.12)
                .joint("R_Foot", "R_Ankle", -0.02, -0.05, 0.12).joint("Neck", "Spine3", 0, 0.21, 0)
                .joint("L_Collar", "Spine3", 0.08, 0.11, 0).joint("R_Collar", "Spine3", -0.08, 0.11, 0).joint("Head", "Neck", 0, 0.09, 0.05)
                .joint("L_Shoulder", "L_Collar", 0.12, 0.03, 0).joint("R_Shoulder", "R_Collar", -0.12, 0.03, 0)
                .joint("L_Elbow", "L_Shoulder", 0.26, 0, 0).joint("R_Elbow", "R_Shoulder", -0.26, 0, 0)
                .joint("L_Wrist", "L_Elbow", 0.25, 0, 0).joint("R_Wrist", "R_Elbow", -0.25, 0, 0)
                .joint("L_Hand", "L_Wrist", 0.09, 0, 0).joint("R_Hand", "R_Wrist", -0.09, 0, 0)
                .endSite("Head", 0, 0.2, 0).endSite("L_Hand", 0.05, 0, 0).endSite("R_Hand", -0.05, 0, 0);
        JointMapper.Mapping m = JointMapper.map(b.build());
        Map<String, String> expected = limbs("L_%s", "R_%s", "Collar Shoulder Elbow Wrist Hip Knee Ankle Foot",
                "Shoulder Arm ForeArm Hand UpLeg Leg Foot ToeBase");
        expected.putAll(trunk("Pelvis Spine1 Spine2 Spine3 Neck Head"));
        for (String role : JointMapper.ROLES) assertEquals(expected.get(role), m.source(role), role + "\n" + m.describe());
    }

    @Test
    void anExtraRootAboveTheHipsWithSideSuffixesMapsAndDrivesTheHips() {
        Skeleton s = bandaiStyle();
        JointMapper.Mapping m = JointMapper.map(s);
        Map<String, String> expected = limbs("%s_L", "%s_R", "Shoulder UpperArm LowerArm Hand UpperLeg LowerLeg Foot Toes",
                "Shoulder Arm ForeArm Hand UpLeg Leg Foot ToeBase");
        expected.putAll(trunk("Hips Spine Chest Chest2 Neck Head"));
        for (String role : JointMapper.ROLES) assertEquals(expected.get(role), m.source(role), role + "\n" + m.describe());
        assertTrue(m.describe().contains("below the root joint_Root"), m.describe());

        // the root slides along X and turns; the hips carry their own translation channel: the character's hips follow
        Motion.Builder mb = new Motion.Builder("slide", s, 30, 20);
        for (int f = 0; f < 20; f++) {
            mb.setRoot(f, new Vec3(0.05 * f, 0, 0));
            mb.setRotation(f, 0, Quat.rotY(0.05 * f));
            for (int j = 1; j < s.size(); j++) mb.setRotation(f, j, Quat.IDENTITY);
            mb.setTranslation(f, 1, new Vec3(0, 0.9 + 0.01 * f, 0.02 * f));
        }
        Motion src = mb.build();
        Retargeter r = new Retargeter(s, CHARACTER, m.toJointMap("automatic"));
        Motion t = r.retarget(src);
        for (int f = 0; f < 20; f++) {
            Vec3 hips = src.worldPositions(f)[1].scale(r.translationScale());
            assertEquals(0, hips.distance(t.rootPosition(f)), 1e-9, "frame " + f);
        }
        // scaled by leg length: the source's hips stand 0.9 m above its toes
        assertEquals(CHARACTER.restRootHeight() / 0.9, r.translationScale(), 1e-9);
    }

    @Test
    void meaninglessNamesMapByTopologyAlone() {
        // a CMU-like skeleton facing -X (so left is +Z), with hip and finger joints, every name meaningless
        Skeleton.Builder b = new Skeleton.Builder().root("n00", new Vec3(0, 0.95, 0));
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("Hips", "n00");
        b.joint("n01", "n00", 0, 0.1, 0).joint("n02", "n01", 0, 0.12, 0).joint("n03", "n02", 0, 0.13, 0)
                .joint("n04", "n03", 0, 0.14, 0).joint("n05", "n04", 0, 0.06, 0).joint("n06", "n05", 0, 0.06, 0)
                .endSite("n06", 0, 0.17, 0);
        expected.putAll(Map.of("Spine", "n01", "Spine1", "n02", "Spine2", "n03", "Neck", "n04", "Head", "n06"));
        int k = 10;
        for (int s : new int[] {1, -1}) {
            String side = s > 0 ? "Left" : "Right";
            String c = "n" + k, a = "n" + (k + 1), f = "n" + (k + 2), h = "n" + (k + 3), fi = "n" + (k + 4), th = "n" + (k + 5);
            b.joint(c, "n03", 0, 0.1, s * 0.03).joint(a, c, 0, 0.02, s * 0.15).joint(f, a, 0, 0, s * 0.29).joint(h, f, 0, 0, s * 0.25)
                    .joint(fi, h, 0, 0, s * 0.09).joint(th, h, -0.03, 0, s * 0.03).endSite(fi, 0, 0, s * 0.08).endSite(th, -0.03, 0, 0);
            expected.putAll(Map.of(side + "Shoulder", c, side + "Arm", a, side + "ForeArm", f, side + "Hand", h));
            String hj = "n" + (k + 6), u = "n" + (k + 7), l = "n" + (k + 8), ft = "n" + (k + 9), t = "n" + (k + 10);
            b.joint(hj, "n00", 0, 0, 0).joint(u, hj, 0, -0.06, s * 0.09).joint(l, u, 0, -0.43, 0).joint(ft, l, 0, -0.41, 0)
                    .joint(t, ft, -0.12, -0.05, 0).endSite(t, -0.06, 0, 0);
            expected.putAll(Map.of(side + "UpLeg", u, side + "Leg", l, side + "Foot", ft, side + "ToeBase", t));
            k += 20;
        }
        JointMapper.Mapping m = JointMapper.map(b.build());
        for (String role : JointMapper.ROLES) assertEquals(expected.get(role), m.source(role), role + "\n" + m.describe());
        m.entries().values().forEach(e -> assertEquals(JointMapper.Basis.TOPOLOGY, e.basis(), e.toString()));
    }

    @Test
    void theCharacterMapsOntoItselfAndAGivenMapIsReportedAsGiven() {
        JointMapper.Mapping m = JointMapper.map(CHARACTER);
        for (String role : JointMapper.ROLES) assertEquals(role, m.source(role));
        assertEquals(JointMap.identity(CHARACTER).entries(), m.toJointMap("x").entries());
        JointMapper.Mapping given = JointMapper.given(mannequin(), JointMap.parse("m.txt", "thigh_l LeftUpLeg\npelvis Hips\n"));
        assertEquals("thigh_l", given.source("LeftUpLeg"));
        assertEquals(JointMapper.Basis.GIVEN, given.entries().get("Hips").basis());
        assertTrue(given.missingEssentials().contains("RightUpLeg"));
    }

    @Test
    void aSkeletonWithoutArmsIsRefusedNamingTheFileAndWhatIsMissing() throws Exception {
        // legs and a spine only
        Skeleton arm = new Skeleton.Builder().root("base", new Vec3(0, 1, 0)).joint("back", "base", 0, 0.5, 0)
                .joint("a", "base", 0.1, -0.05, 0).joint("b", "a", 0, -0.45, 0).joint("c", "b", 0, -0.43, 0).endSite("c", 0, -0.07, 0.1)
                .joint("d", "base", -0.1, -0.05, 0).joint("e", "d", 0, -0.45, 0).joint("f", "e", 0, -0.43, 0).endSite("f", 0, -0.07, 0.1)
                .endSite("back", 0, 0.3, 0).build();
        Motion.Builder mb = new Motion.Builder("arm", arm, 30, 3);
        for (int f = 0; f < 3; f++) {
            mb.setRoot(f, new Vec3(0, 1, 0));
            for (int j = 0; j < arm.size(); j++) mb.setRotation(f, j, Quat.IDENTITY);
        }
        Path file = Files.createTempFile("arm", ".bvh");
        try {
            BvhWriter.write(mb.build(), file);
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> ProjectClips.read(ProjectClips.Source.bvh(file), CHARACTER, ProjectClips.Settings.defaults(30)));
            assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("joint map")
                    && e.getMessage().contains("found no two arms") && e.getMessage().contains("LeftArm"), e.getMessage());
            assertEquals(1, e.getMessage().lines().count());
        } finally {
            Files.delete(file);
        }
    }

    // ------------------------------------------------------------------------------------------------ skeletons

    /** Unreal Mannequin (UE4): root at the ground, pelvis, *_l/*_r, twist bones, IK helper chains under the root. */
    static Skeleton mannequin() {
        Skeleton.Builder b = new Skeleton.Builder().root("root", Vec3.ZERO);
        b.joint("pelvis", "root", 0, 0.97, 0).joint("spine_01", "pelvis", 0, 0.1, 0).joint("spine_02", "spine_01", 0, 0.13, 0)
                .joint("spine_03", "spine_02", 0, 0.13, 0).joint("neck_01", "spine_03", 0, 0.16, 0).joint("head", "neck_01", 0, 0.1, 0)
                .endSite("head", 0, 0.2, 0);
        for (int s : new int[] {1, -1}) {
            String x = s > 0 ? "_l" : "_r";
            b.joint("clavicle" + x, "spine_03", s * 0.03, 0.12, 0).joint("upperarm" + x, "clavicle" + x, s * 0.15, -0.05, 0)
                    .joint("lowerarm" + x, "upperarm" + x, s * 0.28, -0.09, 0).joint("hand" + x, "lowerarm" + x, s * 0.25, -0.08, 0)
                    .joint("upperarm_twist_01" + x, "upperarm" + x, s * 0.14, -0.045, 0)
                    .joint("index_01" + x, "hand" + x, s * 0.1, -0.02, 0.02).endSite("index_01" + x, s * 0.08, 0, 0)
                    .joint("thigh" + x, "pelvis", s * 0.09, -0.02, 0).joint("calf" + x, "thigh" + x, 0, -0.44, 0)
                    .joint("calf_twist_01" + x, "calf" + x, 0, -0.2, 0).joint("foot" + x, "calf" + x, 0, -0.43, 0)
                    .joint("ball" + x, "foot" + x, 0, -0.06, 0.13).endSite("ball" + x, 0, 0, 0.06);
        }
        b.joint("ik_foot_root", "root", 0, 0, 0).joint("ik_foot_l", "ik_foot_root", 0.1, 0.08, 0)
                .joint("ik_foot_r", "ik_foot_root", -0.1, 0.08, 0).joint("ik_hand_root", "root", 0, 0, 0)
                .joint("ik_hand_gun", "ik_hand_root", -0.6, 1.3, 0).joint("ik_hand_l", "ik_hand_gun", 1.2, 0, 0)
                .joint("ik_hand_r", "ik_hand_gun", 0, 0, 0);
        return b.build();
    }

    /** An extra root at the ground above the hips, "_L"/"_R" suffixes, hips with their own translation channels. */
    static Skeleton bandaiStyle() {
        Skeleton.Builder b = new Skeleton.Builder().root("joint_Root", Vec3.ZERO);
        b.add("Hips", "joint_Root", new Vec3(0, 0.9, 0), Skeleton.ROOT_CHANNELS, null);
        b.joint("Spine", "Hips", 0, 0.1, 0).joint("Chest", "Spine", 0, 0.12, 0).joint("Chest2", "Chest", 0, 0.12, 0)
                .joint("Neck", "Chest2", 0, 0.15, 0).joint("Head", "Neck", 0, 0.1, 0).endSite("Head", 0, 0.18, 0);
        for (int s : new int[] {1, -1}) {
            String x = s > 0 ? "_L" : "_R";
            b.joint("Shoulder" + x, "Chest2", s * 0.04, 0.1, 0).joint("UpperArm" + x, "Shoulder" + x, s * 0.12, 0, 0)
                    .joint("LowerArm" + x, "UpperArm" + x, s * 0.27, 0, 0).joint("Hand" + x, "LowerArm" + x, s * 0.24, 0, 0)
                    .endSite("Hand" + x, s * 0.17, 0, 0).joint("UpperLeg" + x, "Hips", s * 0.09, -0.04, 0)
                    .joint("LowerLeg" + x, "UpperLeg" + x, 0, -0.4, 0).joint("Foot" + x, "LowerLeg" + x, 0, -0.41, 0)
                    .joint("Toes" + x, "Foot" + x, 0, -0.05, 0.12).endSite("Toes" + x, 0, 0, 0.05);
        }
        return b.build();
    }

    private interface Namer {
        String name(int joint);
    }

    private static Skeleton renamed(Skeleton s, Namer namer) {
        List<Skeleton.Joint> js = new ArrayList<>();
        for (int i = 0; i < s.size(); i++) {
            Skeleton.Joint j = s.joint(i);
            js.add(new Skeleton.Joint(namer.name(i), j.parent(), j.offset(), j.channels(), j.endSite()));
        }
        return new Skeleton(js);
    }

    private static String nameOf(Skeleton original, Skeleton renamed, String renamedJoint) {
        return renamedJoint == null ? null : original.name(renamed.indexOf(renamedJoint));
    }

    /** Expected limb entries: source names from a pattern per side and words, in the order of the given roles. */
    private static Map<String, String> limbs(String left, String right, String words, String roles) {
        Map<String, String> m = new LinkedHashMap<>();
        String[] w = words.split(" "), r = roles.split(" ");
        for (int i = 0; i < w.length; i++) {
            m.put("Left" + r[i], String.format(left, w[i]));
            m.put("Right" + r[i], String.format(right, w[i]));
        }
        return m;
    }

    /** Expected trunk entries, Hips Spine Spine1 Spine2 Neck Head; "-" = none. */
    private static Map<String, String> trunk(String names) {
        Map<String, String> m = new LinkedHashMap<>();
        String[] n = names.split(" ");
        for (int i = 0; i < n.length; i++) {
            if (!n[i].equals("-")) m.put(JointMapper.TRUNK.get(i), n[i]);
        }
        return m;
    }

    private static void write(String name, String text) throws Exception {
        System.out.print(text);
        Path dir = Path.of("target");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    @Test
    void noMappingWhenNothingStandsOnTheGround() {
        Skeleton flat = new Skeleton.Builder().root("a", Vec3.ZERO).joint("b", "a", 1, 0, 0).build();
        JointMapper.Mapping m = JointMapper.map(flat);
        assertTrue(!m.complete() && !m.problems().isEmpty(), m.describe());
        assertNull(m.source("LeftUpLeg"));
    }
}
