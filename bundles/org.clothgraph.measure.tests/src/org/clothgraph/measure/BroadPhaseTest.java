package org.clothgraph.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

/** The grid broad phase finds exactly the pairs that testing every (edge, triangle) pair finds. */
class BroadPhaseTest {

    @Test
    void gridAgreesWithEveryPairOnACrumpledMesh() {
        Random random = new Random(7);
        int nu = 24, nv = 24;
        double[] xyz = new double[3 * (nu + 1) * (nv + 1)];
        for (int j = 0; j <= nv; j++) {
            for (int i = 0; i <= nu; i++) {
                int k = 3 * (j * (nu + 1) + i);
                // A sheet rolled up twice with noise: plenty of crossings of every kind.
                double a = 4 * Math.PI * i / nu;
                double r = 0.2 + 0.02 * random.nextGaussian();
                xyz[k] = r * Math.cos(a) + 0.01 * random.nextGaussian();
                xyz[k + 1] = (double) j / nv;
                xyz[k + 2] = r * Math.sin(a) + 0.05 * i / nu;
            }
        }
        int[] tris = new int[6 * nu * nv];
        int n = 0;
        for (int j = 0; j < nv; j++) {
            for (int i = 0; i < nu; i++) {
                int a = j * (nu + 1) + i, b = a + 1, c = a + nu + 1, d = c + 1;
                int[] q = { a, b, d, a, d, c };
                System.arraycopy(q, 0, tris, n, 6);
                n += 6;
            }
        }
        int grid = EdgeTriangleCrossings.count(xyz, EdgeTriangleCrossings.edges(tris), xyz, tris, true, null, null);
        int[] edges = EdgeTriangleCrossings.edges(tris);
        int all = 0;
        for (int e = 0; e < edges.length / 2; e++) {
            int u = edges[2 * e], v = edges[2 * e + 1];
            for (int t = 0; t < tris.length; t += 3) {
                int a = tris[t], b = tris[t + 1], c = tris[t + 2];
                if (u != a && u != b && u != c && v != a && v != b && v != c
                        && EdgeTriangleCrossings.crosses(xyz, u, v, xyz, a, b, c)) {
                    all++;
                }
            }
        }
        assertTrue(all > 50, "the crumpled mesh crosses itself: " + all);
        assertEquals(all, grid);
    }
}
