package org.clothgraph.graphview;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** "How did we get here" on a hand-built graph whose answer is known. */
class PathToStateTest {

    private static SecondaryGraphSnapshot.State s(int i, long clip, int frame, String cls) {
        return new SecondaryGraphSnapshot.State(i, 100 + i, 1000 + i, clip, frame, i, cls, true, 0);
    }

    private static SecondaryGraphSnapshot.Edge e(int from, int to, boolean merged) {
        return new SecondaryGraphSnapshot.Edge(from, to, 500 + from * 10 + to, merged, merged ? 12 : 0, false, false, -1);
    }

    /**
     * walk 0..3, then a transition into jump 0..2 whose last state has the hood down; a longer way round through
     * kick reaches it too, and one state (7) is reachable from nowhere.
     */
    private static SecondaryGraphSnapshot graph() {
        List<SecondaryGraphSnapshot.State> states = List.of(s(0, 1, 0, "hood=UP"), s(1, 1, 1, "hood=UP"),
                s(2, 1, 2, "hood=UP"), s(3, 1, 3, "hood=UP"), s(4, 2, 0, "hood=UP"), s(5, 2, 1, "hood=UP"),
                s(6, 2, 2, "hood=DOWN"), s(7, 3, 0, "hood=UP"), s(8, 3, 1, "hood=UP"), s(9, 3, 2, "hood=UP"));
        List<SecondaryGraphSnapshot.Edge> edges = List.of(e(0, 1, false), e(1, 2, false), e(2, 3, false),
                e(3, 4, false), e(4, 5, false), e(5, 6, false), e(1, 8, false), e(8, 9, false), e(9, 5, true),
                e(7, 8, false), e(6, 0, true));
        return new SecondaryGraphSnapshot(states, edges, Map.of(1L, "walk", 2L, "jump", 3L, "kick"), 0);
    }

    @Test
    void findsTheShortestMotionToTheHoodDownState() {
        SecondaryGraphSnapshot g = graph();
        PathToState p = PathToState.of(g, 6);
        // 0>1>8>9>5>6 is 5 transitions, 0>1>2>3>4>5>6 is 6: the kick detour is shorter and crosses one merge
        assertEquals(5, p.edges().size());
        assertEquals(1, p.merges());
        assertEquals("walk 0-1 > kick 1-2 > jump 1-2", p.toString());
        assertEquals(List.of(501L, 518L, 589L, 595L, 556L), p.edges().stream().map(SecondaryGraphSnapshot.Edge::transitionId).toList());
    }

    @Test
    void theInitialStateIsReachedByNoTransitionAndAnUnreachableStateByNone() {
        SecondaryGraphSnapshot g = graph();
        assertEquals(0, PathToState.of(g, 0).edges().size());
        assertEquals("walk 0", PathToState.of(g, 0).toString());
        assertNull(PathToState.of(g, 7));
    }
}
