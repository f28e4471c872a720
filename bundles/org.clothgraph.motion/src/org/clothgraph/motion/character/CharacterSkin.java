package org.clothgraph.motion.character;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.geometry.LinearBlendSkinning;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;

/**
 * The character's own skinned surface on its (canonical) skeleton: a triangle mesh in the skeleton's rest pose with
 * the root at its rest height above the ground, up to four joints and weights per vertex. Posed by linear blend
 * skinning: each joint moves its vertices rigidly from its rest place to its world position and rotation in a frame
 * (rest rotations are the identity, so a world rotation is the joint's rotation from rest). Stored in the project as
 * {@code character/skin.cgsk}.
 */
public final class CharacterSkin {
    public static final int INFLUENCES = LinearBlendSkinning.INFLUENCES;
    private static final int MAGIC = 0x4347534b; // "CGSK"
    private static final int VERSION = 1;

    private final String[] jointNames;
    private final double[] positions;
    private final int[] triangles;
    private final int[] joints;
    private final double[] weights;

    /**
     * @param jointNames the skeleton's joint names, in order (checked against the skeleton it is posed on)
     * @param positions rest-pose vertex positions, xyz
     * @param triangles three vertex indices per triangle, counter-clockwise seen from outside
     * @param joints per vertex four joint indices (-1 pads)
     * @param weights per vertex four weights summing to 1
     */
    public CharacterSkin(String[] jointNames, double[] positions, int[] triangles, int[] joints, double[] weights) {
        int n = positions.length / 3;
        if (positions.length % 3 != 0 || triangles.length % 3 != 0 || joints.length != n * INFLUENCES
                || weights.length != n * INFLUENCES) {
            throw new IllegalArgumentException("inconsistent skin arrays");
        }
        for (int t : triangles) {
            if (t < 0 || t >= n) {
                throw new IllegalArgumentException("triangle index " + t + " outside 0.." + (n - 1));
            }
        }
        for (int j : joints) {
            if (j < -1 || j >= jointNames.length) {
                throw new IllegalArgumentException("joint index " + j + " outside the skeleton");
            }
        }
        this.jointNames = jointNames.clone();
        this.positions = positions;
        this.triangles = triangles;
        this.joints = joints;
        this.weights = weights;
    }

    public int vertexCount() {
        return positions.length / 3;
    }

    public int triangleCount() {
        return triangles.length / 3;
    }

    /** Shared; do not modify. */
    public int[] triangles() {
        return triangles;
    }

    /** The rest-pose positions (a copy). */
    public double[] restPositions() {
        return positions.clone();
    }

    public String[] jointNames() {
        return jointNames.clone();
    }

    /** Joint indices of vertex v (four, -1 pads). */
    public int[] joints(int v) {
        return Arrays.copyOfRange(joints, v * INFLUENCES, v * INFLUENCES + INFLUENCES);
    }

    public double[] weights(int v) {
        return Arrays.copyOfRange(weights, v * INFLUENCES, v * INFLUENCES + INFLUENCES);
    }

    /** Lowest rest-pose vertex height (the soles). */
    public double lowestY() {
        double lo = Double.MAX_VALUE;
        for (int i = 1; i < positions.length; i += 3) {
            lo = Math.min(lo, positions[i]);
        }
        return lo;
    }

    /** Highest rest-pose vertex height (the top of the head). */
    public double highestY() {
        double hi = -Double.MAX_VALUE;
        for (int i = 1; i < positions.length; i += 3) {
            hi = Math.max(hi, positions[i]);
        }
        return hi;
    }

    /** Rest world positions of the skeleton's joints, its root at its rest height as in the fitting pose. */
    public static Vec3[] restJoints(Skeleton s) {
        Vec3[] p = s.restPositions();
        Vec3 up = new Vec3(0, s.restRootHeight(), 0);
        for (int j = 0; j < p.length; j++) {
            p[j] = p[j].add(up);
        }
        return p;
    }

    /** Writes the surface posed at frame f of a motion on the skeleton this skin is bound to into out (3 x vertices). */
    public void pose(Motion m, int f, double[] out) {
        Skeleton s = m.skeleton();
        checkSkeleton(s);
        pose(restJoints(s), m.worldPositions(f), m.worldRotations(f), out);
    }

