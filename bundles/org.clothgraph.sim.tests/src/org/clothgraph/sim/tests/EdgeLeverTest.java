package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.ClothStepper;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.Capsule;
import org.junit.jupiter.api.Test;

/**
 * An edge from a held vertex (a gripped one: infinite mass) that dips into a limb close to its held end. Projected
 * exactly, the edge pass would move the free end by depth / s (s the edge parameter of the point nearest the limb's
 * axis): here 3 mm inside at s = 0.07, a 43 mm throw of the free end in one substep, as a gripped rim vertex on the
 * forehead threw its neighbour in a dressing pull-down. No end moves further than twice the depth. Measured by
 * the test itself: how far the free vertex ever gets from where it started, frame by frame (before the rule it was
 * flung over the limb to its far side, 80 mm away).
 */
class EdgeLeverTest {

    private static final float R = 0.03f;

    @Test
    void anEdgeFromAHeldVertexThatDipsIntoALimbDoesNotThrowItsFreeEnd() throws Exception {
        // A held 1 mm above the limb (inside the 4 mm thickness), just before its top; B free, level with A, 43 mm
        // along; C held 60 mm above: of the three edges only A-B comes near the limb
        float y = R + 0.001f;
        float[] p = { 0, y, -0.003f, 0, y, 0.04f, 0, R + 0.06f, 0.02f };
        ClothMesh mesh = new ClothMesh("lever", p, new float[] { 0, 0, 1, 0, 0, 1 }, new int[] { 0, 1, 2 }, Map.of());
        Body limb = new Body(List.of(new Capsule("hand_r", -0.1f, 0, 0, 0.1f, 0, 0, R, R)));
        SimulationSettings s = SimulationSettings.smallSteps().withThreads(1);
        double farthest = 0;
        float[] b0 = { p[3], p[4], p[5] };
        try (ClothStepper stepper = new ClothStepper(mesh, Material.defaults(), s,
                new ClothState(p.clone(), new float[9]))) {
            for (int f = 0; f < 10; f++) {
                stepper.drive(new int[] { 0, 2 }, new double[] { p[0], p[1], p[2], p[6], p[7], p[8] });
                stepper.advance(XpbdPropertiesTest.still(limb), f / 30.0, 1 / 30.0, f, null);
                float[] x = stepper.state().positions();
                farthest = Math.max(farthest, Math.sqrt(sq(x[3] - b0[0]) + sq(x[4] - b0[1]) + sq(x[5] - b0[2])));
            }
        }
        System.out.printf("EDGE LEVER: the free end moved at most %.1f mm from its start%n", farthest * 1000);
        // A-B is pushed out by lifting B a few millimetres (and held there by B-C); B is not flung
        assertTrue(farthest < 0.01, "the free end was thrown " + farthest * 1000 + " mm");
    }

    private static double sq(double v) {
        return v * v;
    }
}
