package org.clothgraph.explore;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import org.clothgraph.sim.ClothState;

/**
 * What a unit of work produced: per branch the simulated frames in the root frame (frame 1 onwards; frame 0 is
 * the start state) and their classes, or the reason it failed (then no frame is admitted). {@code cpuSeconds} is
 * the thread CPU time the simulation took; {@code substeps} the solver steps it used (the deterministic budget).
 */
public record ExpansionResult(long unitId, List<List<ClothState>> frames, List<List<String>> classes, String failure,
        double cpuSeconds, double wallSeconds) {
    private static final int MAGIC = 0x43474552; // "CGER"

    public boolean failed() {
        return failure != null;
    }

    public int frameCount() {
        int n = 0;
        for (List<ClothState> b : frames) {
            n += b.size();
        }
        return n;
    }

    public static ExpansionResult failure(long unitId, String reason, double cpuSeconds, double wallSeconds) {
        return new ExpansionResult(unitId, List.of(), List.of(), reason, cpuSeconds, wallSeconds);
    }

    /**
     * One unit's result from the results of its parts run apart ({@link ExpansionUnit#parts}), in part order: failed
     * if any part failed (the first failure's reason), CPU time summed, wall time the longest.
     */
    public static ExpansionResult ofParts(ExpansionUnit unit, List<ExpansionResult> parts) {
        double cpu = 0, wall = 0;
        List<List<ClothState>> frames = new ArrayList<>();
        List<List<String>> classes = new ArrayList<>();
        String failure = null;
        for (ExpansionResult p : parts) {
            cpu += p.cpuSeconds();
            wall = Math.max(wall, p.wallSeconds());
            if (p.failed() && failure == null) {
                failure = p.failure();
            }
            frames.addAll(p.frames());
            classes.addAll(p.classes());
        }
        return failure != null ? failure(unit.id(), failure, cpu, wall)
                : new ExpansionResult(unit.id(), frames, classes, null, cpu, wall);
    }

    public byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeLong(unitId);
            out.writeBoolean(failure != null);
            if (failure != null) {
                out.writeUTF(failure);
            }
            out.writeDouble(cpuSeconds);
            out.writeDouble(wallSeconds);
            out.writeInt(frames.size());
            for (int b = 0; b < frames.size(); b++) {
                out.writeInt(frames.get(b).size());
                for (int f = 0; f < frames.get(b).size(); f++) {
                    Codec.writeFloats(out, frames.get(b).get(f).positions());
                    Codec.writeFloats(out, frames.get(b).get(f).velocities());
                    out.writeUTF(classes.get(b).get(f));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static ExpansionResult fromBytes(byte[] data) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(data));
        if (in.readInt() != MAGIC) {
            throw new IOException("not a ClothGraph unit result");
        }
        long id = in.readLong();
        String failure = in.readBoolean() ? in.readUTF() : null;
        double cpu = in.readDouble();
        double wall = in.readDouble();
        int nb = in.readInt();
        if (nb < 0 || nb > 10_000) {
            throw new IOException("bad branch count " + nb);
        }
        List<List<ClothState>> frames = new ArrayList<>();
        List<List<String>> classes = new ArrayList<>();
        try {
            for (int b = 0; b < nb; b++) {
                int nf = in.readInt();
                if (nf < 0 || nf > 1_000_000) {
                    throw new IOException("bad frame count " + nf);
                }
                List<ClothState> fs = new ArrayList<>();
                List<String> cs = new ArrayList<>();
                for (int f = 0; f < nf; f++) {
                    fs.add(new ClothState(Codec.readFloats(in), Codec.readFloats(in)));
                    cs.add(in.readUTF());
                }
                frames.add(fs);
                classes.add(cs);
            }
        } catch (IllegalArgumentException e) {
            throw new IOException("corrupt unit result: " + e.getMessage(), e);
        }
        return new ExpansionResult(id, frames, classes, failure, cpu, wall);
    }
}
