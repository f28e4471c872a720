package org.clothgraph.sim.garment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.Capsule;

/**
 * A garment's feature loops, found on its rest mesh: every border loop of the mesh, named after the vertex group
 * that holds most of it ("hood_rim" gives "hood rim"), with the body side where one group holds a pair ("left
 * cuff", "right cuff") and the nearest body part where it holds more ("vest opening at neck"); loops outside every
 * group are named after the body part they lie nearest to ("opening at neck"). Besides the border loops, a vertex
 * group off the border whose vertices are one closed loop of mesh edges (each with exactly two neighbours in the
 * group) is a feature loop named after the group: a seam where a sleeve joins the body ("left_armhole" gives "left
 * armhole"), which a hand steers into when that side of the garment is off the body. These are what dressing
 * actions steer into and grip, and what a garment is aligned by.
 */
public final class GarmentFeatures {
    private GarmentFeatures() {
    }

    /** The mesh's feature loops at rest, named against the character's rest body; longest first. */
    public static List<FeatureLoop> of(ClothMesh mesh, Body rest) {
        List<int[]> loops = BoundaryLoops.of(mesh);
        float[] x = mesh.restPositions();
        List<String> groups = new ArrayList<>();
        Map<String, Integer> loopsInGroup = new LinkedHashMap<>();
        for (int[] loop : loops) {
            String group = group(mesh, loop);
            groups.add(group);
            loopsInGroup.merge(group, 1, Integer::sum);
        }
        List<FeatureLoop> out = new ArrayList<>();
        for (int i = 0; i < loops.size(); i++) {
            int[] loop = loops.get(i);
            String group = groups.get(i);
            FeatureLoop measured = FeatureLoop.of("", loop, x);
            String part = nearestPart(rest, measured.centre());
            String name;
            if (group.isEmpty()) {
                name = "opening at " + part;
            } else if (loopsInGroup.get(group) == 1) {
                name = group.replace('_', ' ');
            } else if (loopsInGroup.get(group) == 2 && !side(part).isEmpty()) {
                name = side(part) + singular(group.replace('_', ' ')); // a pair told apart by side
            } else {
                name = group.replace('_', ' ') + " opening at " + part;
            }
            out.add(FeatureLoop.of(unique(out, name), loop, x));
        }
        java.util.BitSet border = new java.util.BitSet();
        loops.forEach(l -> java.util.Arrays.stream(l).forEach(border::set));
        for (Map.Entry<String, int[]> g : new java.util.TreeMap<>(mesh.vertexGroups()).entrySet()) {
            int[] seam = seamLoop(mesh, g.getValue(), border);
            if (seam != null) {
                out.add(FeatureLoop.of(unique(out, g.getKey().replace('_', ' ')), seam, x));
            }
        }
        return out;
    }

    /**
     * The group's vertices in loop order when they are one closed loop of mesh edges off the border (every vertex with
     * exactly two neighbours in the group, all reached walking round), else null.
     */
    public static int[] seamLoop(ClothMesh mesh, int[] group) {
        java.util.BitSet border = new java.util.BitSet();
        BoundaryLoops.of(mesh).forEach(l -> java.util.Arrays.stream(l).forEach(border::set));
        return seamLoop(mesh, group, border);
    }

    private static int[] seamLoop(ClothMesh mesh, int[] group, java.util.BitSet border) {
        if (group.length < 3) {
            return null;
        }
        Map<Integer, java.util.Set<Integer>> nb = new java.util.HashMap<>();
        for (int v : group) {
            if (border.get(v)) {
                return null;
            }
            nb.put(v, new java.util.TreeSet<>());
        }
        int[] t = mesh.triangles();
        for (int i = 0; i < t.length; i += 3) {
            for (int k = 0; k < 3; k++) {
                int a = t[i + k], b = t[i + (k + 1) % 3];
                if (nb.containsKey(a) && nb.containsKey(b)) {
                    nb.get(a).add(b);
                    nb.get(b).add(a);
                }
            }
        }
        for (java.util.Set<Integer> n : nb.values()) {
            if (n.size() != 2) {
                return null;
            }
        }
        int[] loop = new int[nb.size()];
        int prev = -1, cur = group[0];
        for (int i = 0; i < loop.length; i++) {
            loop[i] = cur;
            int next = -1;
            for (int n : nb.get(cur)) {
                if (n != prev) {
                    next = n;
                    break;
                }
            }
            prev = cur;
            cur = next;
            if (i < loop.length - 1 && cur == group[0]) {
                return null; // more than one loop
            }
        }
        return cur == group[0] ? loop : null;
    }

    /** The first feature with this name, or null. */
    public static FeatureLoop named(List<FeatureLoop> features, String name) {
        return features.stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
    }

    /** The vertex group holding most (at least half) of the loop's vertices; the smallest such group on a tie. */
    private static String group(ClothMesh mesh, int[] loop) {
        String best = "";
        int bestCount = 0;
        int bestSize = Integer.MAX_VALUE;
        for (Map.Entry<String, int[]> g : new java.util.TreeMap<>(mesh.vertexGroups()).entrySet()) {
            java.util.BitSet in = new java.util.BitSet();
            for (int v : g.getValue()) {
                in.set(v);
            }
            int count = 0;
            for (int v : loop) {
                if (in.get(v)) {
                    count++;
                }
            }
            int size = g.getValue().length;
            if (2 * count >= loop.length && (count > bestCount || count == bestCount && size < bestSize)) {
                best = g.getKey();
                bestCount = count;
                bestSize = size;
            }
        }
        return best;
    }

    private static String nearestPart(Body rest, double[] p) {
        String best = "the body";
        double bestD = Double.POSITIVE_INFINITY;
        for (Capsule c : rest.capsules()) {
            double d = c.signedDistance(p[0], p[1], p[2]);
            if (d < bestD) {
                bestD = d;
                best = c.name();
            }
        }
        return best;
    }

    /** "left " or "right " from a body part's name (LeftForeArm, forearm_l, l_hand, ...), else "". */
    static String side(String part) {
        String p = part.toLowerCase(Locale.ROOT);
        if (p.startsWith("left") || p.startsWith("l_") || p.endsWith("_l") || p.endsWith(".l")) {
            return "left ";
        }
        if (p.startsWith("right") || p.startsWith("r_") || p.endsWith("_r") || p.endsWith(".r")) {
            return "right ";
        }
        return "";
    }

    private static String singular(String group) {
        return group.endsWith("s") && !group.endsWith("ss") ? group.substring(0, group.length() - 1) : group;
    }

    private static String unique(List<FeatureLoop> taken, String name) {
        String n = name;
        for (int i = 2; named(taken, n) != null; i++) {
            n = name + " " + i;
        }
        return n;
    }
}
