package org.clothgraph.motion.retarget;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.internal.TextInput;

/**
 * Source-joint to demo-joint name table. Text form: one "sourceName targetName" pair per line, '#' comments;
 * a prefix such as "mixamorig:" on source names is ignored when the full name is not listed.
 */
public final class JointMap {
    private static final String[] LIMB = {"UpLeg", "Leg", "Foot", "ToeBase", "Shoulder", "Arm", "ForeArm", "Hand"};

    private final String name;
    private final Map<String, String> map;

    public JointMap(String name, Map<String, String> sourceToTarget) {
        this.name = name;
        this.map = Collections.unmodifiableMap(new LinkedHashMap<>(sourceToTarget));
    }

    public String name() { return name; }
    public Map<String, String> entries() { return map; }

    /** Target name for a source joint, or null when it is not mapped. */
    public String target(String source) {
        String t = map.get(source);
        if (t == null && source.indexOf(':') >= 0) t = map.get(source.substring(source.lastIndexOf(':') + 1));
        return t;
    }

    /** Number of the skeleton's joints this table maps. */
    public int matches(Skeleton s) {
        return (int) s.names().stream().filter(n -> target(n) != null).count();
    }

    public static JointMap identity(Skeleton target) {
        Map<String, String> m = new LinkedHashMap<>();
        target.names().forEach(n -> m.put(n, n));
        return new JointMap("identity", m);
    }

    /** CMU via the cgspeed BVH conversion (Hips, LowerBack, Spine, Spine1, LeftUpLeg, ...). */
    public static JointMap cmu() {
        return table("CMU", "Hips Hips LowerBack Spine Spine Spine1 Spine1 Spine2 Neck Neck Head Head");
    }

    /** CMU BVH with the alternative naming (LeftHip, LeftKnee, LeftCollar, Chest ...). */
    public static JointMap cmuAlt() {
        Map<String, String> m = pairs("Hips Hips lowerback Spine Chest Spine1 Chest2 Spine2 lowerneck Neck Head Head");
        for (String s : new String[] {"Left", "Right"}) {
            pairs(m, s + "Hip " + s + "UpLeg " + s + "Knee " + s + "Leg " + s + "Ankle " + s + "Foot " + s + "Toe " + s + "ToeBase "
                    + s + "Collar " + s + "Shoulder " + s + "Shoulder " + s + "Arm " + s + "Elbow " + s + "ForeArm " + s + "Wrist " + s + "Hand");
        }
        return new JointMap("CMU (alternative names)", m);
    }

    /** Acclaim names used by CMU ASF/AMC and HDM05 (joint named after the bone that starts there). */
    public static JointMap acclaim(String name) {
        Map<String, String> m = pairs("root Hips lowerback Spine upperback Spine1 thorax Spine2 lowerneck Neck head Head");
        for (String s : new String[] {"l", "r"}) {
            String t = s.equals("l") ? "Left" : "Right";
            pairs(m, s + "femur " + t + "UpLeg " + s + "tibia " + t + "Leg " + s + "foot " + t + "Foot " + s + "toes " + t + "ToeBase "
                    + s + "clavicle " + t + "Shoulder " + s + "humerus " + t + "Arm " + s + "radius " + t + "ForeArm " + s + "wrist " + t + "Hand");
        }
        return new JointMap(name, m);
    }

    public static JointMap hdm05() { return acclaim("HDM05"); }

    /** Mixamo ("mixamorig:Hips" ...): same names as the demo character after the prefix. */
    public static JointMap mixamo() {
        return table("Mixamo", "Hips Hips Spine Spine Spine1 Spine1 Spine2 Spine2 Neck Neck Head Head");
    }

    /** MakeHuman default skeleton (see shared meshes/makehuman/tpose.bvh). */
    public static JointMap makeHuman() {
        Map<String, String> m = pairs("root Hips spine05 Spine spine03 Spine1 spine01 Spine2 neck01 Neck head Head");
        for (String s : new String[] {"L", "R"}) {
            String t = s.equals("L") ? "Left" : "Right";
            pairs(m, "upperleg01." + s + " " + t + "UpLeg lowerleg01." + s + " " + t + "Leg foot." + s + " " + t + "Foot toe1-1." + s + " "
                    + t + "ToeBase clavicle." + s + " " + t + "Shoulder upperarm01." + s + " " + t + "Arm lowerarm01." + s + " " + t
                    + "ForeArm wrist." + s + " " + t + "Hand");
        }
        return new JointMap("MakeHuman", m);
    }

    /** DeepMimic humanoid (root, chest, neck, right_shoulder ...). */
    public static JointMap deepMimic() {
        Map<String, String> m = pairs("root Hips chest Spine1 neck Neck");
        for (String s : new String[] {"left", "right"}) {
            String t = s.equals("left") ? "Left" : "Right";
            pairs(m, s + "_hip " + t + "UpLeg " + s + "_knee " + t + "Leg " + s + "_ankle " + t + "Foot " + s + "_shoulder " + t + "Arm "
                    + s + "_elbow " + t + "ForeArm " + s + "_wrist " + t + "Hand");
        }
        return new JointMap("DeepMimic", m);
    }

    public static List<JointMap> builtIns() {
        return List.of(mixamo(), cmu(), cmuAlt(), acclaim("CMU ASF"), makeHuman(), deepMimic());
    }

    /** The built-in table mapping most of the skeleton's joints. */
    public static JointMap forSkeleton(Skeleton s) {
        JointMap best = null;
        for (JointMap m : builtIns()) if (best == null || m.matches(s) > best.matches(s)) best = m;
        return best;
    }

    public static JointMap load(Path file) {
        return parse(file.toString(), TextInput.readFile(file));
    }

    public static JointMap parse(String source, String text) {
        Map<String, String> m = new LinkedHashMap<>();
        String[] lines = text.split("\r\n|\r|\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i].trim();
            if (l.isEmpty() || l.startsWith("#")) continue;
            String[] t = l.split("\\s+");
            if (t.length != 2) throw new InvalidInputException(source, "line " + (i + 1), "expected 'sourceName targetName'");
            if (m.put(t[0], t[1]) != null) throw new InvalidInputException(source, "line " + (i + 1), "source joint listed twice: " + t[0]);
        }
        return new JointMap(Path.of(source).getFileName() == null ? source : Path.of(source).getFileName().toString(), m);
    }

    public String format() {
        StringBuilder b = new StringBuilder("# joint map ").append(name.replaceAll("[\\r\\n]", " ")).append(": sourceName targetName\n");
        map.forEach((k, v) -> b.append(k).append(' ').append(v).append('\n'));
        return b.toString();
    }

    public void save(Path file) throws IOException {
        Files.writeString(file, format(), StandardCharsets.UTF_8);
    }

    private static Map<String, String> pairs(String s) { return pairs(new LinkedHashMap<>(), s); }

    private static Map<String, String> pairs(Map<String, String> m, String s) {
        String[] t = s.trim().split("\\s+");
        for (int i = 0; i + 1 < t.length; i += 2) m.put(t[i], t[i + 1]);
        return m;
    }

    /** Trunk pairs plus Left/Right limbs whose source names equal the demo names. */
    private static JointMap table(String name, String trunk) {
        Map<String, String> m = pairs(trunk);
        for (String side : new String[] {"Left", "Right"}) {
            for (String limb : LIMB) m.put(side + limb, side + limb);
        }
        return new JointMap(name, m);
    }
}
