package org.clothgraph.motion.retarget;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.retarget.JointName.Side;

/**
 * Automatic joint mapping of any humanoid skeleton onto the canonical roles (the demo character's joint names: Hips,
 * Spine, Spine1, Spine2, Neck, Head, Left/Right Shoulder, Arm, ForeArm, Hand, UpLeg, Leg, Foot, ToeBase), without a
 * naming table per skeleton family.
 * <ol>
 * <li>Topology finds the body parts: the head is the highest leaf of the rest pose; the feet are the leaves near the
 * ground whose common ancestor with the head is deepest (so helper chains hung off an extra root, such as Unreal's
 * ik_foot_root, are not legs); that ancestor is the pelvis, whatever sits above it (an extra root at the ground);
 * the spine is the path from the pelvis to the head; the arms are the two longest chains (by bone length) leaving
 * the spine, diverging from each other.</li>
 * <li>Within each chain, roles are assigned in anatomical order by dynamic programming over the joints, each joint
 * scored by its normalised name ({@link JointName}: synonyms such as Thigh/UpLeg/femur, Calf/Knee/Leg) plus a smaller
 * score where an anthropometric fit of the chain (segment lengths as fractions of the standing height, Drillis and
 * Contini: thigh 0.245, shin 0.246, ankle height 0.039, upper arm 0.186, forearm 0.146, hand 0.108) puts the role. Names decide
 * where they are clear, the fit breaks ties ("LHipJoint" and "LeftHip") and maps meaningless names alone.</li>
 * <li>Sides come from the names (Left/L/l prefixes and suffixes), else from the rest pose: the feet point forward,
 * left = up x forward.</li>
 * </ol>
 * A role the source has no joint for (DeepMimic's arms end at the elbow's end site) is reported missing with the
 * reason; the retargeter lets such a joint follow its parent.
 */
public final class JointMapper {
    public static final List<String> LEG = List.of("UpLeg", "Leg", "Foot", "ToeBase");
    public static final List<String> ARM = List.of("Shoulder", "Arm", "ForeArm", "Hand");
    public static final List<String> TRUNK = List.of("Hips", "Spine", "Spine1", "Spine2", "Neck", "Head");
    /** Every canonical role in skeleton order of the demo character. */
    public static final List<String> ROLES = roles();
    /** Roles without which an import is refused. */
    public static final List<String> ESSENTIAL = List.of("Hips", "Spine", "LeftUpLeg", "LeftLeg", "LeftFoot", "RightUpLeg",
            "RightLeg", "RightFoot", "LeftArm", "LeftForeArm", "RightArm", "RightForeArm");
    /** Limb roles: the arms and legs of both sides. */
    public static final List<String> LIMBS = limbs();

    private static final double THIGH = 0.245, SHIN = 0.246, ANKLE = 0.039, UPPER_ARM = 0.186, FOREARM = 0.146, HAND = 0.108;

    /**
     * How a role was found: the joint's name is the role's own word (NAME) or another word for it (SYNONYM: Thigh,
     * femur, LowerArm ...), the skeleton's structure and proportions alone (TOPOLOGY), a table given for this import
     * ({@code --map}: GIVEN), or the mapping the project keeps for this skeleton, a user's correction (SAVED).
     */
    public enum Basis { NAME, SYNONYM, TOPOLOGY, GIVEN, SAVED }

    /** A mapped role: the source joint and how it was found. */
    public record Entry(String role, String source, Basis basis) {}

    /** The roles of one skeleton: mapped entries, the reason for each role left unmapped, problems that stop the mapping. */
    public static final class Mapping {
        private final Map<String, Entry> entries = new LinkedHashMap<>();
        private final Map<String, String> missing = new LinkedHashMap<>();
        private final List<String> problems = new ArrayList<>();
        private String pelvisNote = "";

        public Map<String, Entry> entries() {
            Map<String, Entry> m = new LinkedHashMap<>();
            for (String r : ROLES) if (entries.containsKey(r)) m.put(r, entries.get(r));
            return Collections.unmodifiableMap(m);
        }

        /** Roles left unmapped, with the reason. */
        public Map<String, String> missing() {
            Map<String, String> m = new LinkedHashMap<>();
            for (String r : ROLES) if (!entries.containsKey(r)) m.put(r, missing.getOrDefault(r, "not found"));
            return Collections.unmodifiableMap(m);
        }

