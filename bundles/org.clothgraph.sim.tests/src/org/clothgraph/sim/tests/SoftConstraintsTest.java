package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.Capsule;
import org.clothgraph.sim.internal.XpbdSolver;
import org.junit.jupiter.api.Test;

/**
 * The small-step solver solves its soft distance constraints (a garment's bending cross edges, whose compliance over
 * h^2 dwarfs their ends' inverse masses) in a substep's first sweep only, the stiff ones (stretch and shear) in every
 * sweep: a sheet hanging over a bar, settled, has the shape it has when every sweep solves every constraint, to a few
 * micrometres, while its bending stiffness moves it by millimetres (so a solver that dropped the soft constraints
 * would fail here).
 */
class SoftConstraintsTest {

    private static float[] settle(ClothMesh mesh, Material mat, boolean softOnce, int[] split) throws Exception {
        Body bar = new Body(List.of(new Capsule("bar", -0.5f, 1.45f, 0f, 0.5f, 1.45f, 0f, 0.03f, 0.03f)));
        BodyMotion still = t -> bar;
        SimulationSettings s = SimulationSettings.smallSteps().withThreads(1).withSelfCollision(false, 1);
        try (XpbdSolver solver = new XpbdSolver(mesh, mat, s)) {
            solver.softConstraintsOnce(softOnce);
            solver.setState(new ClothState(mesh.restPositions().clone(), new float[3 * mesh.vertexCount()]));
            for (int f = 0; f < 90; f++) {
                solver.advanceFrame(still, f / 30.0, 1 / 30.0, f, null, 0);
            }
            int[] c = solver.stiffConstraints(1 / 30.0 / s.substeps());
            split[0] = c[0];
            split[1] = c[1];
            split[2] = solver.edgeCount();
            return solver.state().positions();
        }
    }

    private static double maxDistance(float[] a, float[] b) {
        double d = 0;
        for (int i = 0; i < a.length; i += 3) {
            double dx = a[i] - b[i], dy = a[i + 1] - b[i + 1], dz = a[i + 2] - b[i + 2];
            d = Math.max(d, Math.sqrt(dx * dx + dy * dy + dz * dz));
        }
        return d;
    }

    /** The demo material with the given bending stiffness and enough damping for the sheet to settle in 3 s. */
    private static Material material(double bend) {
        Material d = Material.defaults();
        return new Material("settling", d.density(), d.stretchStiffness(), d.shearStiffness(), bend, 5.0, d.friction(),
                d.thickness(), d.airDrag());
    }

    @Test
    void bendingSolvedInTheFirstSweepOnlyGivesTheSameSettledShape() throws Exception {
        ClothMesh mesh = XpbdPropertiesTest.sheet(12, 0.6, 1.5, false);
        int[] split = new int[3];
        float[] stiffBend = settle(mesh, material(2e-3), true, split);
        float[] stiffBendEvery = settle(mesh, material(2e-3), false, split);
        float[] softBend = settle(mesh, material(2e-4), true, split);
        // every mesh edge is stiff, every bending cross edge soft
        assertEquals(split[2], split[1], "stiff constraints of " + split[0]);
        assertTrue(split[0] > 1.5 * split[1], split[0] + " constraints, " + split[1] + " stiff");
        double approximation = maxDistance(stiffBend, stiffBendEvery), bending = maxDistance(stiffBend, softBend);
        System.out.printf("SOFT CONSTRAINTS: settled sheet, first sweep only against every sweep %.4f mm; bending"
                + " stiffness 2e-3 against 2e-4 %.2f mm%n", 1000 * approximation, 1000 * bending);
        assertTrue(bending > 1e-3, "the bending stiffness shapes the sheet: " + bending);
        assertTrue(approximation < 1e-4, "first sweep only against every sweep: " + approximation);
    }
}
