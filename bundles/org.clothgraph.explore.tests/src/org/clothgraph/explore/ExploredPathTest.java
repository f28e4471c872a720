package org.clothgraph.explore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.ClothTransition;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.MergeRecord;
import org.clothgraph.model.Project;
import org.clothgraph.model.frames.ClothFrame;
import org.clothgraph.sim.ClothState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Blending across merged transitions (Kim et al. 2013, section 5.1) on the small explored demo: a walk across a
 * merge is continuous where the dead end was, the blend is gone after B frames, two merges inside one window add,
 * and a walk without merges shows exactly the stored frames.
 */
class ExploredPathTest {
    @TempDir
    static Path dir;
    private static Project project;
    private static Walks walks;
    private static int blendFrames;

    @BeforeAll
    static void explore() {
        project = DemoPipeline.run(dir.resolve("demo"), DemoPipeline.Options.small(600), null);
        walks = new Walks(project);
        blendFrames = ExplorationSettings.of(project).blendFrames();
        assertTrue(blendFrames > 1, "blend frames " + blendFrames);
        assertTrue(!project.secondary().merges().isEmpty(), "the demo graph has merges");
    }

    @AfterAll
    static void close() {
        project.close();
    }

    @Test
    void aWalkAcrossAMergeIsContinuousWhereTheDeadEndWas() {
        // the merge with the largest jump, reached along simulated transitions, followed by B more frames
        MergeRecord merge = walks.worstMergeFollowedBy(blendFrames + 5);
        ClothTransition t = project.secondary().transition(merge.transitionId());
        SecondaryWalk walk = walks.across(t, blendFrames + 5);
        assertEquals(1, walk.mergesCrossed());

        ExploredPath blended = ExploredPath.of(project, walk, null);
        ExploredPath plain = ExploredPath.of(project, walk, 0, null);
        assertEquals(1, blended.merges().size());
        ExploredPath.CrossedMerge crossed = blended.merges().get(0);
        int m = crossed.frame();
        assertEquals(t.to(), blended.state(m));

        // the jump blended away is the dead end minus the merge target
        ClothFrame deadEnd = project.frames().read(project.secondary().state(merge.deadEndState()).frameId());
        ClothFrame target = project.frames().read(project.secondary().state(t.to()).frameId());
        double jump = ExploredPath.largestDistance(deadEnd.positions(), target.positions());
        assertEquals(jump, crossed.jump(), 1e-9);
        assertTrue(jump > 0.02, "a visible jump: " + jump * 1000 + " mm");

        // without blending the walk jumps by about the merge error; with it, it moves like the simulation did
        double raw = plain.step(m);
        double smooth = blended.step(m);
        assertEquals(raw, crossed.stepUnblended(), 1e-12);
        assertEquals(smooth, crossed.stepBlended(), 1e-12);
        assertTrue(raw > 0.5 * jump, "unblended step " + raw * 1000 + " mm, jump " + jump * 1000 + " mm");
        assertTrue(smooth < 0.25 * jump, "blended step " + smooth * 1000 + " mm is far below the jump " + jump * 1000
                + " mm (unblended " + raw * 1000 + " mm)");
        // ... exactly: at the merge frame the walk shows the dead end, the simulated continuation of frame m - 1
        assertClose(deadEnd.positions(), blended.shown(m).positions(), 1e-6);
        assertClose(deadEnd.velocities(), blended.shown(m).velocities(), 1e-5);
        assertEquals(ExploredPath.largestDistance(deadEnd.positions(), blended.shown(m - 1).positions()), smooth, 1e-6);
        // and every frame of the window is the stored frame plus the jump at weight 1 - k/B
        for (int k = 0; k < blendFrames; k++) {
            ClothState stored = blended.stored(m + k);
            float[] expected = new float[stored.positions().length];
            double w = 1 - (double) k / blendFrames;
            for (int i = 0; i < expected.length; i++) {
                expected[i] = (float) (stored.positions()[i] + w * (deadEnd.positions()[i] - target.positions()[i]));
            }
            assertClose(expected, blended.shown(m + k).positions(), 1e-6);
            assertEquals(w * jump, blended.offset(m + k), 1e-6, "offset at k = " + k);
        }
        assertTrue(blended.largestStep() <= plain.largestStepUnblended(), "blending does not raise the largest step: "
                + blended.largestStep() * 1000 + " vs " + plain.largestStepUnblended() * 1000 + " mm");
    }

