package org.clothgraph.graphview;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The neighbourhood diagram: every state and transition placed, every label clear of states and other labels. */
class NeighbourhoodDiagramTest {
    /** 7.5 units a character, 15 high: about the view's font in pixels. */
    private static final NeighbourhoodDiagram.TextSize TEXT = new NeighbourhoodDiagram.TextSize() {
        @Override
        public double width(String text) {
            return 7.5 * text.length();
        }

        @Override
        public double height() {
            return 15;
        }
    };

    /**
     * The shape that overlapped in the view before: a simulated chain into the picked state, whose merge and seven
     * others converge on one target (errors of 3-4 digits), which goes on to two states.
     */
    @Test
    void mergesConvergingOnOneStateKeepTheirLabelsOffStatesAndEachOther() {
        List<SecondaryGraphSnapshot.State> s = new ArrayList<>();
        for (int i = 0; i < 14; i++) {
            s.add(new SecondaryGraphSnapshot.State(i, 16230 + i, i, 1, i, i, "hood=DOWN", true, 0));
        }
        List<SecondaryGraphSnapshot.Edge> e = new ArrayList<>();
        e.add(new SecondaryGraphSnapshot.Edge(0, 1, 1, false, 0, false, false, -1));
        e.add(new SecondaryGraphSnapshot.Edge(1, 2, 2, false, 0, false, false, -1));
        int target = 3;
        for (int from : new int[] { 2, 4, 5, 6, 7, 8, 9, 10 }) {
            e.add(new SecondaryGraphSnapshot.Edge(from, target, 10 + from, true, 216 + 211.7 * from, from == 4, false,
                    -1));
        }
        e.add(new SecondaryGraphSnapshot.Edge(3, 11, 30, false, 0, false, false, -1));
        e.add(new SecondaryGraphSnapshot.Edge(3, 12, 31, false, 0, false, false, -1));
        SecondaryGraphSnapshot g = new SecondaryGraphSnapshot(s, e, Map.of(1L, "jump"), 0);
        Neighbourhood hood = Neighbourhood.of(g, 2, 2, 40);
        NeighbourhoodDiagram d = NeighbourhoodDiagram.of(g, hood, 9, TEXT);

        assertEquals(hood.states().length, d.nodes().size());
        assertEquals(hood.edges().size(), d.links().size());
        assertEquals(8, d.links().stream().filter(l -> l.label() != null).count(), "every merge is labelled");
        assertTrue(d.overlaps().isEmpty(), d.overlaps().toString());
        for (NeighbourhoodDiagram.Link l : d.links()) {
            double[] r = l.route();
            NeighbourhoodDiagram.Node from = node(d, l.edge().from()), to = node(d, l.edge().to());
            // a route leaves its source's circle box and ends at its target's
            assertTrue(Math.hypot(r[0] - from.cx(), r[1] - from.cy()) <= 9 * Math.sqrt(2) + 1e-6, "start " + l);
            assertTrue(Math.hypot(r[r.length - 2] - to.cx(), r[r.length - 1] - to.cy()) <= 9 * Math.sqrt(2) + 1e-6,
                    "end " + l);
        }
        for (NeighbourhoodDiagram.Node n : d.nodes()) {
            assertTrue(n.label().x() >= 0 && n.label().y() >= 0 && n.label().x() + n.label().w() <= d.width() + 1e-6
                    && n.label().y() + n.label().h() <= d.height() + 1e-6, "inside the diagram: " + n);
        }
    }

    @Test
    void boxesThatShareAreaIntersectAndBoxesThatTouchDoNot() {
        NeighbourhoodDiagram.Box a = new NeighbourhoodDiagram.Box(0, 0, 10, 10);
        assertTrue(a.intersects(new NeighbourhoodDiagram.Box(9, 9, 5, 5)));
        assertFalse(a.intersects(new NeighbourhoodDiagram.Box(10, 0, 5, 5)));
        assertFalse(a.intersects(new NeighbourhoodDiagram.Box(0, 11, 5, 5)));
    }

    private static NeighbourhoodDiagram.Node node(NeighbourhoodDiagram d, int state) {
        return d.nodes().stream().filter(n -> n.state() == state).findFirst().orElseThrow();
    }
}
