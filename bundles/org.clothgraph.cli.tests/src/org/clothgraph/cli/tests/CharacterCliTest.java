package org.clothgraph.cli.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.cli.Cli;
import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.cloth.CharacterSurface;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.character.CharacterSkin;
import org.clothgraph.motion.demo.DemoCharacter;
import org.clothgraph.motion.demo.DemoMotions;
import org.clothgraph.motion.io.BvhWriter;
import org.clothgraph.motion.project.ProjectCharacter;
import org.clothgraph.motion.project.ProjectClips;
import org.clothgraph.sim.body.SkinnedSurface;
import org.clothgraph.testing.SkinnedGltf;
import org.clothgraph.testing.SkinnedGltf.Bone;
import org.clothgraph.testing.SkinnedGltf.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * {@code new --character} (issue 11, acceptance 5): a skinned glTF the test writes itself (Blender-like names, an extra
 * root, arms in an A-pose) becomes the project's character: joints mapped onto the canonical roles, the surface and its
 * weights stored, straightened into the T-pose; a motion imported onto it poses the surface rigidly with its bones.
 * Bad files are refused with one line naming the file and the field, exit 2.
 */
class CharacterCliTest {
    @TempDir
    Path dir;

    private static final Map<String, String> ROLE_OF = Map.ofEntries(Map.entry("hips", "Hips"), Map.entry("spine", "Spine"),
            Map.entry("chest", "Spine2"), Map.entry("neck", "Neck"), Map.entry("head", "Head"),
            Map.entry("head_top", "Head"), Map.entry("shoulder.L", "LeftShoulder"), Map.entry("upper_arm.L", "LeftArm"),
            Map.entry("forearm.L", "LeftForeArm"), Map.entry("hand.L", "LeftHand"), Map.entry("finger.L", "LeftHand"),
            Map.entry("thigh.L", "LeftUpLeg"), Map.entry("shin.L", "LeftLeg"), Map.entry("foot.L", "LeftFoot"),
            Map.entry("toe.L", "LeftToeBase"), Map.entry("toe_end.L", "LeftToeBase"),
            Map.entry("shoulder.R", "RightShoulder"), Map.entry("upper_arm.R", "RightArm"),
            Map.entry("forearm.R", "RightForeArm"), Map.entry("hand.R", "RightHand"), Map.entry("finger.R", "RightHand"),
            Map.entry("thigh.R", "RightUpLeg"), Map.entry("shin.R", "RightLeg"), Map.entry("foot.R", "RightFoot"),
            Map.entry("toe.R", "RightToeBase"), Map.entry("toe_end.R", "RightToeBase"));

