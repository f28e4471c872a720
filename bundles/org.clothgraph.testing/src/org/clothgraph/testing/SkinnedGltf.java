package org.clothgraph.testing;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A small skinned glTF 2.0 character written by the tests themselves (JSON + one binary buffer), as Blender's exporter
 * lays one out: an armature root at the ground above the hips, Rigify-like joint names with .L/.R suffixes, the arms in
 * an A-pose, metres, Y up, facing +Z; the surface is one box per bone, its near end weighted to the bone's joint and
 * its far end half to the joint and half to the next one. Variants make bad files: another unit, a mesh without skin,
 * a skeleton that is no humanoid.
 */
public final class SkinnedGltf {
    /** What to write. */
    public enum Variant { HUMANOID, CENTIMETRES, NO_SKIN, NOT_HUMANOID }

    /** Joint name, parent name (null: root), world position at the bind pose. */
    public record Joint(String name, String parent, double[] at) {
    }

    /** A box from a joint to its child: its 8 vertices start at {@code firstVertex}. */
    public record Bone(String joint, String child, double halfWidth, int firstVertex) {
    }

    public static final double ARM_DOWN_DEGREES = 40;
    public static final double UPPER_ARM = 0.28, FOREARM = 0.25, HAND = 0.09;

    private final List<Joint> joints = new ArrayList<>();
    private final List<Bone> bones = new ArrayList<>();

    private SkinnedGltf(Variant variant) {
        if (variant == Variant.NOT_HUMANOID) {
            joint("base", null, 0, 0, 0);
            joint("mid", "base", 0, 0.6, 0);
            joint("upper", "mid", 0, 1.2, 0);
            joint("tip", "upper", 0, 1.7, 0);
            bone("base", "mid", 0.1);
            bone("mid", "upper", 0.1);
            bone("upper", "tip", 0.1);
            return;
        }
        joint("Armature", null, 0, 0, 0);
        joint("hips", "Armature", 0, 0.95, 0);
        joint("spine", "hips", 0, 1.05, 0);
        joint("chest", "spine", 0, 1.25, 0);
        joint("neck", "chest", 0, 1.45, 0);
        joint("head", "neck", 0, 1.55, 0.01);
        joint("head_top", "head", 0, 1.72, 0.01);
        double a = Math.toRadians(ARM_DOWN_DEGREES);
        for (int s : new int[] {1, -1}) {
            String x = s > 0 ? ".L" : ".R";
            double[] arm = {s * 0.17, 1.40, 0};
            double dx = s * Math.cos(a), dy = -Math.sin(a);
            joint("shoulder" + x, "chest", s * 0.04, 1.40, 0);
            joint("upper_arm" + x, "shoulder" + x, arm[0], arm[1], 0);
            joint("forearm" + x, "upper_arm" + x, arm[0] + dx * UPPER_ARM, arm[1] + dy * UPPER_ARM, 0);
            double f = UPPER_ARM + FOREARM;
            joint("hand" + x, "forearm" + x, arm[0] + dx * f, arm[1] + dy * f, 0);
            joint("finger" + x, "hand" + x, arm[0] + dx * (f + HAND), arm[1] + dy * (f + HAND), 0);
            joint("thigh" + x, "hips", s * 0.09, 0.90, 0);
            joint("shin" + x, "thigh" + x, s * 0.09, 0.48, 0);
            joint("foot" + x, "shin" + x, s * 0.09, 0.07, 0);
            joint("toe" + x, "foot" + x, s * 0.09, 0.035, 0.13);
            joint("toe_end" + x, "toe" + x, s * 0.09, 0.035, 0.19);
        }
        bone("hips", "spine", 0.13);
        bone("spine", "chest", 0.13);
        bone("chest", "neck", 0.14);
        bone("neck", "head", 0.05);
        bone("head", "head_top", 0.09);
        for (String x : new String[] {".L", ".R"}) {
            bone("shoulder" + x, "upper_arm" + x, 0.06);
            bone("upper_arm" + x, "forearm" + x, 0.05);
            bone("forearm" + x, "hand" + x, 0.04);
            bone("hand" + x, "finger" + x, 0.035);
            bone("thigh" + x, "shin" + x, 0.08);
            bone("shin" + x, "foot" + x, 0.055);
            bone("foot" + x, "toe" + x, 0.045);
            bone("toe" + x, "toe_end" + x, 0.035);
        }
    }

