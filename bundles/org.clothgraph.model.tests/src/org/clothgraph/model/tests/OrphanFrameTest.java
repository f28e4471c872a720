package org.clothgraph.model.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.clothgraph.model.CheckReport;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.PrimaryGraph;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.model.frames.FrameCollector;
import org.clothgraph.model.frames.FrameReferences;
import org.clothgraph.model.frames.FrameStore;
import org.clothgraph.model.frames.FrameWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** check tells the whole truth about the frame store; gc and abandoned writers leave no orphan frames. */
class OrphanFrameTest {
    private static final int VERTICES = 5;
    private static final long RECORD = 32 + 24 * VERTICES;

    @TempDir
    Path dir;

    @Test
    void orphanFramesAreReportedThenCollectedAndTheRestReadsBack() throws IOException {
        Path folder = dir.resolve("p");
        try (Project p = Project.create(folder, "p")) {
            long[] ids = append(p, 30, null); // frames 1..30
            run(p, "run-0001", ids[0], ids[9]); // 1..10 named by a run report
            assertFalse(p.secondary().hasStatesOrInitBranches(), "nothing explored");
            p.secondary().addInitBranch("{\"plan\":\"x\",\"index\":0,\"frames\":[" + ids[25] + "," + ids[26]
                    + "],\"startFrame\":" + ids[29] + "}");
            assertTrue(p.secondary().hasStatesOrInitBranches(), "an interrupted initialisation has begun");
            // orphans: 11..26 except 26, 27 (branch) -> 11..25, 28..29
            CheckReport before = p.check(null);
            assertTrue(before.clean(), "orphans are not damage: " + before.violations());
            Map<String, String> v = reclaimable(before);
            assertTrue(v.get("frames 11..25").startsWith(String.format(java.util.Locale.ROOT, "15 orphan frames nothing"
                    + " refers to (%,d bytes); clothgraph gc collects them", 15 * RECORD)), v.toString());
            assertTrue(v.get("frames 28..29").startsWith("2 orphan frames"), v.toString());
            assertEquals(2, v.size(), v.toString());
            assertEquals(17 * RECORD, before.reclaimableBytes());

            long size = Files.size(segment(folder));
            FrameCollector.Result r = p.frames().collect(null);
            assertEquals(17, r.orphansCollected());
            assertEquals(13, r.framesKept());
            assertEquals(1, r.segmentsRewritten(), "a segment with holes is rewritten");
            assertEquals(17 * RECORD, r.bytesReclaimed());
            assertEquals(size - 17 * RECORD, p.frames().bytes());
            CheckReport after = p.check(null);
            assertTrue(after.clean() && after.reclaimable().isEmpty(), after.violations() + " " + after.reclaimable());
            for (long id : new long[] { ids[0], ids[9], ids[25], ids[26], ids[29] }) {
                assertArrayEquals(written.get(id), p.frames().read(id).positions(), "frame " + id + " moved intact");
            }
            // ids are never reused after collected frames left the index
            assertEquals(31, append(p, 1, null)[0]);
        }
    }

    @Test
    void unindexedBytesAreReportedAndReclaimed() throws IOException {
        Path folder = dir.resolve("tail");
        try (Project p = Project.create(folder, "p")) {
            long[] ids = append(p, 4, null);
            run(p, "run-0001", ids[0], ids[3]);
            try (FrameWriter w = p.frames().writer()) {
                w.append(positions(99), new float[3 * VERTICES]); // a killed writer: bytes, no index row
            }
            Map<String, String> v = reclaimable(p.check(null));
            assertEquals(Set.of("frames/segment-00000.cgf"), v.keySet(), v.toString());
            assertTrue(v.get("frames/segment-00000.cgf").startsWith(RECORD + " bytes no indexed frame covers"));
            FrameCollector.Result r = p.frames().collect(null);
            assertEquals(0, r.orphansCollected());
            assertEquals(1, r.segmentsTruncated());
            assertEquals(RECORD, r.bytesReclaimed());
            assertTrue(p.check(null).reclaimable().isEmpty(), () -> p.check(null).reclaimable().toString());
        }
    }

