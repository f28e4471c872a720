package org.clothgraph.measure.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.clothgraph.measure.BodyCrossings;
import org.clothgraph.measure.BodyPenetration;
import org.junit.jupiter.api.Test;

class BodyMeasuresTest {

    private static final double[] CUBE = Cube.positions(0, 1);

    @Test
    void pointInsideTheCubeHasItsDepth() {
        BodyPenetration m = new BodyPenetration(8, Cube.triangles());
        // inside 0.2 m from the x = 0 face; outside 0.3 m beyond the corner region along x; outside near a corner
        double[] cloth = { 0.2, 0.5, 0.45, 1.3, 0.5, 0.5, 1.1, 1.1, 1.1, 0.5, 0.5, 0.5 };
        BodyPenetration.Result r = m.measure(cloth, CUBE);
        assertEquals(-0.2, r.signedDistances()[0], 1e-12);
        assertEquals(0.3, r.signedDistances()[1], 1e-12);
        assertEquals(Math.sqrt(3 * 0.01), r.signedDistances()[2], 1e-12, "vertex region: sign from the pseudo-normal");
        assertEquals(-0.5, r.signedDistances()[3], 1e-12, "centre");
        assertEquals(0.5, r.maxDepth(), 1e-12);
        assertEquals(2, r.inside());
        assertEquals(Math.sqrt(0.03), r.clearance(), 1e-12);
    }

    @Test
    void signsAreRightNearEdgesAndCornersInsideAndOut() {
        BodyPenetration m = new BodyPenetration(8, Cube.triangles());
        // just inside and just outside a cube edge and a cube corner, where face normals alone would disagree
        double[] cloth = { 0.01, 0.02, 0.5, -0.01, -0.02, 0.5, 0.99, 0.98, 0.97, 1.01, 1.02, 1.03, 1.01, 0.5, 0.99 };
        double[] d = m.measure(cloth, CUBE).signedDistances();
        assertTrue(d[0] < 0 && d[2] < 0, "inside: " + d[0] + ", " + d[2]);
        assertTrue(d[1] > 0 && d[3] > 0 && d[4] > 0, "outside: " + d[1] + ", " + d[3] + ", " + d[4]);
        assertEquals(-0.01, d[0], 1e-12);
        assertEquals(Math.sqrt(0.01 * 0.01 + 0.02 * 0.02), d[1], 1e-12);
    }

    @Test
    void aSurfaceFoldedThroughItselfIsStillInsideOnlyWhereItEnclosesThePoint() {
        // the unit cube with its top face dented by a centre vertex pushed through the bottom face to z = -0.5, the
        // way linear blend skinning folds a shoulder through itself: below the bottom face the dent is a cone whose
        // faces point into it, so a point beside that cone is nearest to a face that points away from it
        double[] body = new double[27];
        System.arraycopy(Cube.positions(0, 1), 0, body, 0, 24);
        body[24] = 0.5;
        body[25] = 0.5;
        body[26] = -0.5;
        int[] cube = Cube.triangles();
        int[] tris = new int[3 * 14];
        System.arraycopy(cube, 0, tris, 0, 6); // bottom
        System.arraycopy(cube, 12, tris, 6, 24); // the four sides
        int[] dent = { 4, 5, 8, 5, 7, 8, 7, 6, 8, 6, 4, 8 }; // the top face as a fan round the centre vertex
        System.arraycopy(dent, 0, tris, 30, 12);
        BodyPenetration m = new BodyPenetration(9, tris);
        // beside the cone, 0.2 m under the cube: outside; inside the cube beside the dent: inside; in the cone
        // under the cube (the dent's own space): outside
        BodyPenetration.Result r = m.measure(new double[] { 0.5, 0.62, -0.2, 0.15, 0.15, 0.3, 0.5, 0.5, -0.2 }, body);
        double[] d = r.signedDistances();
        assertTrue(d[0] > 0 && d[0] < 0.05, "beside the folded cone: " + d[0]);
        assertTrue(d[1] < 0, "inside the cube: " + d[1]);
        assertTrue(d[2] > 0, "inside the dent: " + d[2]);
        assertEquals(1, r.inside());
        assertEquals(1, r.unfolded(), "the pseudo-normal alone puts the first point inside");
    }

