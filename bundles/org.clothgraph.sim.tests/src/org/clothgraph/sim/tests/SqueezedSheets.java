package org.clothgraph.sim.tests;

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

/**
 * The two scenes of the compression tests ({@link CompressionSofteningTest}, {@link CompressionRecoveryTest}): a sheet
 * squeezed in its plane and let go, and a sheet hanging over a bar.
 */
final class SqueezedSheets {
    private SqueezedSheets() {
    }

    /**
     * A 16 x 16 sheet, 0.5 m across, squeezed in its plane to 35 % and let go, weightless, with nothing to collide with
     * and no speed limit (the settings' own compression model decides how it opens): the largest vertex speed over
     * frames [0, frames) and the sheet's half width at the last frame.
     */
    static double[] release(SimulationSettings model, int frames) throws SimulationFailedException {
        ClothMesh mesh = XpbdPropertiesTest.sheet(16, 0.5, 1.5, false);
        float[] x = mesh.restPositions().clone();
        for (int i = 0; i < x.length; i += 3) {
            x[i] *= 0.35f;
            x[i + 2] *= 0.35f;
        }
        SimulationSettings s = model.withThreads(1).withSelfCollision(false, 1).withGravity(0, 0, 0).withSpeedLimit(0)
                .withLimits(1e4, 4, 300);
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

    /** How far a 12 x 12 sheet, 0.6 m across, laid over a bar at 1.45 m hangs below it after 2 s, m. */
    static double sag(SimulationSettings model) throws SimulationFailedException {
        ClothMesh mesh = XpbdPropertiesTest.sheet(12, 0.6, 1.5, false);
        Body bar = new Body(List.of(new Capsule("bar", -0.5f, 1.45f, 0f, 0.5f, 1.45f, 0f, 0.03f, 0.03f)));
        SimulationSettings s = model.withThreads(1).withSelfCollision(false, 1);
        SimulationResult r = new XpbdClothSimulator().simulate(mesh, Material.defaults().withDamping(2), s,
                XpbdPropertiesTest.still(bar), 0,
                new ClothState(mesh.restPositions().clone(), new float[3 * mesh.vertexCount()]), 30, 60, null);
        float[] p = r.last().positions();
        double low = Double.POSITIVE_INFINITY;
        for (int i = 1; i < p.length; i += 3) {
            low = Math.min(low, p[i]);
        }
        return 1.45 - low;
    }
}
