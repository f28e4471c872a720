package org.clothgraph.motion.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.demo.DemoCharacter;
import org.clothgraph.motion.graph.MotionGraph;
import org.clothgraph.motion.graph.MotionGraph.Edge;
import org.clothgraph.motion.graph.MotionGraphBuilder;
import org.clothgraph.motion.graph.PruneReport;
import org.clothgraph.motion.project.ProjectClips;
import org.junit.jupiter.api.Test;

/**
 * Clips connect at the defaults (issue 11): the shared real clips and the demo clips form one strongly connected graph
 * with every clip kept, entered and left, and no transition above the hard cap; the demo's own graph is unchanged by
 * the cap; the prune report says the threshold that would keep a clip.
 */
class ConnectedGraphTest {
    private static final MotionGraphBuilder.Options DEFAULT = MotionGraphBuilder.Options.DEFAULT;

    /** The 7 shared BVH files and the 10 CMU subject 02 ASF/AMC clips, retargeted onto the character with no map. */
    static List<Motion> sharedClips() throws Exception {
        Path mocap = TestData.require().resolve("mocap");
        List<Motion> out = new ArrayList<>();
        ProjectClips.Settings settings = ProjectClips.Settings.defaults(30);
        try (Stream<Path> s = Files.walk(mocap)) {
            for (Path p : s.filter(p -> p.toString().endsWith(".bvh")).sorted().toList()) {
                out.add(ProjectClips.read(ProjectClips.Source.bvh(p), DemoCharacter.skeleton(), settings));
            }
        }
        Path asf = mocap.resolve("cmu-asfamc/02/02.asf");
        try (Stream<Path> s = Files.list(asf.getParent())) {
            for (Path amc : s.filter(p -> p.toString().endsWith(".amc")).sorted().toList()) {
                out.add(ProjectClips.read(ProjectClips.Source.asfAmc(asf, amc), DemoCharacter.skeleton(), settings));
            }
        }
        return out;
    }

    @Test
    void sharedRealClipsAndTheDemoClipsFormOneStronglyConnectedGraphAtTheDefaults() throws Exception {
        List<Motion> clips = new ArrayList<>(DemoTest.CLIPS);
        clips.addAll(sharedClips());
        assertEquals(26, clips.size());
        MotionGraph g = MotionGraphBuilder.build(clips, DEFAULT, null);
        PruneReport r = g.pruneReport();
        StringBuilder b = new StringBuilder(r.summary());
        double cap = Math.max(DEFAULT.threshold(), DEFAULT.connectCap()), max = 0;
        for (Edge e : g.transitions()) max = Math.max(max, e.distance());
        b.append(String.format(Locale.ROOT, "frames %d of %d, transitions %d (%d connecting), max distance %.3f m, cap %.2f m%n",
                g.nodes().size(), r.totalNodes(), g.transitions().size(), r.connectingTransitions(), max, cap));
        assertTrue(g.isStronglyConnected());
        assertTrue(max <= cap, "max transition distance " + max);
        assertTrue(g.nodes().size() >= 3000, "kept frames " + g.nodes().size());
        for (int c = 0; c < g.clips().size(); c++) {
            final int clip = c;
            long kept = g.nodes().stream().filter(n -> n.clip() == clip).count();
            long in = g.transitions().stream().filter(e -> e.to().clip() == clip && e.from().clip() != clip).count();
            long out = g.transitions().stream().filter(e -> e.from().clip() == clip && e.to().clip() != clip).count();
            b.append(String.format(Locale.ROOT, "  %-34s frames %4d kept %4d entries %3d exits %3d%n", g.clips().get(c).name(),
                    g.clips().get(c).frameCount(), kept, in, out));
            assertTrue(kept > 0 && in > 0 && out > 0, g.clips().get(c).name() + ": kept " + kept + ", entries " + in + ", exits " + out);
        }
        // feet do not skate: foot slide of every planted blend below 2 cm (FootContactTest checks the measure)
        double[] slides = FootContactTest.slides(g);
        b.append(String.format(Locale.ROOT, "foot slide per transition: median %.1f mm, max %.1f mm%n", slides[slides.length / 2],
                slides[slides.length - 1]));
        assertTrue(slides[slides.length - 1] < 20, "max foot slide " + slides[slides.length - 1]);
        // every connecting blend is as smooth as the clips it joins: no joint steps further than it ever does within either clip
        List<Motion> cl = g.clips();
        double[] clipStep = new double[cl.size()];
        for (int c = 0; c < cl.size(); c++) {
            for (int f = 1; f < cl.get(c).frameCount(); f++) {
                clipStep[c] = Math.max(clipStep[c], MotionGraphTest.jump(cl.get(c).worldPositions(f - 1), cl.get(c).worldPositions(f)));
            }
        }
        for (Edge e : g.transitions()) {
            if (e.distance() < DEFAULT.threshold()) continue; // Kovar's own transitions are judged by the threshold alone
            Motion a = cl.get(e.from().clip()), blend = e.blend();
            double limit = Math.max(clipStep[e.from().clip()], clipStep[e.to().clip()]);
            var prev = a.worldPositions(e.from().frame());
            for (int p = 0; p < blend.frameCount(); p++) {
                var cur = blend.worldPositions(p);
                assertTrue(MotionGraphTest.jump(prev, cur) <= limit + 1e-9, e.from() + " -> " + e.to() + " blend frame " + p);
                prev = cur;
            }
        }
        assertEquals(r.candidateTransitions(), r.keptTransitions() - r.connectingTransitions() + r.suppressedTransitions()
                + r.droppedTransitions().size());
        System.out.print(b);
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/connected-graph.txt"), b.toString(), StandardCharsets.UTF_8);
    }

