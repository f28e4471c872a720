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
 * database transaction; closing without commit abandons the appended frames (they stay unindexed, bytes that
 * {@code check} reports and {@link FrameStore#collect} reclaims). {@link #abandon()} removes everything this writer
 * wrote, committed or not: the frames of a run that failed or was cancelled.
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
    private final FrameStore.Work work;
    private final long firstId;
    private final int startSegment;
    private final long startOffset;
    private long committedThrough;

    FrameWriter(FrameStore store, long firstId, FrameStore.Work work) {
        this.store = store;
        this.nextId = firstId;
        this.firstId = firstId;
        this.committedThrough = firstId - 1;
        this.work = work;
        try {
            Files.createDirectories(store.folder());
            segment = lastSegment();
            openSegment(segment);
            startSegment = segment;
            startOffset = channel.position();
        } catch (IOException e) {
            throw new StorageException("cannot open frame store " + store.folder() + ": " + e.getMessage(), e);
        }
    }

    /** The highest-numbered segment file (numbers can have gaps once the collector deleted or rewrote some). */
    private int lastSegment() throws IOException {
        int s = 0;
        try (java.util.stream.Stream<Path> files = Files.list(store.folder())) {
            for (Path f : (Iterable<Path>) files::iterator) {
                int n = FrameRecordFormat.segmentNumber(f.getFileName().toString());
                s = Math.max(s, n);
            }
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
        if (work != null) {
            work.claim(id, id);
        }
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
            FrameRecordFormat.raiseNextId(c, batch.get(batch.size() - 1).frameId() + 1);
            return null;
        });
        committedThrough = batch.get(batch.size() - 1).frameId();
        pending.clear();
        return batch.size();
    }

    /**
     * Removes every frame this writer appended, committed or not, from the index, and their bytes from the store
     * (they are at its end: this writer is the only one since it opened), then closes the writer. For the frames of a
     * run that failed or was cancelled, which nothing refers to; frames something does refer to are kept.
     *
     * @return how many committed frames were removed
     */
    public int abandon() {
        if (closed) {
            throw new IllegalStateException("writer closed");
        }
        pending.clear();
        try {
            int removed = 0;
            boolean kept = false;
            if (committedThrough >= firstId) {
                int[] result = store.project().write(Set.of(Aspect.FRAMES), c -> {
                    FrameReferences refs = FrameReferences.read(c);
                    for (long id = firstId; id <= committedThrough; id++) {
                        if (refs.referenced(id)) {
                            return new int[] { 0, 1 };
                        }
                    }
                    try (PreparedStatement p = c.prepareStatement("DELETE FROM frame WHERE id BETWEEN ? AND ?")) {
                        p.setLong(1, firstId);
                        p.setLong(2, committedThrough);
                        return new int[] { p.executeUpdate(), 0 };
                    }
                });
                removed = result[0];
                kept = result[1] != 0;
            }
            if (!kept) {
                truncateToStart();
            }
            return removed;
        } finally {
            close();
        }
    }

    private void truncateToStart() {
        store.relocation().writeLock().lock();
        try {
            for (int s = startSegment; s <= segment; s++) {
                store.forget(s);
            }
            channel.close();
            for (int s = startSegment + 1; s <= segment; s++) {
                Files.deleteIfExists(store.folder().resolve(FrameRecordFormat.segmentName(s)));
            }
            try (FileChannel ch = FileChannel.open(store.folder().resolve(FrameRecordFormat.segmentName(startSegment)),
                    StandardOpenOption.WRITE)) {
                ch.truncate(startOffset);
                ch.force(true);
            }
        } catch (IOException e) {
            throw new StorageException("removing abandoned frames from " + store.folder() + " failed: " + e.getMessage()
                    + " (clothgraph gc reclaims them)", e);
        } finally {
            store.relocation().writeLock().unlock();
        }
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
            if (channel.isOpen()) {
                channel.close();
            }
        } catch (IOException e) {
            throw new StorageException("closing frame store failed: " + e.getMessage(), e);
        } finally {
            store.writerClosed();
        }
    }
}
