package org.clothgraph.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.clothgraph.model.Project;
import org.clothgraph.model.frames.FrameStore;
import org.clothgraph.model.frames.FrameWriter;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Waiting for the frame store's writer (held by a whole simulation run) says what it waits for and can be cancelled. */
class FrameWriterWaitTest {
    @TempDir
    Path dir;

    @Test
    void aSecondWriterWaitsVisiblyAndCancellably() throws Exception {
        try (Project p = Project.create(dir.resolve("p"), "p")) {
            p.claimWriter();
            RecordingMonitor monitor = new RecordingMonitor();
            try (FrameStore.Work run = p.frames().beginWork("simulation run of robe along walk");
                    FrameWriter held = p.frames().writer(run)) {
                CompletableFuture<String> second = CompletableFuture.supplyAsync(() -> {
                    try (FrameWriter w = p.frames().writer(null, monitor)) {
                        return "got the writer";
                    } catch (OperationCanceledException e) {
                        return "cancelled: " + e.getMessage();
                    }
                });
                long t0 = System.nanoTime();
                while (monitor.subTask == null && System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(10)) {
                    Thread.sleep(20);
                }
                assertEquals("Waiting for simulation run of robe along walk to finish writing frames", monitor.subTask);
                long cancelled = System.nanoTime();
                monitor.setCanceled(true);
                String outcome = second.get(10, TimeUnit.SECONDS);
                assertEquals("cancelled: cancelled while waiting for simulation run of robe along walk", outcome);
                assertTrue(System.nanoTime() - cancelled < TimeUnit.SECONDS.toNanos(1), "the wait ends promptly");
                held.commit();
            }
            // once the run's writer is closed, the next one gets it at once
            RecordingMonitor again = new RecordingMonitor();
            try (FrameWriter w = p.frames().writer(null, again)) {
                assertEquals(null, again.subTask, "no wait, nothing said");
            }
            // and a waiting writer gets it when the holder closes
            FrameWriter holder = p.frames().writer(null);
            RecordingMonitor waiting = new RecordingMonitor();
            CompletableFuture<String> third = CompletableFuture.supplyAsync(() -> {
                try (FrameWriter w = p.frames().writer(null, waiting)) {
                    return "got the writer";
                }
            });
            Thread.sleep(300);
            holder.close();
            assertEquals("got the writer", third.get(10, TimeUnit.SECONDS));
        } catch (ExecutionException e) {
            throw new AssertionError(e.getCause());
        }
    }

    private static final class RecordingMonitor extends NullProgressMonitor {
        volatile String subTask;

        @Override
        public void subTask(String name) {
            if (!name.isEmpty()) {
                subTask = name;
            }
        }
    }
}
