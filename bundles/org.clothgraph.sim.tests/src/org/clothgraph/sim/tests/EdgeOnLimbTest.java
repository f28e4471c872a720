package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationResult;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.Capsule;
import org.junit.jupiter.api.Test;

/**
 * A coarse sheet (10 cm edges) dropped across a bar of 1 cm radius, with no vertex above the bar: only the edges
 * can meet it. Vertex collisions alone let the sheet fall through (as cloth edges laid across a wrist or an
 * upper arm passed through the limb and stretched round it in the demo's jump); with the small-step solver's
 * edge pass the sheet hangs on the bar and no edge ever passes through it, checked here with a segment distance
 * of the test's own.
 */
class EdgeOnLimbTest {

    private static final double BAR_Y = 1.45, BAR_R = 0.01;

    @Test
    void aCoarseSheetHangsOnAThinBarAndNoEdgePassesThroughIt() throws Exception {
        ClothMesh mesh = XpbdPropertiesTest.sheet(4, 0.3, 1.5, false);
        Body bar = new Body(List.of(new Capsule("bar", -0.5f, (float) BAR_Y, 0f, 0.5f, (float) BAR_Y, 0f,
                (float) BAR_R, (float) BAR_R)));
        SimulationSettings s = SimulationSettings.smallSteps().withThreads(1);
        ClothState start = new ClothState(mesh.restPositions().clone(), new float[3 * mesh.vertexCount()]);
        SimulationResult r = new XpbdClothSimulator().simulate(mesh, Material.defaults(), s,
                XpbdPropertiesTest.still(bar), 0, start, 30, 30, null);
        int[] t = mesh.triangles();
        double closest = Double.POSITIVE_INFINITY;
        for (ClothState c : r.frames()) {
            float[] p = c.positions();
            for (int k = 0; k < t.length; k++) {
                int a = t[k], b = t[k - k % 3 + (k % 3 + 1) % 3];
                closest = Math.min(closest, distanceToBarAxis(p, a, b));
            }
        }
        float[] last = r.last().positions();
        double meanY = 0;
        for (int i = 1; i < last.length; i += 3) {
            meanY += last[i];
        }
        meanY /= mesh.vertexCount();
        System.out.printf("EDGE ON LIMB: closest edge to the bar's axis %.2f mm (radius %.0f mm), mean height after 1 s"
                + " %.3f m (bar at %.2f m)%n", closest * 1000, BAR_R * 1000, meanY, BAR_Y);
        assertTrue(closest >= BAR_R, "an edge passed through the bar: " + closest * 1000 + " mm from its axis");
        assertTrue(meanY > BAR_Y - 0.2, "the sheet fell off the bar: mean height " + meanY);
    }

    /** Distance between segment a-b of p and the bar's axis (x from -0.5 to 0.5 at y = BAR_Y, z = 0), sampled finely. */
    private static double distanceToBarAxis(float[] p, int a, int b) {
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i <= 200; i++) {
            double u = i / 200.0;
            double x = p[3 * a] + u * (p[3 * b] - p[3 * a]), y = p[3 * a + 1] + u * (p[3 * b + 1] - p[3 * a + 1]),
                    z = p[3 * a + 2] + u * (p[3 * b + 2] - p[3 * a + 2]);
            double dx = x < -0.5 ? x + 0.5 : (x > 0.5 ? x - 0.5 : 0);
            best = Math.min(best, Math.sqrt(dx * dx + (y - BAR_Y) * (y - BAR_Y) + z * z));
        }
        return best;
    }
}
