package org.clothgraph.explore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.sim.ClothSimulator;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.XpbdClothSimulator;

/** A small demo project (40-frame clips, a 700-vertex robe) and helpers to explore and compare it. */
final class SmallDemo {
    private SmallDemo() {
    }

    static Project build(Path folder) {
        return DemoPipeline.run(folder, DemoPipeline.Options.small(0), null);
    }

    static GarmentInfo robe(Project p) {
        return ProjectGarments.find(p, ProjectGarments.ROBE);
    }

    static Explorer explorer(Project p, int workers, ClothSimulator sim, ThreadUnitExecutor executor) {
        return explorer(p, workers, sim, executor, ExplorationSettings.defaultSimulation());
    }

    /** An explorer with these solver settings ({@link #smallSteps()}: the small-step solver's, as `explore` sets them). */
    static Explorer explorer(Project p, int workers, ClothSimulator sim, ThreadUnitExecutor executor,
            SimulationSettings simulation) {
        return new Explorer(p, robe(p), sim,
                ExplorationSettings.defaults().withWorkers(workers).withSimulation(simulation), executor);
    }

    static Explorer.Report explore(Project p, int workers, long frames) {
        return explore(p, workers, frames, ExplorationSettings.defaultSimulation());
    }

    static Explorer.Report explore(Project p, int workers, long frames, SimulationSettings simulation) {
        try (ThreadUnitExecutor executor = new ThreadUnitExecutor()) {
            return explorer(p, workers, new XpbdClothSimulator(), executor, simulation)
                    .run(Explorer.Limits.frames(frames), null);
        }
    }

    /** The small-step solver's settings for exploration: one thread per simulation, no wall-clock timeout. */
    static SimulationSettings smallSteps() {
        return ExplorationSettings.simulation(SimulationSettings.smallSteps());
    }

    /** The whole secondary graph as text, frames by content digest: equal text = same graph, same frames. */
    static String fingerprint(Project p) {
        return GraphFingerprint.of(p);
    }

    static String digest(Project p, long frameId) {
        return GraphFingerprint.frame(p, frameId);
    }

    /** Reports nothing. */
    static final UnitExecutor.Progress QUIET = new UnitExecutor.Progress() {
        @Override
        public void started(ExpansionUnit unit) {
        }

        @Override
        public void finished(ExpansionUnit unit, ExpansionResult result) {
        }
    };

    /** {@code frames} clip edges in one clip ({@link #clipRun}) and the initial drape carried into its first pose. */
    record Start(List<PrimaryEdge> run, long node, ClothState drape) {
    }

    static Start start(Project p, Explorer ex, int frames) {
        List<PrimaryEdge> run = clipRun(PrimaryGraphSnapshot.of(p), ex.horizon(), frames);
        long node = run.get(0).from();
        return new Start(run, node, ex.drapeAt(node));
    }

    /** {@code frames} clip edges in one clip, from the lowest node id that has them. */
    static List<PrimaryEdge> clipRun(PrimaryGraphSnapshot snap, Horizon h, int frames) {
        List<PrimaryNode> nodes = new ArrayList<>(snap.graph().nodes());
        nodes.sort(Comparator.comparingLong(PrimaryNode::id));
        for (PrimaryNode n : nodes) {
            List<PrimaryEdge> run = new ArrayList<>();
            long at = n.id();
            while (run.size() < frames) {
                PrimaryEdge next = h.out(at).stream().filter(e -> e.kind() == PrimaryEdge.Kind.CLIP).findFirst()
                        .orElse(null);
                if (next == null) {
                    break;
                }
                run.add(next);
                at = next.to();
            }
            if (run.size() == frames) {
                return run;
            }
        }
        throw new AssertionError("no clip of the small demo has " + frames + " frames in a row");
    }

    /** Asserts that each unit's result is what simulating the unit alone gives, every frame bit for bit. */
    static void assertAsAlone(List<ExpansionUnit> units, List<ExpansionResult> results) {
        for (int u = 0; u < units.size(); u++) {
            ExpansionResult got = results.get(u);
            ExpansionResult alone = UnitRunner.run(units.get(u), new XpbdClothSimulator(), null);
            assertFalse(got.failed() || alone.failed(), got.failure() + " / " + alone.failure());
            assertEquals(alone.frames().size(), got.frames().size());
            for (int b = 0; b < alone.frames().size(); b++) {
                assertEquals(alone.frames().get(b).size(), got.frames().get(b).size());
                assertEquals(alone.classes().get(b), got.classes().get(b));
                for (int f = 0; f < alone.frames().get(b).size(); f++) {
                    String where = "unit " + u + " branch " + b + " frame " + (f + 1);
                    assertArrayEquals(alone.frames().get(b).get(f).positions(),
                            got.frames().get(b).get(f).positions(), where);
                    assertArrayEquals(alone.frames().get(b).get(f).velocities(),
                            got.frames().get(b).get(f).velocities(), where);
                }
            }
        }
    }
}