    @Test
    void framesClaimedByWorkInFlightAreNotOrphansUntilTheWorkEnds() {
        try (Project p = Project.create(dir.resolve("w"), "p")) {
            try (FrameStore.Work work = p.frames().beginWork("simulation run of robe along walk")) {
                append(p, 3, work);
                CheckReport during = p.check(null);
                assertTrue(during.clean() && during.reclaimable().isEmpty(), during.reclaimable().toString());
                assertTrue(during.checked().stream().anyMatch(c -> c.contains("3 frames are claimed by work in flight"
                        + " (simulation run of robe along walk)")), during.checked().toString());
                assertEquals(0, p.frames().collect(null).orphansCollected(), "gc keeps what work in flight claims");
            }
            assertEquals(Set.of("frames 1..3"), reclaimable(p.check(null)).keySet());
            assertEquals(3, p.frames().collect(null).orphansCollected());
            assertTrue(p.check(null).reclaimable().isEmpty());
        }
    }

    @Test
    void anAbandonedWriterLeavesNeitherIndexRowsNorBytes() throws IOException {
        Path folder = dir.resolve("a");
        try (Project p = Project.create(folder, "p")) {
            long[] kept = append(p, 2, null);
            run(p, "run-0001", kept[0], kept[1]);
            long size = Files.size(segment(folder));
            try (FrameWriter w = p.frames().writer()) {
                for (int i = 0; i < 5; i++) {
                    w.append(positions(i), new float[3 * VERTICES]);
                }
                w.commit();
                w.append(positions(7), new float[3 * VERTICES]); // appended, not committed
                assertEquals(5, w.abandon());
            }
            assertEquals(size, Files.size(segment(folder)));
            assertEquals(2, p.frames().count());
            CheckReport after = p.check(null);
            assertTrue(after.clean() && after.reclaimable().isEmpty(), after.violations() + " " + after.reclaimable());
        }
    }

    @Test
    void runReportsAreCheckedAgainstTheFramesTheyName() {
        try (Project p = Project.create(dir.resolve("r"), "p")) {
            long[] ids = append(p, 3, null);
            run(p, "run-0001", ids[0], ids[2]);
            run(p, "run-0002", 100, 109);
            p.setSetting(FrameReferences.RUNS_SCOPE, "run-0003", "{\"firstFrameId\": 1, \"lastFrameId\": 3,"
                    + " \"frames\": 7}");
            p.setSetting(FrameReferences.RUNS_SCOPE, "run-0004", "{not json");
            Map<String, String> v = byWhere(p.check(null));
            assertEquals("names frames 100..109; 10 of them are missing from the frame store", v.get("run run-0002"));
            assertEquals("names frames 1..3, which are not its 7 frames", v.get("run run-0003"));
            assertTrue(v.get("frame references").startsWith("run run-0004: its report is not readable"), v.toString());
            InvalidInputException refused = assertThrows(InvalidInputException.class, () -> p.frames().collect(null));
            assertTrue(refused.getMessage().contains("cannot tell orphan frames apart, nothing collected"),
                    refused.getMessage());
            assertEquals(3, p.frames().count());
        }
    }

    @Test
    void aPrimaryGraphThatIsNotStronglyConnectedIsAViolation() throws IOException {
        Path folder = dir.resolve("g");
        try (Project p = Project.create(folder, "p")) {
            p.writeFile("motions/a.bvh", f -> Files.writeString(f, "x"));
            long clip = p.addClip("a", "motions/a.bvh", 30, 3);
            List<PrimaryNode> nodes = List.of(new PrimaryNode(1, clip, 0), new PrimaryNode(2, clip, 1),
                    new PrimaryNode(3, clip, 2));
            p.replacePrimaryGraph(new PrimaryGraph(nodes, List.of(new PrimaryEdge(1, 1, 2, PrimaryEdge.Kind.CLIP, 0),
                    new PrimaryEdge(2, 2, 3, PrimaryEdge.Kind.CLIP, 0)), 0, ""));
            Map<String, String> v = byWhere(p.check(null));
            assertEquals("not strongly connected: 2 of 3 nodes do not reach primary node 1 and back (e.g. [2, 3])",
                    v.get("primary graph"));
            p.addPrimaryEdge(new PrimaryEdge(3, 3, 1, PrimaryEdge.Kind.TRANSITION, 0.1));
            assertTrue(p.check(null).clean(), () -> p.check(null).violations().toString());
        }
    }

