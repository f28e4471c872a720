package org.clothgraph.motion.io;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

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
 * Reads BVH (any hierarchy, any channel order, 6-channel non-root joints, End Sites) into a Motion in metres,
 * Y up, at the project frame rate. Every malformed input is an InvalidInputException naming file and line.
 */
public final class BvhReader {
    private static final double MAX_FRAME_TIME = 1.0;

    private BvhReader() {}

    public static Motion read(Path file) { return read(file, ImportOptions.DEFAULT); }

    public static Motion read(Path file, ImportOptions options) {
        return read(file.toString(), TextInput.readFile(file), options);
    }

    /** Parses BVH text; sourceName is used in error messages and the clip name is derived from it. */
    public static Motion read(String sourceName, String text, ImportOptions options) {
        TextInput in = new TextInput(sourceName, text);
        try {
            Motion raw = parse(in, clipName(sourceName));
            return Normalizer.normalize(raw, options);
        } catch (InvalidInputException e) {
            throw e;
        } catch (RuntimeException e) {
            // safety net: a reader must never leak NPE/IOOBE; report where parsing stood
            throw in.error("malformed BVH (" + e.getClass().getSimpleName() + ")");
        }
    }

    static String clipName(String source) {
        String n = Path.of(source).getFileName() == null ? source : Path.of(source).getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }

    private static Motion parse(TextInput in, String name) {
        in.expect("HIERARCHY");
        List<Joint> joints = new ArrayList<>();
        parseHierarchy(in, joints);
        Skeleton raw;
        try {
            raw = new Skeleton(joints);
        } catch (IllegalArgumentException e) {
            throw in.error(e.getMessage());
        }
        int channelCount = joints.stream().mapToInt(j -> j.channels().size()).sum();

        in.expect("MOTION");
        String t = in.next("Frames:");
        int frames;
        if (t.equalsIgnoreCase("Frames:")) {
            frames = in.nextInt("Frames");
        } else if (t.regionMatches(true, 0, "Frames:", 0, 7) && t.length() > 7) {
            frames = parseCount(in, t.substring(7));
        } else {
            throw in.error("expected 'Frames:' but found '" + TextInput.clip(t) + "'");
        }
        if (frames < 1) throw in.error("Frames must be at least 1");
        in.expect("Frame");
        String ft = in.next("Time:");
        double frameTime;
        if (ft.equalsIgnoreCase("Time:")) {
            frameTime = in.nextDouble("Frame Time");
        } else if (ft.regionMatches(true, 0, "Time:", 0, 5) && ft.length() > 5) {
            frameTime = in.number(ft.substring(5), "Frame Time");
        } else {
            throw in.error("expected 'Frame Time:' but found '" + TextInput.clip(ft) + "'");
        }
        if (!(frameTime > 0) || frameTime > MAX_FRAME_TIME) throw in.error("Frame Time out of range: " + frameTime);
        if (in.restOfLine().length > 0) throw in.error("unexpected text after Frame Time");

        List<double[]> data = new ArrayList<>();
        String[] line;
        while ((line = in.nextLine()) != null) {
            if (data.size() == frames) {
                throw in.error("more frame lines than Frames: " + frames);
            }
            if (line.length != channelCount) {
                throw in.error("frame " + (data.size() + 1) + " has " + line.length + " values, expected " + channelCount);
            }
            double[] v = new double[channelCount];
            for (int i = 0; i < channelCount; i++) v[i] = in.number(line[i], "frame " + (data.size() + 1));
            data.add(v);
        }
        if (data.size() != frames) {
            throw in.error("file has " + data.size() + " frame lines but Frames: " + frames + " (truncated?)");
        }
        return build(raw, data, frameTime, name);
    }

    private static int parseCount(TextInput in, String s) {
        if (!s.matches("\\d{1,9}")) throw in.error("bad Frames count '" + TextInput.clip(s) + "'");
        return Integer.parseInt(s);
    }