    /** Linear blend skinning from the rest joints r to the posed joints (p, q). */
    public void pose(Vec3[] r, Vec3[] p, Quat[] q, double[] out) {
        int nj = jointNames.length;
        double[][] m = new double[nj][];
        for (int j = 0; j < nj; j++) {
            // x' = Q (x - r) + p = Q x + (p - Q r)
            Quat w = q[j];
            Vec3 ex = w.rotate(new Vec3(1, 0, 0)), ey = w.rotate(new Vec3(0, 1, 0)), ez = w.rotate(new Vec3(0, 0, 1));
            Vec3 t = p[j].sub(w.rotate(r[j]));
            m[j] = new double[] {ex.x(), ey.x(), ez.x(), ex.y(), ey.y(), ez.y(), ex.z(), ey.z(), ez.z(), t.x(), t.y(), t.z()};
        }
        LinearBlendSkinning.apply(positions, joints, weights, m, out);
    }

    /** The skin must be posed on the skeleton it was bound to: same joint names in the same order. */
    public void checkSkeleton(Skeleton s) {
        if (s.size() != jointNames.length) {
            throw new IllegalArgumentException("skin bound to " + jointNames.length + " joints, skeleton has " + s.size());
        }
        for (int j = 0; j < jointNames.length; j++) {
            if (!jointNames[j].equals(s.name(j))) {
                throw new IllegalArgumentException("skin joint " + j + " is " + jointNames[j] + ", skeleton's " + s.name(j));
            }
        }
    }

    public void write(Path file) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            out.writeInt(jointNames.length);
            for (String n : jointNames) {
                out.writeUTF(n);
            }
            out.writeInt(vertexCount());
            out.writeInt(triangleCount());
            for (double p : positions) {
                out.writeDouble(p);
            }
            for (int t : triangles) {
                out.writeInt(t);
            }
            for (int j : joints) {
                out.writeShort(j);
            }
            for (double w : weights) {
                out.writeFloat((float) w);
            }
        }
    }

    /** Reads what {@link #write(Path)} wrote; a damaged file is bad input naming the file and the field. */
    public static CharacterSkin read(Path file) {
        String field = "header";
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            if (in.readInt() != MAGIC) {
                throw new InvalidInputException(file, field, "not a ClothGraph character skin");
            }
            int version = in.readInt();
            if (version != VERSION) {
                throw new InvalidInputException(file, "version", "skin format " + version + ", this ClothGraph reads " + VERSION);
            }
            field = "joints";
            int nj = in.readInt();
            if (nj <= 0 || nj > 10_000) {
                throw new InvalidInputException(file, field, "joint count " + nj);
            }
            String[] names = new String[nj];
            for (int j = 0; j < nj; j++) {
                names[j] = in.readUTF();
            }
            field = "counts";
            int nv = in.readInt(), nt = in.readInt();
            if (nv <= 0 || nv > 5_000_000 || nt <= 0 || nt > 10_000_000) {
                throw new InvalidInputException(file, field, nv + " vertices, " + nt + " triangles");
            }
            field = "positions";
            double[] p = new double[3 * nv];
            for (int i = 0; i < p.length; i++) {
                p[i] = in.readDouble();
                if (!Double.isFinite(p[i])) {
                    throw new InvalidInputException(file, field, "vertex " + i / 3 + " is not finite");
                }
            }
            field = "triangles";
            int[] t = new int[3 * nt];
            for (int i = 0; i < t.length; i++) {
                t[i] = in.readInt();
            }
            field = "weights";
            int[] js = new int[INFLUENCES * nv];
            for (int i = 0; i < js.length; i++) {
                js[i] = in.readShort();
            }
            double[] w = new double[INFLUENCES * nv];
            for (int i = 0; i < w.length; i++) {
                w[i] = in.readFloat();
            }
            return new CharacterSkin(names, p, t, js, w);
        } catch (EOFException e) {
            throw new InvalidInputException(file, field, "file ends early");
        } catch (IOException e) {
            throw new InvalidInputException(file, field, "cannot read: " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(file, field, e.getMessage(), e);
        }
    }
}
