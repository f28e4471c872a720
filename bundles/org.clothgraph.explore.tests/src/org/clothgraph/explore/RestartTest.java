package org.clothgraph.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.Project;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.SimulationWorkUnit;
import org.clothgraph.sim.XpbdClothSimulator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Restarting the simulator from a stored state (root frame, float32, read back from a unit of work's bytes as a
 * worker process does) gives exactly the frames of one uninterrupted run.
 */
class RestartTest {
    @TempDir
    Path dir;

    @Test
    void restartFromAStoredStateEqualsContinuationBitForBit() throws Exception {
        restartEqualsContinuation("r", ExplorationSettings.defaultSimulation(), 300);
    }

    @Test
    void restartFromAStoredStateEqualsContinuationBitForBitWithTheSmallStepSolver() throws Exception {
        restartEqualsContinuation("r-xpbd", SmallDemo.smallSteps(), 300);
    }

    private void restartEqualsContinuation(String name, SimulationSettings sim, int explored) throws Exception {
        try (Project p = SmallDemo.build(dir.resolve(name)); ThreadUnitExecutor exec = new ThreadUnitExecutor()) {
            SmallDemo.explore(p, 1, explored, sim);
            Explorer ex = SmallDemo.explorer(p, 1, new XpbdClothSimulator(), exec, sim);
            Horizon h = ex.horizon();
            // a path of about 40 frames from the first live state, following the first outgoing edge each time
            ClothStateRecord c = p.secondary().states().stream().filter(ClothStateRecord::live).findFirst().orElseThrow();
            List<PrimaryEdge> edges = new ArrayList<>();
            long node = c.primaryNode();
            int frames = 0;
            while (frames < 40) {
                PrimaryEdge e = h.out(node).get(0);
                edges.add(e);
                frames += h.frames(e);
                node = e.to();
            }
            ClothState start = new ClothState(p.frames().read(c.frameId()).positions(),
                    p.frames().read(c.frameId()).velocities());
            ExpansionUnit whole = ex.unitFor(c.primaryNode(), start, List.of(edges));
            ExpansionResult once = UnitRunner.run(whole, new XpbdClothSimulator(), null);
            assertTrue(!once.failed(), () -> once.failure());
            List<ClothState> continuous = once.frames().get(0);

            int k = continuous.size() / 2;
            ExpansionUnit.Branch b = whole.branches().get(0);
            SimulationWorkUnit s = b.sim();
            int perFrame = s.settings().substeps();
            SimulationWorkUnit rest = new SimulationWorkUnit(s.mesh(), s.material(), s.settings(),
                    s.motion().from(k * perFrame), 0, continuous.get(k - 1), s.fps(), s.frames() - k);
            ExpansionUnit.Branch tail = new ExpansionUnit.Branch(rest, Arrays.copyOfRange(b.nodes(), k, b.nodes().length),
                    new long[0], Arrays.copyOfRange(b.roots(), 3 * k, b.roots().length));
            ExpansionUnit restart = ExpansionUnit.fromBytes(new ExpansionUnit(1, "restart", whole.classify(),
                    List.of(tail)).toBytes());
            ExpansionResult again = UnitRunner.run(restart, new XpbdClothSimulator(), null);
            List<ClothState> resumed = again.frames().get(0);
            assertEquals(continuous.size() - k, resumed.size());
            for (int i = 0; i < resumed.size(); i++) {
                ClothState x = continuous.get(k + i);
                ClothState y = resumed.get(i);
                int frame = k + i + 1;
                assertTrue(Arrays.equals(x.positions(), y.positions()), "positions differ at frame " + frame);
                assertTrue(Arrays.equals(x.velocities(), y.velocities()), "velocities differ at frame " + frame);
                assertEquals(once.classes().get(0).get(k + i), again.classes().get(0).get(i));
            }
        }
    }
}
