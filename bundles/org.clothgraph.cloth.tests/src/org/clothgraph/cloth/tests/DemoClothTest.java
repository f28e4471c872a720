package org.clothgraph.cloth.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.clothgraph.cloth.ClothRun;
import org.clothgraph.cloth.HoodDecisions;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.measure.SelfIntersections;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;
import org.clothgraph.model.frames.ClothFrame;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.garment.Garments;
import org.clothgraph.sim.garment.HoodStateClassifier.Decision;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo robe on the demo character through the real pipeline (drape, lead-in, primary-graph path,
 * chunked simulation into the frame store): the paper's bifurcation, the whole path stored in order, determinism.
 */
class DemoClothTest {
    @TempDir
    static Path dir;
    private static Project project;
    private static GarmentInfo robe;

    @BeforeAll
    static void demo() {
        project = DemoPipeline.run(dir.resolve("demo"), DemoPipeline.Options.noExploration(), null);
        robe = ProjectGarments.find(project, ProjectGarments.ROBE);
    }

    @AfterAll
    static void close() {
        project.close();
    }

    private static ClothRun.Report run(List<String> clips, int frames) throws Exception {
        return ClothRun.simulate(project, robe, clips, frames, new XpbdClothSimulator(), SimulationSettings.defaults(), null);
    }

    @Test
    void walkingKeepsTheHoodUpAndAJumpThrowsItOff() throws Exception {
        ClothRun.Report walk = run(List.of("walk"), 0);
        assertTrue(walk.frames() > 250);
        assertTrue(walk.classes().stream().allMatch("UP"::equals), "hood up while walking: " + walk.classes());

        ClothRun.Report jump = run(List.of("jump"), 0);
        List<String> last = jump.classes().subList(jump.classes().size() - 20, jump.classes().size());
        assertTrue(last.stream().allMatch("DOWN"::equals), "the jump throws the hood off: " + jump.classes());
        assertEquals("UP", jump.classes().get(0), "it starts on the head");
    }

    /**
     * Issue 10 acceptance 1: the hood result rests on the physics, not on the repairs. The small-step solver with its
     * speed limit and untangling off keeps the hood up walking and the jog throws it off, each decided by the
     * classifier with a margin (measured in full in docs/SIMULATION.md, "The hood's face opening": the walk at least
     * 0.47 in all 303 frames, the jog down from frame 104 to its end).
     */
    @Test
    void withTheRepairsOffTheSmallStepSolverKeepsTheHoodUpWalkingAndTheJogThrowsItOff() throws Exception {
        SimulationSettings off = SimulationSettings.smallSteps().withSpeedLimit(0).withUntangleSpeed(0);
        ClothRun.Report walk = ClothRun.simulate(project, robe, List.of("walk"), 120, new XpbdClothSimulator(), off,
                null);
        HoodDecisions w = HoodDecisions.of(project, walk, 1, null);
        assertEquals(-1, w.narrowest("DOWN"), "hood up while walking: " + w.classRuns());
        Decision narrowest = w.hood().get(w.narrowest("UP"));
        assertTrue(narrowest.margin() > 0.3, "walking, the narrowest decision: " + HoodDecisions.describe(narrowest));

        ClothRun.Report jog = ClothRun.simulate(project, robe, List.of("jog"), 130, new XpbdClothSimulator(), off,
                null);
        HoodDecisions j = HoodDecisions.of(project, jog, 1, null);
        assertEquals("UP", j.hood().get(0).hoodClass(), "it starts on the head: " + j.classRuns());
        for (int f = 115; f < 130; f++) {
            Decision d = j.hood().get(f);
            assertTrue(d.hoodClass().equals("DOWN") && d.margin() > 0.1,
                    "the jog throws the hood off: frame " + f + " " + HoodDecisions.describe(d) + "; " + j.classRuns());
        }
    }

