package org.clothgraph.motion.tests;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.demo.DemoCharacter;
import org.clothgraph.motion.graph.Alignment;
import org.clothgraph.motion.graph.MotionGraph;
import org.clothgraph.motion.graph.MotionGraph.Edge;
import org.clothgraph.motion.graph.MotionGraphBenchmark;
import org.clothgraph.motion.graph.MotionGraphBuilder;
import org.clothgraph.motion.graph.PruneReport;
import org.clothgraph.motion.graph.Transition;
import org.clothgraph.motion.io.BvhReader;
import org.clothgraph.motion.retarget.JointMap;
import org.clothgraph.motion.retarget.Retargeter;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.junit.jupiter.api.Test;

class MotionGraphTest {

    static final MotionGraph DEMO = MotionGraphBuilder.build(DemoTest.CLIPS, MotionGraphBuilder.Options.DEFAULT, new NullProgressMonitor());

    @Test
    void demoGraph() {
        MotionGraph g = DEMO;
        assertTrue(g.isStronglyConnected());
        assertTrue(g.transitions().size() >= 20, "transitions " + g.transitions().size());
        // a moderate set (Kovar's local minima with near-duplicates suppressed), not one per few frames
        assertTrue(g.transitions().size() <= 200, "transitions " + g.transitions().size());
        assertTrue(g.nodes().size() >= 2000, "kept frames " + g.nodes().size());
        assertEquals(DemoTest.CLIPS.size(), g.nodes().stream().map(MotionGraph.Node::clip).distinct().count(), "every demo clip is kept");
        assertTrue(g.crossClipTransitions() >= 20, "cross-clip transitions " + g.crossClipTransitions());
        for (int c = 0; c < g.clips().size(); c++) {
            int clip = c;
            String name = g.clips().get(c).name();
            // each clip is entered from and left to other clips, not only reached through itself
            assertTrue(g.transitions().stream().anyMatch(e -> e.from().clip() == clip && e.to().clip() != clip), name + " leaves");
            assertTrue(g.transitions().stream().anyMatch(e -> e.to().clip() == clip && e.from().clip() != clip), name + " is entered");
            assertTrue(g.nodes().stream().filter(n -> n.clip() == clip).count() > g.clips().get(c).frameCount() * 0.7, name + " mostly kept");
        }
        PruneReport r = g.pruneReport();
        assertEquals(r.candidateTransitions(), r.keptTransitions() + r.suppressedTransitions() + r.droppedTransitions().size());
        assertEquals(g.transitions().size(), r.keptTransitions());
        int removed = r.removedRanges().stream().mapToInt(x -> x.to() - x.from() + 1).sum();
        assertEquals(r.totalNodes(), g.nodes().size() + removed);
    }

    @Test
    void nearDuplicateTransitionsAreSuppressed() {
        MotionGraphBuilder.Options o = MotionGraphBuilder.Options.DEFAULT;
        List<Edge> t = DEMO.transitions();
        int k = DEMO.window();
        for (Edge a : t) {
            int out = 0, in = 0;
            for (Edge b : t) {
                // sources are frame-1 of the compared window and targets its last frame: compare like the builder
                if (b.from().clip() == a.from().clip() && b.from().frame() >= a.from().frame()
                        && b.from().frame() <= a.from().frame() + o.span()) out++;
                if (b.to().clip() == a.to().clip() && b.to().frame() >= a.to().frame() && b.to().frame() <= a.to().frame() + o.span()) in++;
                if (a != b && a.from().clip() == b.from().clip() && a.to().clip() == b.to().clip()) {
                    assertTrue(Math.abs(a.from().frame() - b.from().frame()) > o.duplicateRadius()
                            && Math.abs(a.to().frame() - b.to().frame()) > o.duplicateRadius(), a.from() + "->" + a.to() + " vs " + b.from() + "->" + b.to());
                }
            }
            assertTrue(out <= o.maxPerSpan() && in <= o.maxPerSpan(), "fan-out " + out + " fan-in " + in + " at " + a.from() + "->" + a.to());
            assertTrue(a.distance() < o.threshold() * 1.001, "distance " + a.distance());
        }
        // without suppression the plain local minima are kept: many more
        MotionGraph plain = MotionGraphBuilder.build(DemoTest.CLIPS.subList(0, 4), o.withoutSuppression(), null);
        MotionGraph sup = MotionGraphBuilder.build(DemoTest.CLIPS.subList(0, 4), o, null);
        assertEquals(0, plain.pruneReport().suppressedTransitions());
        assertTrue(plain.transitions().size() > 3 * sup.transitions().size(), plain.transitions().size() + " vs " + sup.transitions().size());
        assertEquals(k, sup.window());
    }

