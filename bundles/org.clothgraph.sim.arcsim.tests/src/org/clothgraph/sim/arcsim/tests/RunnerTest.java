package org.clothgraph.sim.arcsim.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.FailureReason;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationResult;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.arcsim.ArcsimClothSimulator;
import org.clothgraph.sim.arcsim.ArcsimOptions;
import org.clothgraph.sim.body.BodyMotion;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Drives the runner end to end with fake arcsim shell scripts. */
class RunnerTest {

    @TempDir
    Path tmp;

    private final ClothMesh mesh = ArcsimTestSupport.patch(4);
    private final BodyMotion body = ArcsimTestSupport.body();

    private SimulationSettings settings(double timeout) {
        SimulationSettings d = SimulationSettings.defaults();
        return d.withLimits(d.maxSpeed(), d.maxStretch(), timeout);
    }

    private ArcsimOptions options(Path exe) {
        return ArcsimOptions.of(exe).withWorkRoot(tmp.resolve("work")).withStartupTimeout(0);
    }

    /**
     * Records progress as a fraction of the task (SubMonitor rescales ticks); cancels once {@code cancelAt} of
     * {@code frames} frames are reported (0 = never).
     */
    static final class Monitor extends NullProgressMonitor {
        final AtomicInteger worked = new AtomicInteger();
        volatile int total = -1;
        final int cancelAt, frames;

        Monitor(int cancelAt, int frames) {
            this.cancelAt = cancelAt;
            this.frames = frames;
        }

        Monitor(int cancelAt) {
            this(cancelAt, 1);
        }

        @Override
        public void beginTask(String name, int totalWork) {
            total = totalWork;
        }

        @Override
        public void worked(int work) {
            int w = worked.addAndGet(work);
            if (cancelAt > 0 && (long) w * frames >= (long) cancelAt * total) {
                setCanceled(true);
            }
        }

        /** Frames reported, given the frame count of the task. */
        int framesDone(int n) {
            return (int) Math.round((double) worked.get() * n / total);
        }
    }

    @Test
    void fakeRunProducesFramesAndProgress() throws Exception {
        Path exe = ArcsimTestSupport.fake(tmp, "arcsim", "0", -1, "true");
        ClothState start = ArcsimTestSupport.rest(mesh);
        float[] v = start.positions().clone();
        for (int i = 0; i < v.length; i++) {
            v[i] = 0.05f * ((i % 3) - 1);
        }
        start = new ClothState(start.positions(), v);
        Monitor mon = new Monitor(0);
        SimulationResult r = new ArcsimClothSimulator(options(exe)).simulate(mesh, Material.defaults(), settings(30),
                body, 1.0, start, 25, 6, mon);
        assertEquals(6, r.frames().size());
        assertEquals(6, mon.framesDone(6));
        assertEquals(6, r.frameCostMillis().length);
        // P = 5 at 25 fps; frame k (0-based) is ARCSim frame P + 1 + k: y raised by 0.001 * (6 + k)
        for (int k = 0; k < 6; k++) {
            ClothState s = r.frames().get(k);
            for (int i = 0; i < s.positions().length; i += 3) {
                assertEquals(start.positions()[i], s.positions()[i], 1e-6);
                assertEquals(start.positions()[i + 1] + 0.001 * (6 + k), s.positions()[i + 1], 2e-6);
                assertEquals(start.positions()[i + 2], s.positions()[i + 2], 1e-6);
            }
            assertArrayEquals(start.velocities(), s.velocities(), 1e-7f, "velocities carried through nv lines");
        }
        assertEquals(8, r.substepsUsed()[0]);
        try (Stream<Path> s = Files.list(tmp.resolve("work"))) {
            assertEquals(0, s.count(), "work dir removed after success");
        }
    }