    @Test
    void theBlendIsGoneAfterBFrames() {
        MergeRecord merge = walks.worstMergeFollowedBy(blendFrames + 3);
        ClothTransition t = project.secondary().transition(merge.transitionId());
        ExploredPath path = ExploredPath.of(project, walks.across(t, blendFrames + 3), null);
        int m = path.merges().get(0).frame();
        for (int k = 0; k <= blendFrames + 2; k++) {
            double w = MergeBlend.weight(k, blendFrames);
            List<MergeBlend.Active> active = path.blend().active(m + k);
            if (k < blendFrames) {
                assertEquals(1, active.size());
                assertEquals(w, active.get(0).weight(), 1e-15);
                assertTrue(path.offset(m + k) > 0);
            } else {
                assertTrue(active.isEmpty(), "still blending " + k + " frames after the merge");
                assertEquals(0, path.offset(m + k));
                assertStored(path, m + k);
            }
        }
        assertEquals(0, MergeBlend.weight(blendFrames, blendFrames));
    }

    @Test
    void twoMergesInsideOneWindowCompose() {
        // the two merges closest together along any walk; the blend spans both
        Walks.Pair pair = walks.closestMerges(60, blendFrames);
        assertNotNull(pair, "two merges within 60 frames of each other");
        int b = Math.max(blendFrames, pair.gap() + 4);
        List<Long> ids = walks.simulatedPath(walks.initial, project.secondary().transition(pair.ids().get(0)).from());
        ids.addAll(pair.ids());
        ids.addAll(walks.simulatedFrames(project.secondary().transition(ids.get(ids.size() - 1)).to(), b + 2));
        SecondaryWalk walk = SecondaryWalk.of(project, walks.initial, ids);
        ExploredPath path = ExploredPath.of(project, walk, b, null);
        assertEquals(2, path.merges().size());
        int m1 = path.merges().get(0).frame();
        int m2 = path.merges().get(1).frame();
        assertEquals(pair.gap(), m2 - m1);
        float[] d1 = path.jump(0).positions();
        float[] d2 = path.jump(1).positions();
        for (int f = m2; f < m1 + b; f++) {
            assertEquals(2, path.blend().active(f).size(), "both active at frame " + f);
            float[] stored = path.stored(f).positions();
            double w1 = 1 - (double) (f - m1) / b;
            double w2 = 1 - (double) (f - m2) / b;
            float[] expected = new float[stored.length];
            for (int i = 0; i < expected.length; i++) {
                expected[i] = (float) (stored[i] + w1 * d1[i] + w2 * d2[i]);
            }
            assertClose(expected, path.shown(f).positions(), 1e-6);
        }
        // the second merge lands where its own dead end is, carried by what is left of the first offset
        ClothFrame deadEnd2 = project.frames().read(project.secondary()
                .state(path.merges().get(1).step().merge().deadEndState()).frameId());
        float[] expected = deadEnd2.positions().clone();
        double w1 = 1 - (double) (m2 - m1) / b;
        for (int i = 0; i < expected.length; i++) {
            expected[i] = (float) (expected[i] + w1 * d1[i]);
        }
        assertClose(expected, path.shown(m2).positions(), 1e-6);
        assertStored(path, m2 + b);
    }

    @Test
    void aWalkWithoutMergesShowsExactlyTheStoredFrames() {
        int frames = Math.min(150, walks.depth(walks.initial));
        assertTrue(frames >= 40, "the demo's exploration tree is " + frames + " frames deep");
        List<Long> ids = walks.simulatedFrames(walks.initial, frames);
        SecondaryWalk walk = SecondaryWalk.of(project, walks.initial, ids);
        assertEquals(0, walk.mergesCrossed());
        ExploredPath path = ExploredPath.of(project, walk, null);
        assertTrue(path.frames() > frames, path.frames() + " frames");
        assertEquals(path.frames(), path.motion().frameCount(), "one character frame per cloth frame");
        for (int f = 0; f < path.frames(); f++) {
            assertStored(path, f);
            assertEquals(path.primaryPath().nodeOfFrame(f), path.primaryNode(f));
            if (path.state(f) > 0) {
                ClothStateRecord s = project.secondary().state(path.state(f));
                assertEquals(s.frameId(), path.frameId(f));
                assertEquals(s.classes(), path.classOf(f), "the classifier agrees with the stored class at frame " + f);
            }
        }
        assertEquals(path.largestStep(), path.largestStepUnblended());
    }

