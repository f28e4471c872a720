package org.clothgraph.model.frames;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.clothgraph.model.Aspect;
import org.clothgraph.model.StorageException;

/**
 * Appends frames to the store. {@link #commit()} forces the bytes to disk, then indexes them in one
 * database transaction; closing without commit abandons the appended frames (they stay unindexed).
 */
public final class FrameWriter implements AutoCloseable {
    private final FrameStore store;
    private final List<FrameLocation> pending = new ArrayList<>();
    private final ByteBuffer header = ByteBuffer.allocateDirect(FrameRecordFormat.HEADER_BYTES);
    private ByteBuffer payload;
    private FileChannel channel;
    private int segment;
    private long nextId;
    private boolean closed;

    FrameWriter(FrameStore store, long firstId) {
        this.store = store;
        this.nextId = firstId;
        try {
            Files.createDirectories(store.folder());
            segment = lastSegment();
            openSegment(segment);
        } catch (IOException e) {
            throw new StorageException("cannot open frame store " + store.folder() + ": " + e.getMessage(), e);
        }
    }

    private int lastSegment() {
        int s = 0;
        while (Files.exists(store.folder().resolve(FrameRecordFormat.segmentName(s + 1)))) {
            s++;
        }
        return s;
    }

    private void openSegment(int s) throws IOException {
        if (channel != null) {
            channel.force(false);
            channel.close();
        }
        Path file = store.folder().resolve(FrameRecordFormat.segmentName(s));
        channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        channel.position(channel.size());
        segment = s;
    }

    /** Appends one cloth state and returns the id it will have once committed. */
    public long append(float[] positions, float[] velocities) {
        if (closed) {
            throw new IllegalStateException("writer closed");
        }
        if (positions.length != velocities.length || positions.length % 3 != 0) {
            throw new IllegalArgumentException("positions and velocities must both hold 3 floats per vertex");
        }
        int n = positions.length / 3;
        int bytes = FrameRecordFormat.payloadBytes(n);
        if (payload == null || payload.capacity() < bytes) {
            payload = ByteBuffer.allocateDirect(bytes);
        }
        int crc = FrameRecordFormat.encode(positions, velocities, payload);
        long id = nextId++;
        FrameRecordFormat.header(header, id, n, crc);
        try {
            if (channel.position() > 0 && channel.position() + FrameRecordFormat.recordBytes(n)
                    > FrameRecordFormat.SEGMENT_BYTES) {
                openSegment(segment + 1);
            }
            long offset = channel.position();
            ByteBuffer[] record = { header, payload };
            while (header.hasRemaining() || payload.hasRemaining()) {
                channel.write(record);
            }
            pending.add(new FrameLocation(id, segment, offset, n, crc));
        } catch (IOException e) {
            throw new StorageException("writing frame store " + store.folder() + " failed: " + e.getMessage(), e);
        }
        return id;
    }

    public long append(ClothFrame frame) {
        return append(frame.positions(), frame.velocities());
    }

    /** Makes every appended frame durable and visible; returns how many were committed. */
    public int commit() {
        if (pending.isEmpty()) {
            return 0;
        }
        try {
            channel.force(false);
        } catch (IOException e) {
            throw new StorageException("flushing frame store failed: " + e.getMessage(), e);
        }
        List<FrameLocation> batch = List.copyOf(pending);
        store.project().write(Set.of(Aspect.FRAMES), c -> {
            try (PreparedStatement p = c.prepareStatement(
                    "INSERT INTO frame(id, segment, offset, vertex_count, crc) VALUES (?, ?, ?, ?, ?)")) {
                for (FrameLocation l : batch) {
                    p.setLong(1, l.frameId());
                    p.setInt(2, l.segment());
                    p.setLong(3, l.offset());
                    p.setInt(4, l.vertexCount());
                    p.setInt(5, l.crc());
                    p.addBatch();
                }
                p.executeBatch();
            }
            return null;
        });
        pending.clear();
        return batch.size();
    }

    public int uncommitted() {
        return pending.size();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            channel.close();
        } catch (IOException e) {
            throw new StorageException("closing frame store failed: " + e.getMessage(), e);
        } finally {
            store.writerClosed();
        }
    }
}
