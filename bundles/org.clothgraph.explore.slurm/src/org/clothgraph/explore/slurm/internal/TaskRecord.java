package org.clothgraph.explore.slurm.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

import org.clothgraph.explore.ExpansionResult;

/**
 * A result file of the queue folder: the unit's {@link ExpansionResult} and where and when it ran (the pilot's job
 * id, its node, start and end in epoch milliseconds), for the per-unit timings a farm's work-item view shows.
 */
public record TaskRecord(String job, String node, long startMs, long endMs, ExpansionResult result) {
    private static final int MAGIC = 0x43475352; // "CGSR"

    public double seconds() {
        return (endMs - startMs) / 1000.0;
    }

    public byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeUTF(job);
            out.writeUTF(node);
            out.writeLong(startMs);
            out.writeLong(endMs);
            byte[] r = result.toBytes();
            out.writeInt(r.length);
            out.write(r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Reads a result file back; anything malformed is an IOException naming what is wrong. */
    public static TaskRecord fromBytes(byte[] data) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(data));
        if (data.length < 4 || in.readInt() != MAGIC) {
            throw new IOException("not a ClothGraph Slurm result record");
        }
        String job = in.readUTF();
        String node = in.readUTF();
        long start = in.readLong();
        long end = in.readLong();
        int n = in.readInt();
        if (n < 0 || n > data.length) {
            throw new IOException("bad result length " + n);
        }
        byte[] r = new byte[n];
        in.readFully(r);
        return new TaskRecord(job, node, start, end, ExpansionResult.fromBytes(r));
    }
}