    @Test
    void transitionApiReproducesBuilderEdges() {
        List<Motion> cl = DEMO.clips();
        int k = DEMO.window();
        for (Edge e : DEMO.transitions()) {
            Transition t = MotionGraphBuilder.transition(cl, e.from().clip(), e.from().frame(), e.to().clip(), e.to().frame(), k);
            assertEquals(e.distance(), t.distance(), 1e-12);
            assertEquals(e.distance(), MotionGraphBuilder.transitionDistance(cl, e.from().clip(), e.from().frame(), e.to().clip(),
                    e.to().frame(), k), 1e-9);
            assertEquals(e.alignment(), t.alignment());
            Edge te = t.toEdge();
            assertEquals(List.of(e.from(), e.to(), e.kind(), e.distance(), e.alignment()),
                    List.of(te.from(), te.to(), te.kind(), te.distance(), te.alignment()));
            assertEquals(e.from(), t.from());
            assertEquals(e.to(), t.to());
            for (int p = 0; p < k; p += 3) {
                Vec3[] x = e.blend().worldPositions(p), y = t.blend().worldPositions(p);
                for (int j = 0; j < x.length; j++) assertEquals(0, x[j].distance(y[j]), 1e-12);
            }
            Transition viaGraph = DEMO.transition(e.from(), e.to());
            assertEquals(t.distance(), viaGraph.distance(), 0);
        }
        // a hand-made transition (walk mid-stride into jog mid-stride) gets the same treatment
        Transition h = MotionGraphBuilder.transition(cl, 0, 150, 1, 160, k);
        assertEquals(k, h.blend().frameCount());
        assertTrue(h.distance() > 0 && Double.isFinite(h.distance()));
        Vec3[] last = h.blend().worldPositions(k - 1), target = cl.get(1).worldPositions(160);
        for (int j = 0; j < last.length; j++) assertEquals(0, last[j].distance(h.alignment().apply(target[j])), 1e-9);
        assertEquals(h.distance(), MotionGraphBuilder.windowDistance(cl.get(0), 151, cl.get(1), 160 - k + 1, k), 1e-12);
        assertEquals(0, MotionGraphBuilder.windowDistance(cl.get(2), 40, cl.get(2), 40, k), 1e-6);
        assertThrows(IllegalArgumentException.class, () -> MotionGraphBuilder.transition(cl, 0, cl.get(0).frameCount() - k, 1, 100, k));
        assertThrows(IllegalArgumentException.class, () -> MotionGraphBuilder.transition(cl, 0, 100, 1, k - 2, k));
        assertThrows(IllegalArgumentException.class, () -> MotionGraphBuilder.transition(cl, 0, 100, 99, 100, k));
        assertThrows(IllegalArgumentException.class, () -> MotionGraphBuilder.transition(cl, 0, 100, 1, 100, 1));
    }

