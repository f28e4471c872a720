package org.clothgraph.motion.character;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.character.CharacterSource.SourceSkin;
import org.clothgraph.motion.demo.DemoCharacter;
import org.clothgraph.motion.retarget.JointMapper;

/**
 * Builds the project character from a mapped source: the canonical skeleton (the demo character's 22 joints, which
 * retargeting, the body capsules, foot contact and the fitting pose all name) placed at the source's mapped joints,
 * facing +Z, feet on the ground, hips over the origin, arms straightened into the T-pose the fitting pose lowers; and
 * the source's skinned surface moved with it into that rest pose (each source joint's weight goes to its mapped role,
 * or to the nearest mapped ancestor: fingers to the hand, an extra root to the hips). Roles a skeleton has no joint for
 * (a single spine joint, no shoulders, arms ending at the wrist) are placed between their mapped neighbours.
 */
public final class CharacterRig {
    private CharacterRig() {
    }

    public static ImportedCharacter build(CharacterSource src, JointMapper.Mapping mapping) {
        if (!mapping.complete()) {
            List<String> why = new ArrayList<>(mapping.problems());
            mapping.missingEssentials().forEach(r -> why.add("no " + r + " (" + mapping.missing().get(r) + ")"));
            throw new InvalidInputException(src.file(), "skeleton", "not humanoid: " + String.join("; ", why));
        }
        Skeleton s = src.skeleton();
        Map<String, Vec3> at = new LinkedHashMap<>();
        for (JointMapper.Entry e : mapping.entries().values()) {
            at.put(e.role(), src.positions()[s.indexOf(e.source())]);
        }
        // face +Z: forward = up x (right hip - left hip)
        Vec3 f = new Vec3(0, 1, 0).cross(at.get("RightUpLeg").sub(at.get("LeftUpLeg")));
        f = new Vec3(f.x(), 0, f.z());
        if (f.length() < 1e-9) {
            throw new InvalidInputException(src.file(), "skeleton", "not humanoid: the hips are not side by side");
        }
        Quat face = Quat.between(f.normalized(), new Vec3(0, 0, 1));
        Vec3[] srcPos = new Vec3[s.size()];
        for (int j = 0; j < s.size(); j++) {
            srcPos[j] = face.rotate(src.positions()[j]);
        }
        at.replaceAll((r, p) -> face.rotate(p));
        double[] mesh = null;
        if (src.skin() != null) {
            mesh = src.skin().positions().clone();
            for (int i = 0; i < mesh.length; i += 3) {
                Vec3 v = face.rotate(new Vec3(mesh[i], mesh[i + 1], mesh[i + 2]));
                mesh[i] = v.x();
                mesh[i + 1] = v.y();
                mesh[i + 2] = v.z();
            }
        }
        double ground = Double.MAX_VALUE, top = -Double.MAX_VALUE;
        if (mesh != null) {
            for (int i = 1; i < mesh.length; i += 3) {
                ground = Math.min(ground, mesh[i]);
                top = Math.max(top, mesh[i]);
            }
        } else {
            for (Vec3 p : srcPos) {
                ground = Math.min(ground, p.y());
                top = Math.max(top, p.y());
            }
            for (int j = 0; j < s.size(); j++) {
                if (s.joint(j).endSite() != null) {
                    ground = Math.min(ground, srcPos[j].y() + face.rotate(s.joint(j).endSite()).y());
                }
            }
        }
        double height = top - ground;
        fillMissing(at, ground, height);
        Map<String, Vec3> ends = ends(s, srcPos, mapping, at, top, ground, height);

        // T-pose: each arm straight along +-X from the upper arm joint, its bind rotations kept for the skin
        Map<String, Vec3> rest = new HashMap<>(at);
        Map<String, Vec3> restEnds = new HashMap<>(ends);
        Map<String, Quat> bindRotation = new HashMap<>();
        for (String side : new String[] {"Left", "Right"}) {
            Vec3 dir = new Vec3(side.equals("Left") ? 1 : -1, 0, 0);
            String[] chain = {side + "Arm", side + "ForeArm", side + "Hand"};
            for (int k = 0; k < chain.length; k++) {
                Vec3 from = at.get(chain[k]);
                Vec3 to = k + 1 < chain.length ? at.get(chain[k + 1]) : ends.get(side + "Hand");
                Vec3 restFrom = rest.get(chain[k]);
                Vec3 restTo = restFrom.add(dir.scale(to.distance(from)));
                if (k + 1 < chain.length) {
                    rest.put(chain[k + 1], restTo);
                } else {
                    restEnds.put(side + "Hand", restTo);
                }
                Vec3 d = to.sub(from);
                bindRotation.put(chain[k], d.length() > 1e-9 ? Quat.between(dir, d.normalized()) : Quat.IDENTITY);
            }
        }
        // hips over the origin, the soles on the ground
        Vec3 shift = new Vec3(-rest.get("Hips").x(), -ground, -rest.get("Hips").z());
        Skeleton demo = DemoCharacter.skeleton();
        List<Skeleton.Joint> joints = new ArrayList<>();
        for (int j = 0; j < demo.size(); j++) {
            String role = demo.name(j);
            int parent = demo.parent(j);
            Vec3 offset = parent < 0 ? rest.get(role).add(shift) : rest.get(role).sub(rest.get(demo.name(parent)));
            Vec3 end = restEnds.get(role) == null ? null : restEnds.get(role).sub(rest.get(role));
            joints.add(new Skeleton.Joint(role, parent, offset, demo.joint(j).channels(), end));
        }
        Skeleton character = new Skeleton(joints);
        CharacterSkin skin = src.skin() == null ? null
                : skin(src, mapping, character, mesh, at, rest, bindRotation, shift);
        return new ImportedCharacter(src.name(), src.file(), s, mapping, character, skin);
    }