    @Test
    void longRunsAreSplitIntoResumedChunks() throws Exception {
        Path exe = ArcsimTestSupport.fake(tmp, "arcsim", "0", -1, "true");
        Monitor mon = new Monitor(0);
        ArcsimClothSimulator sim = new ArcsimClothSimulator(options(exe).withMaxFramesPerRun(3).withKeepWorkDirs(true));
        ClothState start = ArcsimTestSupport.rest(mesh);
        SimulationResult r = sim.simulate(mesh, Material.defaults(), settings(30), body, 0.5, start, 30, 7, mon);
        assertEquals(7, r.frames().size());
        assertEquals(7, mon.framesDone(7));
        try (Stream<Path> s = Files.list(tmp.resolve("work"))) {
            assertEquals(3, s.count(), "3 + 3 + 1 frames");
        }
        // each chunk starts from the previous chunk's last state: offsets accumulate (P = 6 at 30 fps)
        double y0 = start.positions()[1];
        assertEquals(y0 + 0.001 * 9, r.frames().get(2).positions()[1], 3e-6);
        assertEquals(y0 + 0.001 * 9 + 0.001 * 7, r.frames().get(3).positions()[1], 3e-6);
    }

    @Test
    void nonZeroExitReportsCodeAndLastOutput() throws Exception {
        Path exe = ArcsimTestSupport.fake(tmp, "arcsim", "0", 2,
                "echo 'Error: impact solver failed' >&2; exit 3");
        SimulationFailedException e = assertThrows(SimulationFailedException.class,
                () -> new ArcsimClothSimulator(options(exe)).simulate(mesh, Material.defaults(), settings(30), body, 1.0,
                        ArcsimTestSupport.rest(mesh), 25, 6, new Monitor(0)));
        assertEquals(FailureReason.SOLVER_ERROR, e.reason());
        assertEquals(2, e.frame());
        assertTrue(e.getMessage().contains("exited with code 3"), e.getMessage());
        assertTrue(e.getMessage().contains("impact solver failed"), e.getMessage());
        assertTrue(e.getMessage().contains(exe.toString()), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
    }

    @Test
    void failedCollisionSolveIsReportedAsSuchWithTheLogTail() throws Exception {
        // what ARCSim 0.2.1 does in collision.cpp when its impact zones do not converge
        Path exe = ArcsimTestSupport.fake(tmp, "arcsim", "0", 1,
                "echo 'Impact zones: 7'; echo 'Collision resolution failed to converge!' >&2; exit 1");
        SimulationFailedException e = assertThrows(SimulationFailedException.class, () -> run(exe));
        assertEquals(FailureReason.COLLISION_FAILED, e.reason());
        assertEquals(1, e.frame());
        String m = e.getMessage();
        assertTrue(m.startsWith("COLLISION_FAILED at frame 1: ARCSim (" + exe + ") stopped because its collision"
                + " response did not converge"), m);
        assertTrue(m.contains("exit code 1"), m);
        assertTrue(m.contains("last output: Impact zones: 7 | Collision resolution failed to converge!"), m);
        assertFalse(m.contains("EXPLOSION"), m);
        assertFalse(m.contains("\n"), "one line");
    }

    @Test
    void failedInitialSeparationIsACollisionFailureToo() throws Exception {
        Path exe = ArcsimTestSupport.fake(tmp, "arcsim", "0", 0,
                "echo 'Initial separation failed to converge!' >&2; exit 1");
        SimulationFailedException e = assertThrows(SimulationFailedException.class, () -> run(exe));
        assertEquals(FailureReason.COLLISION_FAILED, e.reason());
        assertEquals(0, e.frame());
        assertTrue(e.getMessage().contains("Initial separation failed to converge!"), e.getMessage());
    }

    @Test
    void hangingProcessTimesOutAndIsKilled() throws Exception {
        Path exe = ArcsimTestSupport.fake(tmp, "arcsim", "0", 1, "sleep 60");
        long t0 = System.nanoTime();
        SimulationFailedException e = assertThrows(SimulationFailedException.class,
                () -> new ArcsimClothSimulator(options(exe)).simulate(mesh, Material.defaults(), settings(1.0), body, 1.0,
                        ArcsimTestSupport.rest(mesh), 25, 4, new Monitor(0)));
        double s = (System.nanoTime() - t0) / 1e9;
        assertEquals(FailureReason.TIMEOUT, e.reason());
        assertEquals(1, e.frame());
        assertTrue(s < 8, "killed promptly: " + s + " s");
        assertEquals("TIMEOUT at frame 1: ARCSim (" + exe + ") produced no frame within 1 s and was killed; no output"
                + " (log ", e.getMessage().substring(0, e.getMessage().indexOf("(log ") + 5));
        assertEquals(1, e.getMessage().split("TIMEOUT", -1).length - 1, "the reason is said once: " + e.getMessage());
        // no descendant (the sleep) survives
        assertEquals(0, ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count());
    }

    @Test
    void cancelKillsTheProcessPromptly() throws Exception {
        Path exe = ArcsimTestSupport.fake(tmp, "arcsim", "0.3", -1, "true");
        Monitor mon = new Monitor(2, 30);
        long t0 = System.nanoTime();
        ArcsimClothSimulator sim = new ArcsimClothSimulator(options(exe).withKeepWorkDirs(true));
        assertThrows(OperationCanceledException.class, () -> sim.simulate(mesh, Material.defaults(), settings(30), body,
                1.0, ArcsimTestSupport.rest(mesh), 25, 30, mon));
        double s = (System.nanoTime() - t0) / 1e9;
        assertTrue(s < 5, "cancel took " + s + " s");
        assertEquals(0, ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count());
        Path out;
        try (Stream<Path> w = Files.list(tmp.resolve("work"))) {
            out = w.findFirst().orElseThrow().resolve("out");
        }
        long n1 = countFrames(out);
        Thread.sleep(800);
        assertEquals(n1, countFrames(out), "no frames written after cancel");
        assertTrue(n1 < 10);
    }

    private static long countFrames(Path out) throws IOException {
        try (Stream<Path> s = Files.list(out)) {
            return s.filter(p -> p.getFileName().toString().endsWith("_00.obj")).count();
        }
    }

    @Test
    void badExecutablesGiveOneLineMessagesNamingThePath() throws Exception {
        Path missing = tmp.resolve("no/such/arcsim");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> run(missing));
        assertTrue(e.getMessage().startsWith(missing.toString()) && e.getMessage().contains("not found"), e.getMessage());

        Path notExec = tmp.resolve("arcsim-noexec");
        Files.writeString(notExec, "#!/bin/sh\necho resumeoffline\n");
        Files.setPosixFilePermissions(notExec, PosixFilePermissions.fromString("rw-r--r--"));
        e = assertThrows(InvalidInputException.class, () -> run(notExec));
        assertTrue(e.getMessage().contains(notExec.toString()) && e.getMessage().contains("not executable"), e.getMessage());

        Path other = ArcsimTestSupport.script(tmp, "not-arcsim", "echo hello\n");
        e = assertThrows(InvalidInputException.class, () -> run(other));
        assertTrue(e.getMessage().contains(other.toString()) && e.getMessage().contains("not ARCSim"), e.getMessage());

        e = assertThrows(InvalidInputException.class, () -> run(tmp));
        assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
        for (InvalidInputException x : new InvalidInputException[] {e}) {
            assertFalse(x.getMessage().contains("\n"));
        }
    }