    /** Iterative (explicit stack) so a deeply nested or broken file cannot overflow the Java stack. */
    private static void parseHierarchy(TextInput in, List<Joint> joints) {
        String kw = in.next("ROOT");
        if (!kw.equalsIgnoreCase("ROOT")) throw in.error("expected 'ROOT' but found '" + TextInput.clip(kw) + "'");
        Set<String> names = new HashSet<>();
        Deque<Integer> stack = new ArrayDeque<>(); // joint index, or -1 for an End Site block
        String name = jointName(in, names);
        in.expect("{");
        joints.add(null);
        stack.push(0);
        // each open joint block collects OFFSET and CHANNELS before its children
        List<Object[]> open = new ArrayList<>();
        open.add(new Object[] {name, -1, null, null, null});
        while (!stack.isEmpty()) {
            String tok = in.next("'}'");
            int top = stack.peek();
            switch (tok.toUpperCase(Locale.ROOT)) {
                case "OFFSET": {
                    Vec3 o = new Vec3(in.nextDouble("OFFSET x"), in.nextDouble("OFFSET y"), in.nextDouble("OFFSET z"));
                    Object[] b = open.get(open.size() - 1);
                    if (b[2] != null) throw in.error("duplicate OFFSET");
                    b[2] = o;
                    break;
                }
                case "CHANNELS": {
                    Object[] b = open.get(open.size() - 1);
                    if (top < 0) throw in.error("End Site cannot have CHANNELS");
                    if (b[3] != null) throw in.error("duplicate CHANNELS");
                    int n = in.nextInt("channel count");
                    if (n > 6) throw in.error("channel count " + n + " > 6");
                    List<Channel> cs = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        String c = in.next("channel name");
                        Channel ch = channel(c);
                        if (ch == null) throw in.error("unknown channel '" + TextInput.clip(c) + "'");
                        if (cs.contains(ch)) throw in.error("duplicate channel " + c);
                        cs.add(ch);
                    }
                    b[3] = cs;
                    break;
                }
                case "JOINT": {
                    if (top < 0) throw in.error("End Site cannot have children");
                    close(in, open.get(open.size() - 1), joints, top);
                    String jn = jointName(in, names);
                    in.expect("{");
                    joints.add(null);
                    int idx = joints.size() - 1;
                    open.add(new Object[] {jn, top, null, null, null});
                    stack.push(idx);
                    break;
                }
                case "END": {
                    if (top < 0) throw in.error("End Site cannot have children");
                    in.expect("Site");
                    in.expect("{");
                    close(in, open.get(open.size() - 1), joints, top);
                    if (joints.get(top).endSite() != null) throw in.error("second End Site");
                    open.add(new Object[] {"End Site", top, null, null, null});
                    stack.push(-1);
                    break;
                }
                case "}": {
                    Object[] b = open.remove(open.size() - 1);
                    stack.pop();
                    if (top < 0) {
                        if (b[2] == null) throw in.error("End Site without OFFSET");
                        int owner = (Integer) b[1];
                        Joint j = joints.get(owner);
                        joints.set(owner, new Joint(j.name(), j.parent(), j.offset(), j.channels(), (Vec3) b[2]));
                    } else {
                        close(in, b, joints, top);
                    }
                    break;
                }
                default:
                    throw in.error("unexpected '" + TextInput.clip(tok) + "' in HIERARCHY");
            }
        }
        if (in.peek() != null && in.peek().equalsIgnoreCase("ROOT")) throw in.error("more than one ROOT is not supported");
    }

    /** Materialises the joint of an open block once its OFFSET/CHANNELS are known (at first child or '}'). */
    private static void close(TextInput in, Object[] b, List<Joint> joints, int idx) {
        if (joints.get(idx) != null) return;
        if (b[2] == null) throw in.error("joint " + b[0] + " has no OFFSET");
        @SuppressWarnings("unchecked")
        List<Channel> cs = b[3] == null ? List.of() : (List<Channel>) b[3];
        joints.set(idx, new Joint((String) b[0], (Integer) b[1], (Vec3) b[2], cs, null));
    }

    private static String jointName(TextInput in, Set<String> names) {
        String[] rest = in.restOfLine();
        String n = String.join(" ", rest).trim();
        if (n.isEmpty()) throw in.error("joint without a name");
        if (n.contains("{") || n.contains("}")) throw in.error("bad joint name '" + TextInput.clip(n) + "'");
        if (!names.add(n)) throw in.error("duplicate joint '" + TextInput.clip(n) + "'");
        return n;
    }

    private static Channel channel(String s) {
        for (Channel c : Channel.values()) if (c.bvhName().equalsIgnoreCase(s)) return c;
        return null;
    }

    private static Motion build(Skeleton sk, List<double[]> data, double frameTime, String name) {
        int n = sk.size();
        // Non-root position channels: some exporters write absolute local offsets, others deltas added to OFFSET
        // (MakeHuman writes ~0); decide per file from the first frame.
        double absErr = 0, deltaErr = 0;
        double[] first = data.get(0);
        int c = 0;
        for (int j = 0; j < n; j++) {
            Joint jt = sk.joint(j);
            double[] p = new double[3];
            boolean has = false;
            for (Channel ch : jt.channels()) {
                if (ch.isPosition()) { p[ch.ordinal()] = first[c]; has = true; }
                c++;
            }
            if (j > 0 && has) {
                Vec3 v = new Vec3(p[0], p[1], p[2]);
                absErr += v.distance(jt.offset());
                deltaErr += v.length();
            }
        }
        boolean absolute = absErr < deltaErr;
        Motion.Builder b = new Motion.Builder(name, sk, 1 / frameTime, data.size());
        for (int f = 0; f < data.size(); f++) {
            double[] v = data.get(f);
            c = 0;
            for (int j = 0; j < n; j++) {
                Joint jt = sk.joint(j);
                Vec3 off = jt.offset();
                double[] p = {off.x(), off.y(), off.z()};
                boolean[] set = new boolean[3];
                Quat q = Quat.IDENTITY;
                for (Channel ch : jt.channels()) {
                    double x = v[c++];
                    if (ch.isPosition()) {
                        int a = ch.ordinal();
                        p[a] = (j == 0 || absolute) ? x : p[a] + x;
                        set[a] = true;
                    } else {
                        q = q.mul(Quat.rot(ch.axis(), Math.toRadians(x)));
                    }
                }
                b.setRotation(f, j, q);
                if (j == 0) b.setRoot(f, new Vec3(p[0], p[1], p[2]));
                else b.setTranslation(f, j, new Vec3(p[0], p[1], p[2]));
            }
        }
        return b.build();
    }
}
