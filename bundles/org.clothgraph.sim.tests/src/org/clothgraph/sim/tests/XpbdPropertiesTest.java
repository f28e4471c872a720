package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.clothgraph.measure.SelfIntersections;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.InitialDrape;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationResult;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.Capsule;
import org.clothgraph.sim.body.ProceduralBody;
import org.clothgraph.sim.garment.Garments;
import org.clothgraph.measure.Strain;
import org.junit.jupiter.api.Test;

/**
 * Properties of the integrator measured from its output (positions and velocities only): momentum and energy
 * on a free-falling and a hanging sheet, and the XPBD property that the material, not the substep count, decides
 * how far a compliant sheet stretches.
 */
class XpbdPropertiesTest {

    /** A flat square sheet of n x n vertices, side {@code size} m, horizontal at height y (or vertical when hanging). */
    static ClothMesh sheet(int n, double size, double y, boolean vertical) {
        float[] p = new float[3 * n * n];
        float[] uv = new float[2 * n * n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                int k = j * n + i;
                double u = size * i / (n - 1), v = size * j / (n - 1);
                p[3 * k] = (float) (u - size / 2);
                p[3 * k + 1] = (float) (vertical ? y - v : y);
                p[3 * k + 2] = (float) (vertical ? 0 : v - size / 2);
                uv[2 * k] = (float) u;
                uv[2 * k + 1] = (float) v;
            }
        }
        int[] t = new int[6 * (n - 1) * (n - 1)];
        int q = 0;
        for (int j = 0; j + 1 < n; j++) {
            for (int i = 0; i + 1 < n; i++) {
                int a = j * n + i, b = a + 1, c = a + n, d = c + 1;
                t[q++] = a; t[q++] = c; t[q++] = b;
                t[q++] = b; t[q++] = c; t[q++] = d;
            }
        }
        return new ClothMesh("sheet", p, uv, t, Map.of());
    }

    static BodyMotion still(Body b) {
        return t -> b;
    }

    static double[] momentumAndEnergy(ClothMesh mesh, Material m, ClothState s, double gy) {
        float[] x = s.positions(), v = s.velocities();
        double[] mass = new double[mesh.vertexCount()];
        int[] tri = mesh.triangles();
        float[] r = mesh.restPositions();
        for (int t = 0; t < tri.length; t += 3) {
            int a = tri[t], b = tri[t + 1], c = tri[t + 2];
            double e1x = r[3 * b] - r[3 * a], e1y = r[3 * b + 1] - r[3 * a + 1], e1z = r[3 * b + 2] - r[3 * a + 2];
            double e2x = r[3 * c] - r[3 * a], e2y = r[3 * c + 1] - r[3 * a + 1], e2z = r[3 * c + 2] - r[3 * a + 2];
            double area = 0.5 * Math.sqrt(Math.pow(e1y * e2z - e1z * e2y, 2) + Math.pow(e1z * e2x - e1x * e2z, 2)
                    + Math.pow(e1x * e2y - e1y * e2x, 2));
            for (int k : new int[] { a, b, c }) {
                mass[k] += area * m.density() / 3;
            }
        }
        double py = 0, ke = 0, pe = 0;
        for (int i = 0; i < mass.length; i++) {
            py += mass[i] * v[3 * i + 1];
            ke += 0.5 * mass[i] * (v[3 * i] * v[3 * i] + v[3 * i + 1] * v[3 * i + 1] + v[3 * i + 2] * v[3 * i + 2]);
            pe += -mass[i] * gy * x[3 * i + 1];
        }
        double total = 0;
        for (double mm : mass) {
            total += mm;
        }
        return new double[] { py, ke + pe, total, ke };
    }

    @Test
    void freeFallConservesMomentumAndEnergy() throws SimulationFailedException {
        ClothMesh mesh = sheet(16, 0.5, 2, false);
        Material m = Material.defaults().withDamping(0).withAirDrag(0);
        SimulationSettings s = SimulationSettings.smallSteps().withThreads(1);
        // a sheet thrown with a twist: internal forces act, gravity is the only external force
        float[] v = new float[3 * mesh.vertexCount()];
        float[] x = mesh.restPositions().clone();
        for (int i = 0; i < mesh.vertexCount(); i++) {
            v[3 * i] = (float) (-2 * x[3 * i + 2]);
            v[3 * i + 2] = (float) (2 * x[3 * i]);
            v[3 * i + 1] = 1.0f;
        }
        ClothState start = new ClothState(x, v);
        SimulationResult r = new XpbdClothSimulator().simulate(mesh, m, s, still(new Body(List.of())), 0, start, 30, 15,
                null);
        double[] a = momentumAndEnergy(mesh, m, start, -9.81);
        double[] b = momentumAndEnergy(mesh, m, r.frames().get(14), -9.81);
        double expectedPy = a[0] + a[2] * -9.81 * 0.5;
        assertEquals(expectedPy, b[0], 1e-3 * Math.abs(a[2] * 9.81 * 0.5), "vertical momentum after 0.5 s");
        // XPBD is dissipative, never generative: energy must not rise; with no damping or drag it must not drain
        // much either (a fifth of the kinetic energy over 0.5 s)
        double drift = (b[1] - a[1]) / a[3];
        assertTrue(drift <= 0.01, "energy rose by " + drift + " of the kinetic energy");
        assertTrue(drift >= -0.2, "energy drained by " + -drift + " of the kinetic energy");
    }

    @Test
    void hangingSheetDoesNotGainEnergy() throws SimulationFailedException {
        // a sheet hung over a horizontal bar, released from straight: it swings and settles, never gains energy
        ClothMesh mesh = sheet(16, 0.6, 1.5, false);
        Body bar = new Body(List.of(new Capsule("bar", -0.5f, 1.45f, 0f, 0.5f, 1.45f, 0f, 0.03f, 0.03f)));
        Material m = Material.defaults().withDamping(0).withAirDrag(0);
        SimulationSettings s = SimulationSettings.smallSteps().withThreads(1).withSelfCollision(false, 1);
        ClothState start = new ClothState(mesh.restPositions().clone(), new float[3 * mesh.vertexCount()]);
        SimulationResult r = new XpbdClothSimulator().simulate(mesh, m, s, still(bar), 0, start, 30, 30, null);
        double e0 = momentumAndEnergy(mesh, m, start, -9.81)[1];
        double prev = e0;
        for (int k = 0; k < 30; k++) {
            double e = momentumAndEnergy(mesh, m, r.frames().get(k), -9.81)[1];
            assertTrue(e <= e0 + 1e-6, "frame " + k + ": energy " + e + " above the start " + e0);
            prev = e;
        }
        assertTrue(prev < e0, "the sheet fell over the bar and lost potential energy");
    }

    @Test
    void sagDependsOnTheMaterialNotOnTheSubsteps() throws SimulationFailedException {
        // a compliant sheet over a bar: its halves hang and stretch under their weight; the XPBD property is that
        // this stretch is the material's, whatever the substep count
        ClothMesh mesh = sheet(12, 0.6, 1.5, false);
        Body bar = new Body(List.of(new Capsule("bar", -0.5f, 1.45f, 0f, 0.5f, 1.45f, 0f, 0.03f, 0.03f)));
        Material soft = new Material("soft", 0.2, 1.0, 1.0, 2e-5, 2.0, 0.8, 0.004, 1.0);
        ClothState start = new ClothState(mesh.restPositions().clone(), new float[3 * mesh.vertexCount()]);
        double[] sag = new double[2];
        int[] subs = { 60, 120 };
        for (int k = 0; k < 2; k++) {
            // no strain limit here: the sag is the material's compliance, not a limit's
            SimulationSettings s = SimulationSettings.smallSteps().withThreads(1).withSelfCollision(false, 1)
                    .withFixedSubsteps(subs[k]).withIterations(2).withStrainLimit(0);
            SimulationResult r = new XpbdClothSimulator().simulate(mesh, soft, s, still(bar), 0, start, 30, 60, null);
            float[] p = r.frames().get(59).positions();
            double low = Double.POSITIVE_INFINITY;
            for (int i = 1; i < p.length; i += 3) {
                low = Math.min(low, p[i]);
            }
            sag[k] = 1.45 - low;
        }
        // the hanging halves are 0.3 m of fabric; a sag well beyond that is the material's stretch
        assertTrue(sag[0] > 0.30, "the soft sheet stretches under its weight: sag " + sag[0]);
        assertEquals(sag[0], sag[1], 0.05 * sag[0], "sag with " + subs[0] + " and " + subs[1] + " substeps");
    }

    @Test
    void theStrainLimitHoldsASoftSheetThatWouldStretchFarther() throws SimulationFailedException {
        // the same soft sheet as above stretches far beyond 10 % without a limit; with the small-step solver's limit
        // the independent measure finds every edge within it (up to what the sweeps leave of it)
        ClothMesh mesh = sheet(12, 0.6, 1.5, false);
        Body bar = new Body(List.of(new Capsule("bar", -0.5f, 1.45f, 0f, 0.5f, 1.45f, 0f, 0.03f, 0.03f)));
        Material soft = new Material("soft", 0.2, 1.0, 1.0, 2e-5, 2.0, 0.8, 0.004, 1.0);
        ClothState start = new ClothState(mesh.restPositions().clone(), new float[3 * mesh.vertexCount()]);
        Strain strain = Strain.againstRest(mesh);
        double[] worst = new double[2];
        double[] limits = { 0, SimulationSettings.SMALL_STEPS_STRAIN_LIMIT };
        for (int k = 0; k < 2; k++) {
            SimulationSettings s = SimulationSettings.smallSteps().withThreads(1).withSelfCollision(false, 1)
                    .withStrainLimit(limits[k]);
            SimulationResult r = new XpbdClothSimulator().simulate(mesh, soft, s, still(bar), 0, start, 30, 30, null);
            for (ClothState c : r.frames()) {
                worst[k] = Math.max(worst[k], strain.measure(toDouble(c.positions())).max());
            }
        }
        System.out.printf("STRAIN LIMIT: soft sheet max edge strain %.1f %% without a limit, %.1f %% with %.0f %%%n",
                100 * worst[0], 100 * worst[1], 100 * limits[1]);
        assertTrue(worst[0] > 0.5, "without a limit the soft sheet stretches: " + worst[0]);
        assertTrue(worst[1] <= limits[1] + 0.02, "with the limit: " + worst[1]);
    }

    private static double[] toDouble(float[] p) {
        double[] d = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            d[i] = p[i];
        }
        return d;
    }

    @Test
    void wallClockDoesNotDecideTheSmallStepSolversFrames() throws SimulationFailedException {
        // its budget is a substep count: a tiny wall-clock limit (meant for external simulators) changes nothing,
        // so a loaded machine gives the same frames as an idle one
        ClothMesh mesh = sheet(12, 0.5, 1.5, false);
        Body bar = new Body(List.of(new Capsule("bar", -0.5f, 1.45f, 0f, 0.5f, 1.45f, 0f, 0.03f, 0.03f)));
        ClothState start = new ClothState(mesh.restPositions().clone(), new float[3 * mesh.vertexCount()]);
        SimulationSettings s = SimulationSettings.smallSteps();
        SimulationResult a = new XpbdClothSimulator().simulate(mesh, Material.defaults(), s.withLimits(60, 4, 1e-9),
                still(bar), 0, start, 30, 3, null);
        SimulationResult b = new XpbdClothSimulator().simulate(mesh, Material.defaults(), s, still(bar), 0, start, 30,
                3, null);
        assertArrayEquals(b.frames().get(2).positions(), a.frames().get(2).positions());
    }

    @Test
    void walkingRobeStaysFreeOfSelfCrossings() throws SimulationFailedException {
        // measured by the independent checker: the crossing-free rest robe, draped and walked for a second
        BodyMotion walk = ProceduralBody.motion(ProceduralBody.Motion.WALK);
        ClothMesh robe = Garments.hoodedRobe(ProceduralBody.restPose(), 1500);
        SimulationSettings s = SimulationSettings.smallSteps();
        ClothState rest = InitialDrape.drape(robe, Material.defaults(), s, walk, 0, 0.3, null);
        assertEquals(0, SelfIntersections.count(rest.positions(), robe.triangles()), "drape");
        SimulationResult r = new XpbdClothSimulator().simulate(robe, Material.defaults(), s, walk, 0, rest, 30, 30,
                null);
        for (int k = 0; k < 30; k += 5) {
            assertEquals(0, SelfIntersections.count(r.frames().get(k).positions(), robe.triangles()), "frame " + k);
        }
    }
}