        /** The source joint of a role or null. */
        public String source(String role) {
            Entry e = entries.get(role);
            return e == null ? null : e.source();
        }

        public List<String> problems() { return List.copyOf(problems); }

        /** Essential roles that are not mapped. */
        public List<String> missingEssentials() {
            return ESSENTIAL.stream().filter(r -> !entries.containsKey(r)).toList();
        }

        public boolean complete() { return problems.isEmpty() && missingEssentials().isEmpty(); }

        /** Source-to-role table for the retargeter (roles are the demo character's joint names). */
        public JointMap toJointMap(String name) {
            Map<String, String> m = new LinkedHashMap<>();
            for (Entry e : entries().values()) m.put(e.source(), e.role());
            return new JointMap(name, m);
        }

        /** One line per role: "LeftUpLeg <- lfemur (name)", "LeftHand: - (the arm ends at the end site of left_elbow)". */
        public String describe() {
            StringBuilder b = new StringBuilder();
            for (String p : problems) b.append("  problem: ").append(p).append('\n');
            if (!pelvisNote.isEmpty()) b.append("  ").append(pelvisNote).append('\n');
            for (String r : ROLES) {
                Entry e = entries.get(r);
                if (e != null) {
                    b.append(String.format(Locale.ROOT, "  %-13s <- %s (%s)%n", r, e.source(), e.basis().name().toLowerCase(Locale.ROOT)));
                } else {
                    b.append(String.format(Locale.ROOT, "  %-13s    - (%s)%n", r, missing.getOrDefault(r, "not found")));
                }
            }
            return b.toString();
        }

        void put(String role, String source, Basis basis) {
            entries.put(role, new Entry(role, source, basis));
            missing.remove(role);
        }

        void miss(String role, String reason) {
            if (!entries.containsKey(role)) missing.put(role, reason);
        }
    }

    private JointMapper() {}

    /** The mapping a given table makes (a user's --map), in the same form as an automatic one. */
    public static Mapping given(Skeleton source, JointMap table) {
        return given(source, table, Basis.GIVEN);
    }

    /** The mapping a table makes, each role marked with {@code basis} (GIVEN for --map, SAVED for the project's). */
    public static Mapping given(Skeleton source, JointMap table, Basis basis) {
        Mapping m = new Mapping();
        for (String n : source.names()) {
            String t = table.target(n);
            if (t != null && ROLES.contains(t) && !m.entries.containsKey(t)) m.put(t, n, basis);
        }
        for (String r : ROLES) m.miss(r, basis == Basis.SAVED ? "not mapped in the saved mapping" : "not in the map");
        return m;
    }

    /** Maps the skeleton's joints onto the canonical roles (see the class comment). */
    public static Mapping map(Skeleton s) {
        return new Finder(s).find();
    }

    private static List<String> roles() {
        List<String> r = new ArrayList<>(TRUNK);
        for (String side : new String[] {"Left", "Right"}) ARM.forEach(a -> r.add(side + a));
        for (String side : new String[] {"Left", "Right"}) LEG.forEach(a -> r.add(side + a));
        return List.copyOf(r);
    }

    private static List<String> limbs() {
        List<String> r = new ArrayList<>();
        for (String side : new String[] {"Left", "Right"}) {
            ARM.forEach(a -> r.add(side + a));
            LEG.forEach(a -> r.add(side + a));
        }
        return List.copyOf(r);
    }

    /** One mapping run over one skeleton's rest pose. */
    private static final class Finder {
        private final Skeleton s;
        private final int n;
        private final Vec3[] p;
        private final Vec3[] tip;
        private final JointName[] names;
        private final int[] depth;
        private final Mapping out = new Mapping();
        private final double height;
        private final double ground;

        Finder(Skeleton s) {
            this.s = s;
            n = s.size();
            p = s.restPositions();
            Vec3[] e = s.restEndSites();
            tip = new Vec3[n];
            names = new JointName[n];
            depth = new int[n];
            double lo = Double.MAX_VALUE, hi = -Double.MAX_VALUE;
            for (int j = 0; j < n; j++) {
                tip[j] = e[j] != null ? e[j] : p[j];
                names[j] = JointName.parse(s.name(j));
                depth[j] = j == 0 ? 0 : depth[s.parent(j)] + 1;
                lo = Math.min(lo, Math.min(p[j].y(), tip[j].y()));
                hi = Math.max(hi, Math.max(p[j].y(), tip[j].y()));
            }
            height = hi - lo;
            ground = lo;
        }