    @Test
    void exitZeroWithMissingFramesFails() throws Exception {
        Path exe = ArcsimTestSupport.fake(tmp, "arcsim", "0", 2, "exit 0");
        SimulationFailedException e = assertThrows(SimulationFailedException.class, () -> run(exe));
        assertEquals(FailureReason.SOLVER_ERROR, e.reason());
        assertTrue(e.getMessage().contains("wrote 2 of 4 frames; no output (log "), e.getMessage());
    }

    @Test
    void nanOutputIsRejected() throws Exception {
        Path exe = ArcsimTestSupport.script(tmp, "arcsim", """
                [ "$1" = resumeoffline ] || { echo resumeoffline; exit 1; }
                p=$(printf %04d $3)
                for k in 1 2 3 4; do
                  f=$(printf %04d $(($3+k)))
                  sed 's/^v \\([^ ]*\\) .*/v \\1 -nan 0/' "$2/${p}_00.obj" > "$2/${f}_00.obj"
                done
                """);
        SimulationFailedException e = assertThrows(SimulationFailedException.class, () -> run(exe));
        assertEquals(FailureReason.NAN, e.reason());
        assertEquals(0, e.frame());
        assertTrue(e.getMessage().contains("(log " + tmp.resolve("work")), "names the log: " + e.getMessage());
    }

    private SimulationResult run(Path exe) throws SimulationFailedException {
        return new ArcsimClothSimulator(options(exe)).simulate(mesh, Material.defaults(), settings(30), body, 1.0,
                ArcsimTestSupport.rest(mesh), 25, 4, new Monitor(0));
    }
}
