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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.Stream;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.StorageException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;

/**
 * Out-of-core store of simulated cloth states. Frames are appended to segment files by a
 * {@link FrameWriter}, made durable, then indexed in the project database in one transaction: a
 * killed writer leaves at most unindexed bytes at a segment's end, never a dangling index row.
 * Reads fetch one frame at a time and verify its checksum.
 * <p>
 * Frames that nothing stored refers to ({@link FrameReferences}) and no {@link Work} in flight has claimed are
 * orphans: {@link #collect} removes them and reclaims their bytes, {@link FrameWriter#abandon()} removes the frames of
 * a run that failed or was cancelled.
 */
public final class FrameStore {
    private final Project project;
    private final Path folder;
    private final Map<Integer, FileChannel> readers = new HashMap<>();
    private final ReentrantLock writerLock = new ReentrantLock();
    private final ThreadLocal<ByteBuffer> readBuffer = new ThreadLocal<>();
    /** Reads share it; {@link #collect} takes it exclusively while it moves or deletes segment bytes. */
    private final ReentrantReadWriteLock relocation = new ReentrantReadWriteLock();
    private final Set<Work> works = ConcurrentHashMap.newKeySet();

    /**
     * A unit of work in flight (a simulation run, an exploration) that writes frames before anything stored refers to
     * them: the frames it claims are not orphans until it closes. Frames appended by {@link #writer(Work)} are
     * claimed by the work.
     */
    public final class Work implements AutoCloseable {
        private final String what;
        private final List<long[]> claimed = new ArrayList<>();

        private Work(String what) {
            this.what = what;
        }

        /** What is in flight, e.g. "simulation run of robe along walk > jump". */
        public String what() {
            return what;
        }

        /** Claims frames {@code first..last} for this work. */
        public synchronized void claim(long first, long last) {
            if (!claimed.isEmpty() && claimed.get(claimed.size() - 1)[1] + 1 == first) {
                claimed.get(claimed.size() - 1)[1] = last;
            } else {
                claimed.add(new long[] { first, last });
            }
        }

        synchronized boolean claims(long id) {
            for (long[] r : claimed) {
                if (id >= r[0] && id <= r[1]) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public void close() {
            works.remove(this);
        }

        @Override
        public String toString() {
            return what;
        }
    }

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
        return writer(null);
    }

    /** Like {@link #writer()}; every frame appended is claimed by {@code work} (may be null). */
    public FrameWriter writer(Work work) {
        return writer(work, null);
    }

    /**
     * Like {@link #writer(Work)}, but while another writer of this process is open (a simulation run holds one for
     * its whole length) the wait is visible and cancellable: {@code monitor}'s subtask says what it waits for, and
     * cancelling it ends the wait with an {@link OperationCanceledException}.
     */
    public FrameWriter writer(Work work, IProgressMonitor monitor) {
        project.claimWriter();
        if (!writerLock.tryLock()) {
            waitForWriter(monitor);
        }
        try {
            FrameWriter w = new FrameWriter(this, nextFrameId(), work);
            writing = work == null ? "another frame writer" : work.what();
            return w;
        } catch (RuntimeException e) {
            writerLock.unlock();
            throw e;
        }
    }

