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

    /** The embedded simulator, failing (once armed) on every unit whose start state hashes into the chosen share. */
    static final class FlakySimulator implements ClothSimulator {
        private final XpbdClothSimulator real = new XpbdClothSimulator();
        private final int oneIn;
        volatile boolean armed;

        FlakySimulator(int oneIn) {
            this.oneIn = oneIn;
        }

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
            if (armed && Math.floorMod(Arrays.hashCode(initial.positions()), oneIn) == 0) {
                throw new SimulationFailedException(FailureReason.EXPLOSION, 0, "test double: chosen failure");
            }
            real.simulateStored(mesh, material, settings, motion, startTime, initial, fps, frames, sink, monitor);
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