    @Test
    void aSeededControllerWalksTheSameWayAndTheWorldFrameFollowsTheCharacter() {
        GarmentInfo robe = ExploredPath.exploredGarment(project);
        ExploredPath a = ExploredPath.fromInitialState(project, robe, WalkController.random(7), 300, null);
        ExploredPath b = ExploredPath.fromInitialState(project, robe, WalkController.random(7), 300, null);
        assertTrue(a.frames() >= 300);
        assertEquals(ids(a.walk()), ids(b.walk()));
        ExploredPath c = ExploredPath.fromInitialState(project, robe, WalkController.preferClipChanges(7), 300, null);
        long changes = c.walk().steps().stream()
                .filter(s -> s.edge().kind() == org.clothgraph.model.PrimaryEdge.Kind.TRANSITION).count();
        assertTrue(changes > 0, "the clip-change controller changes clips");
        long at = a.walk().start().id();
        for (SecondaryWalk.Step s : a.walk().steps()) {
            assertEquals(at, s.transition().from(), "each transition leaves the state the previous one reached");
            at = s.transition().to();
        }
        // world = root frame undone: the cloth travels with the character
        int last = a.frames() - 1;
        RootFrame r = a.rootFrame(last);
        ClothState world = a.world(last);
        assertClose(a.shown(last).positions(), r.toLocal(world).positions(), 1e-5);
        assertThrows(InvalidInputException.class, () -> SecondaryWalk.of(project, walks.initial, List.of(-5L)));
    }

    // ---- helpers --------------------------------------------------------------------------------------

    private static List<Long> ids(SecondaryWalk w) {
        return w.steps().stream().map(s -> s.transition().id()).toList();
    }

    private static void assertStored(ExploredPath path, int f) {
        ClothFrame stored = project.frames().read(path.frameId(f));
        ClothState shown = path.shown(f);
        assertArrayEquals(stored.positions(), shown.positions(), "positions of frame " + f);
        assertArrayEquals(stored.velocities(), shown.velocities(), "velocities of frame " + f);
        assertEquals(0, path.offset(f));
    }

    private static void assertClose(float[] expected, float[] actual, double tolerance) {
        assertEquals(expected.length, actual.length);
        double worst = 0;
        for (int i = 0; i < expected.length; i++) {
            worst = Math.max(worst, Math.abs(expected[i] - actual[i]));
        }
        assertTrue(worst <= tolerance, "differs by " + worst);
    }

    /** The stored secondary graph as adjacency, to construct walks. */
    private static final class Walks {
        record Pair(List<Long> ids, int gap) {
        }

        final long initial;
        private final Map<Long, List<ClothTransition>> out = new HashMap<>();
        private final Map<Long, MergeRecord> merges = new HashMap<>();
        private final Map<Long, ClothTransition> byId = new HashMap<>();
        private final Map<Long, Integer> depth = new HashMap<>();

        Walks(Project p) {
            initial = SecondaryWalk.initialState(p, ExploredPath.exploredGarment(p));
            for (ClothTransition t : p.secondary().transitions()) {
                out.computeIfAbsent(t.from(), k -> new ArrayList<>()).add(t);
                byId.put(t.id(), t);
            }
            for (MergeRecord m : p.secondary().merges()) {
                merges.put(m.transitionId(), m);
            }
        }

        /** From the initial state along simulated transitions, across {@code t}, then {@code frames} frames on. */
        SecondaryWalk across(ClothTransition t, int frames) {
            List<Long> ids = simulatedPath(initial, t.from());
            ids.add(t.id());
            ids.addAll(simulatedFrames(t.to(), frames));
            return SecondaryWalk.of(project, initial, ids);
        }

