package org.clothgraph.motion.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;

/**
 * Writes a Motion as BVH in metres, Y up, with ZYX rotation channels (6 channels on the root and on joints
 * with animated translations), so that BvhReader reads it back to the same poses.
 */
public final class BvhWriter {
    private BvhWriter() {}

    public static void write(Motion m, Path file) throws IOException {
        Files.writeString(file, toString(m), StandardCharsets.UTF_8);
    }

    public static String toString(Motion m) {
        Skeleton sk = m.skeleton();
        StringBuilder b = new StringBuilder(64 + m.frameCount() * sk.size() * 40);
        b.append("HIERARCHY\n");
        writeJoint(b, sk, 0, 0);
        b.append("MOTION\nFrames: ").append(m.frameCount()).append('\n');
        b.append("Frame Time: ").append(fmt(m.frameTime(), 9)).append('\n');
        for (int f = 0; f < m.frameCount(); f++) {
            for (int j = 0; j < sk.size(); j++) {
                if (j == 0 || m.hasJointTranslations() && sk.joint(j).hasPositionChannels()) {
                    Vec3 p = m.localTranslation(f, j);
                    b.append(fmt(p.x(), 6)).append(' ').append(fmt(p.y(), 6)).append(' ').append(fmt(p.z(), 6)).append(' ');
                }
                double[] e = m.rotation(f, j).toEulerZYX();
                for (double a : e) b.append(fmt(Math.toDegrees(a), 6)).append(' ');
            }
            b.setLength(b.length() - 1);
            b.append('\n');
        }
        return b.toString();
    }

    private static void writeJoint(StringBuilder b, Skeleton sk, int j, int depth) {
        String ind = "\t".repeat(depth);
        b.append(ind).append(j == 0 ? "ROOT " : "JOINT ").append(sk.name(j)).append('\n').append(ind).append("{\n");
        offset(b, ind + "\t", sk.offset(j));
        boolean pos = j == 0 || sk.joint(j).hasPositionChannels();
        b.append(ind).append('\t').append(pos ? "CHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation\n"
                : "CHANNELS 3 Zrotation Yrotation Xrotation\n");
        for (int c : sk.children(j)) writeJoint(b, sk, c, depth + 1);
        Vec3 end = sk.joint(j).endSite();
        if (end != null) {
            b.append(ind).append("\tEnd Site\n").append(ind).append("\t{\n");
            offset(b, ind + "\t\t", end);
            b.append(ind).append("\t}\n");
        }
        b.append(ind).append("}\n");
    }

    private static void offset(StringBuilder b, String ind, Vec3 o) {
        b.append(ind).append("OFFSET ").append(fmt(o.x(), 6)).append(' ').append(fmt(o.y(), 6)).append(' ')
                .append(fmt(o.z(), 6)).append('\n');
    }

    static String fmt(double v, int decimals) {
        String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
        return s.equals("-0." + "0".repeat(decimals)) ? s.substring(1) : s;
    }

}
