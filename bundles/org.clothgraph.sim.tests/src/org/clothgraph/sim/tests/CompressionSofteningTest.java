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
 * The small-step solver's compression softening ({@link SimulationSettings#compressionSoftening()}): a mesh edge
 * shorter than at rest resists with its stretch stiffness divided by the factor. A sheet squeezed in its plane to a
 * third of its size (what a squeeze between two body parts does to cloth the mesh cannot wrinkle finely enough)
 * springs back at tens of metres a second with edges as stiff in compression as in stretch, and unfolds at a few
 * with a factor of 1,000, still coming back to its full size; a sheet hanging under its own weight, in tension,
 * hangs as before.
 */
class CompressionSofteningTest {

    /** The factor measured in docs/SIMULATION.md ("Compression softening"). */
    private static final double SOFTENING = 1000;

    /** Largest vertex speed over frames [0, frames) and the sheet's half width at the last frame. */
    private static double[] release(double softening, int frames) throws SimulationFailedException {
        ClothMesh mesh = XpbdPropertiesTest.sheet(16, 0.5, 1.5, false);
        float[] x = mesh.restPositions().clone();
        for (int i = 0; i < x.length; i += 3) {
            x[i] *= 0.35f;
            x[i + 2] *= 0.35f;
        }
        // weightless, nothing to collide with, no speed limit, no compression recovery limit: the springing back is
        // the edges' alone
        SimulationSettings s = SimulationSettings.smallSteps().withThreads(1).withSelfCollision(false, 1)
                .withGravity(0, 0, 0).withSpeedLimit(0).withLimits(1e4, 4, 300).withCompressionSoftening(softening)
                .withCompressionRecoverySpeed(0);
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
        double[] stiff = release(1, 5), soft = release(SOFTENING, 5);
        double[] later = release(SOFTENING, 60);
        System.out.printf("COMPRESSION SOFTENING: sheet squeezed to 35 %%, fastest vertex in 5 frames %.1f m/s as stiff"
                + " as in stretch, %.1f m/s softened %.0fx; half width after 2 s %.3f m (0.25 at rest)%n", stiff[0],
                soft[0], SOFTENING, later[1]);
        assertTrue(stiff[0] > 20, "as stiff as in stretch the squeezed sheet springs back fast: " + stiff[0] + " m/s");
        assertTrue(soft[0] < 8, "softened it unfolds at a few metres a second: " + soft[0] + " m/s");
        assertTrue(later[1] > 0.9 * 0.25, "softened, not gone: the sheet comes back to its size, half width " + later[1]);
    }

    @Test
    void aHangingSheetHangsAsBefore() throws SimulationFailedException {
        ClothMesh mesh = XpbdPropertiesTest.sheet(12, 0.6, 1.5, false);
        Body bar = new Body(List.of(new Capsule("bar", -0.5f, 1.45f, 0f, 0.5f, 1.45f, 0f, 0.03f, 0.03f)));
        double[] sag = new double[2];
        double[] factor = { 1, SOFTENING };
        for (int k = 0; k < 2; k++) {
            SimulationSettings s = SimulationSettings.smallSteps().withThreads(1).withSelfCollision(false, 1)
                    .withCompressionSoftening(factor[k]).withCompressionRecoverySpeed(0);
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
        System.out.printf("COMPRESSION SOFTENING: sheet over a bar, sag %.4f m as stiff as in stretch, %.4f m softened%n",
                sag[0], sag[1]);
        assertTrue(sag[0] > 0.2, "the halves hang: " + sag[0]);
        assertEquals(sag[0], sag[1], 0.02 * sag[0], "the hanging sheet is in tension: the softening does not change it");
    }
}
