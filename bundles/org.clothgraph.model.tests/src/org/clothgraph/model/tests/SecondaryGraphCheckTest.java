package org.clothgraph.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.clothgraph.model.CheckReport;
import org.clothgraph.model.ClothStateRecord.Status;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.PrimaryGraph;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.model.frames.FrameWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecondaryGraphCheckTest {
    @TempDir
    Path dir;

    @Test
    void deadEndsAreViolationsUntilMerged() throws Exception {
        Path folder = dir.resolve("s");
        try (Project p = Project.create(folder, "s")) {
            Files.writeString(folder.resolve("motions/a.bvh"), "x");
            Files.writeString(folder.resolve("garments/g.obj"), "x");
            long clip = p.addClip("a", "motions/a.bvh", 30, 2);
            long garment = p.addGarment(new GarmentInfo(0, "g", "garments/g.obj", "{}", 4, Map.of()));
            p.replacePrimaryGraph(new PrimaryGraph(List.of(new PrimaryNode(1, clip, 0), new PrimaryNode(2, clip, 1)),
                    List.of(new PrimaryEdge(1, 1, 2, PrimaryEdge.Kind.CLIP, 0),
                            new PrimaryEdge(2, 2, 1, PrimaryEdge.Kind.TRANSITION, 0.1)), 0, ""));
            long f1;
            long f2;
            try (FrameWriter w = p.frames().writer()) {
                f1 = w.append(new float[12], new float[12]);
                f2 = w.append(new float[12], new float[12]);
                w.commit();
            }
            long s1 = p.secondary().addState(garment, 1, f1, "hood=up", Status.LIVE, 0);
            long s2 = p.secondary().addState(garment, 2, f2, "hood=up", Status.LIVE, 0);
            p.secondary().addTransition(s1, s2, 1, false, null);
            CheckReport open = p.check(null);
            assertFalse(open.clean());
            assertEquals("cloth state " + s2, open.violations().get(0).where());
            assertEquals(1, p.summary().deadEnds());

            // Kim et al. RemoveDeadend: the transition INTO the dead end s2 is redirected to the most similar state at
            // the same node; s2 is kept, merged away, so the merge can be undone. Here s1 continues to a second
            // simulated state s3 at node 2 (live, transition back to s1) and the dead end s2 merges into s3.
            long s3 = p.secondary().addState(garment, 2, f2, "hood=up", Status.LIVE, 0);
            long t13 = p.secondary().addTransition(s1, s3, 1, false, null);
            p.secondary().addTransition(s3, s1, 2, false, new long[] { f1 });
            assertFalse(p.check(null).clean(), "s1 has two transitions for edge 1 and s2 is a dead end");
            p.batch(() -> {
                p.secondary().setStatus(s2, Status.MERGED);
            });
            List<org.clothgraph.model.ClothTransition> ts = p.secondary().transitions();
            long t12 = ts.get(0).id();
            // s1 -> s2 becomes the merged transition s1 -> s3; the simulated s1 -> s3 is dropped for this check
            CheckReport twice = p.check(null);
            assertFalse(twice.clean(), "two transitions for one primary edge");
            p.write(Set.of(), c -> c.createStatement().executeUpdate("DELETE FROM cloth_transition WHERE id = " + t13));
            p.batch(() -> {
                p.secondary().redirect(t12, s3, true);
                p.secondary().addMerge(t12, s2, 0.004, 0.004, false);
            });
            assertTrue(p.check(null).clean(), () -> p.check(null).violations().toString());
            assertEquals(0, p.summary().deadEnds());
            assertEquals(0.004, p.secondary().worstQueued(1).get(0).error());

            // a merged-away state without a merge record cannot be undone: a violation
            p.write(Set.of(), c -> c.createStatement().executeUpdate("DELETE FROM merge_record"));
            assertFalse(p.check(null).clean());
            p.batch(() -> p.secondary().addMerge(t12, s2, 0.004, 0.004, false));
            assertTrue(p.check(null).clean(), () -> p.check(null).violations().toString());

            // a transition that does not follow its primary edge is caught
            p.secondary().addTransition(s1, s1, 1, false, null);
            assertFalse(p.check(null).clean());
        }
    }
}
