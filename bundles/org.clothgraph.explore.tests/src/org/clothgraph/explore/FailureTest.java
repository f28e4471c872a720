package org.clothgraph.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.clothgraph.model.ClothStateRecord.Status;
import org.clothgraph.model.MergeRecord;
import org.clothgraph.model.Project;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothSimulator;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.FailureReason;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationResult;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.body.BodyMotion;
import org.eclipse.core.runtime.IProgressMonitor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A simulator that fails on a chosen fraction of units: failures are quarantined, the graph stays valid. */
class FailureTest {
    @TempDir
    Path dir;

    /** The embedded simulator, failing every unit that {@link #fails} picks (before simulating anything of it). */
    abstract static class FailingSimulator implements ClothSimulator {
        private final XpbdClothSimulator real = new XpbdClothSimulator();

        abstract boolean fails(ClothState initial);

        @Override
        public SimulationResult simulate(ClothMesh mesh, Material material, SimulationSettings settings, BodyMotion motion,
                double startTime, ClothState initial, double fps, int frames, IProgressMonitor monitor)
                throws SimulationFailedException {
            return real.simulate(mesh, material, settings, motion, startTime, initial, fps, frames, monitor);
        }

        @Override
        public void simulateStored(ClothMesh mesh, Material material, SimulationSettings settings, BodyMotion motion,
                double startTime, ClothState initial, double fps, int frames, StoringSink sink, IProgressMonitor monitor)
                throws SimulationFailedException {
            if (fails(initial)) {
                throw new SimulationFailedException(FailureReason.EXPLOSION, 0, "test double: chosen failure");
            }
            real.simulateStored(mesh, material, settings, motion, startTime, initial, fps, frames, sink, monitor);
        }
    }

    /** Fails (once armed) every unit whose start state hashes into the chosen share. */
    static final class FlakySimulator extends FailingSimulator {
        private final int oneIn;
        volatile boolean armed;

        FlakySimulator(int oneIn) {
            this.oneIn = oneIn;
        }

        @Override
        boolean fails(ClothState initial) {
            return armed && Math.floorMod(Arrays.hashCode(initial.positions()), oneIn) == 0;
        }
    }

    /** Fails the n-th unit it is given (counting from 1) and no other. */
    static final class FailsOnce extends FailingSimulator {
        private final int n;
        final java.util.concurrent.atomic.AtomicInteger units = new java.util.concurrent.atomic.AtomicInteger();

        FailsOnce(int n) {
            this.n = n;
        }

        @Override
        boolean fails(ClothState initial) {
            return units.incrementAndGet() == n;
        }
    }

    /** Merges of never-simulated transitions whose source is a state made by the initialisation (round 0). */
    private static long initialisationLinks(Project p) {
        return p.secondary().merges().stream().filter(m -> m.deadEndState() == 0)
                .filter(m -> p.secondary().state(p.secondary().transition(m.transitionId()).from()).round() == 0)
                .count();
    }

    /** Runs exploration a round at a time until the initialisation is committed; none of the runs is trouble. */
    private static void initialise(Project p, ClothSimulator sim, ThreadUnitExecutor exec) {
        for (int run = 0; run < 200 && p.secondary().states().isEmpty(); run++) {
            Explorer.Report r = SmallDemo.explorer(p, 1, sim, exec).run(Explorer.Limits.frames(1), null);
            assertTrue(!r.trouble(), r.stopReason());
        }
        assertTrue(!p.secondary().states().isEmpty(), "the initialisation was committed");
    }

    /**
     * An initialisation branch whose simulation fails is simulated again from a fresh drape at its start: the
     * initialisation completes (it used to stop), the state it would have continued from gets a queued merge into the
     * new branch, and the graph is whole.
     */
    @Test
    void aFailedInitialisationBranchIsSimulatedAgainFromAFreshDrape() {
        long control;
        try (Project p = SmallDemo.build(dir.resolve("control")); ThreadUnitExecutor exec = new ThreadUnitExecutor()) {
            initialise(p, new FailsOnce(-1), exec);
            control = initialisationLinks(p);
        }
        try (Project p = SmallDemo.build(dir.resolve("once")); ThreadUnitExecutor exec = new ThreadUnitExecutor()) {
            FailsOnce sim = new FailsOnce(5);
            initialise(p, sim, exec);
            assertTrue(sim.units.get() > 5, "units run: " + sim.units.get());
            assertTrue(p.secondary().deadEnds().isEmpty());
            assertTrue(p.check(null).clean(), () -> p.check(null).violations().toString());
            assertTrue(initialisationLinks(p) > control, initialisationLinks(p) + " links, control " + control);
        }
    }

    @Test
    void failuresAreQuarantinedAndExplorationGoesOn() {
        try (Project p = SmallDemo.build(dir.resolve("f")); ThreadUnitExecutor exec = new ThreadUnitExecutor()) {
            FlakySimulator flaky = new FlakySimulator(3);
            SmallDemo.explorer(p, 2, flaky, exec).run(Explorer.Limits.frames(300), null);
            long statesBefore = p.summary().secondaryStates();
            flaky.armed = true;
            Explorer.Report r = SmallDemo.explorer(p, 2, flaky, exec).run(Explorer.Limits.frames(1500), null);
            assertTrue(r.framesThisRun() >= 1500, r.stopReason());
            assertTrue(p.summary().secondaryStates() > statesBefore);
            List<MergeRecord> quarantined = p.secondary().merges().stream().filter(MergeRecord::quarantined).toList();
            assertTrue(quarantined.size() > 0, "some units failed");
            for (MergeRecord m : quarantined) {
                assertTrue(m.quarantine().contains("test double: chosen failure"), m.quarantine());
                assertTrue(!m.queued());
                // no bad state admitted: the dead end is still merged away and nothing was simulated from it
                assertEquals(Status.MERGED, p.secondary().state(m.deadEndState()).status());
                assertTrue(p.secondary().transitions().stream().noneMatch(t -> t.from() == m.deadEndState()));
            }
            assertEquals(quarantined.size(), r.status().quarantined());
            assertTrue(p.check(null).clean(), () -> p.check(null).violations().toString());

            // --retry-quarantined puts them back; with a working simulator they are expanded
            assertEquals(quarantined.size(), p.secondary().releaseQuarantine());
            flaky.armed = false;
            SmallDemo.explorer(p, 2, flaky, exec).run(Explorer.Limits.frames(200), null);
            assertTrue(p.check(null).clean());
        }
    }

    @Test
    void explorationStopsWhenMostUnitsFail() {
        try (Project p = SmallDemo.build(dir.resolve("g")); ThreadUnitExecutor exec = new ThreadUnitExecutor()) {
            FlakySimulator broken = new FlakySimulator(1);
            SmallDemo.explorer(p, 2, broken, exec).run(Explorer.Limits.frames(300), null);
            broken.armed = true;
            Explorer.Report r = SmallDemo.explorer(p, 2, broken, exec).run(Explorer.Limits.frames(100_000), null);
            assertTrue(r.trouble() && r.stopReason().contains("of the last 10 expansions failed"), r.stopReason());
            assertEquals(0, r.framesThisRun());
            assertTrue(p.check(null).clean());
        }
    }
}