    private void waitForWriter(IProgressMonitor monitor) {
        String told = null;
        try {
            while (!writerLock.tryLock(WAIT_POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                if (monitor != null) {
                    if (monitor.isCanceled()) {
                        throw new OperationCanceledException("cancelled while waiting for " + writing);
                    }
                    String now = "Waiting for " + writing + " to finish writing frames";
                    if (!now.equals(told)) {
                        monitor.subTask(now);
                        told = now;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OperationCanceledException("interrupted while waiting for " + writing);
        }
        if (monitor != null && told != null) {
            monitor.subTask("");
        }
    }

    /** What the open writer writes for (its work), named to those who wait for it. */
    private volatile String writing = "another frame writer";
    private static final long WAIT_POLL_MILLIS = 100;

    void writerClosed() {
        writing = "another frame writer";
        writerLock.unlock();
    }

    /** True while a frame writer of this process is open (its appended frames are not indexed yet). */
    public boolean writing() {
        return writerLock.isLocked();
    }

    /** Registers a unit of work in flight in this process; close it when what it wrote is referenced or abandoned. */
    public Work beginWork(String what) {
        Work w = new Work(what);
        works.add(w);
        return w;
    }

    /** The units of work in flight in this process. */
    public List<String> worksInFlight() {
        List<String> out = new ArrayList<>();
        for (Work w : works) {
            out.add(w.what());
        }
        return out;
    }

    /** The work in flight in this process that claims frame {@code id}, or null. */
    public String claimant(long id) {
        for (Work w : works) {
            if (w.claims(id)) {
                return w.what();
            }
        }
        return null;
    }

    /**
     * Collects the orphan frames (see the class comment) and reclaims every byte of the segment files that no
     * indexed frame covers: tails are truncated, segments without frames deleted, segments with holes rewritten.
     * Takes the project's writer lock; refused while a frame writer of this process is open.
     */
    public FrameCollector.Result collect(IProgressMonitor monitor) {
        project.claimWriter();
        if (!writerLock.tryLock()) {
            throw new InvalidInputException(folder, "frames", "cannot collect while frames are being written ("
                    + String.join(", ", worksInFlight()) + "); try again when that ends");
        }
        try {
            return new FrameCollector(this).run(monitor);
        } finally {
            writerLock.unlock();
        }
    }

    ReentrantReadWriteLock relocation() {
        return relocation;
    }

    /** Closes a cached read channel, before its segment is truncated, rewritten or deleted. */
    synchronized void forget(int segment) {
        FileChannel ch = readers.remove(segment);
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException e) {
                // read-only channel: nothing to lose
            }
        }
    }

    Project project() {
        return project;
    }

    private long nextFrameId() {
        return project.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT MAX(COALESCE((SELECT MAX(id)"
                    + " FROM frame), 0) + 1, COALESCE((SELECT CAST(value AS INTEGER) FROM meta WHERE key = '"
                    + FrameRecordFormat.NEXT_ID_KEY + "'), 1))")) {
                r.next();
                return r.getLong(1);
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
        read(frameId, p, v);
        return new ClothFrame(p, v);
    }

    /** Reads a frame into caller-owned arrays (no allocation per frame in playback and benchmarks). */
    public void read(long frameId, float[] positions, float[] velocities) {
        FrameLocation loc = requireLocation(frameId);
        try {
            read(loc, positions, velocities);
        } catch (InvalidInputException e) {
            // another process may have moved the frame (clothgraph gc) between the lookup and the read
            FrameLocation now = requireLocation(frameId);
            if (now.equals(loc)) {
                throw e;
            }
            read(now, positions, velocities);
        }
    }

    private FrameLocation requireLocation(long frameId) {
        FrameLocation loc = location(frameId);
        if (loc == null) {
            throw new InvalidInputException(folder.toString(), "frame " + frameId, "no such frame in the store");
        }
        validate(loc);
        return loc;
    }

    /** Reads and verifies one record; throws {@link InvalidInputException} on any mismatch. */
    public void read(FrameLocation loc, float[] positions, float[] velocities) {
        relocation.readLock().lock();
        try {
            readRecord(loc, positions, velocities);
        } finally {
            relocation.readLock().unlock();
        }
    }

    /** Refuses an index entry no segment could hold, before anything is allocated for it. */
    public void validate(FrameLocation loc) {
        if (loc.vertexCount() < 0 || loc.vertexCount() > FrameRecordFormat.MAX_VERTICES || loc.segment() < 0
                || loc.offset() < 0 || loc.offset() > FrameRecordFormat.SEGMENT_BYTES) {
            throw new InvalidInputException(folder.toString(), "frame " + loc.frameId(), "index entry is corrupt"
                    + " (segment " + loc.segment() + ", offset " + loc.offset() + ", " + loc.vertexCount() + " vertices)");
        }
    }

    private void readRecord(FrameLocation loc, float[] positions, float[] velocities) {
        validate(loc);
        int n = loc.vertexCount();
        if (positions.length != n * 3 || velocities.length != n * 3) {
            throw new IllegalArgumentException("arrays must hold " + n * 3 + " floats");
        }
        Path segment = folder.resolve(FrameRecordFormat.segmentName(loc.segment()));
        ByteBuffer buf = buffer(FrameRecordFormat.recordBytes(n));
        try {
            FileChannel ch = reader(loc.segment());
            if (loc.offset() + FrameRecordFormat.recordBytes(n) > ch.size()) {
                throw new InvalidInputException(segment, "offset " + loc.offset(), "frame " + loc.frameId()
                        + " is truncated (the segment has " + ch.size() + " bytes)");
            }
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
        if (buf.getInt(4) != FrameRecordFormat.VERSION) {
            throw new InvalidInputException(segment, "offset " + loc.offset(), "frame " + loc.frameId()
                    + " has record format version " + buf.getInt(4) + "; this ClothGraph reads version "
                    + FrameRecordFormat.VERSION);
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