    @Test
    void aFrameOfAnotherRecordFormatVersionIsNamed() throws IOException {
        Path folder = dir.resolve("v");
        try (Project p = Project.create(folder, "p")) {
            long[] ids = append(p, 2, null);
            run(p, "run-0001", ids[0], ids[1]);
            try (FileChannel ch = FileChannel.open(segment(folder), StandardOpenOption.WRITE)) {
                ch.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(0, 2), RECORD + 4);
            }
            Map<String, String> v = byWhere(p.check(null));
            assertEquals(Set.of("frame 2"), v.keySet());
            assertTrue(v.get("frame 2").endsWith("frame 2 has record format version 2; this ClothGraph reads version 1"),
                    v.get("frame 2"));
        }
    }

    @Test
    void aCheckThatCannotReadOnePartReportsItAndGoesOn() throws IOException {
        Path folder = dir.resolve("s");
        try (Project p = Project.create(folder, "p")) {
            long[] ids = append(p, 2, null);
            run(p, "run-0001", ids[0], ids[1]);
            p.write(Set.of(), c -> {
                try (Statement s = c.createStatement()) {
                    return s.executeUpdate("DROP TABLE init_branch");
                }
            });
            // damage a frame too: the frame records are still checked after the failed part
            try (FileChannel ch = FileChannel.open(segment(folder), StandardOpenOption.WRITE)) {
                ch.write(ByteBuffer.wrap(new byte[] { 1, 2, 3 }), RECORD + 40);
            }
            CheckReport report = p.check(null);
            Map<String, String> v = byWhere(report);
            assertTrue(v.get("check").startsWith("frame references could not be checked: reading "), v.toString());
            assertTrue(v.get("frame 2").contains("checksum mismatch"), v.toString());
            assertFalse(report.clean());
        }
    }

    private final Map<Long, float[]> written = new java.util.HashMap<>();
    private int counter;

    private long[] append(Project p, int n, FrameStore.Work work) {
        long[] ids = new long[n];
        try (FrameWriter w = p.frames().writer(work)) {
            for (int i = 0; i < n; i++) {
                float[] content = positions(++counter);
                ids[i] = w.append(content, new float[3 * VERTICES]);
                written.put(ids[i], content);
            }
            w.commit();
        }
        return ids;
    }

    /** Distinct content per frame, to see that moved frames are the same frames. */
    private static float[] positions(long id) {
        float[] p = new float[3 * VERTICES];
        for (int i = 0; i < p.length; i++) {
            p[i] = id * 100 + i;
        }
        return p;
    }

    private static void run(Project p, String id, long first, long last) {
        p.setSetting(FrameReferences.RUNS_SCOPE, id, "{\"runId\":\"" + id + "\",\"firstFrameId\":" + first
                + ",\"lastFrameId\":" + last + ",\"frames\":" + (last - first + 1) + "}");
    }

    private static Path segment(Path folder) {
        return folder.resolve("frames/segment-00000.cgf");
    }

    private static Map<String, String> reclaimable(CheckReport report) {
        Map<String, String> m = new TreeMap<>();
        report.reclaimable().forEach(v -> m.put(v.where(), v.what()));
        return m;
    }

    private static Map<String, String> byWhere(CheckReport report) {
        Map<String, String> m = new TreeMap<>();
        report.violations().forEach(v -> m.put(v.where(), v.what()));
        return m;
    }
}
