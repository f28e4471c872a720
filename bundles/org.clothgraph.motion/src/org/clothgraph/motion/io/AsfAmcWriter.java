package org.clothgraph.motion.io;

import java.util.Locale;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;

/**
 * Writes a Motion as Acclaim ASF + AMC (CMU units: length 0.45, degrees). Each non-root joint j becomes a
 * bone from its parent to j, carrying the parent's local rotation; end sites become "_end" bones.
 * Bone axes are deliberately non-trivial so readers' C M C^-1 handling gets exercised.
 */
public final class AsfAmcWriter {
    /** Metres per CMU length unit (inch / 0.45). */
    public static final double CMU_UNIT = 0.0254 / 0.45;

    private AsfAmcWriter() {}

    /** ASF text for the motion's skeleton. */
    public static String asf(Motion m) {
        Skeleton sk = m.skeleton();
        if (m.hasJointTranslations()) throw new IllegalArgumentException("ASF cannot express animated joint translations");
        StringBuilder b = new StringBuilder();
        b.append("# written by ClothGraph\n:version 1.10\n:name ").append(m.name().replace(' ', '_')).append('\n');
        b.append(":units\n  mass 1.0\n  length 0.45\n  angle deg\n:documentation\n  generated\n");
        b.append(":root\n  order TX TY TZ RX RY RZ\n  axis XYZ\n  position 0 0 0\n  orientation 0 0 0\n:bonedata\n");
        int id = 1;
        for (int j = 1; j < sk.size(); j++) {
            bone(b, id++, sk.name(j), sk.offset(j), axis(j));
            if (sk.joint(j).endSite() != null) bone(b, id++, sk.name(j) + "_end", sk.joint(j).endSite(), axis(-j));
        }
        b.append(":hierarchy\n  begin\n");
        for (int j = 0; j < sk.size(); j++) {
            StringBuilder line = new StringBuilder();
            for (int c : sk.children(j)) line.append(' ').append(sk.name(c));
            if (j > 0 && sk.joint(j).endSite() != null) line.append(' ').append(sk.name(j)).append("_end");
            if (line.length() > 0) b.append("    ").append(j == 0 ? "root" : sk.name(j)).append(line).append('\n');
        }
        b.append("  end\n");
        return b.toString();
    }

    /** AMC text; frames numbered from 1. */
    public static String amc(Motion m) {
        Skeleton sk = m.skeleton();
        StringBuilder b = new StringBuilder("#!OML:ASF\n:FULLY-SPECIFIED\n:DEGREES\n");
        for (int f = 0; f < m.frameCount(); f++) {
            b.append(f + 1).append('\n');
            Vec3 r = m.rootPosition(f).scale(1 / CMU_UNIT);
            b.append("root ").append(n(r.x())).append(' ').append(n(r.y())).append(' ').append(n(r.z()));
            b.append(xyz(m.rotation(f, 0))).append('\n');
            for (int j = 1; j < sk.size(); j++) {
                int p = sk.parent(j);
                Quat local = p == 0 ? Quat.IDENTITY : m.rotation(f, p);
                b.append(sk.name(j)).append(xyz(axis(j).conj().mul(local).mul(axis(j)))).append('\n');
                if (sk.joint(j).endSite() != null) {
                    b.append(sk.name(j)).append("_end").append(xyz(axis(-j).conj().mul(m.rotation(f, j)).mul(axis(-j)))).append('\n');
                }
            }
        }
        return b.toString();
    }

    private static void bone(StringBuilder b, int id, String name, Vec3 v, Quat axis) {
        Vec3 d = v.length() < 1e-12 ? new Vec3(0, 1, 0) : v.normalized();
        double[] e = axisAngles(axis);
        b.append("  begin\n     id ").append(id).append("\n     name ").append(name).append('\n');
        b.append("     direction ").append(n(d.x())).append(' ').append(n(d.y())).append(' ').append(n(d.z())).append('\n');
        b.append("     length ").append(n(v.length() / CMU_UNIT)).append('\n');
        b.append("     axis ").append(n(e[0])).append(' ').append(n(e[1])).append(' ').append(n(e[2])).append(" XYZ\n");
        b.append("     dof rx ry rz\n     limits (-180.0 180.0)\n            (-180.0 180.0)\n            (-180.0 180.0)\n  end\n");
    }

    /** A fixed, joint-dependent bone axis (whole degrees so it survives text exactly). */
    private static Quat axis(int j) {
        int k = Math.abs(j * 7 + (j < 0 ? 3 : 0));
        double x = k % 31 - 15, y = (k * 3) % 41 - 20, z = (k * 5) % 61 - 30;
        return Quat.rotZ(Math.toRadians(z)).mul(Quat.rotY(Math.toRadians(y))).mul(Quat.rotX(Math.toRadians(x)));
    }

    private static double[] axisAngles(Quat q) {
        double[] zyx = q.toEulerZYX();
        return new double[] {Math.toDegrees(zyx[2]), Math.toDegrees(zyx[1]), Math.toDegrees(zyx[0])};
    }

    /** " rx ry rz" in degrees for R = Rz Ry Rx. */
    private static String xyz(Quat q) {
        double[] e = axisAngles(q);
        return " " + n(e[0]) + " " + n(e[1]) + " " + n(e[2]);
    }

    private static String n(double v) {
        String s = String.format(Locale.ROOT, "%.6f", v);
        return s.equals("-0.000000") ? "0.000000" : s;
    }
}