    /**
     * The whole demo path, every clip from where a transition enters it to where the next one leaves, runs through
     * the first solver without a failure and is stored in order, the project consistent. On a 1,000-vertex robe: the
     * path, not the resolution, is what this checks (the default robe's 1,592 frames took 8 of the 16 minutes of this
     * class in CI). It used to assert "no vertex deeper than 5 mm" from the run's own figure, which is measured against
     * the capsules the first solver projects the cloth out of, so it read 0.0 mm by construction; measured
     * independently against the skinned body mesh ({@code clothgraph measure --every 10}) this path reaches 17.7 mm
     * and 1,906 cloth edges through the body in a frame at 1,082 vertices (docs/SIMULATION.md), so nothing about
     * penetration is claimed here.
     */
    @Test
    void theWholeDemoPathRunsThroughTheFirstSolverAndIsStoredInOrder() throws Exception {
        GarmentInfo coarse = ProjectGarments.add(project, "coarse robe",
                Garments.hoodedRobe(ProjectGarments.restBody(project), 1000), Material.defaults());
        List<String> all = project.clips().stream().map(ClipInfo::name).toList();
        ClothRun.Report r = ClothRun.simulate(project, coarse, all, 0, new XpbdClothSimulator(),
                SimulationSettings.defaults(), null);
        assertTrue(r.frames() >= 1000, "the whole sequence: " + r.frames() + " frames");
        assertEquals(all, r.clips());
        assertEquals(Math.toIntExact(r.lastFrameId() - r.firstFrameId() + 1), r.frames());
        assertEquals(r.frames(), r.classes().size());
        assertTrue(project.check(null).clean());
    }

    /**
     * Issue 10 acceptance 2: a frame of the small-step solver that starts clear of itself and ends with the cloth through
     * itself is simulated again with twice the substeps ({@link SimulationSettings#tangleRetries()}). On a 1,000-vertex
     * robe in the jumping jacks from the drape, without the retries the independent checker finds the robe through
     * itself at frame 78 (2 edge-triangle crossings, measured 2026-12-05; at frame 28 until the depenetration limit's
     * move of a vertex's start was trimmed, {@code StartShiftTrimTest}); with them no frame of the first 90 crosses, and
     * the solver counts the frames it simulated again. A frame that starts tangled is
     * left to the untangler (UntangleTest's bubble).
     */
    @Test
    void aFrameThatEndsThroughItselfIsSimulatedAgainWithTwiceTheSubsteps() throws Exception {
        GarmentInfo coarse = ProjectGarments.find(project, "robe at 1,000 vertices");
        if (coarse == null) {
            coarse = ProjectGarments.add(project, "robe at 1,000 vertices",
                    Garments.hoodedRobe(ProjectGarments.restBody(project), 1000), Material.defaults());
        }
        int[] triangles = ProjectGarments.mesh(project, coarse).triangles();
        int frames = 90;
        int[] worst = new int[2];
        ClothRun.Report[] runs = new ClothRun.Report[2];
        for (int retries = 0; retries < 2; retries++) {
            runs[retries] = ClothRun.simulate(project, coarse, List.of("jumping_jacks"), frames, new XpbdClothSimulator(),
                    SimulationSettings.smallSteps().withTangleRetries(2 * retries), null);
            for (int f = 0; f < frames; f++) {
                float[] x = project.frames().read(runs[retries].firstFrameId() + f).positions();
                worst[retries] = Math.max(worst[retries], SelfIntersections.count(x, triangles));
            }
        }
        assertTrue(worst[0] > 0, "without the retries the robe ends a frame through itself: " + runs[0].solver().summary());
        assertEquals(0, runs[0].solver().tangleRetries());
        assertEquals(0, worst[1], "with them no frame does: " + runs[1].solver().summary());
        assertTrue(runs[1].solver().tangleRetries() > 0, runs[1].solver().summary());
        assertEquals(0, runs[1].solver().tangledFrames(), runs[1].solver().summary());
    }

    @Test
    void sameInputsGiveBitIdenticalFrames() throws Exception {
        ClothRun.Report a = run(List.of("kick"), 40);
        ClothRun.Report b = run(List.of("kick"), 40);
        for (int f = 0; f < 40; f++) {
            ClothFrame x = project.frames().read(a.firstFrameId() + f);
            ClothFrame y = project.frames().read(b.firstFrameId() + f);
            assertArrayEquals(x.positions(), y.positions(), "frame " + f);
            assertArrayEquals(x.velocities(), y.velocities(), "frame " + f);
        }
    }
}
