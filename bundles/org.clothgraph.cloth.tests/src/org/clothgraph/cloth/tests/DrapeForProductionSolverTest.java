package org.clothgraph.cloth.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.cloth.CharacterBodyMotion;
import org.clothgraph.cloth.FittingPose;
import org.clothgraph.measure.SelfIntersections;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.demo.DemoCharacter;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothSimulator;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.InitialDrape;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationResult;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.garment.Garments;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.junit.jupiter.api.Test;

/**
 * Issue 10: the drape handed to a production solver (ARCSim) must not cross itself and must lie outside the body
 * by the collision thickness. A run's drape for such a simulator settles with the small-step solver even when the
 * run's solver is the first one; measured here by the independent checker on the demo robe in the fitting pose.
 */
class DrapeForProductionSolverTest {

    /** A simulator that, like ARCSim, refuses a start that crosses itself (it never runs here). */
    private static final ClothSimulator PRODUCTION = new ClothSimulator() {
        @Override
        public SimulationResult simulate(ClothMesh mesh, Material material, SimulationSettings settings,
                BodyMotion motion, double startTime, ClothState initial, double fps, int frames,
                IProgressMonitor monitor) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean needsIntersectionFreeStart() {
            return true;
        }
    };

    @Test
    void theDrapeForAProductionSolverIsIntersectionFreeAndClearOfTheBody() throws Exception {
        Skeleton sk = DemoCharacter.skeleton();
        CharacterBodyMotion fitting = new CharacterBodyMotion(CharacterBody.of(sk), FittingPose.aPose(sk, 30));
        Body pose = fitting.poseAt(0);
        ClothMesh robe = Garments.hoodedRobe(pose, 1_500);
        Material material = Material.defaults();
        SimulationSettings drape = InitialDrape.settingsFor(PRODUCTION, SimulationSettings.defaults());
        assertEquals(SimulationSettings.Solver.SMALL_STEPS, drape.solver());
        ClothState s = InitialDrape.drape(robe, material, drape, fitting, 0, 1.0, new NullProgressMonitor());
        float[] p = s.positions();
        assertEquals(0, SelfIntersections.count(p, robe.triangles()), "crossing edge-triangle pairs in the drape");
        double closest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < p.length; i += 3) {
            closest = Math.min(closest, pose.signedDistance(p[i], p[i + 1], p[i + 2]));
        }
        // ARCSim writes 6 significant digits: a vertex resting at the thickness may read 0.01 mm closer
        assertTrue(closest >= material.thickness() - 1e-5, "a drape vertex " + 1000 * closest
                + " mm from the body (thickness " + 1000 * material.thickness() + " mm)");
    }

    @Test
    void theEmbeddedSolversOwnRunsDrapeWithTheirOwnSettings() {
        ClothSimulator embedded = new org.clothgraph.sim.XpbdClothSimulator();
        SimulationSettings legacy = SimulationSettings.defaults();
        assertSame(legacy, InitialDrape.settingsFor(embedded, legacy));
        SimulationSettings small = SimulationSettings.smallSteps();
        assertSame(small, InitialDrape.settingsFor(PRODUCTION, small));
    }
}
