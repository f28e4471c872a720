package org.clothgraph.motion.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Skeleton.Channel;
import org.clothgraph.motion.Skeleton.Joint;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.internal.Normalizer;
import org.clothgraph.motion.internal.TextInput;

/**
 * Reads Acclaim ASF skeleton + AMC motion (CMU, HDM05). Each ASF bone becomes a joint at the bone's start;
 * its local rotation is C M C^-1 (C = bone axis, M = AMC dofs), which is the standard Acclaim convention.
 * Units: ":units length L" means file values are inches * (1 / L), as in CMU; AMC carries no frame rate.
 */
public final class AsfAmcReader {
    /** Frame rate of CMU and HDM05 AMC files, which do not store it. */
    public static final double DEFAULT_AMC_FPS = 120;

    private AsfAmcReader() {}

    /** A parsed ASF bone in file units. */
    private record Bone(String name, Vec3 vector, Quat axis, String[] dofs) {}

    /** A parsed ASF: skeleton in file units plus what is needed to decode AMC lines. */
    private record Asf(Skeleton skeleton, Map<String, Bone> bones, String[] rootOrder, Quat rootAxis, String rootAxisOrder,
            double lengthToMetres, boolean degrees) {}

    public static Motion read(Path asf, Path amc) {
        return read(asf, amc, DEFAULT_AMC_FPS, ImportOptions.DEFAULT);
    }

    public static Motion read(Path asf, Path amc, double amcFps, ImportOptions options) {
        return read(asf.toString(), TextInput.readFile(asf), amc.toString(), TextInput.readFile(amc), amcFps, options);
    }

    public static Motion read(String asfName, String asfText, String amcName, String amcText, double amcFps,
            ImportOptions options) {
        if (!(amcFps > 0) || Double.isInfinite(amcFps)) throw new IllegalArgumentException("amcFps " + amcFps);
        TextInput asfIn = new TextInput(asfName, asfText);
        Asf asf;
        try {
            asf = parseAsf(asfIn);
        } catch (InvalidInputException e) {
            throw e;
        } catch (RuntimeException e) {
            throw asfIn.error("malformed ASF (" + e.getClass().getSimpleName() + ")");
        }
        TextInput amcIn = new TextInput(amcName, amcText);
        Motion raw;
        try {
            raw = parseAmc(amcIn, asf, amcFps, BvhReader.clipName(amcName));
        } catch (InvalidInputException e) {
            throw e;
        } catch (RuntimeException e) {
            throw amcIn.error("malformed AMC (" + e.getClass().getSimpleName() + ")");
        }
        double scale = Double.isNaN(options.scale()) ? asf.lengthToMetres() : options.scale();
        return Normalizer.normalize(raw, options.withScale(scale));
    }

