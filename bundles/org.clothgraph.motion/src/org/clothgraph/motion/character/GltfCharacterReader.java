package org.clothgraph.motion.character;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.character.CharacterSource.SourceSkin;

import de.javagl.jgltf.model.AccessorByteData;
import de.javagl.jgltf.model.AccessorData;
import de.javagl.jgltf.model.AccessorFloatData;
import de.javagl.jgltf.model.AccessorIntData;
import de.javagl.jgltf.model.AccessorModel;
import de.javagl.jgltf.model.AccessorShortData;
import de.javagl.jgltf.model.GltfModel;
import de.javagl.jgltf.model.MeshModel;
import de.javagl.jgltf.model.MeshPrimitiveModel;
import de.javagl.jgltf.model.NodeModel;
import de.javagl.jgltf.model.SkinModel;
import de.javagl.jgltf.model.io.GltfModelReader;

/**
 * Reads a skinned glTF 2.0 character (.gltf with its buffers, or .glb) with jgltf: the first node that has both a
 * mesh and a skin. The skeleton is the skin's joints (each joint's parent is its nearest ancestor node among them);
 * joints and surface are taken in the pose the file's nodes are in, so the vertices are skinned once (the sum of
 * weight x joint global transform x inverse bind matrix) and the surface lies on the skeleton whatever the inverse
 * bind matrices were made from. glTF is metres and Y up; a character whose height is not a person's in metres is
 * refused ("wrong units").
 */
public final class GltfCharacterReader {
    /** Heights (metres) a humanoid character may have; outside them the file is in other units. */
    public static final double MIN_HEIGHT = 0.4, MAX_HEIGHT = 2.6;
    private static final int TRIANGLES = 4;

    private GltfCharacterReader() {
    }

