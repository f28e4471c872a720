package org.clothgraph.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.MergeRecord;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.sim.XpbdClothSimulator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A focused exploration expands the worst queued merges on the focus clips first, then the whole queue again. */
class FocusTest {
    @TempDir
    Path dir;

    @Test
    void aRoundTakesTheWorstQueuedMergesOnTheFocusClips() {
        try (Project p = SmallDemo.build(dir.resolve("f"))) {
            SmallDemo.explore(p, 2, 300);
            int r = ExplorationSettings.of(p).roundSize();
            List<MergeRecord> overall = p.secondary().worstQueued(r);
            // the clip whose queued merges are furthest from the head of the queue: a focus that changes the order
            Map<Long, Long> clipOf = clipsOfDeadEnds(p);
            ClipInfo focus = null;
            int least = Integer.MAX_VALUE;
            for (ClipInfo c : p.clips()) {
                List<MergeRecord> on = p.secondary().worstQueuedOn(r, List.of(c.id()));
                int shared = (int) on.stream().filter(m -> overall.stream().anyMatch(o -> o.id() == m.id())).count();
                if (!on.isEmpty() && shared < least) {
                    least = shared;
                    focus = c;
                }
            }
            assertNotNull(focus, "some clip has queued merges");
            assertTrue(least < r, "the focus changes which merges a round takes");
            List<MergeRecord> focused = p.secondary().worstQueuedOn(r, List.of(focus.id()));
            for (MergeRecord m : focused) {
                assertEquals(focus.id(), clipOf.get(m.deadEndState()), "merge " + m.id() + " is on the focus clip");
            }
            // the worst on that clip, in (error, id) order: no queued merge on it is worse than the last one taken
            MergeRecord last = focused.get(focused.size() - 1);
            for (MergeRecord m : p.secondary().merges()) {
                if (m.queued() && !focused.contains(m) && focus.id() == clipOf.getOrDefault(m.deadEndState(), -1L)) {
                    assertTrue(m.error() <= last.error(), "merge " + m.id() + " on the clip is worse than one taken");
                }
            }

            try (ThreadUnitExecutor executor = new ThreadUnitExecutor()) {
                Explorer e = SmallDemo.explorer(p, 2, new XpbdClothSimulator(), executor);
                e.focus(List.of(focus.id()));
                e.run(Explorer.Limits.frames(1), null); // one round
            }
            for (MergeRecord m : focused) {
                assertFalse(p.secondary().merge(m.id()).map(MergeRecord::queued).orElse(false),
                        "the focused merge " + m.id() + " was expanded");
            }
            for (MergeRecord m : overall) {
                if (!focused.contains(m)) {
                    assertTrue(p.secondary().merge(m.id()).map(MergeRecord::queued).orElse(false),
                            "merge " + m.id() + " (worst overall, not on the focus clip) still queued");
                }
            }
            assertTrue(p.secondary().worstQueuedOn(r, List.of()).isEmpty(), "no clips, no focus");
        }
    }

    private static Map<Long, Long> clipsOfDeadEnds(Project p) {
        PrimaryGraphSnapshot snapshot = PrimaryGraphSnapshot.of(p);
        Map<Long, Long> clip = new HashMap<>();
        for (ClothStateRecord s : p.secondary().states()) {
            PrimaryNode n = snapshot.node(s.primaryNode());
            if (n != null) {
                clip.put(s.id(), n.clipId());
            }
        }
        return clip;
    }
}
