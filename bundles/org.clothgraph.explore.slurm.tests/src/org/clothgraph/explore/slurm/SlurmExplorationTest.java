package org.clothgraph.explore.slurm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.explore.ExplorationSettings;
import org.clothgraph.explore.Explorer;
import org.clothgraph.explore.GraphFingerprint;
import org.clothgraph.explore.ThreadUnitExecutor;
import org.clothgraph.explore.UnitExecutor;
import org.clothgraph.model.CheckReport;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.MergeRecord;
import org.clothgraph.model.Project;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.testing.SlurmCluster;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exploration of a small demo on the single-node Slurm cluster against the same exploration on local threads: the
 * same graph and frames bit for bit, also when a pilot job is cancelled, slurmd is killed mid-run, or the controller
 * is dropped mid-round and another one takes over.
 */
@Timeout(300)
class SlurmExplorationTest {
    /** Frames explored: the initialisation of the small demo and a few rounds of expansions. */
    private static final long FRAMES = 360;

    @TempDir
    static Path shared;
    private static Path base;
    private static Path product;
    private static String local;

    @TempDir
    Path dir;

    @BeforeAll
    static void buildDemoAndExploreLocally() {
        SlurmCluster.require();
        base = shared.resolve("base");
        DemoPipeline.run(base, DemoPipeline.Options.small(0), null).close();
        product = SlurmFixture.nodeProduct(shared.resolve("node-product"));
        Path copy = shared.resolve("local");
        Project.copy(base, copy);
        try (Project p = Project.open(copy); ThreadUnitExecutor threads = new ThreadUnitExecutor()) {
            explorer(p, threads).run(Explorer.Limits.frames(FRAMES), null);
            local = GraphFingerprint.of(p);
        }
        assertFalse(local.isEmpty());
    }

    private static Explorer explorer(Project p, UnitExecutor executor) {
        return new Explorer(p, ProjectGarments.find(p, ProjectGarments.ROBE), new XpbdClothSimulator(),
                ExplorationSettings.defaults().withWorkers(2), executor);
    }

    private Project copy(String name) {
        Path folder = dir.resolve(name);
        Project.copy(base, folder);
        return Project.open(folder);
    }

    private static void assertSameAsLocalAndClean(Project p) {
        assertEquals(local, GraphFingerprint.of(p), "the graph and frames explored on Slurm equal the local ones");
        CheckReport check = p.check(null);
        assertTrue(check.clean(), () -> "check: " + check.violations());
    }

    @Test
    void aSmallExplorationOnSlurmEqualsTheLocalOneBitForBit() {
        try (Project p = copy("slurm"); SlurmUnitExecutor slurm = new SlurmUnitExecutor(p, SlurmFixture.settings(product))) {
            Explorer.Report r = explorer(p, slurm).run(Explorer.Limits.frames(FRAMES), null);
            assertFalse(r.trouble(), r.stopReason());
            assertSameAsLocalAndClean(p);
            assertTrue(slurm.submissions() >= 1);
            // every unit ran exactly once
            Map<String, Integer> runs = SlurmFixture.unitRuns(p.folder());
            assertFalse(runs.isEmpty(), "the pilots' logs name the units they ran");
            runs.forEach((k, n) -> assertEquals(1, n, "runs of unit " + k));
        }
    }

    @Test
    void aCancelledJobAndAKilledSlurmdAreSurvived() throws Exception {
        try (Project p = copy("faults"); SlurmUnitExecutor slurm = new SlurmUnitExecutor(p, SlurmFixture.settings(product))) {
            List<String> cancelled = new ArrayList<>();
            List<String> given = new ArrayList<>();
            AtomicReference<SlurmStatus> last = new AtomicReference<>();
            slurm.addListener(s -> {
                last.set(s);
                for (SlurmStatus.Unit u : s.units()) {
                    if (u.attempts() > 1 && !given.contains(u.key())) {
                        given.add(u.key());
                    }
                }
                // the first unit seen running: cancel its pilot. A unit can finish between the status that shows it
                // running and the scancel (then nothing goes back to the queue): once that pilot has ended with no
                // unit given back, cancel the pilot of another running unit, at most three in all
                boolean previousEnded = cancelled.isEmpty() || s.jobs().stream().anyMatch(
                        j -> j.id().equals(cancelled.get(cancelled.size() - 1)) && !j.state().equals("RUNNING")
                                && !j.state().equals("PENDING"));
                if (given.isEmpty() && cancelled.size() < 3 && previousEnded) {
                    for (SlurmStatus.Unit u : s.units()) {
                        if (u.state().equals("RUNNING") && !cancelled.contains(u.job())) {
                            cancelled.add(u.job());
                            SlurmFixture.run("scancel", u.job());
                            break;
                        }
                    }
                }
            });
            long[] killedAt = { 0 };
            Thread killer = new Thread(() -> {
                // once the cancelled unit has been given back, while pilots run: kill slurmd for longer than
                // SlurmdTimeout, so that the node is declared dead, then start it again
                long t0 = System.nanoTime();
                while (given.isEmpty() && System.nanoTime() - t0 < 120e9) {
                    sleep(50);
                }
                SlurmFixture.run("kill", "-9", Long.toString(SlurmFixture.slurmdPid()));
                killedAt[0] = System.nanoTime();
                sleep(14_000);
                SlurmFixture.run("slurmd");
            }, "slurmd killer");
            killer.start();
            Explorer.Report r = explorer(p, slurm).run(Explorer.Limits.frames(FRAMES), null);
            long endedAt = System.nanoTime();
            killer.join(120_000);
            assertTrue(killedAt[0] > 0 && killedAt[0] < endedAt, "slurmd was killed while the exploration ran");
            assertFalse(r.trouble(), r.stopReason());
            assertTrue(cancelled.size() >= 1 && cancelled.size() <= 3, "running pilots cancelled: " + cancelled);
            assertFalse(given.isEmpty(), "the cancelled pilot's unit went back to the queue");
            assertNotNull(last.get());
            assertTrue(last.get().jobs().stream().anyMatch(j -> j.id().equals(cancelled.get(0))
                    && j.state().startsWith("CANCELLED")), () -> "the cancelled job is listed: " + last.get().jobs());
            assertSameAsLocalAndClean(p);
        }
    }

