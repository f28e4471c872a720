package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationResult;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.Capsule;
import org.junit.jupiter.api.Test;

/**
 * The small-step solver's compression recovery ({@link SimulationSettings#compressionRecoverySpeed()}): a mesh edge
 * shorter than at rest pushes its ends apart only to its length at the substep's start plus the speed's step. A sheet
 * squeezed in its plane to a third of its size springs back at tens of metres a second without it (every edge back to
 * its rest length in a substep) and unfolds at a few with it, coming back to its full size; a sheet hanging under its
 * own weight, in tension, hangs as before. Speeds are read from the frames the solver hands out, sizes from positions.
 */
class CompressionRecoveryTest {

    /** The speed measured in docs/SIMULATION.md ("Compression recovery"), m/s. */
    private static final double RECOVERY = 1.0;

    /** Largest vertex speed over frames [0, frames) and the sheet's half width at the last frame. */
    private static double[] release(double recovery, int frames) throws SimulationFailedException {
        ClothMesh mesh = XpbdPropertiesTest.sheet(16, 0.5, 1.5, false);
        float[] x = mesh.restPositions().clone();
        for (int i = 0; i < x.length; i += 3) {
            x[i] *= 0.35f;
            x[i + 2] *= 0.35f;
        }
        // weightless, nothing to collide with, no speed limit: the unfolding is the edges' alone
        SimulationSettings s = SimulationSettings.smallSteps().withThreads(1).withSelfCollision(false, 1)
                .withGravity(0, 0, 0).withSpeedLimit(0).withLimits(1e4, 4, 300).withCompressionRecoverySpeed(recovery);
        SimulationResult r = new XpbdClothSimulator().simulate(mesh, Material.defaults(), s,
                XpbdPropertiesTest.still(new Body(List.of())), 0, new ClothState(x, new float[x.length]), 30, frames,
                null);
        double fastest = 0;
        for (ClothState st : r.frames()) {
            float[] v = st.velocities();
            for (int i = 0; i < v.length; i += 3) {
                fastest = Math.max(fastest, Math.sqrt(v[i] * v[i] + v[i + 1] * v[i + 1] + v[i + 2] * v[i + 2]));
            }
        }
        float[] p = r.last().positions();
        double half = 0;
        for (int i = 0; i < p.length; i += 3) {
            half = Math.max(half, Math.max(Math.abs(p[i]), Math.abs(p[i + 2])));
        }
        return new double[] { fastest, half };
    }

    @Test
    void aSqueezedSheetUnfoldsInsteadOfSpringingBack() throws SimulationFailedException {
        double speed = RECOVERY;
        double[] off = release(0, 5), on = release(speed, 5);
        double[] later = release(speed, 60);
        System.out.printf("COMPRESSION RECOVERY: sheet squeezed to 35 %%, fastest vertex in 5 frames %.1f m/s without,"
                + " %.1f m/s recovering at most %.1f m/s per edge; half width after 2 s %.3f m (0.25 at rest)%n", off[0],
                on[0], speed, later[1]);
        assertTrue(off[0] > 20, "without it the squeezed sheet springs back fast: " + off[0] + " m/s");
        // the sheet's edge is 8 edges from its middle: each regains its length at most at the recovery speed
        assertTrue(on[0] < 8 * speed * 1.25, "with it the sheet unfolds at a few metres a second: " + on[0] + " m/s");
        assertTrue(later[1] > 0.9 * 0.25, "not gone: the sheet comes back to its size, half width " + later[1]);
    }

    @Test
    void aHangingSheetHangsAsBefore() throws SimulationFailedException {
        ClothMesh mesh = XpbdPropertiesTest.sheet(12, 0.6, 1.5, false);
        Body bar = new Body(List.of(new Capsule("bar", -0.5f, 1.45f, 0f, 0.5f, 1.45f, 0f, 0.03f, 0.03f)));
        double[] sag = new double[2];
        double[] speed = { 0, RECOVERY };
        for (int k = 0; k < 2; k++) {
            SimulationSettings s = SimulationSettings.smallSteps().withThreads(1).withSelfCollision(false, 1)
                    .withCompressionRecoverySpeed(speed[k]);
            SimulationResult r = new XpbdClothSimulator().simulate(mesh, Material.defaults().withDamping(2), s,
                    XpbdPropertiesTest.still(bar), 0,
                    new ClothState(mesh.restPositions().clone(), new float[3 * mesh.vertexCount()]), 30, 60, null);
            float[] p = r.last().positions();
            double low = Double.POSITIVE_INFINITY;
            for (int i = 1; i < p.length; i += 3) {
                low = Math.min(low, p[i]);
            }
            sag[k] = 1.45 - low;
        }
        System.out.printf("COMPRESSION RECOVERY: sheet over a bar, sag %.4f m without, %.4f m with%n", sag[0], sag[1]);
        assertTrue(sag[0] > 0.2, "the halves hang: " + sag[0]);
        assertEquals(sag[0], sag[1], 0.02 * sag[0], "the hanging sheet is in tension: the recovery does not change it");
    }
}