    @Test
    void aBodyOfOverlappingPartsIsTheirUnion() {
        // cube [0,1]^3 and cube [0.5,1.5]^3 as one body of two closed parts, like ARCSim's overlapping obstacles
        double[] body = new double[48];
        System.arraycopy(Cube.positions(0, 1), 0, body, 0, 24);
        System.arraycopy(Cube.positions(0.5, 1.5), 0, body, 24, 24);
        int[] tris = new int[72];
        int[] t = Cube.triangles();
        for (int i = 0; i < 36; i++) {
            tris[i] = t[i];
            tris[36 + i] = t[i] + 8;
        }
        BodyPenetration m = new BodyPenetration(16, tris);
        assertEquals(2, m.partCount());
        // 0.05 m outside the second cube's face x = 0.5, which lies inside the first: 0.4 m deep in the union
        double[] d = m.measure(new double[] { 0.45, 0.6, 0.6, 1.6, 1.0, 1.0 }, body).signedDistances();
        assertEquals(-0.4, d[0], 1e-12);
        assertEquals(0.1, d[1], 1e-12);
    }

    @Test
    void openSurfacesAreRefused() {
        int[] open = java.util.Arrays.copyOf(Cube.triangles(), 30);
        assertThrows(IllegalArgumentException.class, () -> new BodyPenetration(8, open));
    }

    @Test
    void sheetThroughTheCubeCrossesItAndSheetBesideItDoesNot() {
        int n = 10;
        int[] tris = Sheets.triangles(n, n);
        // a 2 m square sheet at z = 0.5 around the cube, its grid lines clear of the cube's edges and diagonals
        double[] through = Sheets.positions(n, n, (u, v) -> new double[] { -0.53 + 2 * u, -0.47 + 2 * v, 0.5 });
        BodyCrossings c = new BodyCrossings(tris, Cube.triangles());
        BodyCrossings.Result r = c.measure(through, CUBE, true);
        // the cube's 4 vertical edges and the diagonals of its 4 side faces pierce the sheet once each
        assertEquals(8, r.bodyEdges());
        // sheet edges leaving the cube through its 4 side faces: counted exactly by brute force below
        assertEquals(sheetEdgesCrossingSides(n), r.clothEdges());
        assertTrue(r.clothVertices().length > 0);
        double[] beside = Sheets.positions(n, n, (u, v) -> new double[] { 2 + u, v, 0.5 });
        assertEquals(0, c.measure(beside, CUBE, false).count());
        assertArrayEquals(new int[0], c.measure(beside, CUBE, true).clothVertices());
    }

    /** Grid edges of the sheet (spacing 0.2, offset -0.53/-0.47) that cross x = 0, x = 1, y = 0 or y = 1. */
    private static int sheetEdgesCrossingSides(int n) {
        int count = 0;
        double h = 2.0 / n;
        for (int j = 0; j <= n; j++) {
            for (int i = 0; i <= n; i++) {
                double x = -0.53 + h * i, y = -0.47 + h * j;
                // edges to the right (i+1), up (j+1) and the diagonal (i+1, j+1) as Sheets.triangles makes them
                int[][] steps = { { 1, 0 }, { 0, 1 }, { 1, 1 } };
                for (int[] s : steps) {
                    if (i + s[0] > n || j + s[1] > n) {
                        continue;
                    }
                    double x2 = x + h * s[0], y2 = y + h * s[1];
                    count += leavesUnitSquare(x, y, x2, y2);
                }
            }
        }
        return count;
    }

    /** How many of the square's sides the segment crosses within the square's span (0, 1 or 2). */
    private static int leavesUnitSquare(double x1, double y1, double x2, double y2) {
        int c = 0;
        for (double side : new double[] { 0, 1 }) {
            if ((x1 - side) * (x2 - side) < 0) {
                double y = y1 + (side - x1) / (x2 - x1) * (y2 - y1);
                c += y > 0 && y < 1 ? 1 : 0;
            }
            if ((y1 - side) * (y2 - side) < 0) {
                double x = x1 + (side - y1) / (y2 - y1) * (x2 - x1);
                c += x > 0 && x < 1 ? 1 : 0;
            }
        }
        return c;
    }
}