        /** Transitions from a to b along simulated transitions only (they span the live states from the drape). */
        List<Long> simulatedPath(long a, long b) {
            Map<Long, ClothTransition> via = new HashMap<>();
            ArrayDeque<Long> queue = new ArrayDeque<>(List.of(a));
            via.put(a, null);
            while (!queue.isEmpty()) {
                long s = queue.poll();
                if (s == b) {
                    List<Long> ids = new ArrayList<>();
                    for (ClothTransition t = via.get(b); t != null; t = via.get(t.from())) {
                        ids.add(0, t.id());
                    }
                    return ids;
                }
                for (ClothTransition t : out.getOrDefault(s, List.of())) {
                    if (!t.merged() && !via.containsKey(t.to())) {
                        via.put(t.to(), t);
                        queue.add(t.to());
                    }
                }
            }
            throw new AssertionError("no simulated path from " + a + " to " + b);
        }

        /**
         * At least {@code frames} frames from a state along simulated transitions, into the deepest subtree (fewer
         * when the state's simulated subtree is shallower: see {@link #depth}).
         */
        List<Long> simulatedFrames(long from, int frames) {
            List<Long> ids = new ArrayList<>();
            long at = from;
            for (int n = 0; n < frames;) {
                ClothTransition t = out.getOrDefault(at, List.of()).stream().filter(x -> !x.merged())
                        .max(Comparator.comparingInt(x -> x.innerFrames().length + 1 + depth(x.to()))).orElse(null);
                if (t == null) {
                    break;
                }
                ids.add(t.id());
                n += t.innerFrames().length + 1;
                at = t.to();
            }
            return ids;
        }

        /** Frames of the longest walk from a state along simulated transitions (they form a tree). */
        int depth(long state) {
            Integer d = depth.get(state);
            if (d == null) {
                d = 0;
                for (ClothTransition t : out.getOrDefault(state, List.of())) {
                    if (!t.merged()) {
                        d = Math.max(d, t.innerFrames().length + 1 + depth(t.to()));
                    }
                }
                depth.put(state, d);
            }
            return d;
        }

        /** The merge with the largest error whose target has at least {@code frames} simulated frames after it. */
        MergeRecord worstMergeFollowedBy(int frames) {
            return merges.values().stream().filter(m -> m.deadEndState() > 0)
                    .filter(m -> depth(byId.get(m.transitionId()).to()) >= frames)
                    .max(Comparator.comparingDouble(MergeRecord::plainError)).orElseThrow();
        }

        /**
         * Two merged transitions with the fewest frames between their landings (at most {@code limit}), the
         * second followed by enough simulated frames to watch a blend of {@code max(B, gap + 4)} frames end.
         */
        Pair closestMerges(int limit, int blendFrames) {
            Pair best = null;
            for (MergeRecord m : merges.values()) {
                if (m.deadEndState() <= 0) {
                    continue;
                }
                long first = m.transitionId();
                ClothTransition t1 = byId.get(first);
                // breadth-first by frames from the first merge's target, through simulated transitions
                record Item(long state, List<Long> ids, int frames) {
                }
                ArrayDeque<Item> queue = new ArrayDeque<>(List.of(new Item(t1.to(), List.of(first), 0)));
                while (!queue.isEmpty()) {
                    Item it = queue.poll();
                    for (ClothTransition t : out.getOrDefault(it.state(), List.of())) {
                        int frames = it.frames() + t.innerFrames().length + 1;
                        if (frames > limit || (best != null && frames >= best.gap())) {
                            continue;
                        }
                        List<Long> ids = new ArrayList<>(it.ids());
                        ids.add(t.id());
                        MergeRecord m2 = merges.get(t.id());
                        if (t.merged() && m2 != null && m2.deadEndState() > 0
                                && depth(t.to()) >= Math.max(blendFrames, frames + 4) + 2) {
                            best = new Pair(ids, frames);
                        } else if (!t.merged()) {
                            queue.add(new Item(t.to(), ids, frames));
                        }
                    }
                }
            }
            return best;
        }
    }
}
