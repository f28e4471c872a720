package org.clothgraph.sim.arcsim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationResult;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.arcsim.ArcsimClothSimulator;
import org.clothgraph.sim.arcsim.ArcsimOptions;
import org.clothgraph.sim.body.BodyMotion;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the real ARCSim when the environment variable ARCSIM names its executable; skipped otherwise. */
class ArcsimIntegrationTest {

    @TempDir
    Path tmp;

    @Test
    void shortRealRun() throws Exception {
        String exe = System.getenv("ARCSIM");
        Assumptions.assumeTrue(exe != null && !exe.isBlank(),
                "set the environment variable ARCSIM to an ARCSim 0.2.1 executable to run this test");
        Assumptions.assumeTrue(Files.isExecutable(Path.of(exe)), "ARCSIM=" + exe + " is not an executable file");
        ClothMesh mesh = ArcsimTestSupport.patch(8);
        BodyMotion body = ArcsimTestSupport.body();
        ClothState start = ArcsimTestSupport.rest(mesh);
        ArcsimClothSimulator sim = new ArcsimClothSimulator(
                ArcsimOptions.of(Path.of(exe)).withWorkRoot(tmp).withKeepWorkDirs(true));
        SimulationSettings d = SimulationSettings.defaults();
        SimulationResult r = sim.simulate(mesh, Material.defaults(), d.withLimits(d.maxSpeed(), d.maxStretch(), 300),
                body, 1.0, start, 25, 5, new NullProgressMonitor());
        assertEquals(5, r.frames().size());
        ClothState last = r.last();
        double meanDy = 0, speed = 0;
        for (int i = 1; i < last.positions().length; i += 3) {
            meanDy += last.positions()[i] - start.positions()[i];
            speed = Math.max(speed, Math.abs(last.velocities()[i]));
        }
        meanDy /= last.vertexCount();
        // 0.2 s of free fall (nothing holds the patch): y drops by about g t^2 / 2 = 0.196 m
        assertTrue(meanDy < -0.1 && meanDy > -0.3, "mean drop " + meanDy);
        assertTrue(speed > 1, "velocities read back: " + speed);
        // continuing from the last state resumes from ARCSim's own frame file (restart cache)
        SimulationResult r2 = sim.simulate(mesh, Material.defaults(), d, body, 1.2, last, 25, 2,
                new NullProgressMonitor());
        assertEquals(2, r2.frames().size());
        assertTrue(r2.last().positions()[1] < last.positions()[1]);
    }
}