    @Test
    void playedPathsAreContinuousAcrossTransitions() {
        MotionGraph g = DEMO;
        List<Motion> cl = g.clips();
        double[] clipJump = new double[cl.size()], rootJump = new double[cl.size()];
        for (int c = 0; c < cl.size(); c++) {
            for (int f = 1; f < cl.get(c).frameCount(); f++) {
                clipJump[c] = Math.max(clipJump[c], jump(cl.get(c).worldPositions(f - 1), cl.get(c).worldPositions(f)));
                rootJump[c] = Math.max(rootJump[c], cl.get(c).rootPosition(f - 1).distance(cl.get(c).rootPosition(f)));
            }
        }
        // every transition on its own, with a clip frame before and after it
        for (Edge e : g.transitions()) {
            List<Edge> path = new ArrayList<>();
            for (Edge x : g.outgoing(e.from())) assertEquals(e.from(), x.from());
            path.add(e);
            g.outgoing(e.to()).stream().filter(x -> x.kind() == MotionGraph.Kind.CLIP).findFirst().ifPresent(path::add);
            checkContinuity(g, path, clipJump, rootJump);
        }
        // a long random walk that takes many transitions
        java.util.Random rnd = new java.util.Random(7);
        List<MotionGraph.Node> nodes = new ArrayList<>();
        MotionGraph.Node at = g.nodes().get(rnd.nextInt(g.nodes().size()));
        nodes.add(at);
        List<Edge> path = new ArrayList<>();
        int taken = 0;
        while (taken < 40) {
            List<Edge> out = g.outgoing(at);
            assertFalse(out.isEmpty(), "dead end at " + at);
            List<Edge> tr = out.stream().filter(x -> x.kind() == MotionGraph.Kind.TRANSITION).toList();
            Edge e = !tr.isEmpty() && rnd.nextInt(3) == 0 ? tr.get(rnd.nextInt(tr.size()))
                    : out.stream().filter(x -> x.kind() == MotionGraph.Kind.CLIP).findFirst().orElse(out.get(0));
            if (e.kind() == MotionGraph.Kind.TRANSITION) taken++;
            path.add(e);
            at = e.to();
            nodes.add(at);
        }
        Motion played = checkContinuity(g, path, clipJump, rootJump);
        assertEquals(path, g.edgesAlong(nodes));
        Motion again = g.playNodes(nodes);
        assertEquals(played.frameCount(), again.frameCount());
        assertEquals(played.rootPosition(played.frameCount() - 1), again.rootPosition(again.frameCount() - 1));
        // the last frame is the last node's clip frame mapped by the accumulated alignment
        Alignment end = MotionGraph.alignmentAfter(path, Alignment.IDENTITY);
        Vec3[] a = played.worldPositions(played.frameCount() - 1), b = cl.get(at.clip()).worldPositions(at.frame());
        for (int j = 0; j < a.length; j++) assertEquals(0, a[j].distance(end.apply(b[j])), 1e-6);
        // a start alignment moves the whole result rigidly
        Alignment start = new Alignment(0.7, 2, -1);
        Motion moved = MotionGraph.play(cl, path, start);
        assertEquals(0, moved.worldPositions(50)[7].distance(start.apply(played.worldPositions(50)[7])), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> g.play(List.of(path.get(0), path.get(2))));
        assertThrows(IllegalArgumentException.class, () -> g.play(List.of()));
    }

    /** Plays the path and checks every output step against the largest step of the clips involved. */
    private static Motion checkContinuity(MotionGraph g, List<Edge> path, double[] clipJump, double[] rootJump) {
        Motion m = g.play(path);
        int expected = 1;
        for (Edge e : path) expected += e.kind() == MotionGraph.Kind.CLIP ? 1 : g.window();
        assertEquals(expected, m.frameCount());
        Vec3[] first = g.clips().get(path.get(0).from().clip()).worldPositions(path.get(0).from().frame()), p0 = m.worldPositions(0);
        for (int j = 0; j < first.length; j++) assertEquals(0, first[j].distance(p0[j]), 1e-9);
        int f = 1;
        for (Edge e : path) {
            int steps = e.kind() == MotionGraph.Kind.CLIP ? 1 : g.window();
            // a blend also moves every joint across the (aligned) pose difference of the two clips as its ease
            // weight rises (peak slope 1.5 / window); the transition's RMS distance, doubled for the worst joint,
            // bounds that difference. Clip edges get no slack.
            double blendSlack = e.kind() == MotionGraph.Kind.CLIP ? 1e-9 : 1.5 * 2 * e.distance() / g.window();
            double limit = Math.max(clipJump[e.from().clip()], clipJump[e.to().clip()]) + blendSlack;
            double rootLimit = Math.max(rootJump[e.from().clip()], rootJump[e.to().clip()]) + blendSlack;
            for (int i = 0; i < steps; i++, f++) {
                String where = e.from() + "->" + e.to() + " step " + i;
                assertTrue(jump(m.worldPositions(f - 1), m.worldPositions(f)) <= limit, where);
                assertTrue(m.rootPosition(f - 1).distance(m.rootPosition(f)) <= rootLimit, "root " + where);
            }
        }
        return m;
    }