    private static Asf parseAsf(TextInput in) {
        double lengthUnit = Double.NaN;
        boolean degrees = true;
        String[] rootOrder = {"TX", "TY", "TZ", "RX", "RY", "RZ"};
        String rootAxisOrder = "XYZ";
        Vec3 rootPos = Vec3.ZERO;
        double[] rootOrient = {0, 0, 0};
        Map<String, Bone> bones = new LinkedHashMap<>();
        Map<String, List<String>> childrenOf = new HashMap<>();
        Map<String, String> parentOf = new HashMap<>();
        boolean sawBones = false, sawHierarchy = false;
        String section = "";
        String[] t;
        while ((t = in.nextLine()) != null) {
            String head = t[0];
            if (head.startsWith("#")) continue;
            if (head.startsWith(":")) {
                section = head.toLowerCase(Locale.ROOT);
                if (section.equals(":bonedata")) { parseBones(in, bones); sawBones = true; section = ""; }
                if (section.equals(":hierarchy")) { parseHierarchy(in, bones, childrenOf, parentOf); sawHierarchy = true; section = ""; }
                continue;
            }
            switch (section) {
                case ":units":
                    if (head.equalsIgnoreCase("length")) {
                        need(in, t, 2);
                        lengthUnit = in.number(t[1], "units length");
                        if (!(lengthUnit > 0)) throw in.error("units length must be positive");
                    } else if (head.equalsIgnoreCase("angle")) {
                        need(in, t, 2);
                        if (t[1].toLowerCase(Locale.ROOT).startsWith("deg")) degrees = true;
                        else if (t[1].toLowerCase(Locale.ROOT).startsWith("rad")) degrees = false;
                        else throw in.error("unknown angle unit '" + TextInput.clip(t[1]) + "'");
                    }
                    break;
                case ":root":
                    if (head.equalsIgnoreCase("order")) {
                        if (t.length < 2 || t.length > 7) throw in.error("root order needs 1 to 6 channels");
                        rootOrder = new String[t.length - 1];
                        for (int i = 1; i < t.length; i++) {
                            String c = t[i].toUpperCase(Locale.ROOT);
                            if (!c.matches("[TR][XYZ]")) throw in.error("bad root channel '" + TextInput.clip(t[i]) + "'");
                            for (int k = 0; k < i - 1; k++) if (rootOrder[k].equals(c)) throw in.error("duplicate root channel " + c);
                            rootOrder[i - 1] = c;
                        }
                    } else if (head.equalsIgnoreCase("axis")) {
                        need(in, t, 2);
                        rootAxisOrder = axisOrder(in, t[1]);
                    } else if (head.equalsIgnoreCase("position")) {
                        need(in, t, 4);
                        rootPos = new Vec3(in.number(t[1], "root position"), in.number(t[2], "root position"),
                                in.number(t[3], "root position"));
                    } else if (head.equalsIgnoreCase("orientation")) {
                        need(in, t, 4);
                        for (int i = 0; i < 3; i++) rootOrient[i] = in.number(t[i + 1], "root orientation");
                    }
                    break;
                default:
                    break; // :version, :name, :documentation and unknown sections carry nothing we need
            }
        }
        if (!sawBones) throw in.error("missing :bonedata");
        if (!sawHierarchy) throw in.error("missing :hierarchy");
        // joints in parent-before-child order: breadth first from root
        List<Joint> joints = new ArrayList<>();
        List<Channel> rootCh = new ArrayList<>();
        for (String c : rootOrder) rootCh.add(Channel.valueOf(c.charAt(1) + (c.charAt(0) == 'T' ? "POSITION" : "ROTATION")));
        joints.add(new Joint("root", -1, rootPos, rootCh, null));
        Map<String, Integer> idx = new HashMap<>();
        idx.put("root", 0);
        List<String> queue = new ArrayList<>(List.of("root"));
        for (int q = 0; q < queue.size(); q++) {
            String p = queue.get(q);
            for (String c : childrenOf.getOrDefault(p, List.of())) {
                Bone b = bones.get(c);
                Vec3 off = p.equals("root") ? Vec3.ZERO : bones.get(p).vector();
                boolean leaf = childrenOf.getOrDefault(c, List.of()).isEmpty();
                idx.put(c, joints.size());
                joints.add(new Joint(c, idx.get(p), off, Skeleton.JOINT_CHANNELS, leaf ? b.vector() : null));
                queue.add(c);
            }
        }
        for (String b : bones.keySet()) if (!idx.containsKey(b)) throw in.error("bone '" + TextInput.clip(b) + "' is not in :hierarchy");
        double u = Double.isNaN(lengthUnit) ? Double.NaN : 0.0254 / lengthUnit;
        Quat rootAxis = euler(rootAxisOrder, rootOrient, degrees);
        if (Double.isNaN(u)) u = Normalizer.detectScale(new Skeleton(joints).restHeight());
        return new Asf(new Skeleton(joints), bones, rootOrder, rootAxis, rootAxisOrder, u, degrees);
    }

    private static void need(TextInput in, String[] t, int n) {
        if (t.length != n) throw in.error("'" + TextInput.clip(t[0]) + "' needs " + (n - 1) + " value(s), found " + (t.length - 1));
    }

    private static String axisOrder(TextInput in, String s) {
        String o = s.toUpperCase(Locale.ROOT);
        if (!o.matches("[XYZ]{3}") || o.chars().distinct().count() != 3) throw in.error("bad axis order '" + TextInput.clip(s) + "'");
        return o;
    }

