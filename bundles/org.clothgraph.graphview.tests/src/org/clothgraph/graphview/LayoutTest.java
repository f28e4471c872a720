package org.clothgraph.graphview;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.motion.project.PrimaryLaneLayout;
import org.junit.jupiter.api.Test;

/** The embedding and the neighbour measure on synthetic cloth whose structure is known. */
class LayoutTest {

    /**
     * 3 primary nodes x 200 states of a 300-vertex "cloth"; half of the states of each node have a flap (20
     * vertices) lifted by 10 cm, the others noise of 5 mm everywhere. The embedding must separate the two halves
     * along its first direction without reading the class.
     */
    @Test
    void theEmbeddingSeparatesClothThatDiffersAndNeverReadsTheClass() {
        int v = 300, perNode = 200;
        List<SecondaryGraphSnapshot.State> states = new ArrayList<>();
        List<float[]> cloth = new ArrayList<>();
        SplittableRandom r = new SplittableRandom(7);
        for (int node = 0; node < 3; node++) {
            for (int k = 0; k < perNode; k++) {
                boolean lifted = k % 2 == 0;
                float[] p = new float[3 * v];
                for (int i = 0; i < 3 * v; i++) {
                    p[i] = (float) (0.1 * node + 0.01 * (i % 7) + 0.005 * (r.nextDouble() - 0.5));
                }
                if (lifted) {
                    for (int i = 0; i < 20; i++) {
                        p[3 * (40 + 3 * i) + 1] += 0.1f;
                    }
                }
                int index = states.size();
                // the class string is deliberately wrong for half the states: the embedding must not care
                states.add(new SecondaryGraphSnapshot.State(index, index, node, 1, node, index,
                        (k % 4 < 2) ? "hood=UP" : "hood=DOWN", true, 0));
                cloth.add(p);
            }
        }
        SecondaryGraphSnapshot g = new SecondaryGraphSnapshot(states, List.of(), Map.of(1L, "c"), 0);
        StateEmbedding e = StateEmbedding.compute(g, frames(cloth, v), null);
        double liftedSide = Math.signum(e.coordinate(0, 0));
        for (int i = 0; i < states.size(); i++) {
            boolean lifted = (i % perNode) % 2 == 0;
            assertEquals(lifted ? liftedSide : -liftedSide, Math.signum(e.coordinate(i, 0)), "state " + i);
        }
        assertTrue(e.variance(0) > 10 * e.variance(1), e.variance(0) + " vs " + e.variance(1));
        // each direction is turned so that its largest entry is positive (a relayout keeps its bands' sides)
        for (int c = 0; c < 2; c++) {
            double[] d = e.direction(c);
            double big = 0;
            for (double x : d) {
                big = Math.abs(x) > Math.abs(big) ? x : big;
            }
            assertTrue(big > 0, "direction " + c);
        }
    }

    /**
     * Two lanes one above the other (centres 96 apart) and 50 states on the upper one whose cloth differs by how far
     * a flap is lifted: each state is offset across its lane in the order of its flap (the embedding's rank), over a
     * band 0.4 of the way to the other lane on either side, never into it.
     */
    @Test
    void statesSpreadAcrossTheirLaneInTheOrderOfTheirClothWithinTheRoomTheLanesLeave() {
        int v = 60, n = 50;
        List<SecondaryGraphSnapshot.State> states = new ArrayList<>();
        List<float[]> cloth = new ArrayList<>();
        SplittableRandom r = new SplittableRandom(11);
        for (int i = 0; i < n; i++) {
            float[] p = new float[3 * v];
            for (int j = 0; j < 3 * v; j++) {
                p[j] = (float) (0.02 * (j % 5) + 0.001 * (r.nextDouble() - 0.5));
            }
            for (int j = 0; j < 10; j++) {
                p[3 * j + 1] += 0.01f * i;
            }
            states.add(new SecondaryGraphSnapshot.State(i, i, i % 5, 1, i % 5, i, "", true, 0));
            cloth.add(p);
        }
        SecondaryGraphSnapshot g = new SecondaryGraphSnapshot(states, List.of(), Map.of(1L, "a", 2L, "b"), 0);
        ClipInfo a = new ClipInfo(1, "a", "a.bvh", 30, 5, false);
        ClipInfo b = new ClipInfo(2, "b", "b.bvh", 30, 5, false);
        PrimaryLaneLayout lanes = PrimaryLaneLayout.of(Map.of(
                1L, new PrimaryLaneLayout.Lane(a, 0, 0, 100, 26),
                2L, new PrimaryLaneLayout.Lane(b, 40, 96, 100, 26)));
        assertEquals(0.4 * 96, SecondaryGraphLayout.acrossHalfSpread(lanes), 1e-9);
        StateEmbedding e = StateEmbedding.compute(g, frames(cloth, v), null);
        SecondaryGraphLayout layout = SecondaryGraphLayout.of(g, lanes, e);
        double sign = Math.signum(layout.y(n - 1) - layout.y(0));
        for (int i = 1; i < n; i++) {
            assertTrue(sign * (layout.y(i) - layout.y(i - 1)) > 0, "state " + i + " after state " + (i - 1));
        }
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            lo = Math.min(lo, layout.y(i));
            hi = Math.max(hi, layout.y(i));
        }
        assertEquals(13 - 0.4 * 96, lo, 1e-9);
        assertEquals(13 + 0.4 * 96, hi, 1e-9);
    }

    @Test
    void theNeighbourShareIsOneForSeparateRegionsAndAboutHalfForMixedOnes() {
        int n = 2000;
        List<SecondaryGraphSnapshot.State> states = new ArrayList<>();
        double[] x = new double[n], y = new double[n], mx = new double[n];
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < n; i++) {
            boolean up = i % 2 == 0;
            states.add(new SecondaryGraphSnapshot.State(i, i, 0, 1, 0, i, up ? "hood=UP" : "hood=DOWN", true, 0));
            x[i] = r.nextDouble() * 100;
            y[i] = r.nextDouble() * 40 + (up ? 0 : 60);
            mx[i] = r.nextDouble() * 100;
        }
        SecondaryGraphSnapshot g = new SecondaryGraphSnapshot(states, List.of(), Map.of(1L, "c"), 0);
        assertEquals(1.0, SecondaryGraphLayout.of(x, y).neighbourClassShare(g, "hood", 10), 1e-12);
        double[] mixedY = new double[n];
        for (int i = 0; i < n; i++) {
            mixedY[i] = r.nextDouble() * 100;
        }
        double mixed = SecondaryGraphLayout.of(mx, mixedY).neighbourClassShare(g, "hood", 10);
        assertEquals(0.5, mixed, 0.05);
    }

    /** Cloth given per state index, {@code v} vertices each. */
    private static StateEmbedding.StateFrames frames(List<float[]> cloth, int v) {
        return new StateEmbedding.StateFrames() {
            @Override
            public int vertexCount() {
                return v;
            }

            @Override
            public void positions(SecondaryGraphSnapshot.State s, float[] out) {
                System.arraycopy(cloth.get(s.index()), 0, out, 0, out.length);
            }
        };
    }
}
