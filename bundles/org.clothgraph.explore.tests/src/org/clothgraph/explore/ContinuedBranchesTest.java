package org.clothgraph.explore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.ClothTransition;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.PrimaryEdge.Kind;
import org.clothgraph.model.PrimaryGraph;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.XpbdClothSimulator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An expansion's branch that reaches a branching primary node after fewer than {@code minBranchFrames} frames goes on
 * from there along every outgoing edge ({@link Horizon#expansion}); the continuation starts from the branch's last
 * frame as stored, so it gives the frames an expansion from that state would, and the branch's last state stays live.
 */
class ContinuedBranchesTest {
    @TempDir
    Path dir;

    private static PrimaryEdge clip(long id, long from, long to) {
        return new PrimaryEdge(id, from, to, Kind.CLIP, 0);
    }

    /**
     * 0 -> 1 -> 2 (2 frames) branches to 3 (clip) and to 20 (a 3-frame transition); 3 -> ... -> 15 (12 frames) ends at
     * a branching node; 20 -> 21 (1 frame) branches to 22 -> ... -> 30 and back to 3 (a transition).
     */
    private static Horizon horizon(int maxFrames) {
        List<PrimaryEdge> edges = new ArrayList<>();
        List<PrimaryNode> nodes = new ArrayList<>();
        for (long n = 0; n <= 31; n++) {
            nodes.add(new PrimaryNode(n, 1, (int) n));
        }
        long id = 100;
        edges.add(clip(id++, 0, 1));
        edges.add(clip(id++, 1, 2));
        edges.add(clip(id++, 2, 3));
        edges.add(new PrimaryEdge(id++, 2, 20, Kind.TRANSITION, 1));
        for (long n = 3; n < 15; n++) {
            edges.add(clip(id++, n, n + 1));
        }
        edges.add(clip(id++, 15, 16));
        edges.add(new PrimaryEdge(id++, 15, 0, Kind.TRANSITION, 1));
        edges.add(clip(id++, 20, 21));
        edges.add(clip(id++, 21, 22));
        edges.add(new PrimaryEdge(id++, 21, 3, Kind.TRANSITION, 1));
        for (long n = 22; n < 30; n++) {
            edges.add(clip(id++, n, n + 1));
        }
        return new Horizon(new PrimaryGraph(nodes, edges, 0, ""), 3, maxFrames);
    }

    private static String describe(List<Horizon.Step> steps, Horizon h) {
        StringBuilder s = new StringBuilder();
        for (Horizon.Step step : steps) {
            int frames = h.frames(step.edges());
            s.append(step.parent()).append(':').append(step.edges().get(0).from()).append('-').append(step.lastNode())
                    .append('/').append(frames).append(' ');
        }
        return s.toString().trim();
    }

    @Test
    void aShortBranchGoesOnAlongEveryEdgeDepthFirst() {
        Horizon h = horizon(60);
        List<PrimaryEdge> first = h.out(0);
        // without: one branch to the first branching node, 2 frames long
        assertEquals("-1:0-2/2", describe(h.expansion(first, 0), h));
        // with 5: 0-2 is short, so it goes on to 3..15 (13 frames, long enough) and through the transition to 21
        // (4 frames, short), which goes on to 22..30 (9 frames, where the clip ends) and back to 3..15 (15 frames)
        assertEquals("-1:0-2/2 0:2-15/13 0:2-21/4 2:21-30/9 2:21-15/15", describe(h.expansion(first, 5), h));
        // with 16 and a horizon of 30: 2-15 (13 frames) goes on too, through 15 -> 16 (the end) and 15 -> 0 -> 1 -> 2;
        // a branch goes on only while the path to its end is shorter than 30 frames (2-15 after 20 frames does not)
        Horizon h30 = horizon(30);
        assertEquals("-1:0-2/2 0:2-15/13 1:15-16/1 1:15-2/5 3:2-15/13 3:2-21/4 5:21-30/9 5:21-15/15"
                + " 0:2-21/4 8:21-30/9 8:21-15/15 10:15-16/1 10:15-2/5 12:2-15/13 12:2-21/4",
                describe(h30.expansion(h30.out(0), 16), h30));
    }

    @Test
    void theHorizonBoundsThePathNotOnlyTheBranch() {
        // horizon 5: 0-2 (2 frames) goes on; 2-21 is then 6 frames from the start, so it does not; 2-15 stops at 5
        Horizon h = horizon(5);
        assertEquals("-1:0-2/2 0:2-7/5 0:2-21/4", describe(h.expansion(h.out(0), 5), h));
    }

    @Test
    void aContinuationGivesTheFramesOfAnExpansionFromItsStart() throws Exception {
        try (Project p = SmallDemo.build(dir.resolve("c")); ThreadUnitExecutor exec = new ThreadUnitExecutor()) {
            Explorer ex = SmallDemo.explorer(p, 2, new XpbdClothSimulator(), exec);
            SmallDemo.Start s = SmallDemo.start(p, ex, 16);
            List<PrimaryEdge> run = s.run();
            // two parts: 8 frames going on for 8 more; 4 frames going on for 12 more
            List<Horizon.Step> steps = List.of(new Horizon.Step(-1, run.subList(0, 8)),
                    new Horizon.Step(0, run.subList(8, 16)), new Horizon.Step(-1, run.subList(0, 4)),
                    new Horizon.Step(2, run.subList(4, 16)));
            ExpansionUnit unit = ExpansionUnit.fromBytes(ex.stepsUnitFor(s.node(), s.drape(), steps).toBytes());
            assertEquals(List.of(-1, 0, -1, 2), unit.branches().stream().map(ExpansionUnit.Branch::parent).toList());
            assertEquals(0, unit.branches().get(1).sim().initial().positions().length, "known when its parent has run");
            assertTrue(unit.continues(0) && !unit.continues(1) && unit.continues(2) && !unit.continues(3));
            List<ExpansionUnit> parts = unit.parts();
            assertEquals(2, parts.size());
            assertEquals(List.of(-1, 0), parts.get(1).branches().stream().map(ExpansionUnit.Branch::parent).toList(),
                    "parents counted within the part");

            ExpansionResult whole = UnitRunner.run(unit, new XpbdClothSimulator(), null);
            assertFalse(whole.failed(), whole.failure());
            // the continuation of part 2 (frames 5..16) against an expansion from the stored frame 4
            ClothState at4 = whole.frames().get(2).get(3);
            ExpansionResult from4 = UnitRunner.run(ex.unitFor(run.get(4).from(), at4, List.of(run.subList(4, 16))),
                    new XpbdClothSimulator(), null);
            assertFalse(from4.failed(), from4.failure());
            for (int f = 0; f < 12; f++) {
                assertArrayEquals(from4.frames().get(0).get(f).positions(), whole.frames().get(3).get(f).positions(),
                        "frame " + (f + 5));
                assertArrayEquals(from4.frames().get(0).get(f).velocities(), whole.frames().get(3).get(f).velocities(),
                        "frame " + (f + 5));
            }
            // and both parts continue to the same frame 16 as one uninterrupted branch would
            assertArrayEquals(whole.frames().get(1).get(7).positions(), whole.frames().get(3).get(11).positions());

            // placed apart by the executor (part by part) and put back together, the same frames
            List<ExpansionResult> ran = exec.runAll(List.of(unit), new XpbdClothSimulator(), 2, SmallDemo.QUIET, null);
            SmallDemo.assertAsAlone(List.of(unit), ran);
        }
    }

    @Test
    void aContinuationMustStartWhereItsParentEnds() throws Exception {
        try (Project p = SmallDemo.build(dir.resolve("w")); ThreadUnitExecutor exec = new ThreadUnitExecutor()) {
            Explorer ex = SmallDemo.explorer(p, 1, new XpbdClothSimulator(), exec);
            SmallDemo.Start s = SmallDemo.start(p, ex, 8);
            List<PrimaryEdge> run = s.run();
            ExpansionUnit good = ex.stepsUnitFor(s.node(), s.drape(),
                    List.of(new Horizon.Step(-1, run.subList(0, 4)), new Horizon.Step(0, run.subList(4, 8))));
            List<ExpansionUnit.Branch> b = good.branches();
            // the continuation pointed at itself, or made to start from the unit's start node
            ExpansionUnit.Branch self = new ExpansionUnit.Branch(b.get(1).sim(), b.get(1).nodes(), b.get(1).edges(),
                    b.get(1).roots(), List.of(), 1);
            assertThrows(IllegalArgumentException.class, () -> new ExpansionUnit(1, "x", false, List.of(b.get(0), self)));
            ExpansionUnit.Branch elsewhere = new ExpansionUnit.Branch(b.get(1).sim(), b.get(0).nodes(), b.get(0).edges(),
                    b.get(0).roots(), List.of(), 0);
            assertThrows(IllegalArgumentException.class,
                    () -> new ExpansionUnit(1, "x", false, List.of(b.get(0), elsewhere)));
            // a continuation carrying a start state of its own
            assertThrows(IllegalArgumentException.class, () -> new ExpansionUnit.Branch(b.get(0).sim(), b.get(1).nodes(),
                    b.get(1).edges(), b.get(1).roots(), List.of(), 0));
        }
    }

    /**
     * Live states at branching primary nodes that an expansion (round 1 on) went on from within the same round: the
     * continuation's first state follows them by a simulated transition. Without continuations a state at a branching
     * node is a branch's dead end when simulated, and becomes live only when a later round expands it.
     */
    private static int continuedStates(Project p) {
        Map<Long, Integer> outDegree = new HashMap<>();
        for (PrimaryEdge e : PrimaryGraphSnapshot.of(p).graph().edges()) {
            outDegree.merge(e.from(), 1, Integer::sum);
        }
        Map<Long, ClothStateRecord> states = new HashMap<>();
        for (ClothStateRecord s : p.secondary().states()) {
            states.put(s.id(), s);
        }
        java.util.Set<Long> continued = new java.util.HashSet<>();
        for (ClothTransition t : p.secondary().transitions()) {
            ClothStateRecord from = states.get(t.from());
            ClothStateRecord to = states.get(t.to());
            if (!t.merged() && from.live() && from.round() >= 1 && to.round() == from.round()
                    && outDegree.getOrDefault(from.primaryNode(), 0) > 1) {
                continued.add(from.id());
            }
        }
        return continued.size();
    }

    @Test
    void anExplorationGoesOnThroughBranchingNodesOnlyWhenAsked() throws Exception {
        try (Project with = SmallDemo.build(dir.resolve("with")); Project without = SmallDemo.build(dir.resolve("without"))) {
            explore(with, ExplorationSettings.DEFAULT_MIN_BRANCH_FRAMES, 500);
            explore(without, 0, 500);
            assertTrue(continuedStates(with) > 0, "an expansion went on through a branching node");
            assertEquals(0, continuedStates(without));
            for (Project p : List.of(with, without)) {
                org.clothgraph.model.CheckReport r = p.check(null);
                assertTrue(r.clean(), () -> r.violations().toString());
            }
        }
    }

    private static void explore(Project p, int minBranch, long frames) {
        try (ThreadUnitExecutor executor = new ThreadUnitExecutor()) {
            new Explorer(p, SmallDemo.robe(p), new XpbdClothSimulator(), ExplorationSettings.defaults().withWorkers(2)
                    .withMinBranchFrames(minBranch), executor).run(Explorer.Limits.frames(frames), null);
        }
    }
}