    @Test
    void skinnedGltfBecomesTheCharacterAndFollowsItsMotion() throws Exception {
        Path gltf = SkinnedGltf.write(dir, "blender-like", Variant.HUMANOID);
        SkinnedGltf fixture = SkinnedGltf.humanoid();
        String ws = dir.resolve("mine").toString();
        CliRun created = CliRun.of("new", "--workspace", ws, "--character", gltf.toString(), "--json", "--verbose");
        assertEquals(Cli.OK, created.code(), created.err());
        assertTrue(created.err().contains("LeftArm       <- upper_arm.L ("), created.err());
        JsonObject character = JsonParser.parseString(created.out()).getAsJsonObject().getAsJsonObject("character");
        assertEquals(27, character.get("sourceJoints").getAsInt());
        assertEquals(fixture.vertexCount(), character.get("surfaceVertices").getAsInt());
        assertEquals(fixture.triangleCount(), character.get("surfaceTriangles").getAsInt());
        JsonObject jointMap = character.getAsJsonObject("jointMap");
        // every role but Spine1 (the file has two spine joints) is mapped to the joint a person would pick
        assertEquals(21, jointMap.size(), jointMap.toString());
        ROLE_OF.forEach((joint, role) -> {
            if (!joint.startsWith("finger") && !joint.startsWith("toe_end") && !joint.equals("head_top")) {
                assertEquals(joint, jointMap.get(role).getAsString(), role);
            }
        });

        Motion jog = DemoMotions.jog().sub(0, 40, "jog");
        Path bvh = dir.resolve("jog.bvh");
        BvhWriter.write(jog, bvh);
        CliRun imported = CliRun.of("motion", "import", "--workspace", ws, bvh.toString());
        assertEquals(Cli.OK, imported.code(), imported.err());

        try (Project project = Project.open(Path.of(ws))) {
            Skeleton s = ProjectCharacter.skeleton(project);
            assertEquals(DemoCharacter.skeleton().names(), s.names(), "the character has the canonical joints");
            CharacterSkin skin = ProjectCharacter.skin(project).orElseThrow();
            assertEquals(fixture.vertexCount(), skin.vertexCount());
            assertArrayEquals(triangles(fixture), skin.triangles(), "the triangles are the file's");

            // weights: each box's near end on its bone's role, its far end half on the next (a finger's on the hand)
            for (Bone b : fixture.bones()) {
                int joint = s.indexOf(ROLE_OF.get(b.joint())), child = s.indexOf(ROLE_OF.get(b.child()));
                for (int k = 0; k < 8; k++) {
                    Map<Integer, Double> w = weights(skin, b.firstVertex() + k);
                    Map<Integer, Double> expected = new HashMap<>();
                    expected.merge(joint, k < 4 ? 1.0 : 0.5, Double::sum);
                    if (k >= 4) {
                        expected.merge(child, 0.5, Double::sum);
                    }
                    String where = b + " vertex " + k;
                    assertEquals(expected.keySet(), w.keySet(), where);
                    expected.forEach((j, x) -> assertEquals(x, w.get(j), 1e-6, where));
                }
            }

            // T-pose: the left hand straight out along +X at the height of the upper arm, arm lengths kept
            Vec3[] rest = CharacterSkin.restJoints(s);
            Vec3 arm = rest[s.indexOf("LeftArm")], hand = rest[s.indexOf("LeftHand")];
            assertEquals(SkinnedGltf.UPPER_ARM + SkinnedGltf.FOREARM, hand.x() - arm.x(), 1e-5);
            assertEquals(arm.y(), hand.y(), 1e-5);
            assertEquals(0, skin.lowestY(), 1e-9, "the soles on the ground");

            // the surface is rigid with its bones: a near-end corner keeps its distance (the box's half diagonal)
            // from its joint at rest and in every posed frame of the imported clip
            Motion clip = ProjectClips.load(project, project.clips()).get(0);
            double[] posed = new double[3 * skin.vertexCount()];
            double[] restSurface = skin.restPositions();
            double moved = 0;
            double worstRigid = 0;
            for (int f = 0; f < clip.frameCount(); f += 3) {
                skin.pose(clip, f, posed);
                Vec3[] p = clip.worldPositions(f);
                for (Bone b : fixture.bones()) {
                    if (b.joint().startsWith("finger") || b.joint().startsWith("toe_end")) {
                        continue;
                    }
                    int j = s.indexOf(ROLE_OF.get(b.joint()));
                    for (int k = 0; k < 4; k++) {
                        int v = b.firstVertex() + k;
                        double expected = b.halfWidth() * Math.sqrt(2);
                        worstRigid = Math.max(worstRigid, Math.abs(at(restSurface, v).distance(rest[j]) - expected));
                        worstRigid = Math.max(worstRigid, Math.abs(at(posed, v).distance(p[j]) - expected));
                        moved = Math.max(moved, at(posed, v).distance(at(restSurface, v)));
                    }
                }
            }
            assertTrue(worstRigid < 1e-4, "near-end corners stay rigid with their joints: " + worstRigid + " m");
            assertTrue(moved > 0.3, "the jog moves the surface: " + moved + " m");

            // what the views and the simulator draw: the same surface bound to the body capsules, close to the
            // joint-skinned one (a capsule frame's roll comes from a neighbour, not from the joint)
            SkinnedSurface bound = CharacterSurface.of(s, skin);
            assertEquals(skin.vertexCount(), bound.vertexCount());
            CharacterBody body = CharacterBody.of(s);
            double[] viaCapsules = new double[posed.length];
            double[] gaps = new double[skin.vertexCount()];
            int f = clip.frameCount() / 2;
            skin.pose(clip, f, posed);
            bound.pose(body.pose(clip, f), viaCapsules);
            for (int v = 0; v < gaps.length; v++) {
                gaps[v] = at(posed, v).distance(at(viaCapsules, v));
            }
            Arrays.sort(gaps);
            assertTrue(gaps[gaps.length / 2] < 0.01 && gaps[gaps.length - 1] < 0.06, "median " + gaps[gaps.length / 2]
                    + " m, max " + gaps[gaps.length - 1] + " m between joint and capsule skinning");
            // installed for the character's bind pose, it is the surface every view and the simulator get
            SkinnedSurface installed = CharacterSurface.install(project);
            assertSame(installed, SkinnedSurface.of(body.bindPose()));
            assertEquals(skin.vertexCount(), installed.vertexCount());
        }
    }

