package org.clothgraph.sim;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.clothgraph.sim.body.BoneRotation;

/**
 * A hand holding a patch of the garment over a span of output frames, as data: the grips of a dressing clip (Clegg et
 * al. 2015) replayed on whatever cloth state a simulation through the clip starts from (exploration's units of work
 * carry them, so a worker process or a Slurm pilot applies them too). The patch is a set of garment vertices (a
 * feature's grip patch, independent of the cloth state); the hand is its wrist joint's world position and rotation
 * at every output frame of the span.
 *
 * <p>The rule, for each frame {@code f -> f + 1} of the span ({@code first <= f < last()}), from the state the frame
 * starts from: when the palm is within {@link #reach} of the patch's centroid, each patch vertex is taken in the
 * wrist's frame where it is (its offset from the wrist at frame f) and driven to that offset in the wrist's frame at
 * f + 1 (the dressing controller's grip); else the hand holds nothing in that frame. The rule reads nothing but the
 * state the frame starts from, so a simulation restarted from a stored state inside the span (a unit of work that
 * starts mid-grip) drives exactly as the uninterrupted one; a held patch moves rigidly with the hand, so it stays
 * within reach until the span ends (Release).
 *
 * @param hand the hand's name (for people: "left", "right")
 * @param vertices the gripped garment vertices (distinct)
 * @param reach the hand closes on the patch when its palm is within this of the patch's centroid (m)
 * @param palm the palm's offset in the wrist's frame (x, y, z)
 * @param first the output frame (of the simulation that carries the grip) where the span starts
 * @param wrist the wrist's world position and unit rotation (x, y, z, qw, qx, qy, qz) at output frames first ..
 *        {@link #last()}, 7 values per frame, at least two frames
 */
public record HandGrip(String hand, int[] vertices, double reach, double[] palm, int first, double[] wrist) {

    public HandGrip {
        if (wrist.length % 7 != 0 || wrist.length < 14) {
            throw new IllegalArgumentException("a grip needs the wrist's place at two or more frames (7 values each)");
        }
        if (palm.length != 3 || first < 0 || vertices.length == 0 || !(reach >= 0)) {
            throw new IllegalArgumentException("bad grip: palm offset, first frame, vertices or reach");
        }
        vertices = vertices.clone();
        palm = palm.clone();
        wrist = wrist.clone();
    }

    /** The last output frame of the span (the frame of the Release, or where the clip is left). */
    public int last() {
        return first + wrist.length / 7 - 1;
    }

    /** Whether the hand grips during frame {@code frame -> frame + 1}. */
    public boolean inForce(int frame) {
        return frame >= first && frame < last();
    }

    /** The same grip on a simulation that starts {@code frames} output frames later (null when it has ended by then). */
    public HandGrip from(int frames) {
        if (frames <= first) {
            return new HandGrip(hand, vertices, reach, palm, first - frames, wrist);
        }
        if (frames >= last()) {
            return null;
        }
        double[] w = java.util.Arrays.copyOfRange(wrist, 7 * (frames - first), wrist.length);
        return new HandGrip(hand, vertices, reach, palm, 0, w);
    }

    /** The palm's world position at output frame {@code frame} of the span. */
    public double[] palmAt(int frame) {
        return toWorld(frame, palm[0], palm[1], palm[2]);
    }

    /**
     * Where the patch vertex positions {@code x} go for frame {@code frame -> frame + 1}: targets (x, y, z per
     * vertex), or null when the palm is beyond reach of the patch (or the grip is not in force).
     */
    public double[] targets(int frame, float[] x) {
        if (!inForce(frame)) {
            return null;
        }
        double cx = 0, cy = 0, cz = 0;
        for (int v : vertices) {
            cx += x[3 * v];
            cy += x[3 * v + 1];
            cz += x[3 * v + 2];
        }
        int n = vertices.length;
        double[] p = palmAt(frame);
        double dx = cx / n - p[0], dy = cy / n - p[1], dz = cz / n - p[2];
        if (Math.sqrt(dx * dx + dy * dy + dz * dz) > reach) {
            return null;
        }
        double[] t = new double[3 * n];
        for (int k = 0; k < n; k++) {
            int o = 3 * vertices[k];
            double[] local = toLocal(frame, x[o], x[o + 1], x[o + 2]);
            double[] w = toWorld(frame + 1, local[0], local[1], local[2]);
            System.arraycopy(w, 0, t, 3 * k, 3);
        }
        return t;
    }

