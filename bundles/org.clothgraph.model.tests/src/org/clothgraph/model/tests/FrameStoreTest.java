package org.clothgraph.model.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.clothgraph.model.CheckReport;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.frames.ClothFrame;
import org.clothgraph.model.frames.FrameLocation;
import org.clothgraph.model.frames.FrameStoreBenchmark;
import org.clothgraph.model.frames.FrameWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FrameStoreTest {
    @TempDir
    Path dir;

    private static ClothFrame frame(Random r, int n) {
        float[] p = new float[n * 3];
        float[] v = new float[n * 3];
        for (int i = 0; i < p.length; i++) {
            p[i] = r.nextFloat();
            v[i] = (float) r.nextGaussian();
        }
        return new ClothFrame(p, v);
    }

    @Test
    void framesReadBackBitExactAfterReopen() {
        Random r = new Random(7);
        List<ClothFrame> written = new ArrayList<>();
        List<Long> ids = new ArrayList<>();
        Path folder = dir.resolve("p");
        try (Project p = Project.create(folder, "p"); FrameWriter w = p.frames().writer()) {
            for (int i = 0; i < 50; i++) {
                ClothFrame f = frame(r, 100 + i);
                written.add(f);
                ids.add(w.append(f));
            }
            assertEquals(0, p.frames().count(), "frames are invisible until committed");
            assertEquals(50, w.commit());
            named(p, ids.get(0), ids.get(49));
        }
        try (Project p = Project.open(folder)) {
            assertEquals(50, p.frames().count());
            for (int i = written.size() - 1; i >= 0; i--) {
                ClothFrame back = p.frames().read(ids.get(i));
                assertArrayEquals(written.get(i).positions(), back.positions());
                assertArrayEquals(written.get(i).velocities(), back.velocities());
            }
            assertTrue(p.check(null).clean());
        }
    }

    @Test
    void abandonedWriterLeavesTheStoreConsistent() {
        Path folder = dir.resolve("a");
        Random r = new Random(1);
        try (Project p = Project.create(folder, "a")) {
            try (FrameWriter w = p.frames().writer()) {
                named(p, w.append(frame(r, 10)), 1);
                w.commit();
                w.append(frame(r, 10)); // a killed job never commits this one
            }
            assertEquals(1, p.frames().count());
            CheckReport tail = p.check(null);
            assertTrue(tail.clean(), tail.violations().toString());
            assertEquals(1, tail.reclaimable().size(), "the unindexed bytes are said, nothing else");
            assertTrue(tail.reclaimable().get(0).what().startsWith((32 + 10 * 24) + " bytes no indexed frame covers"));
            try (FrameWriter w = p.frames().writer()) {
                long id = w.append(frame(r, 10));
                w.commit();
                named(p, 1, id);
                assertEquals(10, p.frames().read(id).vertexCount());
            }
            assertEquals(1, p.check(null).reclaimable().size(), "a later writer appends after the abandoned bytes");
            assertEquals(32 + 10 * 24, p.frames().collect(null).bytesReclaimed());
            assertTrue(p.check(null).reclaimable().isEmpty(), () -> p.check(null).reclaimable().toString());
            assertEquals(10, p.frames().read(2).vertexCount(), "the frame after the hole was moved intact");
        }
    }

    @Test
    void corruptedFrameIsReportedByCheckAndRead() throws Exception {
        Path folder = dir.resolve("c");
        try (Project p = Project.create(folder, "c")) {
            long id;
            try (FrameWriter w = p.frames().writer()) {
                id = w.append(frame(new Random(3), 64));
                w.commit();
            }
            named(p, id, id);
            FrameLocation loc = p.frames().location(id);
            try (FileChannel ch = FileChannel.open(p.frames().folder().resolve("segment-00000.cgf"),
                    StandardOpenOption.WRITE)) {
                ch.write(ByteBuffer.wrap(new byte[] { 1, 2, 3, 4 }), loc.offset() + 100);
            }
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> p.frames().read(id));
            assertTrue(e.getMessage().contains("checksum"), e.getMessage());
            CheckReport report = p.check(null);
            assertFalse(report.clean());
            assertTrue(report.violations().get(0).what().contains("checksum"));
        }
    }

    /** A run report naming frames first..last, so they are not orphans. */
    private static void named(Project p, long first, long last) {
        p.setSetting(org.clothgraph.model.frames.FrameReferences.RUNS_SCOPE, "run-" + first, "{\"firstFrameId\":"
                + first + ",\"lastFrameId\":" + last + ",\"frames\":" + (last - first + 1) + "}");
    }

    @Test
    void benchmarkVerifiesEveryFrameItReads() {
        FrameStoreBenchmark.Result r = FrameStoreBenchmark.run(dir.resolve("b"), 40, 2000, 30, null);
        assertEquals(30, r.verified());
        assertEquals(40L * (32 + 2000 * 24), r.bytes());
    }
}