    /** Places the roles the source has no joint for between their mapped neighbours. */
    private static void fillMissing(Map<String, Vec3> at, double ground, double height) {
        if (!at.containsKey("Head")) {
            // the skeleton ends at the neck (DeepMimic): the head joint a little above it
            Vec3 below = at.getOrDefault("Neck", at.getOrDefault("Spine2", at.getOrDefault("Spine1", at.get("Spine"))));
            at.put("Head", below.add(new Vec3(0, 0.06 * height, 0)));
        }
        Vec3 head = at.get("Head");
        if (!at.containsKey("Spine1") && !at.containsKey("Spine2")) {
            Vec3 upper = at.getOrDefault("Neck", head);
            at.put("Spine1", at.get("Spine").lerp(upper, 1 / 3.0));
            at.put("Spine2", at.get("Spine").lerp(upper, 2 / 3.0));
        } else if (!at.containsKey("Spine1")) {
            at.put("Spine1", at.get("Spine").lerp(at.get("Spine2"), 0.5));
        } else if (!at.containsKey("Spine2")) {
            at.put("Spine2", at.get("Spine1").lerp(at.getOrDefault("Neck", head), 0.5));
        }
        at.putIfAbsent("Neck", at.get("Spine2").lerp(head, 0.6));
        for (String side : new String[] {"Left", "Right"}) {
            at.putIfAbsent(side + "Shoulder", at.get("Spine2").lerp(at.get(side + "Arm"), 0.3));
            Vec3 arm = at.get(side + "Arm"), fore = at.get(side + "ForeArm");
            at.putIfAbsent(side + "Hand", fore.add(fore.sub(arm).scale(0.8)));
            Vec3 foot = at.get(side + "Foot");
            at.putIfAbsent(side + "ToeBase", new Vec3(foot.x(), ground + 0.3 * (foot.y() - ground), foot.z() + 0.075 * height));
        }
    }

    /** End sites of the head, hands and toes: the farthest source joint below the mapped one, else proportions. */
    private static Map<String, Vec3> ends(Skeleton s, Vec3[] srcPos, JointMapper.Mapping mapping, Map<String, Vec3> at,
            double top, double ground, double height) {
        Map<String, Vec3> ends = new HashMap<>();
        Vec3 head = at.get("Head");
        ends.put("Head", new Vec3(head.x(), Math.max(head.y() + 0.03 * height, top - 0.02 * height), head.z()));
        for (String side : new String[] {"Left", "Right"}) {
            Vec3 hand = at.get(side + "Hand");
            Vec3 dir = hand.sub(at.get(side + "ForeArm"));
            Vec3 far = farthest(s, srcPos, mapping.source(side + "Hand"), hand, dir.normalized());
            ends.put(side + "Hand", far != null ? far : hand.add(dir.scale(0.69)));
            Vec3 toe = at.get(side + "ToeBase");
            Vec3 fwd = new Vec3(0, 0, 1);
            Vec3 tip = farthest(s, srcPos, mapping.source(side + "ToeBase"), toe, fwd);
            if (tip == null) {
                tip = toe.add(fwd.scale(0.035 * height));
            }
            ends.put(side + "ToeBase", new Vec3(tip.x(), ground, tip.z()));
        }
        return ends;
    }

