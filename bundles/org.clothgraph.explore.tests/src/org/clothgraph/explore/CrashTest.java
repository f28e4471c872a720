package org.clothgraph.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.clothgraph.model.CheckReport;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.Project;
import org.clothgraph.sim.XpbdClothSimulator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process dying between an expansion's frame write and its graph commit (the kill a test can place exactly;
 * releng/sigkill-exploration kills a real process at random moments): the project stays clean, nothing committed
 * is lost, and exploration resumes.
 */
class CrashTest {
    @TempDir
    Path dir;

    /** Stands for the process dying: nothing after it runs, nothing is committed in memory. */
    static final class Killed extends Error {
        private static final long serialVersionUID = 1L;
    }

    @Test
    void dyingBetweenFramesAndGraphCommitLosesOnlyThatExpansion() {
        Path folder = dir.resolve("k");
        Map<Long, String> before = new HashMap<>();
        long statesBefore;
        try (Project p = SmallDemo.build(folder)) {
            SmallDemo.explore(p, 2, 400);
            statesBefore = p.summary().secondaryStates();
            for (ClothStateRecord s : p.secondary().states()) {
                before.put(s.id(), s.frameId() + ":" + SmallDemo.digest(p, s.frameId()));
            }
            try (ThreadUnitExecutor exec = new ThreadUnitExecutor()) {
                Explorer ex = SmallDemo.explorer(p, 2, new XpbdClothSimulator(), exec);
                int[] commits = { 0 };
                ex.afterFramesWritten = () -> {
                    if (++commits[0] == 3) {
                        throw new Killed();
                    }
                };
                assertThrows(Killed.class, () -> ex.run(Explorer.Limits.frames(10_000), null));
            }
        }
        try (Project p = Project.open(folder)) {
            // the third expansion's frames are stored but nothing refers to them: check says so, gc collects them
            CheckReport afterKill = p.check(null);
            assertTrue(afterKill.clean(), afterKill.violations().toString());
            assertEquals(1, afterKill.reclaimable().size(), afterKill.reclaimable().toString());
            assertTrue(afterKill.reclaimable().get(0).what().matches(".*orphan frames? nothing refers to.*"),
                    afterKill.reclaimable().toString());
            assertTrue(p.frames().collect(null).orphansCollected() > 0);
            assertTrue(p.check(null).reclaimable().isEmpty(), () -> p.check(null).reclaimable().toString());
            assertEquals(0, p.summary().deadEnds());
            // the two expansions committed before the kill are there, the third's frames are stored but unreferenced
            assertTrue(p.summary().secondaryStates() > statesBefore);
            for (Map.Entry<Long, String> e : before.entrySet()) {
                ClothStateRecord s = p.secondary().state(e.getKey());
                assertEquals(e.getValue(), s.frameId() + ":" + SmallDemo.digest(p, s.frameId()), "state " + e.getKey());
            }
            Explorer.Report r = SmallDemo.explore(p, 2, 300);
            assertTrue(r.framesThisRun() >= 300, r.stopReason());
            assertTrue(p.check(null).clean());
        }
    }
}
