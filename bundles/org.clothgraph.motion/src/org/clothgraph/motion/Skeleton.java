package org.clothgraph.motion;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Immutable joint hierarchy in metres, Y up. Joints are ordered parents-before-children so forward
 * kinematics is one pass. The rest pose is all local rotations identity (BVH convention).
 */
public final class Skeleton {

    /** A BVH-style channel; position channels on a non-root joint animate its local translation. */
    public enum Channel {
        XPOSITION, YPOSITION, ZPOSITION, XROTATION, YROTATION, ZROTATION;

        public boolean isPosition() { return ordinal() < 3; }
        public char axis() { return "XYZXYZ".charAt(ordinal()); }
        public String bvhName() { return axis() + (isPosition() ? "position" : "rotation"); }
    }

    /** One joint: its offset from the parent joint in the parent's rest frame, and an optional end-site offset. */
    public record Joint(String name, int parent, Vec3 offset, List<Channel> channels, Vec3 endSite) {
        public Joint {
            channels = List.copyOf(channels);
        }

        public boolean hasPositionChannels() { return channels.stream().anyMatch(Channel::isPosition); }
    }

    public static final List<Channel> ROOT_CHANNELS = List.of(Channel.XPOSITION, Channel.YPOSITION, Channel.ZPOSITION,
            Channel.ZROTATION, Channel.YROTATION, Channel.XROTATION);
    public static final List<Channel> JOINT_CHANNELS = List.of(Channel.ZROTATION, Channel.YROTATION, Channel.XROTATION);

    private final List<Joint> joints;
    private final Map<String, Integer> index = new HashMap<>();
    private final int[][] children;

    public Skeleton(List<Joint> joints) {
        if (joints.isEmpty()) throw new IllegalArgumentException("empty skeleton");
        this.joints = List.copyOf(joints);
        List<List<Integer>> ch = new ArrayList<>();
        for (int i = 0; i < joints.size(); i++) {
            Joint j = joints.get(i);
            if ((i == 0) != (j.parent() < 0) || j.parent() >= i) {
                throw new IllegalArgumentException("joint " + j.name() + " must come after its parent");
            }
            if (index.put(j.name(), i) != null) throw new IllegalArgumentException("duplicate joint " + j.name());
            ch.add(new ArrayList<>());
            if (i > 0) ch.get(j.parent()).add(i);
        }
        children = ch.stream().map(l -> l.stream().mapToInt(Integer::intValue).toArray()).toArray(int[][]::new);
    }

    public int size() { return joints.size(); }
    public Joint joint(int i) { return joints.get(i); }
    public List<Joint> joints() { return joints; }
    public String name(int i) { return joints.get(i).name(); }
    public int parent(int i) { return joints.get(i).parent(); }
    public Vec3 offset(int i) { return joints.get(i).offset(); }
    public int[] children(int i) { return children[i].clone(); }

    /** Index of the named joint or -1. */
    public int indexOf(String name) { return index.getOrDefault(name, -1); }

    public List<String> names() {
        List<String> n = new ArrayList<>();
        joints.forEach(j -> n.add(j.name()));
        return Collections.unmodifiableList(n);
    }

    /** World positions of all joints in the rest pose with the root at the origin. */
    public Vec3[] restPositions() {
        Vec3[] p = new Vec3[size()];
        for (int i = 0; i < size(); i++) {
            p[i] = i == 0 ? Vec3.ZERO : p[parent(i)].add(offset(i));
        }
        return p;
    }

    /** Rest-pose position of each joint's end site (null where there is none). */
    public Vec3[] restEndSites() {
        Vec3[] p = restPositions();
        Vec3[] e = new Vec3[size()];
        for (int i = 0; i < size(); i++) {
            if (joint(i).endSite() != null) e[i] = p[i].add(joint(i).endSite());
        }
        return e;
    }

    /** Rest-pose height from the lowest to the highest joint or end site. */
    public double restHeight() {
        double lo = Double.MAX_VALUE, hi = -Double.MAX_VALUE;
        Vec3[] p = restPositions(), e = restEndSites();
        for (int i = 0; i < size(); i++) {
            for (Vec3 v : new Vec3[] {p[i], e[i]}) {
                if (v != null) { lo = Math.min(lo, v.y()); hi = Math.max(hi, v.y()); }
            }
        }
        return hi - lo;
    }

    /** Height of the root above the lowest joint/end site in the rest pose: the leg length used for retargeting. */
    public double restRootHeight() {
        double lo = 0;
        Vec3[] p = restPositions(), e = restEndSites();
        for (int i = 0; i < size(); i++) {
            lo = Math.min(lo, p[i].y());
            if (e[i] != null) lo = Math.min(lo, e[i].y());
        }
        return -lo;
    }

    /** Same hierarchy with every offset scaled and rotated: used for unit and up-axis normalisation. */
    public Skeleton transformed(double scale, Quat rotation) {
        List<Joint> out = new ArrayList<>();
        for (Joint j : joints) {
            out.add(new Joint(j.name(), j.parent(), rotation.rotate(j.offset()).scale(scale), j.channels(),
                    j.endSite() == null ? null : rotation.rotate(j.endSite()).scale(scale)));
        }
        return new Skeleton(out);
    }

    /** Incremental construction by parent name. */
    public static final class Builder {
        private final List<Joint> joints = new ArrayList<>();
        private final Map<String, Integer> idx = new HashMap<>();

        public Builder root(String name, Vec3 offset) {
            return add(name, null, offset, ROOT_CHANNELS, null);
        }

        public Builder joint(String name, String parent, double x, double y, double z) {
            return add(name, parent, new Vec3(x, y, z), JOINT_CHANNELS, null);
        }

        public Builder add(String name, String parent, Vec3 offset, List<Channel> channels, Vec3 endSite) {
            int p = parent == null ? -1 : idx.getOrDefault(parent, -2);
            if (p == -2) throw new IllegalArgumentException("unknown parent " + parent);
            idx.put(name, joints.size());
            joints.add(new Joint(name, p, offset, channels, endSite));
            return this;
        }

        public Builder endSite(String joint, double x, double y, double z) {
            int i = idx.get(joint);
            Joint j = joints.get(i);
            joints.set(i, new Joint(j.name(), j.parent(), j.offset(), j.channels(), new Vec3(x, y, z)));
            return this;
        }

        public Skeleton build() { return new Skeleton(joints); }
    }
}