    @Test
    void aRestartedControllerReattachesWithoutDuplicateWork() {
        try (Project p = copy("restart")) {
            SlurmSettings settings = SlurmFixture.settings(product);
            SlurmUnitExecutor first = new SlurmUnitExecutor(p, settings);
            NullProgressMonitor monitor = new NullProgressMonitor();
            int[] running = { 0 };
            first.addListener(s -> {
                // drop the controller while a round is in flight: some units run, others wait or are done
                long n = s.units().stream().filter(u -> u.state().equals("RUNNING")).count();
                if (n > 0 && ++running[0] > 3) {
                    monitor.setCanceled(true);
                }
            });
            // the first controller is dropped as a kill would leave it: no clean-up, pilots go on
            assertThrows(OperationCanceledException.class,
                    () -> explorer(p, first).run(Explorer.Limits.frames(FRAMES), monitor));
            List<String> recorded = SlurmUnitExecutor.recordedJobs(p);
            assertFalse(recorded.isEmpty(), "the pilots are recorded in the project");
            // the first controller may have staged or committed work before it was dropped: the second explores what
            // is left of the same total (a frame limit counts the frames of one run), so both end after the local
            // run's last round
            long done = Explorer.simulatedFrames(p);
            assertTrue(done < FRAMES, "the first controller was dropped before the end: " + done + " frames");
            try (SlurmUnitExecutor second = new SlurmUnitExecutor(p, settings)) {
                Explorer.Report r = explorer(p, second).run(Explorer.Limits.frames(FRAMES - done), null);
                assertFalse(r.trouble(), r.stopReason());
                assertEquals(0, second.submissions(), "the new controller used the recorded pilots: no new sbatch");
            }
            assertSameAsLocalAndClean(p);
            Map<String, Integer> runs = SlurmFixture.unitRuns(p.folder());
            runs.forEach((k, n) -> assertEquals(1, n, "runs of unit " + k + " (no work done twice)"));
        }
    }

    @Test
    void aUnitWhosePilotsKeepDyingIsQuarantinedWithItsSlurmStateAndLogTail() throws Exception {
        try (Project p = copy("dying")) {
            try (ThreadUnitExecutor threads = new ThreadUnitExecutor()) {
                explorer(p, threads).run(Explorer.Limits.frames(FRAMES), null); // initialised, with a queue
            }
            // pilots that take a unit and die with it (exit 3), one at a time
            Path crashing = dir.resolve("crashing-product");
            Files.createDirectories(crashing);
            Path launcher = crashing.resolve("clothgraph");
            Files.writeString(launcher, """
                    #!/bin/sh
                    # worker --serve DIR ...: take the first unit, then die with it
                    job="${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}"
                    unit=$(ls "$3/queue" | grep '[.]unit$' | head -n 1)
                    if [ -n "$unit" ]; then
                      mkdir -p "$3/running/$job" && mv "$3/queue/$unit" "$3/running/$job/$unit"
                    fi
                    echo "pilot $job took $unit and crashed on purpose"
                    exit 3
                    """);
            Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
            SlurmSettings settings = SlurmFixture.settings(crashing).withMaxJobs(1).withMaxAttempts(2);
            try (SlurmUnitExecutor slurm = new SlurmUnitExecutor(p, settings)) {
                Explorer e = new Explorer(p, ProjectGarments.find(p, ProjectGarments.ROBE), new XpbdClothSimulator(),
                        ExplorationSettings.defaults().withRoundSize(1), slurm);
                e.addListener(s -> {
                    if (s.quarantined() > 0) {
                        e.requestStop();
                    }
                });
                Explorer.Report r = e.run(Explorer.Limits.frames(FRAMES), null);
                assertEquals(1, r.status().quarantined(), r.stopReason());
            }
            MergeRecord q = p.secondary().merges().stream().filter(MergeRecord::quarantined).findFirst().orElseThrow();
            assertTrue(q.quarantine().contains("ended FAILED") && q.quarantine().contains("attempt 2 of 2")
                    && q.quarantine().contains("crashed on purpose"), q.quarantine());
            CheckReport check = p.check(null);
            assertTrue(check.clean(), () -> "check: " + check.violations());
        }
    }

    @Test
    void aNodeWithAnotherProductVersionIsRefusedWithOneLine() {
        try (Project p = copy("version");
                SlurmUnitExecutor slurm = new SlurmUnitExecutor(p, SlurmFixture.settings(product),
                        new org.clothgraph.explore.slurm.internal.SlurmCommands(), "0.9.0.other")) {
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> explorer(p, slurm).run(Explorer.Limits.frames(FRAMES), null));
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
            assertTrue(e.getMessage().contains("refused") && e.getMessage().contains("0.9.0.other"), e.getMessage());
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted");
        }
    }
}