    @Test
    void excludedClipIsReportedAndAbsent() {
        MotionGraph g = MotionGraphBuilder.build(DemoTest.CLIPS.subList(0, 4),
                MotionGraphBuilder.Options.DEFAULT.withExcluded(java.util.Set.of("turn_right")), null);
        assertTrue(g.nodes().stream().noneMatch(n -> n.clip() == 3));
        assertTrue(g.pruneReport().removedRanges().stream().anyMatch(r -> r.clipName().equals("turn_right") && r.reason().contains("excluded")));
    }

    @Test
    void cancellationEscapes() {
        NullProgressMonitor m = new NullProgressMonitor();
        m.setCanceled(true);
        assertThrows(OperationCanceledException.class, () -> MotionGraphBuilder.build(DemoTest.CLIPS, MotionGraphBuilder.Options.DEFAULT, m));
    }

    @Test
    void mocapGraphHasSmoothCrossClipTransitions() throws Exception {
        List<Motion> clips = new ArrayList<>();
        for (var p : TestData.bvhFiles()) {
            Motion m = BvhReader.read(p);
            Retargeter r = new Retargeter(m.skeleton(), DemoCharacter.skeleton(), JointMap.forSkeleton(m.skeleton()));
            assertTrue(r.coverage() > 0.5, p.toString());
            clips.add(r.retarget(m));
        }
        MotionGraph g = MotionGraphBuilder.build(clips, MotionGraphBuilder.Options.DEFAULT, null);
        assertTrue(g.isStronglyConnected());
        assertTrue(g.crossClipTransitions() > 0, "transitions between different clips");
        List<Motion> cl = g.clips();
        double[] clipJump = new double[cl.size()];
        for (int c = 0; c < cl.size(); c++) {
            for (int f = 1; f < cl.get(c).frameCount(); f++) clipJump[c] = Math.max(clipJump[c], jump(cl.get(c).worldPositions(f - 1), cl.get(c).worldPositions(f)));
        }
        for (Edge e : g.transitions()) {
            Motion a = cl.get(e.from().clip()), b = cl.get(e.to().clip()), blend = g.blendedPoses(e);
            assertEquals(g.window(), blend.frameCount());
            List<Vec3[]> seq = new ArrayList<>();
            seq.add(a.worldPositions(e.from().frame()));
            for (int p = 0; p < blend.frameCount(); p++) seq.add(blend.worldPositions(p));
            if (e.to().frame() + 1 < b.frameCount()) {
                Vec3[] next = b.worldPositions(e.to().frame() + 1);
                for (int j = 0; j < next.length; j++) next[j] = e.alignment().apply(next[j]);
                seq.add(next);
            }
            // the blend ends exactly in the (aligned) target frame
            Vec3[] last = blend.worldPositions(blend.frameCount() - 1), target = b.worldPositions(e.to().frame());
            assertEquals(0, last[5].distance(e.alignment().apply(target[5])), 1e-6);
            double limit = Math.max(clipJump[e.from().clip()], clipJump[e.to().clip()]);
            for (int i = 1; i < seq.size(); i++) {
                assertTrue(jump(seq.get(i - 1), seq.get(i)) <= limit, "transition " + e.from() + "->" + e.to() + " step " + i);
            }
        }
    }

    static double jump(Vec3[] a, Vec3[] b) {
        double m = 0;
        for (int j = 0; j < a.length; j++) m = Math.max(m, a[j].distance(b[j]));
        return m;
    }

    @Test
    void benchmarkReportsItsNumbers() {
        MotionGraphBenchmark.Result r = MotionGraphBenchmark.run(600, null);
        assertEquals(600, r.frames());
        assertEquals(600, r.stats().frames());
        assertTrue(r.clips() >= 2);
        // the benchmark size: well under 30 s (about 0.3 s on two cores)
        MotionGraphBenchmark.Result big = MotionGraphBenchmark.run(3115, null);
        assertEquals(3115, big.stats().frames());
        assertTrue(big.stronglyConnected());
        assertTrue(big.buildMillis() < 30_000, big.toString());
    }
}