        Mapping find() {
            if (!(height > 1e-6)) {
                out.problems.add("the rest pose has no height");
                return out;
            }
            List<Integer> leaves = new ArrayList<>();
            for (int j = 0; j < n; j++) if (s.children(j).length == 0) leaves.add(j);
            int head = leaves.get(0);
            for (int l : leaves) if (tip[l].y() > tip[head].y()) head = l;
            // the feet: leaves near the ground whose common ancestor with the head is deepest
            int pelvis = -1;
            for (int l : leaves) {
                if (tip[l].y() >= ground + 0.2 * height || l == head) continue;
                int a = lca(head, l);
                if (pelvis < 0 || depth[a] > depth[pelvis]) pelvis = a;
            }
            if (pelvis < 0) {
                out.problems.add("no leg reaches the ground in the rest pose");
                return out;
            }
            List<Integer> feet = new ArrayList<>();
            for (int l : leaves) {
                if (l != head && tip[l].y() < ground + 0.2 * height && isAncestor(pelvis, l) && lca(head, l) == pelvis) feet.add(l);
            }
            int split = feet.get(0);
            for (int f : feet) split = lca(split, f);
            final int legSplit = split;
            // group the feet by the child of the split they hang from; the two longest groups are the legs
            Map<Integer, Integer> footOfChild = new LinkedHashMap<>();
            for (int f : feet) {
                int c = childToward(legSplit, f);
                if (c < 0) continue;
                Integer best = footOfChild.get(c);
                if (best == null || pathLength(legSplit, f) > pathLength(legSplit, best)) footOfChild.put(c, f);
            }
            if (footOfChild.size() < 2) {
                out.problems.add("found one leg only (below " + s.name(legSplit) + ")");
                return out;
            }
            List<Integer> legFeet = new ArrayList<>(footOfChild.values());
            legFeet.sort((a, b) -> Double.compare(pathLength(legSplit, b), pathLength(legSplit, a)));
            legFeet = legFeet.subList(0, 2);
            out.put("Hips", s.name(pelvis), isNamed(pelvis, "hips") ? Basis.NAME
                    : isNamed(pelvis, "hip", "pelvis", "root") ? Basis.SYNONYM : Basis.TOPOLOGY);
            if (pelvis != 0) {
                out.pelvisNote = "pelvis " + s.name(pelvis) + " is below the root " + s.name(0)
                        + ": its world motion drives the character's hips";
            }
            List<Integer> spine = path(pelvis, head);
            spine.remove(0);
            Set<Integer> onSpine = new HashSet<>(spine);
            onSpine.add(pelvis);
            // the arms: the longest chains leaving the spine, diverging from each other
            Set<Integer> legJoints = new HashSet<>();
            for (int f : legFeet) legJoints.addAll(subtree(childToward(legSplit, f)));
            int handA = -1;
            double lenA = 0;
            for (int l : leaves) {
                if (l == head || legJoints.contains(l) || !isAncestor(pelvis, l) || onSpine.contains(l)) continue;
                double len = pathLength(deepestOn(onSpine, l), l);
                if (len > lenA) { lenA = len; handA = l; }
            }
            int handB = -1;
            double lenB = 0;
            if (handA >= 0) {
                for (int l : leaves) {
                    if (l == head || l == handA || legJoints.contains(l) || !isAncestor(pelvis, l) || onSpine.contains(l)) continue;
                    double len = pathLength(lca(handA, l), l);
                    if (len > lenB) { lenB = len; handB = l; }
                }
            }
            List<Integer> legA = path(childToward(legSplit, legFeet.get(0)), legFeet.get(0));
            List<Integer> legB = path(childToward(legSplit, legFeet.get(1)), legFeet.get(1));
            int[] fitA = fitLeg(legA), fitB = fitLeg(legB);
            Vec3 forward = forward(legA, fitA).add(forward(legB, fitB));
            forward = new Vec3(forward.x(), 0, forward.z());
            if (forward.length() < 0.02 * height) forward = new Vec3(0, 0, 1);
            Vec3 left = new Vec3(0, 1, 0).cross(forward.normalized());
            boolean aIsLeft = leftFirst(legA, legB, left);
            assignChain(aIsLeft ? "Left" : "Right", LEG, legA, fitA, legFeet.get(0));
            assignChain(aIsLeft ? "Right" : "Left", LEG, legB, fitB, legFeet.get(1));

            int armBranch = -1;
            if (handA < 0 || handB < 0 || lenB < 0.5 * lenA || lenA < 0.15 * height) {
                out.problems.add("found no two arms leaving the spine");
            } else {
                int root = lca(handA, handB);
                armBranch = deepestOn(onSpine, root);
                List<Integer> armA = path(childToward(root, handA), handA), armB = path(childToward(root, handB), handB);
                int[] fa = fitArm(armA), fb = fitArm(armB);
                boolean left1 = leftFirst(armA, armB, left);
                assignChain(left1 ? "Left" : "Right", ARM, armA, fa, handA);
                assignChain(left1 ? "Right" : "Left", ARM, armB, fb, handB);
            }
            assignTrunk(spine, armBranch);
            return out;
        }

