package org.clothgraph.motion.retarget;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A source joint name normalised for matching: the side it names (left, right or none) and its role word, the
 * remaining tokens joined after dropping namespace prefixes ("mixamorig:", "Armature|"), case, separators, digits and
 * filler words. "mixamorig:LeftUpLeg", "thigh_l", "L_Hip", "lfemur", "upperleg01.L" and "Bip01 L Thigh" all become a
 * left-side role word naming the upper leg. {@link #score} says how strongly the word names a canonical role.
 */
record JointName(Side side, String word) {
    enum Side { LEFT, RIGHT, NONE }

    /** Words dropped before matching: they say nothing about the body part. */
    private static final Set<String> FILLER = Set.of("joint", "jnt", "bone", "bn", "def", "bind", "jt", "bip", "biped", "valve",
            "mixamorig", "sk", "rig", "ctrl", "skel");

    /** Role words that may follow an Acclaim-style one-letter side prefix ("lfemur", "rhumerus"). */
    private static final Set<String> ACCLAIM = Set.of("femur", "tibia", "foot", "toes", "toe", "hipjoint", "hip", "clavicle",
            "humerus", "radius", "wrist", "hand", "fingers", "thumb", "knee", "ankle", "shoulder", "elbow", "collar", "upleg",
            "leg", "arm", "forearm", "thigh", "calf", "ball");

    /** Role word -> (canonical role, strength): 2 = names it, 1 = may name it (ambiguous across skeleton families). */
    private static final Map<String, Map<String, Integer>> SYNONYMS = synonyms();

    static JointName parse(String raw) {
        String s = raw;
        int cut = Math.max(s.lastIndexOf(':'), s.lastIndexOf('|'));
        if (cut >= 0 && cut + 1 < s.length()) s = s.substring(cut + 1);
        // camelCase and letter/digit boundaries become separators
        s = s.replaceAll("([a-z])([A-Z])", "$1 $2").replaceAll("([A-Z]+)([A-Z][a-z])", "$1 $2")
                .replaceAll("([A-Za-z])([0-9])", "$1 $2").replaceAll("([0-9])([A-Za-z])", "$1 $2");
        List<String> tokens = new ArrayList<>();
        for (String t : s.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
            if (!t.isEmpty() && !t.chars().allMatch(Character::isDigit) && !FILLER.contains(t)) tokens.add(t);
        }
        Side side = Side.NONE;
        List<String> rest = new ArrayList<>();
        for (String t : tokens) {
            Side ts = switch (t) {
                case "left", "l", "lft" -> Side.LEFT;
                case "right", "r", "rt", "rgt" -> Side.RIGHT;
                default -> Side.NONE;
            };
            if (ts != Side.NONE && side == Side.NONE) {
                side = ts;
            } else if (side == Side.NONE && t.startsWith("left") && t.length() > 4) {
                side = Side.LEFT;
                rest.add(t.substring(4));
            } else if (side == Side.NONE && t.startsWith("right") && t.length() > 5) {
                side = Side.RIGHT;
                rest.add(t.substring(5));
            } else if (ts == Side.NONE) {
                rest.add(t);
            }
        }
        if (side == Side.NONE && rest.size() == 1 && rest.get(0).length() > 1) {
            String t = rest.get(0);
            if ((t.charAt(0) == 'l' || t.charAt(0) == 'r') && ACCLAIM.contains(t.substring(1))) {
                side = t.charAt(0) == 'l' ? Side.LEFT : Side.RIGHT;
                rest.set(0, t.substring(1));
            }
        }
        return new JointName(side, String.join("", rest));
    }

    /** Whether the name is the role's own word ("upleg" for UpLeg), not a synonym of it. */
    boolean isWord(String role) {
        return word.equals(role.toLowerCase(java.util.Locale.ROOT));
    }

    /** How strongly this name names the canonical role (limb roles without side: "UpLeg", "Arm" ...): 0, 1 or 2. */
    int score(String role) {
        Map<String, Integer> m = SYNONYMS.get(word);
        return m == null ? 0 : m.getOrDefault(role, 0);
    }

    private static Map<String, Map<String, Integer>> synonyms() {
        Map<String, Map<String, Integer>> m = new java.util.HashMap<>();
        put(m, "UpLeg", 2, "upleg", "upperleg", "thigh", "femur", "legupper", "uleg");
        put(m, "UpLeg", 1, "hip", "hipjoint");
        put(m, "Leg", 2, "leg", "lowerleg", "calf", "shin", "knee", "tibia", "leglower", "lleg", "loleg");
        put(m, "Foot", 2, "foot", "ankle");
        put(m, "ToeBase", 2, "toe", "toes", "toebase", "ball", "toebones");
        put(m, "Shoulder", 2, "clavicle", "collar", "clav", "collarbone");
        put(m, "Shoulder", 1, "shoulder");
        put(m, "Arm", 2, "arm", "upperarm", "humerus", "armupper", "uparm");
        put(m, "Arm", 1, "shoulder");
        put(m, "ForeArm", 2, "forearm", "lowerarm", "elbow", "radius", "ulna", "armlower", "loarm");
        put(m, "Hand", 2, "hand", "wrist");
        put(m, "Neck", 2, "neck", "lowerneck", "upperneck");
        put(m, "Head", 2, "head");
        return m;
    }

    private static void put(Map<String, Map<String, Integer>> m, String role, int strength, String... words) {
        for (String w : words) m.computeIfAbsent(w, x -> new java.util.HashMap<>()).put(role, strength);
    }
}
