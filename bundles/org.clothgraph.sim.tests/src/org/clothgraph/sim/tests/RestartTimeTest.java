package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothSimulator;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.InitialDrape;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.ProceduralBody;
import org.clothgraph.sim.garment.Garments;
import org.junit.jupiter.api.Test;

/**
 * A simulation restarted from a stored frame continues with the frames of the uninterrupted run, at a frame rate
 * whose frame times are not exact binary fractions (30 fps): the restarted run's frame times are the uninterrupted
 * run's, not start + k / fps (5/30 + 6/30 is one bit away from 11/30, and the cloth followed that bit).
 */
class RestartTimeTest {
    @Test
    void frameTimesOfARestartAreThoseOfTheUninterruptedRun() {
        double fps = 30;
        assertNotEquals(11 / fps, 5 / fps + 6 / fps, "the arithmetic the old frame times used");
        for (int k = 0; k < 40; k++) {
            for (int f = 0; f < 40; f++) {
                assertEquals(ClothSimulator.frameTime(0, k + f, fps), ClothSimulator.frameTime(k / fps, f, fps),
                        "frame " + f + " after a restart at " + k);
            }
        }
        assertEquals(0.0125 + 2 / fps, ClothSimulator.frameTime(0.0125, 2, fps), "off a frame boundary: start + f / fps");
    }

    /** The spin-flip at 30 fps: a restart at frame 5 of 12 differed from the continuation in frame 12 before. */
    @Test
    void aRestartAtFrameFiveOfTwelveGivesTheContinuationsFrames() throws Exception {
        BodyMotion motion = ProceduralBody.motion(ProceduralBody.Motion.SPIN_FLIP);
        ClothMesh robe = Garments.hoodedRobe(motion.poseAt(0), 1500);
        Material m = Material.defaults();
        SimulationSettings s = SimulationSettings.smallSteps().withThreads(1);
        ClothState rest = InitialDrape.drape(robe, m, s.withSelfCollision(false, 1), motion, 0, 0.2, null);
        int frames = 12, k = 5;
        List<ClothState> all = new ArrayList<>(), tail = new ArrayList<>();
        new XpbdClothSimulator().simulateStored(robe, m, s, motion, 0, rest, 30, frames, (i, st, ms) -> {
            all.add(st);
            return st;
        }, null);
        new XpbdClothSimulator().simulateStored(robe, m, s, motion, k / 30.0, all.get(k - 1), 30, frames - k,
                (i, st, ms) -> {
                    tail.add(st);
                    return st;
                }, null);
        for (int i = 0; i < frames - k; i++) {
            assertArrayEquals(all.get(k + i).positions(), tail.get(i).positions(), "positions of frame " + (k + i + 1));
            assertArrayEquals(all.get(k + i).velocities(), tail.get(i).velocities(), "velocities of frame " + (k + i + 1));
        }
    }
}