    /** Acclaim order "XYZ" applies X first: R = Rz * Ry * Rx, angles given as (x, y, z). */
    private static Quat euler(String order, double[] xyz, boolean degrees) {
        Quat q = Quat.IDENTITY;
        for (int i = 0; i < 3; i++) {
            char a = order.charAt(i);
            double v = xyz[a - 'X'];
            q = Quat.rot(a, degrees ? Math.toRadians(v) : v).mul(q);
        }
        return q;
    }

    private static void parseBones(TextInput in, Map<String, Bone> bones) {
        String[] t;
        while (true) {
            String p = in.peek();
            if (p == null || p.startsWith(":")) return;
            t = in.nextLine();
            if (!t[0].equalsIgnoreCase("begin")) throw in.error("expected 'begin' but found '" + TextInput.clip(t[0]) + "'");
            String name = null;
            Vec3 dir = null;
            double length = Double.NaN;
            Quat axis = null;
            double[] axisAngles = null;
            String axisOrd = null;
            String[] dofs = new String[0];
            boolean ended = false;
            while (!ended) {
                t = in.nextLine();
                if (t == null) throw in.error("unexpected end of file inside bone '" + name + "'");
                switch (t[0].toLowerCase(Locale.ROOT)) {
                    case "end": ended = true; break;
                    case "id": break;
                    case "name": need(in, t, 2); name = t[1]; break;
                    case "direction":
                        need(in, t, 4);
                        dir = new Vec3(in.number(t[1], "direction"), in.number(t[2], "direction"), in.number(t[3], "direction"));
                        break;
                    case "length":
                        need(in, t, 2);
                        length = in.number(t[1], "length");
                        if (length < 0) throw in.error("negative bone length");
                        break;
                    case "axis":
                        need(in, t, 5);
                        axisAngles = new double[] {in.number(t[1], "axis"), in.number(t[2], "axis"), in.number(t[3], "axis")};
                        axisOrd = axisOrder(in, t[4]);
                        break;
                    case "dof":
                        dofs = new String[t.length - 1];
                        for (int i = 1; i < t.length; i++) {
                            String d = t[i].toLowerCase(Locale.ROOT);
                            if (!d.matches("r[xyz]")) throw in.error("unsupported dof '" + TextInput.clip(t[i]) + "' (only rx ry rz)");
                            for (int k = 0; k < i - 1; k++) if (dofs[k].equals(d)) throw in.error("duplicate dof " + d);
                            dofs[i - 1] = d;
                        }
                        break;
                    case "limits": break;
                    case "bodymass": case "cofmass": break;
                    default:
                        if (t[0].startsWith("(")) break; // continuation lines of limits
                        throw in.error("unknown bone field '" + TextInput.clip(t[0]) + "'");
                }
            }
            if (name == null) throw in.error("bone without name");
            if (name.equalsIgnoreCase("root")) throw in.error("bone may not be called root");
            if (dir == null || Double.isNaN(length) || axisAngles == null) {
                throw in.error("bone '" + TextInput.clip(name) + "' lacks direction, length or axis");
            }
            axis = euler(axisOrd, axisAngles, true);
            if (bones.put(name, new Bone(name, dir.normalized().scale(length), axis, dofs)) != null) {
                throw in.error("duplicate bone '" + TextInput.clip(name) + "'");
            }
        }
    }

    private static void parseHierarchy(TextInput in, Map<String, Bone> bones, Map<String, List<String>> childrenOf,
            Map<String, String> parentOf) {
        String[] t = in.nextLine();
        if (t == null || !t[0].equalsIgnoreCase("begin")) throw in.error("expected 'begin' in :hierarchy");
        while (true) {
            t = in.nextLine();
            if (t == null) throw in.error("unexpected end of file in :hierarchy");
            if (t[0].equalsIgnoreCase("end")) return;
            String p = t[0];
            if (!p.equals("root") && !bones.containsKey(p)) throw in.error("unknown bone '" + TextInput.clip(p) + "' in :hierarchy");
            for (int i = 1; i < t.length; i++) {
                String c = t[i];
                if (!bones.containsKey(c)) throw in.error("unknown bone '" + TextInput.clip(c) + "' in :hierarchy");
                if (parentOf.put(c, p) != null) throw in.error("bone '" + TextInput.clip(c) + "' has two parents");
                childrenOf.computeIfAbsent(p, k -> new ArrayList<>()).add(c);
            }
        }
    }

