package org.clothgraph.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.PrimaryGraphChange;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.motion.project.ProjectPrimaryGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rebuilding the primary graph under an explored secondary graph keeps what it can, says so, and re-explores. */
class PrimaryGraphChangeTest {
    @TempDir
    Path dir;

    @Test
    void theDefaultStartClipIsTheFirstClipTheGraphCovers() {
        try (Project p = SmallDemo.build(dir.resolve("s"))) {
            List<String> clips = p.clips().stream().map(ClipInfo::name).toList();
            ExplorationSettings defaults = ExplorationSettings.defaults();
            assertEquals(clips.get(0), Explorer.startClip(defaults, PrimaryGraphSnapshot.of(p)).orElseThrow().name());
            // the first clip excluded and the graph rebuilt: the default moves on; the excluded clip, named, has no pose
            p.setClipExcluded(p.clips().get(0).id(), true);
            ProjectPrimaryGraph.build(p, Double.NaN, 0, null);
            PrimaryGraphSnapshot without = PrimaryGraphSnapshot.of(p);
            assertEquals(clips.get(1), Explorer.startClip(defaults, without).orElseThrow().name());
            assertTrue(Explorer.startClip(defaults.withStartClip(clips.get(0)), without).isEmpty());
            assertEquals(clips.get(2), Explorer.startClip(defaults.withStartClip(clips.get(2)), without).orElseThrow()
                    .name());
        }
    }

    @Test
    void excludingAndReincludingAClipKeepsTheRestOfTheExploration() {
        try (Project p = SmallDemo.build(dir.resolve("g"))) {
            SmallDemo.explore(p, 2, 600);
            int statesBefore = p.summary().secondaryStates();
            ClipInfo clip = p.clips().stream().filter(c -> c.name().equals("jog")).findFirst().orElseThrow();
            Set<Long> jogNodes = new HashSet<>();
            for (PrimaryNode n : p.primaryGraph().nodes()) {
                if (n.clipId() == clip.id()) {
                    jogNodes.add(n.id());
                }
            }
            assertFalse(jogNodes.isEmpty(), "jog is in the small demo's graph");
            long onJog = p.secondary().states().stream().filter(s -> jogNodes.contains(s.primaryNode())).count();

            // said beforehand, then done
            p.setClipExcluded(clip.id(), true);
            PrimaryGraphChange preview = ProjectPrimaryGraph.build(p, Double.NaN, 0, true, null).change();
            assertEquals(statesBefore, p.summary().secondaryStates(), "a dry run changes nothing");
            PrimaryGraphChange done = ProjectPrimaryGraph.build(p, Double.NaN, 0, null).change();
            assertEquals(preview, done);
            assertTrue(done.retiredStates() >= onJog, done.describe());
            assertEquals(statesBefore, done.keptStates() + done.retiredStates());
            assertEquals(done.keptStates(), p.summary().secondaryStates());
            assertTrue(done.keptStates() > statesBefore / 2, done.describe());
            // pruning without jog may keep poses it dropped before: those new nodes have no cloth, so the states
            // leading into them are dead ends until explore initialises them, and check says so
            assertEquals(done.nodesAwaitingCloth() == 0, p.check(null).clean(), done.describe());
            SmallDemo.explore(p, 2, 200);
            assertTrue(p.check(null).clean(), () -> p.check(null).violations().toString());

            // the clip comes back: its nodes have no cloth until explore initialises them
            p.setClipExcluded(clip.id(), false);
            PrimaryGraphChange back = ProjectPrimaryGraph.build(p, Double.NaN, 0, null).change();
            assertTrue(back.nodesAwaitingCloth() > 0, back.describe());
            assertTrue(back.describe().contains("explore initialises them"), back.describe());
            Explorer.Report r = SmallDemo.explore(p, 2, 300);
            assertTrue(r.framesThisRun() > 0, r.stopReason());
            assertTrue(p.check(null).clean(), () -> p.check(null).violations().toString());
            Set<Long> covered = new HashSet<>();
            for (ClothStateRecord s : p.secondary().states()) {
                if (s.live()) {
                    covered.add(s.primaryNode());
                }
            }
            assertEquals(p.summary().primaryNodes(), covered.size(), "every primary node has cloth again");
        }
    }
}