        /** Neck and head by name, else by place (the first joint above the arms; the last one well below the top). */
        private void assignTrunk(List<Integer> spine, int armBranch) {
            int branchIdx = spine.indexOf(armBranch);
            int neck = -1;
            Basis neckBasis = Basis.NAME;
            for (int i = 0; i < spine.size() && neck < 0; i++) if (names[spine.get(i)].score("Neck") > 0) neck = i;
            if (neck < 0 && branchIdx >= 0 && branchIdx + 1 < spine.size()) {
                neck = branchIdx + 1;
                neckBasis = Basis.TOPOLOGY;
            }
            int headIdx = -1;
            Basis headBasis = Basis.NAME;
            if (neck >= 0) {
                if (neckBasis == Basis.NAME && !names[spine.get(neck)].isWord("Neck")) neckBasis = Basis.SYNONYM;
                out.put("Neck", s.name(spine.get(neck)), neckBasis);
                for (int i = neck + 1; i < spine.size() && headIdx < 0; i++) if (names[spine.get(i)].score("Head") > 0) headIdx = i;
                if (headIdx < 0) {
                    // the skull's joint: the last one at least a tenth of a metre (0.06 of the height) below the top
                    double top = tip[spine.get(spine.size() - 1)].y();
                    for (int i = neck + 1; i < spine.size(); i++) {
                        if (top - p[spine.get(i)].y() >= 0.06 * height) { headIdx = i; headBasis = Basis.TOPOLOGY; }
                    }
                }
                if (headIdx >= 0 && headBasis == Basis.NAME && !names[spine.get(headIdx)].isWord("Head")) headBasis = Basis.SYNONYM;
                if (headIdx >= 0) out.put("Head", s.name(spine.get(headIdx)), headBasis);
                else out.miss("Head", "no joint above the neck " + s.name(spine.get(neck)) + " (the head follows it)");
            } else {
                out.miss("Neck", "no joint above the arms");
                out.miss("Head", "no joint above the arms");
            }
            int end = neck >= 0 ? neck : branchIdx + 1;
            List<Integer> trunk = spine.subList(0, Math.max(0, Math.min(end, spine.size())));
            if (trunk.isEmpty()) {
                out.miss("Spine", "no joint between the pelvis and the neck");
            } else {
                Basis b = isNamed(trunk.get(0), "spine") ? Basis.NAME
                        : isNamed(trunk.get(0), "chest", "back", "torso", "abdomen", "thorax", "lowerback", "upperback")
                                ? Basis.SYNONYM : Basis.TOPOLOGY;
                out.put("Spine", s.name(trunk.get(0)), b);
                if (trunk.size() >= 2) out.put("Spine2", s.name(trunk.get(trunk.size() - 1)), b);
                if (trunk.size() >= 3) out.put("Spine1", s.name(trunk.get(trunk.size() / 2)), b);
            }
            String count = trunk.size() + " spine joint" + (trunk.size() == 1 ? "" : "s");
            out.miss("Spine1", "the source has " + count + " (it follows the joint below)");
            out.miss("Spine2", "the source has " + count + " (it follows the joint below)");
        }

