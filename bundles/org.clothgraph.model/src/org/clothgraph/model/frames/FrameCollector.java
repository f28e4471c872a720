package org.clothgraph.model.frames;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.clothgraph.model.Aspect;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.StorageException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * The frame store's garbage collector ({@code clothgraph gc}): removes orphan frames from the index in one
 * transaction, then reclaims the bytes no indexed frame covers. Every step leaves index rows pointing at their bytes:
 * a segment with holes is copied to a new segment, the index is switched to the copies in one transaction, and only
 * then is the old segment deleted, so a crash at any point leaves at most unindexed bytes for the next run.
 */
public final class FrameCollector {

    /** What one collection did. */
    public record Result(long orphansCollected, long bytesReclaimed, int segmentsTruncated, int segmentsRewritten,
            int segmentsDeleted, long framesKept, List<String> worksInFlight) {
    }

    private final FrameStore store;

    FrameCollector(FrameStore store) {
        this.store = store;
    }

    Result run(IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Collecting orphan frames", 100);
        long[] collected = { 0 };
        Map<Integer, List<FrameLocation>> live = store.project().write(Set.of(Aspect.FRAMES), c -> {
            FrameReferences refs = FrameReferences.read(c);
            if (!refs.problems().isEmpty()) {
                throw new InvalidInputException(store.folder().getParent().resolve("clothgraph.db"), "frames",
                        "cannot tell orphan frames apart, nothing collected: " + refs.problems().get(0));
            }
            Map<Integer, List<FrameLocation>> bySegment = new TreeMap<>();
            List<Long> orphans = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(
                    "SELECT id, segment, offset, vertex_count, crc FROM frame ORDER BY id")) {
                while (r.next()) {
                    FrameLocation l = new FrameLocation(r.getLong(1), r.getInt(2), r.getLong(3), r.getInt(4), r.getInt(5));
                    if (refs.referenced(l.frameId()) || store.claimant(l.frameId()) != null) {
                        bySegment.computeIfAbsent(l.segment(), k -> new ArrayList<>()).add(l);
                    } else {
                        orphans.add(l.frameId());
                    }
                }
            }
            try (PreparedStatement p = c.prepareStatement("DELETE FROM frame WHERE id = ?")) {
                for (long id : orphans) {
                    p.setLong(1, id);
                    p.addBatch();
                }
                p.executeBatch();
            }
            collected[0] = orphans.size();
            return bySegment;
        });
        sub.worked(20);
        long kept = live.values().stream().mapToLong(List::size).sum();
        long[] reclaimed = { 0 };
        int[] counts = new int[3]; // truncated, rewritten, deleted
        store.relocation().writeLock().lock();
        try {
            List<Integer> segments = segmentFiles();
            SubMonitor files = sub.split(80).setWorkRemaining(Math.max(1, segments.size()));
            for (int segment : segments) {
                files.split(1);
                reclaim(segment, live.getOrDefault(segment, List.of()), reclaimed, counts);
            }
        } catch (IOException e) {
            throw new StorageException("reclaiming frame store bytes in " + store.folder() + " failed: " + e.getMessage()
                    + " (the index is consistent; run gc again)", e);
        } finally {
            store.relocation().writeLock().unlock();
        }
        return new Result(collected[0], reclaimed[0], counts[0], counts[1], counts[2], kept, store.worksInFlight());
    }

    private List<Integer> segmentFiles() throws IOException {
        List<Integer> out = new ArrayList<>();
        if (!Files.isDirectory(store.folder())) {
            return out;
        }
        try (Stream<Path> files = Files.list(store.folder())) {
            files.map(f -> FrameRecordFormat.segmentNumber(f.getFileName().toString())).filter(n -> n >= 0)
                    .sorted().forEach(out::add);
        }
        return out;
    }

    private void reclaim(int segment, List<FrameLocation> live, long[] reclaimed, int[] counts) throws IOException {
        Path file = store.folder().resolve(FrameRecordFormat.segmentName(segment));
        long size = Files.size(file);
        if (live.isEmpty()) {
            store.forget(segment);
            Files.delete(file);
            reclaimed[0] += size;
            counts[2]++;
            return;
        }
        List<FrameLocation> sorted = new ArrayList<>(live);
        sorted.sort(Comparator.comparingLong(FrameLocation::offset));
        long end = 0;
        boolean holes = false;
        for (FrameLocation l : sorted) {
            holes |= l.offset() != end;
            end = Math.max(end, l.offset() + FrameRecordFormat.recordBytes(l.vertexCount()));
        }
        if (end > size) {
            return; // an indexed frame past the end: damage for check to report, not bytes to move
        }
        if (!holes) {
            if (end < size) {
                store.forget(segment);
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                    ch.truncate(end);
                    ch.force(true);
                }
                reclaimed[0] += size - end;
                counts[0]++;
            }
            return;
        }
        rewrite(segment, file, size, sorted, reclaimed, counts);
    }

    /** Copies the live records to a new segment, switches the index to them, then deletes the old segment. */
    private void rewrite(int segment, Path file, long size, List<FrameLocation> sorted, long[] reclaimed, int[] counts)
            throws IOException {
        List<Integer> all = segmentFiles();
        int target = all.get(all.size() - 1) + 1;
        Path copy = store.folder().resolve(FrameRecordFormat.segmentName(target));
        List<FrameLocation> moved = new ArrayList<>();
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ);
                FileChannel out = FileChannel.open(copy, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            long at = 0;
            for (FrameLocation l : sorted) {
                long bytes = FrameRecordFormat.recordBytes(l.vertexCount());
                ByteBuffer header = ByteBuffer.allocate(FrameRecordFormat.HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
                in.read(header, l.offset());
                if (header.getLong(8) != l.frameId()) {
                    // the index does not match the bytes: leave this segment for check to report
                    out.close();
                    Files.delete(copy);
                    return;
                }
                long done = 0;
                while (done < bytes) {
                    done += in.transferTo(l.offset() + done, bytes - done, out);
                }
                moved.add(new FrameLocation(l.frameId(), target, at, l.vertexCount(), l.crc()));
                at += bytes;
            }
            out.force(true);
        }
        store.project().write(Set.of(Aspect.FRAMES), c -> {
            try (PreparedStatement p = c.prepareStatement("UPDATE frame SET segment = ?, offset = ? WHERE id = ?")) {
                for (FrameLocation l : moved) {
                    p.setInt(1, l.segment());
                    p.setLong(2, l.offset());
                    p.setLong(3, l.frameId());
                    p.addBatch();
                }
                p.executeBatch();
            }
            return null;
        });
        store.forget(segment);
        Files.delete(file);
        reclaimed[0] += size - Files.size(copy);
        counts[1]++;
    }
}