    /** The humanoid's joints and bones (for assertions). */
    public static SkinnedGltf humanoid() {
        return new SkinnedGltf(Variant.HUMANOID);
    }

    public List<Joint> joints() {
        return List.copyOf(joints);
    }

    public List<Bone> bones() {
        return List.copyOf(bones);
    }

    public int vertexCount() {
        return bones.size() * 8;
    }

    public int triangleCount() {
        return bones.size() * 12;
    }

    /** Writes {@code name}.gltf and {@code name}.bin into {@code dir}; returns the .gltf. */
    public static Path write(Path dir, String name, Variant variant) throws IOException {
        return new SkinnedGltf(variant).writeTo(dir, name, variant == Variant.CENTIMETRES ? 100 : 1,
                variant != Variant.NO_SKIN);
    }

    private void joint(String name, String parent, double x, double y, double z) {
        joints.add(new Joint(name, parent, new double[] {x, y, z}));
    }

    private void bone(String joint, String child, double halfWidth) {
        bones.add(new Bone(joint, child, halfWidth, bones.size() * 8));
    }

    private int index(String name) {
        for (int i = 0; i < joints.size(); i++) {
            if (joints.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException(name);
    }

    private Path writeTo(Path dir, String name, double scale, boolean skinned) throws IOException {
        int nv = vertexCount(), nt = triangleCount(), nj = joints.size();
        float[] pos = new float[nv * 3];
        short[] jts = new short[nv * 4];
        float[] wts = new float[nv * 4];
        short[] idx = new short[nt * 3];
        int[][] quads = {{0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}, {1, 0, 3, 2}, {4, 5, 6, 7}};
        int t = 0;
        for (Bone b : bones) {
            double[] p = joints.get(index(b.joint())).at(), q = joints.get(index(b.child())).at();
            double[] d = {q[0] - p[0], q[1] - p[1], q[2] - p[2]};
            double len = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
            for (int k = 0; k < 3; k++) {
                d[k] /= len;
            }
            double[] ref = Math.abs(d[2]) < 0.9 ? new double[] {0, 0, 1} : new double[] {1, 0, 0};
            double[] u = cross(d, ref), w;
            normalise(u);
            w = cross(d, u);
            double h = b.halfWidth();
            double[][] corner = {{h, h}, {-h, h}, {-h, -h}, {h, -h}};
            for (int end = 0; end < 2; end++) {
                double[] c = end == 0 ? p : q;
                for (int k = 0; k < 4; k++) {
                    int v = b.firstVertex() + end * 4 + k;
                    for (int i = 0; i < 3; i++) {
                        pos[3 * v + i] = (float) (scale * (c[i] + corner[k][0] * u[i] + corner[k][1] * w[i]));
                    }
                    jts[4 * v] = (short) index(b.joint());
                    jts[4 * v + 1] = (short) index(b.child());
                    wts[4 * v] = end == 0 ? 1f : 0.5f;
                    wts[4 * v + 1] = end == 0 ? 0f : 0.5f;
                }
            }
            for (int[] f : quads) {
                int o = b.firstVertex();
                idx[t++] = (short) (o + f[0]);
                idx[t++] = (short) (o + f[1]);
                idx[t++] = (short) (o + f[2]);
                idx[t++] = (short) (o + f[0]);
                idx[t++] = (short) (o + f[2]);
                idx[t++] = (short) (o + f[3]);
            }
        }
        int posOff = 0, jOff = posOff + nv * 12, wOff = jOff + nv * 8, iOff = wOff + nv * 16;
        int ibmOff = align(iOff + nt * 6), total = ibmOff + nj * 64;
        ByteBuffer buf = ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN);
        for (float f : pos) {
            buf.putFloat(f);
        }
        for (short s : jts) {
            buf.putShort(s);
        }
        for (float f : wts) {
            buf.putFloat(f);
        }
        for (short s : idx) {
            buf.putShort(s);
        }
        buf.position(ibmOff);
        for (Joint j : joints) {
            float[] m = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, (float) (-scale * j.at()[0]), (float) (-scale * j.at()[1]),
                    (float) (-scale * j.at()[2]), 1};
            for (float f : m) {
                buf.putFloat(f);
            }
        }
        Files.write(dir.resolve(name + ".bin"), buf.array());

        float[] min = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE}, max = {-Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
        for (int i = 0; i < pos.length; i++) {
            min[i % 3] = Math.min(min[i % 3], pos[i]);
            max[i % 3] = Math.max(max[i % 3], pos[i]);
        }
        StringBuilder nodes = new StringBuilder();
        for (int i = 0; i < nj; i++) {
            Joint j = joints.get(i);
            double[] local = j.at().clone();
            if (j.parent() != null) {
                double[] pa = joints.get(index(j.parent())).at();
                for (int k = 0; k < 3; k++) {
                    local[k] -= pa[k];
                }
            }
            List<Integer> children = new ArrayList<>();
            for (int c = 0; c < nj; c++) {
                if (j.name().equals(joints.get(c).parent())) {
                    children.add(c);
                }
            }
            nodes.append(String.format(Locale.ROOT, "{\"name\":\"%s\",\"translation\":[%s,%s,%s]%s},", j.name(),
                    (float) (scale * local[0]), (float) (scale * local[1]), (float) (scale * local[2]),
                    children.isEmpty() ? "" : ",\"children\":" + children));
        }
        Map<String, String> attributes = new LinkedHashMap<>();
        attributes.put("POSITION", "0");
        if (skinned) {
            attributes.put("JOINTS_0", "1");
            attributes.put("WEIGHTS_0", "2");
        }
        StringBuilder attr = new StringBuilder();
        attributes.forEach((k, v) -> attr.append(attr.length() == 0 ? "" : ",").append('"').append(k).append("\":").append(v));
        nodes.append(String.format(Locale.ROOT, "{\"name\":\"%s\",\"mesh\":0%s}", name, skinned ? ",\"skin\":0" : ""));
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < nj; i++) {
            all.add(i);
        }
        String json = "{\"asset\":{\"version\":\"2.0\",\"generator\":\"ClothGraph tests (SkinnedGltf)\"},"
                + "\"scene\":0,\"scenes\":[{\"nodes\":[0," + nj + "]}],"
                + "\"nodes\":[" + nodes + "],"
                + "\"meshes\":[{\"name\":\"body\",\"primitives\":[{\"attributes\":{" + attr + "},\"indices\":3,\"mode\":4}]}],"
                + (skinned ? "\"skins\":[{\"inverseBindMatrices\":4,\"skeleton\":0,\"joints\":" + all + "}]," : "")
                + "\"buffers\":[{\"uri\":\"" + name + ".bin\",\"byteLength\":" + total + "}],"
                + "\"bufferViews\":["
                + view(posOff, nv * 12, ",\"target\":34962") + "," + view(jOff, nv * 8, ",\"target\":34962") + ","
                + view(wOff, nv * 16, ",\"target\":34962") + "," + view(iOff, nt * 6, ",\"target\":34963") + ","
                + view(ibmOff, nj * 64, "") + "],"
                + "\"accessors\":["
                + String.format(Locale.ROOT, "{\"bufferView\":0,\"componentType\":5126,\"count\":%d,\"type\":\"VEC3\","
                        + "\"min\":[%s,%s,%s],\"max\":[%s,%s,%s]},", nv, min[0], min[1], min[2], max[0], max[1], max[2])
                + "{\"bufferView\":1,\"componentType\":5123,\"count\":" + nv + ",\"type\":\"VEC4\"},"
                + "{\"bufferView\":2,\"componentType\":5126,\"count\":" + nv + ",\"type\":\"VEC4\"},"
                + "{\"bufferView\":3,\"componentType\":5123,\"count\":" + nt * 3 + ",\"type\":\"SCALAR\"},"
                + "{\"bufferView\":4,\"componentType\":5126,\"count\":" + nj + ",\"type\":\"MAT4\"}]}";
        Path file = dir.resolve(name + ".gltf");
        Files.writeString(file, json);
        return file;
    }

    private static String view(int offset, int length, String extra) {
        return "{\"buffer\":0,\"byteOffset\":" + offset + ",\"byteLength\":" + length + extra + "}";
    }

    private static int align(int n) {
        return (n + 3) & ~3;
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    private static void normalise(double[] a) {
        double l = Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
        for (int i = 0; i < 3; i++) {
            a[i] /= l;
        }
    }
}