        /** Roles of one limb chain: names (strength 1-2) plus the fit (0.5), best ordered assignment. */
        private void assignChain(String side, List<String> roles, List<Integer> chain, int[] fit, int leaf) {
            int m = chain.size(), k = roles.size();
            double[][] score = new double[m][k];
            for (int i = 0; i < m; i++) {
                for (int r = 0; r < k; r++) score[i][r] = names[chain.get(i)].score(roles.get(r)) + (fit[r] == i ? 0.5 : 0);
            }
            double[][] best = new double[m + 1][k + 1];
            for (int i = m - 1; i >= 0; i--) {
                for (int r = k - 1; r >= 0; r--) {
                    double take = score[i][r] > 0 ? score[i][r] + best[i + 1][r + 1] : -1;
                    best[i][r] = Math.max(take, Math.max(best[i + 1][r], best[i][r + 1]));
                }
            }
            int i = 0, r = 0;
            while (i < m && r < k) {
                double take = score[i][r] > 0 ? score[i][r] + best[i + 1][r + 1] : -1;
                if (take >= best[i][r] - 1e-9) {
                    int j = chain.get(i);
                    out.put(side + roles.get(r), s.name(j), names[j].score(roles.get(r)) == 0 ? Basis.TOPOLOGY
                            : names[j].isWord(roles.get(r)) ? Basis.NAME : Basis.SYNONYM);
                    i++;
                    r++;
                } else if (best[i + 1][r] >= best[i][r] - 1e-9) {
                    i++;
                } else {
                    r++;
                }
            }
            String last = s.name(leaf);
            String endNote = s.joint(leaf).endSite() != null ? "the chain ends at the end site of " + last : "the chain ends at " + last;
            for (String role : roles) out.miss(side + role, switch (role) {
                case "Shoulder" -> "no clavicle joint: the arm starts at " + s.name(chain.get(0));
                case "Hand", "ToeBase" -> "no joint there: " + endNote + " (it follows its parent)";
                default -> "not found in the chain " + s.name(chain.get(0)) + " .. " + last;
            });
        }

        /** Anthropometric fit of a leg chain: indices of UpLeg, Leg, Foot, ToeBase (-1: none; m: the end site). */
        private int[] fitLeg(List<Integer> chain) {
            Vec3[] q = points(chain);
            int last = q.length - 1;
            double low = Double.MAX_VALUE;
            for (Vec3 v : q) low = Math.min(low, v.y());
            int[] best = {-1, -1, -1, -1};
            double bestCost = Double.MAX_VALUE;
            for (int u = 0; u < q.length; u++) {
                for (int k = u + 1; k < q.length; k++) {
                    Vec3 thigh = q[k].sub(q[u]);
                    double down = 1 + thigh.normalized().y();
                    for (int f = k + 1; f <= last; f++) {
                        double a = thigh.length() / height - THIGH, b = q[f].distance(q[k]) / height - SHIN;
                        double c = (q[f].y() - low) / height - ANKLE;
                        double cost = a * a + b * b + c * c + 0.01 * down;
                        if (cost < bestCost) {
                            bestCost = cost;
                            best = new int[] {u, k, f, f + 1 < chain.size() ? f + 1 : -1};
                        }
                    }
                }
            }
            return best;
        }

        /** Anthropometric fit of an arm chain: indices of Shoulder, Arm, ForeArm, Hand (-1: none; m: the end site). */
        private int[] fitArm(List<Integer> chain) {
            Vec3[] q = points(chain);
            int last = q.length - 1;
            int[] best = {-1, -1, -1, -1};
            double bestCost = Double.MAX_VALUE;
            for (int a = 0; a < q.length; a++) {
                for (int e = a + 1; e < q.length; e++) {
                    Vec3 upper = q[e].sub(q[a]);
                    for (int w = e + 1; w <= last; w++) {
                        Vec3 fore = q[w].sub(q[e]);
                        double x = upper.length() / height - UPPER_ARM, y = fore.length() / height - FOREARM;
                        double bend = 1 - upper.normalized().dot(fore.normalized());
                        double hand = along(q, w) / height - HAND;
                        double cost = x * x + y * y + 0.5 * hand * hand + 0.01 * bend;
                        if (cost < bestCost) {
                            bestCost = cost;
                            best = new int[] {a > 0 ? 0 : -1, a, e, w < chain.size() ? w : -1};
                        }
                    }
                }
            }
            return best;
        }

