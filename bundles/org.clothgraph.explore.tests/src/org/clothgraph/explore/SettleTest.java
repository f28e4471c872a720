package org.clothgraph.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.clothgraph.model.CheckReport;
import org.clothgraph.model.MergeRecord;
import org.clothgraph.model.Project;
import org.clothgraph.sim.XpbdClothSimulator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * After its limit an exploration settles: rounds that expand only the queued cross-class merges, until none is left or
 * the settling rounds are spent; the same-class merges queued at the limit wait for the next run.
 */
class SettleTest {
    @TempDir
    Path dir;

    @Test
    void settlingRoundsExpandOnlyTheCrossClassMerges() {
        try (Project p = SmallDemo.build(dir.resolve("s"))) {
            SmallDemo.explore(p, 2, 300);
            // the small demo's hood falls, but within a test's budget every dead end finds a state of its class to
            // merge into: so two queued merges of the least error are marked cross-class by hand (what the
            // classifier's verdict leaves in the model), far from the head of the queue, where settling must find them
            List<MergeRecord> queued = p.secondary().merges().stream().filter(MergeRecord::queued)
                    .sorted(java.util.Comparator.comparingDouble(MergeRecord::error)).toList();
            assertTrue(queued.size() > 2 * ExplorationSettings.of(p).roundSize(), queued.size() + " queued");
            List<MergeRecord> cross = queued.subList(0, 2);
            p.write(java.util.Set.of(), c -> c.createStatement().executeUpdate("UPDATE merge_record SET cross_class = 1"
                    + " WHERE id IN (" + cross.get(0).id() + ", " + cross.get(1).id() + ")"));
            assertEquals(2, p.secondary().worstQueuedCrossClass(Integer.MAX_VALUE).size());
            List<MergeRecord> same = p.secondary().merges().stream().filter(m -> m.queued() && !m.crossClass())
                    .toList();
            assertFalse(same.isEmpty());
            long framesBefore = Explorer.simulatedFrames(p);
            int roundBefore = p.secondary().log().get(p.secondary().log().size() - 1).round();

            Explorer.Report r;
            try (ThreadUnitExecutor executor = new ThreadUnitExecutor()) {
                // a limit reached before the first round: only settling rounds run
                r = SmallDemo.explorer(p, 2, new XpbdClothSimulator(), executor)
                        .run(new Explorer.Limits(0, 1e-9, 0, 3), null);
            }
            assertFalse(r.trouble(), r.stopReason());
            assertTrue(r.framesThisRun() > 0, r.stopReason());
            int rounds = p.secondary().log().get(p.secondary().log().size() - 1).round() - roundBefore;
            assertTrue(rounds >= 1 && rounds <= 3, rounds + " settling rounds: " + r.stopReason());
            for (MergeRecord m : cross) {
                assertFalse(p.secondary().merge(m.id()).map(MergeRecord::queued).orElse(false),
                        "the cross-class merge " + m.id() + " was expanded");
            }
            for (MergeRecord m : same) {
                assertTrue(p.secondary().merge(m.id()).map(MergeRecord::queued).orElse(false),
                        "the same-class merge " + m.id() + " still waits");
            }
            long left = p.secondary().worstQueuedCrossClass(Integer.MAX_VALUE).size();
            if (left == 0) {
                assertTrue(r.stopReason().endsWith("(none left)"), r.stopReason());
            } else {
                assertEquals(3, rounds, "settling stops early only when no cross-class merge is left");
                assertTrue(r.stopReason().endsWith(left + " cross-class merge" + (left == 1 ? "" : "s")
                        + " still queued"), r.stopReason());
            }
            assertEquals(framesBefore + r.framesThisRun(), Explorer.simulatedFrames(p));
            CheckReport check = p.check(null);
            assertTrue(check.clean(), check.violations().toString());

            // no settling: the run stops at its limit without a round
            try (ThreadUnitExecutor executor = new ThreadUnitExecutor()) {
                Explorer.Report none = SmallDemo.explorer(p, 2, new XpbdClothSimulator(), executor)
                        .run(new Explorer.Limits(0, 1e-9, 0, 0), null);
                assertEquals(0, none.framesThisRun(), none.stopReason());
            }
        }
    }
}