    @Test
    void theCapLeavesTheDemoGraphUnchanged() {
        MotionGraph plain = MotionGraphBuilder.build(DemoTest.CLIPS, DEFAULT.withConnectCap(0), null);
        MotionGraph capped = MotionGraphTest.DEMO;
        assertEquals(0, capped.pruneReport().connectingTransitions());
        assertEquals(plain.nodes(), capped.nodes());
        assertEquals(plain.edges().size(), capped.edges().size());
        for (int i = 0; i < plain.edges().size(); i++) {
            Edge a = plain.edges().get(i), c = capped.edges().get(i);
            assertEquals(a.from(), c.from());
            assertEquals(a.to(), c.to());
            assertEquals(a.distance(), c.distance(), 0);
        }
    }

    @Test
    void thePruneReportSaysTheThresholdThatWouldKeepAClip() throws Exception {
        Motion run = sharedClips().stream().filter(m -> m.name().equals("dm_run")).findFirst().orElseThrow();
        List<Motion> clips = List.of(DemoTest.CLIPS.get(0), DemoTest.CLIPS.get(1), run);
        MotionGraph plain = MotionGraphBuilder.build(clips, DEFAULT.withConnectCap(0), null);
        PruneReport.RemovedRange gone = plain.pruneReport().removedRanges().stream().filter(x -> x.clip() == 2).findFirst().orElseThrow();
        assertEquals(0, gone.from());
        assertEquals(run.frameCount() - 1, gone.to(), "dm_run is removed entirely without connecting transitions");
        double need = gone.keepThreshold();
        assertTrue(need > DEFAULT.threshold() && need < 0.5, "keep threshold " + need);
        assertTrue(plain.pruneReport().summary().contains(String.format(Locale.ROOT, "a threshold of %.3f m would link it", need)),
                plain.pruneReport().summary());
        // just below it the clip stays out, at it the clip is connected
        MotionGraph below = MotionGraphBuilder.build(clips, DEFAULT.withConnectCap(need - 1e-4), null);
        assertTrue(below.nodes().stream().noneMatch(n -> n.clip() == 2));
        MotionGraph at = MotionGraphBuilder.build(clips, DEFAULT.withConnectCap(need + 1e-4), null);
        assertTrue(at.nodes().stream().anyMatch(n -> n.clip() == 2) && at.isStronglyConnected());
        assertTrue(at.transitions().stream().allMatch(e -> e.distance() <= need + 1e-4));
    }
}