    /** A point given in the wrist's frame at output frame {@code frame}, in the world. */
    double[] toWorld(int frame, double x, double y, double z) {
        int o = 7 * (frame - first);
        double[] r = BoneRotation.rotate(wrist[o + 3], wrist[o + 4], wrist[o + 5], wrist[o + 6], x, y, z);
        return new double[] { wrist[o] + r[0], wrist[o + 1] + r[1], wrist[o + 2] + r[2] };
    }

    /** A world point in the wrist's frame at output frame {@code frame}. */
    double[] toLocal(int frame, double x, double y, double z) {
        int o = 7 * (frame - first);
        return BoneRotation.rotate(wrist[o + 3], -wrist[o + 4], -wrist[o + 5], -wrist[o + 6], x - wrist[o],
                y - wrist[o + 1], z - wrist[o + 2]);
    }

    /**
     * The drive of every grip in force for frame {@code frame -> frame + 1} from the state it starts from, or null
     * when no hand holds anything then. A vertex two hands hold follows the first.
     */
    public static ClothSimulator.Drive drive(List<HandGrip> grips, int frame, ClothState start) {
        Set<Integer> seen = new LinkedHashSet<>();
        List<Double> targets = new ArrayList<>();
        for (HandGrip g : grips) {
            double[] t = g.targets(frame, start.positions());
            if (t == null) {
                continue;
            }
            for (int k = 0; k < g.vertices.length; k++) {
                if (seen.add(g.vertices[k])) {
                    targets.add(t[3 * k]);
                    targets.add(t[3 * k + 1]);
                    targets.add(t[3 * k + 2]);
                }
            }
        }
        if (seen.isEmpty()) {
            return null;
        }
        int[] v = seen.stream().mapToInt(Integer::intValue).toArray();
        double[] t = targets.stream().mapToDouble(Double::doubleValue).toArray();
        return new ClothSimulator.Drive(v, t);
    }

    public void write(DataOutput out) throws IOException {
        out.writeUTF(hand);
        out.writeInt(vertices.length);
        for (int v : vertices) {
            out.writeInt(v);
        }
        out.writeDouble(reach);
        for (double d : palm) {
            out.writeDouble(d);
        }
        out.writeInt(first);
        out.writeInt(wrist.length);
        for (double d : wrist) {
            out.writeDouble(d);
        }
    }

    /** Reads a grip back; anything malformed is an IOException. */
    public static HandGrip read(DataInput in) throws IOException {
        String hand = in.readUTF();
        int n = in.readInt();
        if (n <= 0 || n > 10_000_000) {
            throw new IOException("bad grip vertex count " + n);
        }
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = in.readInt();
        }
        double reach = in.readDouble();
        double[] palm = { in.readDouble(), in.readDouble(), in.readDouble() };
        int first = in.readInt();
        int m = in.readInt();
        if (m < 14 || m % 7 != 0 || m > 70_000_000) {
            throw new IOException("bad grip wrist length " + m);
        }
        double[] w = new double[m];
        for (int i = 0; i < m; i++) {
            w[i] = in.readDouble();
        }
        try {
            return new HandGrip(hand, v, reach, palm, first, w);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HandGrip g && hand.equals(g.hand) && java.util.Arrays.equals(vertices, g.vertices)
                && Double.compare(reach, g.reach) == 0 && java.util.Arrays.equals(palm, g.palm) && first == g.first
                && java.util.Arrays.equals(wrist, g.wrist);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(hand, java.util.Arrays.hashCode(vertices), reach, first,
                java.util.Arrays.hashCode(wrist));
    }

    @Override
    public String toString() {
        return hand + " hand grips " + vertices.length + " vertices over frames " + first + ".." + last();
    }
}
