package org.clothgraph.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.clothgraph.model.CheckReport;
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
            long s1 = p.secondary().addState(garment, 1, f1, "hood=up");
            long s2 = p.secondary().addState(garment, 2, f2, "hood=up");
            p.secondary().addTransition(s1, s2, 1, false);
            CheckReport open = p.check(null);
            assertFalse(open.clean());
            assertEquals("cloth state " + s2, open.violations().get(0).where());
            assertEquals(1, p.summary().deadEnds());

            // Kim et al. section 4: the dead end is merged into the most similar state at the same node.
            long t = p.secondary().addTransition(s2, s1, 2, true);
            p.secondary().addMerge(t, s2, 0.004);
            assertTrue(p.check(null).clean(), () -> p.check(null).violations().toString());
            assertEquals(0, p.summary().deadEnds());
            assertEquals(0.004, p.secondary().worstQueuedMerge().orElseThrow().error());

            // a transition that does not follow its primary edge is caught
            p.secondary().addTransition(s1, s1, 1, false);
            assertFalse(p.check(null).clean());
        }
    }
}
