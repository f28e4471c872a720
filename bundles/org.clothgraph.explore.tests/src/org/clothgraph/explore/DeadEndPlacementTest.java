package org.clothgraph.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.sim.ClothState;
import org.junit.jupiter.api.Test;

/**
 * Where an expanded branch's dead end is put: the state of least merge error (by {@link MergeError}) among the
 * branch's last states at primary nodes, never in its first half, never a transition's inner frame.
 */
class DeadEndPlacementTest {

    private static final MergeError METRIC = new MergeError(1 / 30.0, 1000.0);

    /** Live states by primary node, as FindMostSimilar sees them; every stored state is class "hood=UP" here. */
    private final Map<Long, List<ClothState>> stored = new HashMap<>();
    private int searches;

    private final DeadEndPlacement.Merges merges = (node, state, cls, bound) -> {
        searches++;
        double best = bound;
        for (ClothState s : stored.getOrDefault(node, List.of())) {
            double ranked = METRIC.ranked(METRIC.plain(state, s), !cls.equals("hood=UP"));
            best = Math.min(best, ranked);
        }
        return best;
    };

    /** A two-vertex robe with its first vertex at height {@code y} metres, at rest. */
    private static ClothState at(double y) {
        return new ClothState(new float[] { 0, (float) y, 0, 1, 0, 0 }, new float[6]);
    }

    /** A branch over nodes 100, 101, ... (frame f - 1 at node 100 + f), its vertex at the given heights. */
    private static List<ClothState> branch(double... heights) {
        List<ClothState> out = new ArrayList<>();
        for (double h : heights) {
            out.add(at(h));
        }
        return out;
    }

    private static long[] nodes(int frames) {
        long[] n = new long[frames + 1];
        for (int f = 0; f <= frames; f++) {
            n[f] = 100 + f;
        }
        return n;
    }

    private static List<String> up(int frames) {
        return new ArrayList<>(java.util.Collections.nCopies(frames, "hood=UP"));
    }

    /** Stores at node 100 + f the state with the vertex at height {@code h}. */
    private void store(int f, double h) {
        stored.computeIfAbsent(100L + f, k -> new ArrayList<>()).add(at(h));
    }

    @Test
    void theLeastErrorAmongTheLastStatesEndsTheBranch() {
        // 10 frames; the states already at the nodes are 0.30, 0.05, 0.20, 0.40, 0.25 m from the branch's at f 6-10
        List<ClothState> b = branch(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        double[] off = { 0.30, 0.05, 0.20, 0.40, 0.25 };
        for (int i = 0; i < off.length; i++) {
            store(6 + i, off[i]);
        }
        assertEquals(7, DeadEndPlacement.choose(nodes(10), b, up(10), 8, merges), "0.05 m at frame 7");
        assertEquals(10, DeadEndPlacement.choose(nodes(10), b, up(10), 1, merges), "window 1: the last state");
        assertEquals(10, DeadEndPlacement.choose(nodes(10), b, up(10), 2, merges), "0.25 m beats 0.40 m at frame 9");
    }

    @Test
    void neverInTheBranchsFirstHalf() {
        List<ClothState> b = branch(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        for (int f = 1; f <= 10; f++) {
            store(f, f <= 4 ? 0.0 : 0.5); // perfect matches in the first four frames only
        }
        assertEquals(10, DeadEndPlacement.choose(nodes(10), b, up(10), 100, merges),
                "frames 1-4 are not candidates, and of equal errors the later state ends the branch");
        store(5, 0.0);
        assertEquals(5, DeadEndPlacement.choose(nodes(10), b, up(10), 100, merges), "frame 5 is the middle of 10");
    }

    @Test
    void aTransitionsInnerFramesAreNotCandidates() {
        List<ClothState> b = branch(0, 0, 0, 0, 0, 0);
        long[] n = nodes(6);
        n[5] = -1; // frame 5 is a blended frame inside a transition
        for (int f = 1; f <= 6; f++) {
            store(f, f == 5 ? 0.0 : 0.3);
        }
        stored.put(-1L, List.of(at(0))); // were the blended frame looked up, it would match perfectly
        assertEquals(6, DeadEndPlacement.choose(n, b, up(6), 8, merges));
    }

    @Test
    void aMergeAcrossClassesRanksBehindAnyMergeWithinTheClass() {
        List<ClothState> b = branch(0, 0, 0, 0);
        List<String> cls = up(4);
        cls.set(2, "hood=DOWN"); // frame 3's state is hood down, every stored one up: its merge crosses classes
        store(3, 0.0);
        store(4, 0.4);
        assertEquals(4, DeadEndPlacement.choose(nodes(4), b, cls, 8, merges));
    }

    @Test
    void aClassChangeAlongTheBranchIsNeverCutOff() {
        // the hood falls at frame 8 of 10; the states stored at the nodes are all hood up and close to the branch's
        List<ClothState> b = branch(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        List<String> cls = up(10);
        for (int f = 8; f <= 10; f++) {
            cls.set(f - 1, "hood=DOWN");
        }
        for (int f = 1; f <= 10; f++) {
            store(f, 0.01);
        }
        searches = 0;
        assertEquals(10, DeadEndPlacement.choose(nodes(10), b, cls, 8, merges),
                "a hood-up state at frames 5-7 would merge within its class, but the fall is kept");
        assertEquals(3, searches, "frames 8-10 only");
    }

    @Test
    void theSearchStopsAtTheWindow() {
        List<ClothState> b = branch(new double[30]);
        for (int f = 1; f <= 30; f++) {
            store(f, 0.1);
        }
        searches = 0;
        assertEquals(30, DeadEndPlacement.choose(nodes(30), b, up(30), 8, merges));
        assertEquals(8, searches, "the last 8 states are looked at");
    }
}
