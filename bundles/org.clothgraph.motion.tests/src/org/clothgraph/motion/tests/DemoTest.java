package org.clothgraph.motion.tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.demo.DemoCharacter;
import org.clothgraph.motion.demo.DemoMotions;
import org.clothgraph.motion.io.BvhReader;
import org.clothgraph.motion.io.BvhWriter;
import org.clothgraph.motion.io.ImportOptions;
import org.clothgraph.motion.retarget.JointMap;
import org.clothgraph.motion.retarget.JointMapper;
import org.clothgraph.motion.retarget.Retargeter;
import org.junit.jupiter.api.Test;

class DemoTest {
    static final List<Motion> CLIPS = DemoMotions.all();

    @Test
    void characterIsAnAdultInMetres() {
        Skeleton s = DemoCharacter.skeleton();
        assertTrue(s.size() >= 22 && s.size() <= 31);
        assertEquals(1.75, s.restHeight(), 0.05);
        for (DemoCharacter.Capsule c : DemoCharacter.capsules()) {
            assertTrue(s.indexOf(c.from()) >= 0 && (c.to() == null || s.indexOf(c.to()) >= 0), c.toString());
            assertTrue(c.radius() > 0.02 && c.radius() < 0.2);
        }
    }

    @Test
    void locomotionPelvisMovesWithoutJolts() {
        // planted feet lower the pelvis gradually: a one-frame drop of several cm (about 10 g, as the first
        // generator had) throws a hood off a walking character. Running and walking stay within 3 g.
        for (Motion m : List.of(DemoMotions.walk(), DemoMotions.jog(), DemoMotions.turn(true), DemoMotions.turn(false))) {
            double worst = 0;
            for (int f = 1; f + 1 < m.frameCount(); f++) {
                double a = m.rootPosition(f + 1).y() - 2 * m.rootPosition(f).y() + m.rootPosition(f - 1).y();
                worst = Math.max(worst, Math.abs(a) * m.fps() * m.fps() / 9.81);
            }
            assertTrue(worst <= 3.0, m.name() + " pelvis accelerates at " + worst + " g");
        }
    }

    @Test
    void clipsAreLongEnoughAndDeterministic() {
        assertTrue(CLIPS.size() >= 8);
        assertTrue(CLIPS.stream().mapToInt(Motion::frameCount).sum() >= 2000);
        assertEquals(List.of("walk", "jog", "turn_left", "turn_right", "jump", "jumping_jacks", "kick", "throw", "backflip"),
                CLIPS.stream().map(Motion::name).toList());
        Motion again = DemoMotions.walk();
        assertEquals(CLIPS.get(0).worldPositions(123)[5], again.worldPositions(123)[5]);
        for (Motion m : CLIPS) assertEquals(30, m.fps());
    }

    @Test
    void nothingSinksFeetPlantBonesKeepLength() {
        Skeleton s = DemoCharacter.skeleton();
        int[] feet = {s.indexOf("LeftFoot"), s.indexOf("RightFoot")};
        for (Motion m : CLIPS) {
            BvhReaderTest.assertBoneLengthsConstant(m, 1e-9);
            Vec3[] prev = null;
            for (int f = 0; f < m.frameCount(); f++) {
                Vec3[] w = m.worldPositions(f);
                for (Vec3 v : w) assertTrue(v.y() > -0.02, m.name() + " frame " + f + " below ground");
                if (prev != null) {
                    for (int ft : feet) {
                        // an ankle at stance height in two consecutive frames is planted: it may not slide
                        if (w[ft].y() < DemoCharacter.ANKLE_HEIGHT + 5e-4 && prev[ft].y() < DemoCharacter.ANKLE_HEIGHT + 5e-4) {
                            double slide = Math.hypot(w[ft].x() - prev[ft].x(), w[ft].z() - prev[ft].z());
                            assertTrue(slide < 0.005, m.name() + " foot slides " + slide + " at frame " + f);
                        }
                    }
                }
                prev = w;
            }
        }
    }

    @Test
    void vigorousClipsAreVigorousAndClipsStartStanding() {
        Motion flip = CLIPS.get(8);
        double maxPitchRate = 0;
        for (int f = 1; f < flip.frameCount(); f++) maxPitchRate = Math.max(maxPitchRate, flip.rotation(f, 0).angleTo(flip.rotation(f - 1, 0)) * 30);
        assertTrue(maxPitchRate > 10, "backflip root turns faster than 10 rad/s, got " + maxPitchRate);
        Motion walk = CLIPS.get(0);
        for (Motion m : CLIPS) {
            assertEquals(walk.rootPosition(0).y(), m.rootPosition(0).y(), 0.02, m.name());
            assertEquals(walk.rootPosition(0).y(), m.rootPosition(m.frameCount() - 1).y(), 0.02, m.name());
        }
    }

    @Test
    void demoClipsSurviveBvhRoundTrip() throws Exception {
        Path tmp = Files.createTempFile("demo", ".bvh");
        try {
            BvhWriter.write(CLIPS.get(4), tmp);
            Motion back = BvhReader.read(tmp, ImportOptions.DEFAULT);
            assertEquals(CLIPS.get(4).frameCount(), back.frameCount());
            assertEquals(0, CLIPS.get(4).worldPositions(100)[10].distance(back.worldPositions(100)[10]), 1e-5);
        } finally {
            Files.delete(tmp);
        }
    }

    @Test
    void jointMapsRoundTripAsText() throws Exception {
        JointMap m = JointMap.parse("m.txt", "mixamorig:LeftUpLeg LeftUpLeg\nright_elbow RightForeArm\n");
        assertEquals("LeftUpLeg", m.target("mixamorig:LeftUpLeg"));
        assertEquals("RightForeArm", m.target("right_elbow"));
        Path tmp = Files.createTempFile("map", ".txt");
        try {
            m.save(tmp);
            assertEquals(m.entries(), JointMap.load(tmp).entries());
        } finally {
            Files.delete(tmp);
        }
    }

    @Test
    void retargetingKeepsPoseShapeAcrossRestPoses() {
        Path root = TestData.require();
        Motion mh = BvhReader.read(root.resolve("meshes/makehuman/tpose.bvh"));
        assertEquals("upperleg01.L", JointMapper.map(mh.skeleton()).source("LeftUpLeg"));
        Motion dm = BvhReader.read(root.resolve("mocap/deepmimic/dm_walk.bvh"));
        Retargeter r = new Retargeter(dm.skeleton(), DemoCharacter.skeleton(), JointMap.forSkeleton(dm.skeleton()));
        Motion t = r.retarget(dm);
        Skeleton s = t.skeleton();
        for (int f = 0; f < t.frameCount(); f += 4) {
            Vec3[] a = dm.worldPositions(f), b = t.worldPositions(f);
            // the knee-to-ankle direction of the source is reproduced on the target
            Vec3 ds = a[dm.skeleton().indexOf("left_ankle")].sub(a[dm.skeleton().indexOf("left_knee")]).normalized();
            Vec3 dt = b[s.indexOf("LeftFoot")].sub(b[s.indexOf("LeftLeg")]).normalized();
            assertTrue(ds.dot(dt) > 0.99, "frame " + f + " " + ds + " vs " + dt);
        }
        assertEquals(DemoCharacter.skeleton().restRootHeight() / dm.skeleton().restRootHeight(), r.translationScale(), 1e-12);
    }
}