    public static boolean handles(Path file) {
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".gltf") || n.endsWith(".glb");
    }

    public static CharacterSource read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException(file, null, "no such file");
        }
        GltfModel model;
        try {
            model = new GltfModelReader().read(file);
        } catch (IOException | RuntimeException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
            throw new InvalidInputException(file, null, "not a readable glTF 2.0 file: " + why, e);
        }
        if (model == null) {
            throw new InvalidInputException(file, null, "not a readable glTF 2.0 file");
        }
        try {
            return new GltfCharacterReader.Reading(file, model).read();
        } catch (InvalidInputException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new InvalidInputException(file, null, "malformed glTF (" + e.getClass().getSimpleName() + ": "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse("") + ")", e);
        }
    }

    private record Reading(Path file, GltfModel model) {
        CharacterSource read() {
            List<NodeModel> nodes = model.getNodeModels();
            NodeModel skinned = null;
            boolean anyMesh = false;
            for (NodeModel n : nodes) {
                anyMesh |= !n.getMeshModels().isEmpty();
                if (skinned == null && !n.getMeshModels().isEmpty() && n.getSkinModel() != null) {
                    skinned = n;
                }
            }
            if (!anyMesh) {
                throw new InvalidInputException(file, "meshes", "no mesh: the file has no node with a mesh");
            }
            if (skinned == null) {
                throw new InvalidInputException(file, "skins", model.getSkinModels().isEmpty()
                        ? "no skin: the mesh is not bound to a skeleton (export it with its armature)"
                        : "no skin: no node has both a mesh and a skin");
            }
            SkinModel skin = skinned.getSkinModel();
            String skinField = "skins[" + model.getSkinModels().indexOf(skin) + "]";
            List<NodeModel> joints = skin.getJoints();
            if (joints.isEmpty()) {
                throw new InvalidInputException(file, skinField + ".joints", "the skin has no joints");
            }
            // global transforms of the joints in the file's pose, and joint matrices (global x inverse bind)
            int nj = joints.size();
            float[][] jointMatrix = new float[nj][];
            Vec3[] jointPos = new Vec3[nj];
            for (int j = 0; j < nj; j++) {
                float[] g = joints.get(j).computeGlobalTransform(null);
                float[] ibm = skin.getInverseBindMatrices() == null ? identity() : skin.getInverseBindMatrix(j, null);
                jointMatrix[j] = mul(g, ibm);
                jointPos[j] = new Vec3(g[12], g[13], g[14]);
            }
            SourceSkin surface = surface(skinned, jointMatrix);
            Order order = order(joints, jointPos);
            int[] sourceJointOfSkinJoint = order.skeletonIndex;
            int[] js = surface.joints();
            for (int i = 0; i < js.length; i++) {
                js[i] = js[i] < 0 ? -1 : sourceJointOfSkinJoint[js[i]];
            }
            double lo = Double.MAX_VALUE, hi = -Double.MAX_VALUE;
            double[] p = surface.positions();
            for (int i = 1; i < p.length; i += 3) {
                lo = Math.min(lo, p[i]);
                hi = Math.max(hi, p[i]);
            }
            double height = hi - lo;
            if (!(height >= MIN_HEIGHT && height <= MAX_HEIGHT)) {
                throw new InvalidInputException(file, meshField(skinned) + ".POSITION", String.format(Locale.ROOT,
                        "wrong units: the character is %.3g units tall, glTF is metres and a %.1f-%.1f m humanoid is expected"
                                + " (exported in centimetres, or with a scale?)", height, MIN_HEIGHT, MAX_HEIGHT));
            }
            String name = skinned.getName() != null && !skinned.getName().isBlank() ? skinned.getName()
                    : file.getFileName().toString().replaceFirst("\\.[^.]*$", "");
            return new CharacterSource(file, name, order.skeleton, order.positions, surface);
        }

        private String meshField(NodeModel node) {
            return "meshes[" + model.getMeshModels().indexOf(node.getMeshModels().get(0)) + "]";
        }

        /** The skinned mesh's triangles, in the file's pose: v = sum w_j (joint matrix j) v_mesh. */
        private SourceSkin surface(NodeModel node, float[][] jointMatrix) {
            List<Double> pos = new ArrayList<>();
            List<Integer> tri = new ArrayList<>();
            List<Integer> jt = new ArrayList<>();
            List<Double> wt = new ArrayList<>();
            String mf = meshField(node);
            int base = 0;
            for (MeshModel mesh : node.getMeshModels()) {
                List<MeshPrimitiveModel> prims = mesh.getMeshPrimitiveModels();
                for (int pi = 0; pi < prims.size(); pi++) {
                    MeshPrimitiveModel prim = prims.get(pi);
                    String field = mf + ".primitives[" + pi + "]";
                    if (prim.getMode() != TRIANGLES) {
                        throw new InvalidInputException(file, field + ".mode", "only triangle meshes (mode 4) are read, found mode "
                                + prim.getMode());
                    }
                    Map<String, AccessorModel> attr = prim.getAttributes();
                    AccessorModel position = attr.get("POSITION");
                    if (position == null) {
                        throw new InvalidInputException(file, field + ".attributes", "no mesh: the primitive has no POSITION");
                    }
                    AccessorModel joints = attr.get("JOINTS_0");
                    AccessorModel weights = attr.get("WEIGHTS_0");
                    if (joints == null || weights == null) {
                        throw new InvalidInputException(file, field + ".attributes",
                                "no skin: the primitive has no JOINTS_0/WEIGHTS_0 (the mesh is not weighted to the joints)");
                    }
                    int n = position.getCount();
                    if (joints.getCount() != n || weights.getCount() != n) {
                        throw new InvalidInputException(file, field + ".attributes", "JOINTS_0/WEIGHTS_0 count differs from POSITION's "
                                + n);
                    }
                    AccessorData pd = position.getAccessorData(), jd = joints.getAccessorData(), wd = weights.getAccessorData();
                    if (pd.getNumComponentsPerElement() != 3 || jd.getNumComponentsPerElement() != 4
                            || wd.getNumComponentsPerElement() != 4) {
                        throw new InvalidInputException(file, field + ".attributes", "POSITION must be VEC3, JOINTS_0 and WEIGHTS_0 VEC4");
                    }
                    for (int v = 0; v < n; v++) {
                        double x = number(pd, v, 0, false), y = number(pd, v, 1, false), z = number(pd, v, 2, false);
                        double ox = 0, oy = 0, oz = 0, sum = 0;
                        int[] jv = new int[4];
                        double[] wv = new double[4];
                        for (int k = 0; k < 4; k++) {
                            double w = number(wd, v, k, true);
                            int j = (int) number(jd, v, k, false);
                            if (!(w >= 0) || !Double.isFinite(w)) {
                                throw new InvalidInputException(file, field + ".attributes.WEIGHTS_0", "weight of vertex " + v
                                        + " is " + w);
                            }
                            if (w > 0 && (j < 0 || j >= jointMatrix.length)) {
                                throw new InvalidInputException(file, field + ".attributes.JOINTS_0", "vertex " + v
                                        + " names joint " + j + ", the skin has " + jointMatrix.length);
                            }
                            jv[k] = w > 0 ? j : -1;
                            wv[k] = w > 0 ? w : 0;
                            sum += wv[k];
                        }
                        if (!(sum > 1e-6)) {
                            throw new InvalidInputException(file, field + ".attributes.WEIGHTS_0", "vertex " + v
                                    + " has no joint weight");
                        }
                        for (int k = 0; k < 4; k++) {
                            if (jv[k] < 0) {
                                continue;
                            }
                            double w = wv[k] / sum;
                            float[] m = jointMatrix[jv[k]];
                            ox += w * (m[0] * x + m[4] * y + m[8] * z + m[12]);
                            oy += w * (m[1] * x + m[5] * y + m[9] * z + m[13]);
                            oz += w * (m[2] * x + m[6] * y + m[10] * z + m[14]);
                            wv[k] = w;
                        }
                        if (!Double.isFinite(ox + oy + oz)) {
                            throw new InvalidInputException(file, field + ".attributes.POSITION", "vertex " + v + " is not finite");
                        }
                        pos.add(ox);
                        pos.add(oy);
                        pos.add(oz);
                        for (int k = 0; k < 4; k++) {
                            jt.add(jv[k]);
                            wt.add(wv[k]);
                        }
                    }
                    AccessorModel indices = prim.getIndices();
                    int count = indices == null ? n : indices.getCount();
                    if (count % 3 != 0) {
                        throw new InvalidInputException(file, field + ".indices", count + " indices is not a whole number of triangles");
                    }
                    AccessorData id = indices == null ? null : indices.getAccessorData();
                    for (int i = 0; i < count; i++) {
                        int v = id == null ? i : (int) number(id, i, 0, false);
                        if (v < 0 || v >= n) {
                            throw new InvalidInputException(file, field + ".indices", "index " + v + " outside 0.." + (n - 1));
                        }
                        tri.add(base + v);
                    }
                    base += n;
                }
            }
            if (tri.isEmpty()) {
                throw new InvalidInputException(file, mf, "no mesh: the skinned mesh has no triangles");
            }
            return new SourceSkin(pos.stream().mapToDouble(Double::doubleValue).toArray(),
                    tri.stream().mapToInt(Integer::intValue).toArray(), jt.stream().mapToInt(Integer::intValue).toArray(),
                    wt.stream().mapToDouble(Double::doubleValue).toArray());
        }

        private record Order(Skeleton skeleton, Vec3[] positions, int[] skeletonIndex) {
        }

        /** The skin's joints as a skeleton, parents first; several top joints hang under an added root. */
        private Order order(List<NodeModel> joints, Vec3[] jointPos) {
            Map<NodeModel, Integer> skinIndex = new IdentityHashMap<>();
            for (int j = 0; j < joints.size(); j++) {
                skinIndex.put(joints.get(j), j);
            }
            int[] parentSkin = new int[joints.size()];
            List<Integer> tops = new ArrayList<>();
            for (int j = 0; j < joints.size(); j++) {
                parentSkin[j] = -1;
                for (NodeModel a = joints.get(j).getParent(); a != null; a = a.getParent()) {
                    Integer i = skinIndex.get(a);
                    if (i != null) {
                        parentSkin[j] = i;
                        break;
                    }
                }
                if (parentSkin[j] < 0) {
                    tops.add(j);
                }
            }
            List<List<Integer>> children = new ArrayList<>();
            for (int j = 0; j < joints.size(); j++) {
                children.add(new ArrayList<>());
            }
            for (int j = 0; j < joints.size(); j++) {
                if (parentSkin[j] >= 0) {
                    children.get(parentSkin[j]).add(j);
                }
            }
            List<Skeleton.Joint> out = new ArrayList<>();
            List<Vec3> positions = new ArrayList<>();
            int[] index = new int[joints.size()];
            Set<String> names = new HashSet<>();
            Map<Integer, String> nameOf = new HashMap<>();
            for (int j = 0; j < joints.size(); j++) {
                String n = joints.get(j).getName();
                if (n == null || n.isBlank()) {
                    n = "joint" + j;
                }
                String u = n;
                for (int k = 2; !names.add(u); k++) {
                    u = n + "_" + k;
                }
                nameOf.put(j, u);
            }
            int root = -1;
            if (tops.size() > 1) {
                String r = "root";
                for (int k = 2; names.contains(r); k++) {
                    r = "root_" + k;
                }
                out.add(new Skeleton.Joint(r, -1, Vec3.ZERO, Skeleton.ROOT_CHANNELS, null));
                positions.add(Vec3.ZERO);
                root = 0;
            }
            List<int[]> stack = new ArrayList<>(); // (skin joint, skeleton parent)
            for (int i = tops.size() - 1; i >= 0; i--) {
                stack.add(new int[] {tops.get(i), root});
            }
            while (!stack.isEmpty()) {
                int[] top = stack.remove(stack.size() - 1);
                int j = top[0], parent = top[1];
                Vec3 at = jointPos[j];
                Vec3 offset = parent < 0 ? at : at.sub(positions.get(parent));
                index[j] = out.size();
                out.add(new Skeleton.Joint(nameOf.get(j), parent, offset,
                        parent < 0 ? Skeleton.ROOT_CHANNELS : Skeleton.JOINT_CHANNELS, null));
                positions.add(at);
                List<Integer> ch = children.get(j);
                for (int i = ch.size() - 1; i >= 0; i--) {
                    stack.add(new int[] {ch.get(i), index[j]});
                }
            }
            return new Order(new Skeleton(out), positions.toArray(Vec3[]::new), index);
        }
    }

    /** A component as a number; normalised integer weights are scaled to [0, 1] as glTF says. */
    private static double number(AccessorData d, int element, int component, boolean normalised) {
        if (d instanceof AccessorFloatData f) {
            return f.get(element, component);
        }
        if (d instanceof AccessorByteData b) {
            int v = b.getInt(element, component);
            return normalised ? v / (b.isUnsigned() ? 255.0 : 127.0) : v;
        }
        if (d instanceof AccessorShortData s) {
            int v = s.getInt(element, component);
            return normalised ? v / (s.isUnsigned() ? 65535.0 : 32767.0) : v;
        }
        if (d instanceof AccessorIntData i) {
            long v = i.getLong(element, component);
            return normalised ? v / 4294967295.0 : v;
        }
        throw new IllegalArgumentException("unsupported accessor component type " + d.getComponentType());
    }

    private static float[] identity() {
        return new float[] {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    }

    /** Column-major 4x4 product a x b. */
    private static float[] mul(float[] a, float[] b) {
        float[] r = new float[16];
        for (int c = 0; c < 4; c++) {
            for (int row = 0; row < 4; row++) {
                float s = 0;
                for (int k = 0; k < 4; k++) {
                    s += a[k * 4 + row] * b[c * 4 + k];
                }
                r[c * 4 + row] = s;
            }
        }
        return r;
    }
}
