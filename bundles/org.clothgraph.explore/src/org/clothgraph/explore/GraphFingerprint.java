package org.clothgraph.explore;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.ClothTransition;
import org.clothgraph.model.MergeRecord;
import org.clothgraph.model.Project;
import org.clothgraph.model.frames.ClothFrame;

/**
 * The whole secondary graph of a project as text, every frame by a digest of its bits: equal text means the same
 * graph and bit-identical frames. How explorations on different backends or worker counts are compared.
 */
public final class GraphFingerprint {
    private GraphFingerprint() {
    }

    public static String of(Project p) {
        StringBuilder b = new StringBuilder();
        for (ClothStateRecord s : p.secondary().states()) {
            b.append("S ").append(s.id()).append(' ').append(s.primaryNode()).append(' ').append(s.classes()).append(' ')
                    .append(s.status()).append(' ').append(s.round()).append(' ').append(frame(p, s.frameId())).append('\n');
        }
        for (ClothTransition t : p.secondary().transitions()) {
            b.append("T ").append(t.from()).append(' ').append(t.to()).append(' ').append(t.primaryEdge()).append(' ')
                    .append(t.merged());
            for (long f : t.innerFrames()) {
                b.append(' ').append(frame(p, f));
            }
            b.append('\n');
        }
        for (MergeRecord m : p.secondary().merges()) {
            b.append("M ").append(m.transitionId()).append(' ').append(m.deadEndState()).append(' ')
                    .append(Double.doubleToLongBits(m.error())).append(' ').append(Double.doubleToLongBits(m.plainError()))
                    .append(' ').append(m.crossClass()).append(' ').append(m.queued()).append('\n');
        }
        return b.toString();
    }

    /** SHA-256 of {@link #of(Project)}, hex: one line to compare two projects by. */
    public static String digest(Project p) {
        return HexFormat.of().formatHex(sha256().digest(of(p).getBytes(StandardCharsets.UTF_8)));
    }

    /** The first 8 bytes of the SHA-256 of a stored frame's positions and velocities (float bits, little endian). */
    public static String frame(Project p, long frameId) {
        ClothFrame f = p.frames().read(frameId);
        MessageDigest md = sha256();
        for (float[] a : new float[][] { f.positions(), f.velocities() }) {
            for (float x : a) {
                int bits = Float.floatToRawIntBits(x);
                md.update(new byte[] { (byte) bits, (byte) (bits >> 8), (byte) (bits >> 16), (byte) (bits >> 24) });
            }
        }
        return HexFormat.of().formatHex(md.digest(), 0, 8);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
