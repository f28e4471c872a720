package org.clothgraph.cloth;

import java.util.HashMap;
import java.util.Map;

import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.character.CharacterSkin;
import org.clothgraph.motion.project.ProjectCharacter;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.SkinnedSurface;

/**
 * A character's own skinned surface (imported with it, {@link CharacterSkin}) as the body surface every view and the
 * simulator use: posed into the character's bind pose (the fitting pose) by its joint weights, then bound to the body
 * capsules that follow those joints (hips to the pelvis, upper arm to upperarm_l, ...), so it is posed like a
 * generated surface from the capsules of any frame. {@link #install(Project)} makes it the surface of the character's
 * bind pose in this process. A capsule's frame is its axis with the roll of a neighbouring capsule, so a twist about a
 * limb (the forearm's) is not followed.
 */
public final class CharacterSurface {
    /** The body capsule each canonical joint's vertices follow. */
    private static final Map<String, String> CAPSULE_OF = capsules();

    private CharacterSurface() {
    }

    /** The skin bound to the capsules of the skeleton's body at its bind pose. */
    public static SkinnedSurface of(Skeleton skeleton, CharacterSkin skin) {
        skin.checkSkeleton(skeleton);
        CharacterBody body = CharacterBody.of(skeleton);
        Body bind = body.bindPose();
        Motion fitting = FittingPose.aPose(skeleton, 30);
        double[] positions = new double[3 * skin.vertexCount()];
        skin.pose(fitting, 0, positions);
        Map<String, Integer> capsule = new HashMap<>();
        for (int c = 0; c < bind.size(); c++) {
            capsule.put(bind.capsule(c).name(), c);
        }
        int[] capsuleOfJoint = new int[skeleton.size()];
        for (int j = 0; j < skeleton.size(); j++) {
            Integer c = capsule.get(CAPSULE_OF.get(skeleton.name(j)));
            if (c == null) {
                throw new IllegalArgumentException("no body capsule for joint " + skeleton.name(j));
            }
            capsuleOfJoint[j] = c;
        }
        int n = skin.vertexCount();
        int[] influences = new int[n * 4];
        double[] weights = new double[n * 4];
        for (int v = 0; v < n; v++) {
            int[] js = skin.joints(v);
            double[] ws = skin.weights(v);
            int used = 0;
            for (int k = 0; k < 4; k++) {
                if (js[k] < 0 || ws[k] <= 0) {
                    continue;
                }
                int c = capsuleOfJoint[js[k]];
                int slot = -1;
                for (int u = 0; u < used; u++) {
                    if (influences[v * 4 + u] == c) {
                        slot = u;
                    }
                }
                if (slot < 0) {
                    slot = used++;
                    influences[v * 4 + slot] = c;
                }
                weights[v * 4 + slot] += ws[k];
            }
            // by decreasing weight, -1 padding
            for (int a = 0; a < used; a++) {
                for (int b = a + 1; b < used; b++) {
                    if (weights[v * 4 + b] > weights[v * 4 + a]) {
                        int ti = influences[v * 4 + a];
                        influences[v * 4 + a] = influences[v * 4 + b];
                        influences[v * 4 + b] = ti;
                        double tw = weights[v * 4 + a];
                        weights[v * 4 + a] = weights[v * 4 + b];
                        weights[v * 4 + b] = tw;
                    }
                }
            }
            for (int k = used; k < 4; k++) {
                influences[v * 4 + k] = -1;
            }
        }
        return SkinnedSurface.bound(bind, positions, skin.triangles(), influences, weights);
    }

    /**
     * When the project's character has its own surface, makes it the surface of the character's bind pose in this
     * process (see {@link SkinnedSurface#useOwn}); returns it, or null for a character whose surface is generated.
     */
    public static SkinnedSurface install(Project project) {
        CharacterSkin skin = ProjectCharacter.skin(project).orElse(null);
        if (skin == null) {
            return null;
        }
        SkinnedSurface s = of(ProjectCharacter.skeleton(project), skin);
        SkinnedSurface.useOwn(s);
        return s;
    }

    private static Map<String, String> capsules() {
        Map<String, String> m = new HashMap<>();
        m.put("Hips", "pelvis");
        m.put("Spine", "abdomen");
        m.put("Spine1", "abdomen");
        m.put("Spine2", "chest");
        m.put("Neck", "neck");
        m.put("Head", "head");
        for (String side : new String[] {"Left", "Right"}) {
            String x = side.equals("Left") ? "_l" : "_r";
            m.put(side + "Shoulder", "shoulders");
            m.put(side + "Arm", "upperarm" + x);
            m.put(side + "ForeArm", "forearm" + x);
            m.put(side + "Hand", "hand" + x);
            m.put(side + "UpLeg", "thigh" + x);
            m.put(side + "Leg", "shin" + x);
            m.put(side + "Foot", "foot" + x);
            m.put(side + "ToeBase", "foot" + x);
        }
        return Map.copyOf(m);
    }
}