    private static Motion parseAmc(TextInput in, Asf asf, double fps, String name) {
        Skeleton sk = asf.skeleton();
        boolean degrees = asf.degrees();
        List<double[][]> frames = new ArrayList<>(); // per frame: per joint its raw dof values
        double[][] cur = null;
        int expectFrame = -1;
        String[] t;
        while ((t = in.nextLine()) != null) {
            String h = t[0];
            if (h.startsWith("#")) continue;
            if (h.startsWith(":")) {
                if (h.equalsIgnoreCase(":DEGREES")) degrees = true;
                else if (h.equalsIgnoreCase(":RADIANS")) degrees = false;
                else if (!h.equalsIgnoreCase(":FULLY-SPECIFIED")) throw in.error("unknown AMC keyword '" + TextInput.clip(h) + "'");
                if (cur != null) throw in.error("keyword after frame data");
                continue;
            }
            if (h.matches("\\d{1,9}") && t.length == 1) {
                int n = Integer.parseInt(h);
                if (cur != null) finishFrame(in, sk, asf, cur, expectFrame);
                if (expectFrame >= 0 && n != expectFrame + 1) throw in.error("frame " + n + " follows frame " + expectFrame);
                expectFrame = n;
                cur = new double[sk.size()][];
                frames.add(cur);
                continue;
            }
            if (cur == null) throw in.error("expected a frame number but found '" + TextInput.clip(h) + "'");
            int j = sk.indexOf(h);
            if (j < 0) throw in.error("unknown bone '" + TextInput.clip(h) + "'");
            int want = j == 0 ? asf.rootOrder().length : asf.bones().get(h).dofs().length;
            if (t.length - 1 != want) throw in.error("bone " + h + " has " + (t.length - 1) + " values, expected " + want);
            if (cur[j] != null) throw in.error("bone " + h + " twice in frame " + expectFrame);
            double[] v = new double[want];
            for (int i = 0; i < want; i++) v[i] = in.number(t[i + 1], h);
            cur[j] = v;
        }
        if (cur == null) throw in.error("no frames in AMC");
        finishFrame(in, sk, asf, cur, expectFrame);

        Motion.Builder b = new Motion.Builder(name, sk, fps, frames.size());
        for (int f = 0; f < frames.size(); f++) {
            double[][] fr = frames.get(f);
            for (int j = 0; j < sk.size(); j++) {
                double[] xyz = {0, 0, 0};
                if (j == 0) {
                    double[] p = {sk.offset(0).x(), sk.offset(0).y(), sk.offset(0).z()};
                    for (int i = 0; i < fr[0].length; i++) {
                        String c = asf.rootOrder()[i];
                        if (c.charAt(0) == 'T') p[c.charAt(1) - 'X'] = fr[0][i];
                        else xyz[c.charAt(1) - 'X'] = fr[0][i];
                    }
                    b.setRoot(f, new Vec3(p[0], p[1], p[2]));
                    Quat c = asf.rootAxis();
                    b.setRotation(f, 0, c.mul(euler(asf.rootAxisOrder(), xyz, degrees)).mul(c.conj()));
                } else {
                    Bone bone = asf.bones().get(sk.name(j));
                    for (int i = 0; i < bone.dofs().length; i++) xyz[bone.dofs()[i].charAt(1) - 'x'] = fr[j][i];
                    Quat c = bone.axis();
                    b.setRotation(f, j, c.mul(euler("XYZ", xyz, degrees)).mul(c.conj()));
                }
            }
        }
        return b.build();
    }

    private static void finishFrame(TextInput in, Skeleton sk, Asf asf, double[][] cur, int frame) {
        for (int j = 0; j < sk.size(); j++) {
            if (cur[j] != null) continue;
            boolean hasDof = j == 0 ? asf.rootOrder().length > 0 : asf.bones().get(sk.name(j)).dofs().length > 0;
            if (hasDof) throw in.error("frame " + frame + " lacks bone " + sk.name(j));
            cur[j] = new double[0];
        }
    }
}
