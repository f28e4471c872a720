package org.clothgraph.measure.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.clothgraph.measure.SelfIntersections;
import org.clothgraph.measure.Strain;
import org.junit.jupiter.api.Test;

/** The checker finds the faults the old solver's demo robe is known to have (see resources/README.md). */
class FixtureTest {

    @Test
    void restRobeCrossesItselfAtTheArmpits() throws Exception {
        MeshFixture f = MeshFixture.resource("robe-rest.cgmf.gz");
        assertEquals(3921, f.positions().length / 3);
        SelfIntersections.Result r = SelfIntersections.find(f.positions(), f.triangles(), true);
        assertEquals(76, r.count());
        // Armpits: every offending vertex lies off the body's centre line, at shoulder height, on both sides.
        double minY = Double.MAX_VALUE, maxY = -Double.MAX_VALUE;
        int left = 0, right = 0;
        for (int v : r.vertices()) {
            double x = f.positions()[3 * v], y = f.positions()[3 * v + 1];
            minY = Math.min(minY, y);
            maxY = Math.max(maxY, y);
            if (x < 0) {
                left++;
            } else {
                right++;
            }
        }
        System.out.printf("robe rest: 76 crossings, %d vertices, y %.2f..%.2f m, %d left %d right%n",
                r.vertices().length, minY, maxY, left, right);
        assertTrue(left > 0 && right > 0, "both armpits");
        assertEquals(0, Strain.againstRest(f.rest(), f.triangles()).measure(f.positions()).max(), 0,
                "the rest mesh has no strain against itself");
    }

    @Test
    void firstWalkFrameOfTheOldSolverCrossesItself331Times() throws Exception {
        MeshFixture f = MeshFixture.resource("robe-walk-frame0.cgmf.gz");
        assertEquals(331, SelfIntersections.count(f.positions(), f.triangles()));
        Strain.Result s = Strain.againstRest(f.rest(), f.triangles()).measure(f.positions());
        System.out.printf("robe walk frame 0: strain p99 %.2f %%, max %.2f %%%n", 100 * s.p99(), 100 * s.max());
        assertTrue(s.max() > 0 && s.max() < 1, "draped cloth is stretched, but not torn: " + s.max());
    }
}
