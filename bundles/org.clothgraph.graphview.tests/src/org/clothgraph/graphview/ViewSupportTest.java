package org.clothgraph.graphview;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the view builds on: the synthetic fixture, the filters, neighbourhoods and the layout cache. */
class ViewSupportTest {
    @TempDir
    Path dir;

    @Test
    void theSyntheticGraphHasClothLikeStatesThatTheLayoutSeparatesByHood() {
        SyntheticGraph.Fixture f = SyntheticGraph.of(20_000, 400, 3);
        assertEquals(20_000, f.graph().size());
        assertTrue(f.graph().edges().stream().anyMatch(SecondaryGraphSnapshot.Edge::crossClass));
        StateEmbedding e = StateEmbedding.compute(f.graph(), f.frames(), null);
        SecondaryGraphLayout layout = SecondaryGraphLayout.of(f.graph(), f.lanes(), e);
        double share = layout.neighbourClassShare(f.graph(), "hood", 10);
        // hood-down states are about a third: mixed at random the share would be about 0.55
        assertTrue(share > 0.75, "share " + share);
        float[] a = new float[3 * 400], b = new float[3 * 400];
        f.frames().positions(f.graph().state(5), a);
        f.frames().positions(f.graph().state(5), b);
        assertArrayEquals(a, b, "the cloth is a function of the state");
    }

    @Test
    void filtersKeepWhatTheySay() {
        SyntheticGraph.Fixture f = SyntheticGraph.of(4000, 64, 1);
        SecondaryGraphSnapshot g = f.graph();
        long merges = g.edges().stream().filter(SecondaryGraphSnapshot.Edge::merged).count();
        assertEquals(merges, g.edges().stream().filter(e -> GraphFilter.ALL.withMergesOnly(true).shows(g, e)).count());
        assertTrue(g.edges().stream().filter(e -> GraphFilter.ALL.withCrossClassOnly(true).shows(g, e))
                .allMatch(SecondaryGraphSnapshot.Edge::crossClass));
        assertTrue(g.edges().stream().filter(e -> GraphFilter.ALL.withMinErrorMm(50).shows(g, e))
                .allMatch(e -> e.merged() && e.errorMm() >= 50));
        GraphFilter clip = GraphFilter.ALL.withClip(2);
        assertTrue(g.edges().stream().filter(e -> clip.shows(g, e))
                .allMatch(e -> g.state(e.from()).clipId() == 2 && g.state(e.to()).clipId() == 2));
        assertFalse(clip.shows(g.state(0)));
        assertTrue(GraphFilter.ALL.isAll() && !clip.isAll());
    }

    @Test
    void aNeighbourhoodHoldsTheStatesWithinKTransitions() {
        // 0 -> 1 -> 2 -> 3 -> 4, and 5 -> 2 merged
        List<SecondaryGraphSnapshot.State> s = new java.util.ArrayList<>();
        for (int i = 0; i < 6; i++) {
            s.add(new SecondaryGraphSnapshot.State(i, 10 + i, 1, 1, i, i, "hood=UP", true, 0));
        }
        List<SecondaryGraphSnapshot.Edge> e = List.of(edge(0, 1, false), edge(1, 2, false), edge(2, 3, false),
                edge(3, 4, false), edge(5, 2, true));
        SecondaryGraphSnapshot g = new SecondaryGraphSnapshot(s, e, Map.of(1L, "c"), 0);
        Neighbourhood n = Neighbourhood.of(g, 2, 1, 100);
        int[] states = n.states().clone();
        Arrays.sort(states);
        assertArrayEquals(new int[] { 1, 2, 3, 5 }, states);
        assertEquals(3, n.edges().size());
        assertEquals(6, Neighbourhood.of(g, 2, 2, 100).states().length);
        assertEquals(2, Neighbourhood.of(g, 2, 2, 2).states().length);
    }

    private static SecondaryGraphSnapshot.Edge edge(int a, int b, boolean merged) {
        return new SecondaryGraphSnapshot.Edge(a, b, 100 + a, merged, merged ? 40 : 0, false, false, merged ? a : -1);
    }

    @Test
    void theLayoutCacheHoldsPositionsPerStateAndIsStaleWhenTheGraphGrows() {
        try (Project p = Project.create(dir.resolve("p"), "p")) {
            GarmentInfo garment = new GarmentInfo(7, "robe", "robe.obj", "{}", 10, Map.of());
            SyntheticGraph.Fixture f = SyntheticGraph.of(800, 16, 1);
            double[] x = new double[800], y = new double[800];
            for (int i = 0; i < 800; i++) {
                x[i] = i;
                y[i] = -i;
            }
            assertTrue(LayoutCache.store(p, garment, f.graph(), SecondaryGraphLayout.of(x, y)));
            SecondaryGraphLayout back = LayoutCache.load(p, garment, f.graph()).orElseThrow();
            assertEquals(799, back.x(799), 1e-6);
            assertEquals(-799, back.y(799), 1e-6);
            SyntheticGraph.Fixture grown = SyntheticGraph.of(1200, 16, 1);
            assertTrue(LayoutCache.load(p, garment, grown.graph()).isEmpty(), "a cache of fewer states is stale");
            SecondaryGraphLayout provisional = LayoutCache.provisional(LayoutCache.positions(p, garment),
                    grown.graph(), SecondaryGraphLayout.of(new double[1200], new double[1200]));
            int known = grown.graph().indexOf(f.graph().state(10).id());
            assertEquals(10, provisional.x(known), 1e-6, "a known state stays where it was");
        }
    }
}
