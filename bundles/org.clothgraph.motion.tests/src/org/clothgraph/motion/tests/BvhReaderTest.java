package org.clothgraph.motion.tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.io.BvhReader;
import org.clothgraph.motion.io.BvhWriter;
import org.clothgraph.motion.io.ImportOptions;
import org.junit.jupiter.api.Test;

class BvhReaderTest {

    static void assertBoneLengthsConstant(Motion m, double tol) {
        Skeleton sk = m.skeleton();
        for (int f = 0; f < m.frameCount(); f++) {
            Vec3[] w = m.worldPositions(f);
            for (int j = 1; j < sk.size(); j++) {
                if (sk.joint(j).hasPositionChannels()) continue;
                assertEquals(sk.offset(j).length(), w[j].distance(w[sk.parent(j)]), tol, m.name() + " joint " + sk.name(j) + " frame " + f);
            }
        }
    }

    @Test
    void importsEverySharedBvh() throws Exception {
        List<Path> files = TestData.bvhFiles();
        assertTrue(files.size() >= 7, "expected the shared mocap clips");
        for (Path p : files) {
            Motion raw = BvhReader.read(p, ImportOptions.NATIVE_RATE);
            Motion m = BvhReader.read(p);
            assertEquals(30, m.fps(), 1e-9);
            assertEquals(m.frameCount() * m.frameTime(), m.duration(), 1e-12);
            // resampling keeps the time span to within one frame
            assertEquals((raw.frameCount() - 1) / raw.fps(), (m.frameCount() - 1) / m.fps(), 1.0 / 30 + 1e-9, p.toString());
            assertBoneLengthsConstant(m, 1e-6);
            double h = m.skeleton().restHeight();
            assertTrue(h > 1.2 && h < 2.1, p + " standing height in metres, got " + h);
            // standing on a Y-up ground: hips well above the lowest joint
            Vec3[] w = m.worldPositions(0);
            double lo = Double.MAX_VALUE;
            for (Vec3 v : w) lo = Math.min(lo, v.y());
            if (p.toString().contains("mocap")) assertTrue(w[0].y() - lo > 0.5, p + " hips above feet");
        }
    }

    @Test
    void cmuScaleAndNativeRate() throws Exception {
        Path p = TestData.require().resolve("mocap/cmu/cmu_walk_delfem2.bvh");
        Motion m = BvhReader.read(p, ImportOptions.NATIVE_RATE);
        assertEquals(120, m.fps(), 1e-3);
        assertEquals(344, m.frameCount());
        // cgspeed units are inch/0.45: hip height ends up near a metre
        assertEquals(0.94, m.rootPosition(0).y(), 0.06);
        Motion cm = BvhReader.read(p, ImportOptions.NATIVE_RATE.withScale(0.01));
        assertEquals(m.rootPosition(0).y() / (0.0254 / 0.45) * 0.01, cm.rootPosition(0).y(), 1e-9);
    }

    @Test
    void roundTripThroughWriter() throws Exception {
        Path p = TestData.require().resolve("mocap/cmu/cmu_131_01_start_walk_stop.bvh");
        Motion m = BvhReader.read(p);
        Motion back = BvhReader.read("rt.bvh", BvhWriter.toString(m), ImportOptions.DEFAULT);
        assertEquals(m.frameCount(), back.frameCount());
        assertEquals(m.skeleton().names(), back.skeleton().names());
        for (int f = 0; f < m.frameCount(); f += 7) {
            Vec3[] a = m.worldPositions(f), b = back.worldPositions(f);
            for (int j = 0; j < a.length; j++) assertEquals(0, a[j].distance(b[j]), 2e-5);
        }
    }

    @Test
    void zUpInputIsRotatedToYUp() {
        String bvh = "HIERARCHY\nROOT hips\n{\n OFFSET 0 0 0\n CHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation\n"
                + " JOINT knee\n {\n  OFFSET 0 0 -45\n  CHANNELS 3 Zrotation Yrotation Xrotation\n  End Site\n  {\n   OFFSET 0 0 -45\n  }\n }\n"
                + " JOINT head\n {\n  OFFSET 0 0 70\n  CHANNELS 3 Xrotation Yrotation Zrotation\n  End Site\n  {\n   OFFSET 0 0 10\n  }\n }\n}\n"
                + "MOTION\nFrames: 2\nFrame Time: 0.0333333\n10 20 90 0 0 0 0 0 0 0 0 0\n10 20 90 0 0 0 0 0 0 0 0 0\n";
        Motion m = BvhReader.read("z.bvh", bvh, ImportOptions.DEFAULT);
        // Z-up centimetres: 170 tall -> 1.7 m along Y
        assertEquals(1.7, m.skeleton().restHeight(), 1e-9);
        assertEquals(0.9, m.rootPosition(0).y(), 1e-9);
        assertTrue(m.worldPositions(0)[2].y() > m.worldPositions(0)[0].y());
    }

    @Test
    void malformedInputNamesFileAndLine() {
        String good = "HIERARCHY\nROOT a\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation\n"
                + "End Site\n{\nOFFSET 0 1 0\n}\n}\nMOTION\nFrames: 2\nFrame Time: 0.0333333\n0 0 0 0 0 0\n0 0 0 0 0 0\n";
        assertEquals(2, BvhReader.read("ok.bvh", good, ImportOptions.NATIVE_RATE).frameCount());
        String[][] bad = {
                {good.replace("0 0 0 0 0 0\n0 0 0 0 0 0\n", "0 0 0 0 0 0\n"), "15"},
                {good.replace("0 0 0 0 0 0\n0 0 0 0 0 0\n", "0 0 0 0 0\n0 0 0 0 0 0\n"), "14"},
                {good.replace("0 0 0 0 0 0\n0 0 0 0 0 0\n", "0 0 NaN 0 0 0\n0 0 0 0 0 0\n"), "14"},
                {good.replace("0 0 0 0 0 0\n0 0 0 0 0 0\n", "0 0 Infinity 0 0 0\n0 0 0 0 0 0\n"), "14"},
                {good.replace("0 0 0 0 0 0\n0 0 0 0 0 0\n", "0 0 1x 0 0 0\n0 0 0 0 0 0\n"), "14"},
                {good.replace("MOTION", "MOTON"), "11"},
                {good.replace("Frames: 2", "Frames: 3"), "16"},
                {good.replace("End Site", "JIONT x"), "6"},
                {good.substring(0, 60), null},
        };
        for (String[] b : bad) {
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> BvhReader.read("bad.bvh", b[0], ImportOptions.DEFAULT));
            assertTrue(e.getMessage().startsWith("bad.bvh:"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
            if (b[1] != null) assertEquals("line " + b[1], e.location(), e.getMessage());
        }
    }
}
