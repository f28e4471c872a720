package org.clothgraph.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.Project;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.body.BodyMotion;
import org.eclipse.core.runtime.IProgressMonitor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The thread executor hands out a round's branches longest first, so that a round does not end with one worker
 * running a long branch it started last while the others wait; the results still come back per unit, in unit order,
 * each what simulating the unit alone gives.
 */
class LongestFirstTest {
    @TempDir
    Path dir;

    /** The embedded simulator, noting the length of every branch it starts, in the order it starts them. */
    static final class Recording extends FailureTest.FailingSimulator {
        final List<Integer> started = Collections.synchronizedList(new ArrayList<>());

        @Override
        boolean fails(ClothState initial) {
            return false;
        }

        @Override
        public void simulateStored(ClothMesh mesh, Material material, SimulationSettings settings, BodyMotion motion,
                double startTime, ClothState initial, double fps, int frames, StoringSink sink, IProgressMonitor monitor)
                throws SimulationFailedException {
            started.add(frames);
            super.simulateStored(mesh, material, settings, motion, startTime, initial, fps, frames, sink, monitor);
        }
    }

    @Test
    void theLongestBranchesRunFirstAndResultsComeBackInUnitOrder() throws Exception {
        try (Project p = SmallDemo.build(dir.resolve("d")); ThreadUnitExecutor exec = new ThreadUnitExecutor()) {
            Explorer ex = SmallDemo.explorer(p, 1, new XpbdClothSimulator(), exec);
            SmallDemo.Start s = SmallDemo.start(p, ex, 12);
            List<PrimaryEdge> whole = s.run();
            long n0 = s.node();
            ClothState start = s.drape();
            // three units in queue order; the second has a short and a long branch
            List<ExpansionUnit> units = List.of(ex.unitFor(n0, start, List.of(whole.subList(0, 3))),
                    ex.unitFor(n0, start, List.of(whole.subList(0, 5), whole)),
                    ex.unitFor(n0, start, List.of(whole.subList(0, 8))));
            Recording sim = new Recording();
            List<String> finished = new ArrayList<>();
            List<ExpansionResult> results = exec.runAll(units, sim, 1, new UnitExecutor.Progress() {
                @Override
                public void started(ExpansionUnit unit) {
                }

                @Override
                public void finished(ExpansionUnit unit, ExpansionResult result) {
                    finished.add(unit.label() + "/" + result.frameCount());
                }
            }, null);

            assertEquals(List.of(12, 8, 5, 3), sim.started, "one worker takes the branches longest first");
            assertEquals(List.of(units.get(0).label() + "/3", units.get(1).label() + "/17",
                    units.get(2).label() + "/8"), finished, "reported per unit, in unit order");
            SmallDemo.assertAsAlone(units, results);
        }
    }
}