        /** Bone length along the chain points from index i to the last. */
        private static double along(Vec3[] q, int i) {
            double len = 0;
            for (int k = i + 1; k < q.length; k++) len += q[k].distance(q[k - 1]);
            return len;
        }

        /** Rest positions along a chain, then the last joint's end site when it has one. */
        private Vec3[] points(List<Integer> chain) {
            int leaf = chain.get(chain.size() - 1);
            boolean end = s.joint(leaf).endSite() != null;
            Vec3[] q = new Vec3[chain.size() + (end ? 1 : 0)];
            for (int i = 0; i < chain.size(); i++) q[i] = p[chain.get(i)];
            if (end) q[chain.size()] = tip[leaf];
            return q;
        }

        /** Horizontal direction from the fitted ankle to the toe tip. */
        private Vec3 forward(List<Integer> chain, int[] fit) {
            Vec3[] q = points(chain);
            if (fit[2] < 0 || fit[2] >= q.length) return Vec3.ZERO;
            Vec3 d = q[q.length - 1].sub(q[fit[2]]);
            return new Vec3(d.x(), 0, d.z());
        }

        /** True when chain a is the left one: by names when they say opposite sides, else by the rest pose. */
        private boolean leftFirst(List<Integer> a, List<Integer> b, Vec3 left) {
            Side sa = side(a), sb = side(b);
            if (sa != Side.NONE && sb != Side.NONE && sa != sb) return sa == Side.LEFT;
            if (sa != Side.NONE && sb == Side.NONE) return sa == Side.LEFT;
            if (sb != Side.NONE && sa == Side.NONE) return sb == Side.RIGHT;
            return lateral(a, left) >= lateral(b, left);
        }

        private Side side(List<Integer> chain) {
            int l = 0, r = 0;
            for (int j : chain) {
                if (names[j].side() == Side.LEFT) l++;
                if (names[j].side() == Side.RIGHT) r++;
            }
            return l > r ? Side.LEFT : r > l ? Side.RIGHT : Side.NONE;
        }

        private double lateral(List<Integer> chain, Vec3 left) {
            double sum = 0;
            for (int j : chain) sum += p[j].dot(left);
            return sum / chain.size();
        }

        private boolean isNamed(int j, String... words) {
            for (String w : words) if (names[j].word().equals(w) || names[j].word().startsWith(w)) return true;
            return false;
        }

        private int lca(int a, int b) {
            while (depth[a] > depth[b]) a = s.parent(a);
            while (depth[b] > depth[a]) b = s.parent(b);
            while (a != b) { a = s.parent(a); b = s.parent(b); }
            return a;
        }

        private boolean isAncestor(int a, int d) {
            for (int x = d; x >= 0; x = s.parent(x)) if (x == a) return true;
            return false;
        }

        /** The child of a on the way to its descendant d, or -1 when d == a. */
        private int childToward(int a, int d) {
            int x = d;
            while (x >= 0 && s.parent(x) != a) x = s.parent(x);
            return x;
        }

        private int deepestOn(Set<Integer> set, int j) {
            for (int x = j; x >= 0; x = s.parent(x)) if (set.contains(x)) return x;
            return 0;
        }

        /** Joints from a down to its descendant d, both included. */
        private List<Integer> path(int a, int d) {
            List<Integer> r = new ArrayList<>();
            for (int x = d; x >= 0; x = s.parent(x)) {
                r.add(x);
                if (x == a) break;
            }
            Collections.reverse(r);
            return r;
        }

        /** Bone length from joint a down to the tip of its descendant d. */
        private double pathLength(int a, int d) {
            double len = tip[d].distance(p[d]);
            for (int x = d; x != a && x > 0; x = s.parent(x)) len += p[x].distance(p[s.parent(x)]);
            return len;
        }

        private List<Integer> subtree(int root) {
            List<Integer> r = new ArrayList<>();
            for (int j = 0; j < n; j++) if (isAncestor(root, j)) r.add(j);
            return r;
        }
    }
}
