package org.clothgraph.measure.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.clothgraph.measure.SelfIntersections;
import org.junit.jupiter.api.Test;

class SelfIntersectionsTest {

    /** Triangle 0 lies in z = 0; triangle 1 stands across it: each pierces the other once. */
    private static final double[] CROSSING = { 0, 0, 0, 2, 0, 0, 0, 2, 0, //
            0.5, 0.5, -1, 0.5, 0.5, 1, 5, 5, 0 };
    private static final int[] TWO = { 0, 1, 2, 3, 4, 5 };

    @Test
    void twoCrossingTrianglesGiveTwoPairs() {
        SelfIntersections.Result r = SelfIntersections.find(CROSSING, TWO, true);
        assertEquals(2, r.count(), "edge 3-4 pierces triangle 0, edge 1-2 pierces triangle 1");
        assertArrayEquals(new int[] { 0, 1, 2, 3, 4, 5 }, r.vertices());
    }

    @Test
    void separatedTrianglesGiveNone() {
        double[] apart = CROSSING.clone();
        for (int i = 9; i < 18; i += 3) {
            apart[i] += 10; // the standing triangle moved 10 m along x
        }
        assertEquals(0, SelfIntersections.count(apart, TWO));
    }

    @Test
    void sharedVertexSkipsOnlyTheEdgesThroughIt() {
        // Triangle 1 shares vertex 0 with triangle 0; its far edge 3-4 still pierces triangle 0 at (0.5, 0.5, 0).
        double[] xyz = { 0, 0, 0, 2, 0, 0, 0, 2, 0, 0.5, 0.5, -1, 0.5, 0.5, 1 };
        assertEquals(1, SelfIntersections.count(xyz, new int[] { 0, 1, 2, 0, 3, 4 }));
        // Swung round to the other side of vertex 0 the two only touch there.
        double[] touching = { 0, 0, 0, 2, 0, 0, 0, 2, 0, -0.5, -0.5, -1, -0.5, -0.5, 1 };
        assertEquals(0, SelfIntersections.count(touching, new int[] { 0, 1, 2, 0, 3, 4 }));
    }

    @Test
    void flatSheetHasNone() {
        double[] xyz = Sheets.positions(40, 30, (u, v) -> new double[] { u, v, 0.01 * Math.sin(7 * u) });
        assertEquals(0, SelfIntersections.count(xyz, Sheets.triangles(40, 30)));
    }

    @Test
    void sheetFoldedThroughItselfIsFoundAlongTheCrossing() {
        int nu = 40, nv = 20;
        double[] xyz = Sheets.foldedThroughItself(nu, nv);
        int[] tris = Sheets.triangles(nu, nv);
        SelfIntersections.Result r = SelfIntersections.find(xyz, tris, true);
        // The crossing line is about 0.87 m long across a 1/20 m grid: each sheet has 2 cut edges per grid row
        // (a side and a diagonal) along it, and the arching half's rows are cut once more (its tilt).
        assertTrue(r.count() >= 2 * 17 && r.count() <= 4 * 21, "count " + r.count());
        for (int v : r.vertices()) {
            assertTrue(Math.abs(xyz[3 * v] - 1.0 / 3) < 0.1, "vertex " + v + " is far from the crossing line");
        }
        assertEquals(r.count(), SelfIntersections.count(Sheets.toFloat(xyz), tris), "float input");
        // Unfolding the free end so it stays above the sheet removes every crossing.
        double[] lifted = xyz.clone();
        for (int i = 2; i < lifted.length; i += 3) {
            if (xyz[i - 2] < 0.5 && (i / 3) % (nu + 1) > nu / 2) {
                lifted[i] = 0.2;
            }
        }
        assertEquals(0, SelfIntersections.count(lifted, tris));
    }

    @Test
    void rejectsTrianglesNamingMissingVertices() {
        assertThrows(IllegalArgumentException.class, () -> SelfIntersections.count(CROSSING, new int[] { 0, 1, 6 }));
    }

    @Test
    void thirtyThousandVerticesTakeWellUnderASecond() {
        int nu = 346, nv = 86; // 30,189 vertices
        double[] xyz = Sheets.foldedThroughItself(nu, nv);
        int[] tris = Sheets.triangles(nu, nv);
        long best = Long.MAX_VALUE;
        int count = -1;
        for (int run = 0; run < 3; run++) {
            long t0 = System.nanoTime();
            count = SelfIntersections.count(xyz, tris);
            best = Math.min(best, System.nanoTime() - t0);
        }
        System.out.printf("SelfIntersections: %d vertices, %d triangles, %d crossings in %.1f ms%n", xyz.length / 3,
                tris.length / 3, count, best / 1e6);
        assertTrue(count > 2 * 70, "the fold is found at high resolution too: " + count);
        assertTrue(best < 1_000_000_000L, "took " + best / 1e6 + " ms");
    }
}