    /** The source descendant of {@code joint} farthest along dir from {@code from} (null when none lies ahead). */
    private static Vec3 farthest(Skeleton s, Vec3[] srcPos, String joint, Vec3 from, Vec3 dir) {
        if (joint == null) {
            return null;
        }
        int j = s.indexOf(joint);
        Vec3 best = null;
        double reach = 0.01;
        for (int d = j + 1; d < s.size(); d++) {
            boolean below = false;
            for (int a = s.parent(d); a >= 0; a = s.parent(a)) {
                if (a == j) {
                    below = true;
                    break;
                }
            }
            if (below && srcPos[d].sub(from).dot(dir) > reach) {
                reach = srcPos[d].sub(from).dot(dir);
                best = srcPos[d];
            }
        }
        return best;
    }

    /** The source surface moved into the character's rest pose, weighted to the canonical joints. */
    private static CharacterSkin skin(CharacterSource src, JointMapper.Mapping mapping, Skeleton character, double[] mesh,
            Map<String, Vec3> bind, Map<String, Vec3> rest, Map<String, Quat> bindRotation, Vec3 shift) {
        Skeleton s = src.skeleton();
        int[] canonical = new int[s.size()];
        Map<String, String> roleOf = new HashMap<>();
        mapping.entries().values().forEach(e -> roleOf.put(e.source(), e.role()));
        for (int j = 0; j < s.size(); j++) {
            int c = -1;
            for (int a = j; a >= 0 && c < 0; a = s.parent(a)) {
                String role = roleOf.get(s.name(a));
                c = role == null ? -1 : character.indexOf(role);
            }
            canonical[j] = c < 0 ? 0 : c;
        }
        int nj = character.size();
        Vec3[] b = new Vec3[nj], r = new Vec3[nj];
        Quat[] inv = new Quat[nj];
        for (int j = 0; j < nj; j++) {
            String role = character.name(j);
            b[j] = bind.get(role);
            r[j] = rest.get(role);
            inv[j] = bindRotation.getOrDefault(role, Quat.IDENTITY).conj();
        }
        SourceSkin in = src.skin();
        int n = in.vertexCount();
        double[] out = new double[3 * n];
        int[] joints = new int[n * CharacterSkin.INFLUENCES];
        double[] weights = new double[n * CharacterSkin.INFLUENCES];
        for (int v = 0; v < n; v++) {
            Vec3 p = new Vec3(mesh[3 * v], mesh[3 * v + 1], mesh[3 * v + 2]);
            int used = 0;
            Vec3 acc = Vec3.ZERO;
            for (int k = 0; k < CharacterSkin.INFLUENCES; k++) {
                int sj = in.joints()[v * 4 + k];
                double w = in.weights()[v * 4 + k];
                if (sj < 0 || w <= 0) {
                    continue;
                }
                int c = canonical[sj];
                acc = acc.add(inv[c].rotate(p.sub(b[c])).add(r[c]).scale(w));
                int slot = -1;
                for (int u = 0; u < used; u++) {
                    if (joints[v * 4 + u] == c) {
                        slot = u;
                    }
                }
                if (slot < 0) {
                    slot = used++;
                    joints[v * 4 + slot] = c;
                }
                weights[v * 4 + slot] += w;
            }
            for (int k = used; k < CharacterSkin.INFLUENCES; k++) {
                joints[v * 4 + k] = -1;
            }
            Vec3 q = acc.add(shift);
            out[3 * v] = q.x();
            out[3 * v + 1] = q.y();
            out[3 * v + 2] = q.z();
        }
        return new CharacterSkin(character.names().toArray(String[]::new), out, in.triangles().clone(), joints, weights);
    }
}