    @Test
    void badCharacterFilesAreRefusedWithOneLine() throws Exception {
        Map<Variant, String> expected = Map.of(Variant.CENTIMETRES, ":meshes[0].POSITION: wrong units: the character is 173 units tall",
                Variant.NO_SKIN, ":skins: no skin", Variant.NOT_HUMANOID, ":skeleton: not humanoid: ");
        for (Variant v : List.of(Variant.CENTIMETRES, Variant.NO_SKIN, Variant.NOT_HUMANOID)) {
            Path file = SkinnedGltf.write(dir, "bad-" + v, v);
            Path ws = dir.resolve("p-" + v);
            CliRun r = CliRun.of("new", "--workspace", ws.toString(), "--character", file.toString());
            assertEquals(Cli.BAD_INPUT, r.code(), v + ": " + r.err());
            // one error line (besides the progress line), no stack trace
            assertEquals(1, r.err().lines().filter(l -> l.startsWith("clothgraph new: ")).count(), r.err());
            assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
            assertTrue(r.err().contains(file + expected.get(v)), r.err());
            assertFalse(Files.exists(ws), "a refused character creates no project");
        }
        Path missing = dir.resolve("none.glb");
        CliRun r = CliRun.of("new", "--workspace", dir.resolve("q").toString(), "--character", missing.toString());
        assertEquals(Cli.BAD_INPUT, r.code());
        assertTrue(r.err().contains(missing + ": no such file"), r.err());
    }

    private static int[] triangles(SkinnedGltf fixture) throws Exception {
        int[][] quads = {{0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}, {1, 0, 3, 2}, {4, 5, 6, 7}};
        int[] t = new int[fixture.triangleCount() * 3];
        int i = 0;
        for (Bone b : fixture.bones()) {
            for (int[] q : quads) {
                int o = b.firstVertex();
                for (int c : new int[] {q[0], q[1], q[2], q[0], q[2], q[3]}) {
                    t[i++] = o + c;
                }
            }
        }
        return t;
    }

    private static Map<Integer, Double> weights(CharacterSkin skin, int v) {
        Map<Integer, Double> m = new HashMap<>();
        int[] j = skin.joints(v);
        double[] w = skin.weights(v);
        for (int k = 0; k < j.length; k++) {
            if (j[k] >= 0 && w[k] > 0) {
                m.merge(j[k], w[k], Double::sum);
            }
        }
        return m;
    }

    private static Vec3 at(double[] xyz, int v) {
        return new Vec3(xyz[3 * v], xyz[3 * v + 1], xyz[3 * v + 2]);
    }
}
