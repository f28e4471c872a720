package org.clothgraph.model.frames;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.StorageException;

/**
 * Out-of-core store of simulated cloth states. Frames are appended to segment files by a
 * {@link FrameWriter}, made durable, then indexed in the project database in one transaction: a
 * killed writer leaves at most unindexed bytes at a segment's end, never a dangling index row.
 * Reads fetch one frame at a time and verify its checksum.
 */
public final class FrameStore {
    private final Project project;
    private final Path folder;
    private final Map<Integer, FileChannel> readers = new HashMap<>();
    private final ReentrantLock writerLock = new ReentrantLock();
    private final ThreadLocal<ByteBuffer> readBuffer = new ThreadLocal<>();

    public FrameStore(Project project, Path folder) {
        this.project = project;
        this.folder = folder;
    }

    public Path folder() {
        return folder;
    }

    /**
     * Opens the single writer; others in this process wait. Takes the project's writer lock first: another
     * process appending to the same segment would overwrite frames.
     */
    public FrameWriter writer() {
        project.claimWriter();
        writerLock.lock();
        try {
            return new FrameWriter(this, nextFrameId());
        } catch (RuntimeException e) {
            writerLock.unlock();
            throw e;
        }
    }

    void writerClosed() {
        writerLock.unlock();
    }

    Project project() {
        return project;
    }

    private long nextFrameId() {
        return project.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT COALESCE(MAX(id), 0) FROM frame")) {
                r.next();
                return r.getLong(1) + 1;
            }
        });
    }

    /** Where a frame lives, or null if no such frame is indexed. */
    public FrameLocation location(long frameId) {
        return project.read(c -> {
            try (PreparedStatement p = c.prepareStatement(
                    "SELECT segment, offset, vertex_count, crc FROM frame WHERE id = ?")) {
                p.setLong(1, frameId);
                try (ResultSet r = p.executeQuery()) {
                    return r.next() ? new FrameLocation(frameId, r.getInt(1), r.getLong(2), r.getInt(3), r.getInt(4))
                            : null;
                }
            }
        });
    }

    public long count() {
        return project.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT COUNT(*) FROM frame")) {
                return r.next() ? r.getLong(1) : 0L;
            }
        });
    }

    /** Bytes on disk in segment files (indexed frames plus any unindexed tail). */
    public long bytes() {
        if (!Files.isDirectory(folder)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".cgf")).mapToLong(f -> {
                try {
                    return Files.size(f);
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
        } catch (IOException e) {
            throw new StorageException("cannot list " + folder, e);
        }
    }

    public ClothFrame read(long frameId) {
        FrameLocation loc = requireLocation(frameId);
        float[] p = new float[loc.vertexCount() * 3];
        float[] v = new float[loc.vertexCount() * 3];
        read(loc, p, v);
        return new ClothFrame(p, v);
    }

    /** Reads a frame into caller-owned arrays (no allocation per frame in playback and benchmarks). */
    public void read(long frameId, float[] positions, float[] velocities) {
        read(requireLocation(frameId), positions, velocities);
    }

    private FrameLocation requireLocation(long frameId) {
        FrameLocation loc = location(frameId);
        if (loc == null) {
            throw new InvalidInputException(folder.toString(), "frame " + frameId, "no such frame in the store");
        }
        return loc;
    }

    /** Reads and verifies one record; throws {@link InvalidInputException} on any mismatch. */
    public void read(FrameLocation loc, float[] positions, float[] velocities) {
        int n = loc.vertexCount();
        if (positions.length != n * 3 || velocities.length != n * 3) {
            throw new IllegalArgumentException("arrays must hold " + n * 3 + " floats");
        }
        Path segment = folder.resolve(FrameRecordFormat.segmentName(loc.segment()));
        ByteBuffer buf = buffer(FrameRecordFormat.recordBytes(n));
        try {
            FileChannel ch = reader(loc.segment());
            long pos = loc.offset();
            while (buf.hasRemaining()) {
                int got = ch.read(buf, pos);
                if (got < 0) {
                    throw new InvalidInputException(segment, "offset " + loc.offset(), "frame " + loc.frameId()
                            + " is truncated");
                }
                pos += got;
            }
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(segment, null, "segment file missing (frame " + loc.frameId() + ")");
        } catch (IOException e) {
            throw new StorageException("reading " + segment + " failed: " + e.getMessage(), e);
        }
        buf.flip();
        buf.order(ByteOrder.LITTLE_ENDIAN);
        if (buf.getInt(0) != FrameRecordFormat.MAGIC || buf.getLong(8) != loc.frameId() || buf.getInt(16) != n) {
            throw new InvalidInputException(segment, "offset " + loc.offset(), "frame " + loc.frameId()
                    + " header does not match the index");
        }
        int storedCrc = buf.getInt(20);
        buf.position(FrameRecordFormat.HEADER_BYTES);
        ByteBuffer payload = buf.slice().order(ByteOrder.LITTLE_ENDIAN);
        int crc = FrameRecordFormat.crc(payload);
        if (crc != storedCrc || crc != loc.crc()) {
            throw new InvalidInputException(segment, "offset " + loc.offset(), "frame " + loc.frameId()
                    + " checksum mismatch (data corrupt)");
        }
        payload.asFloatBuffer().get(positions).get(velocities);
    }

    private ByteBuffer buffer(long bytes) {
        ByteBuffer b = readBuffer.get();
        if (b == null || b.capacity() < bytes) {
            b = ByteBuffer.allocateDirect((int) bytes);
            readBuffer.set(b);
        }
        b.clear().limit((int) bytes);
        return b;
    }

    private synchronized FileChannel reader(int segment) throws IOException {
        FileChannel ch = readers.get(segment);
        if (ch == null || !ch.isOpen()) {
            ch = FileChannel.open(folder.resolve(FrameRecordFormat.segmentName(segment)), StandardOpenOption.READ);
            readers.put(segment, ch);
        }
        return ch;
    }

    /** Closes cached read channels; called when the project closes. */
    public synchronized void close() {
        for (FileChannel ch : readers.values()) {
            try {
                ch.close();
            } catch (IOException e) {
                // read-only channel: nothing to lose
            }
        }
        readers.clear();
    }
}
