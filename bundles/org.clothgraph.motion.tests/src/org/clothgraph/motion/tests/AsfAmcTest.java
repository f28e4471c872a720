package org.clothgraph.motion.tests;

import static org.junit.jupiter.api.Assertions.*;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.io.AsfAmcReader;
import org.clothgraph.motion.io.AsfAmcWriter;
import org.clothgraph.motion.io.BvhReader;
import org.clothgraph.motion.io.ImportOptions;
import org.junit.jupiter.api.Test;

class AsfAmcTest {

    static Motion cmuClip() {
        return BvhReader.read(TestData.require().resolve("mocap/cmu/cmu_walk_delfem2.bvh"), ImportOptions.NATIVE_RATE).sub(0, 60, "walk");
    }

    @Test
    void asfAmcOfAKnownMotionHasTheSameForwardKinematicsAsTheBvh() {
        Motion bvh = cmuClip();
        String asf = AsfAmcWriter.asf(bvh), amc = AsfAmcWriter.amc(bvh);
        Motion m = AsfAmcReader.read("w.asf", asf, "w.amc", amc, 120, ImportOptions.NATIVE_RATE.withUpAxis(ImportOptions.UpAxis.Y));
        assertEquals(bvh.frameCount(), m.frameCount());
        assertEquals(120, m.fps(), 1e-9);
        Skeleton s = m.skeleton();
        for (int f = 0; f < bvh.frameCount(); f += 5) {
            Vec3[] want = bvh.worldPositions(f), got = m.worldPositions(f), ends = m.endSitePositions(f);
            assertEquals(0, want[0].distance(got[0]), 1e-5);
            for (int j = 1; j < bvh.skeleton().size(); j++) {
                // ASF joint "x" sits at the start of bone x; the BVH joint x is that bone's end
                int a = s.indexOf(bvh.skeleton().name(j));
                int[] ch = s.children(a);
                Vec3 end = ch.length > 0 ? got[ch[0]] : ends[a];
                assertEquals(0, want[j].distance(end), 1e-4, "joint " + bvh.skeleton().name(j) + " frame " + f);
            }
        }
    }

    @Test
    void malformedAmcIsRefusedWithFileAndLine() {
        Motion bvh = cmuClip().sub(0, 3, "w");
        String asf = AsfAmcWriter.asf(bvh), amc = AsfAmcWriter.amc(bvh);
        String[] bad = {amc.replaceFirst("\nLeftUpLeg ", "\nLeftUpLug "), amc.replaceFirst("root ([-0-9.]+) ", "root NaN "),
                amc.replaceFirst("\n2\n", "\n5\n"), amc.substring(0, amc.length() / 2) + "\nHips 1 2\n"};
        for (String b : bad) {
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> AsfAmcReader.read("w.asf", asf, "w.amc", b, 120, ImportOptions.DEFAULT));
            assertTrue(e.getMessage().startsWith("w.amc:"), e.getMessage());
            assertTrue(e.location().startsWith("line "));
        }
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> AsfAmcReader.read("w.asf", asf.replace(":hierarchy", ":hierarchx"), "w.amc", amc, 120, ImportOptions.DEFAULT));
        assertTrue(e.getMessage().startsWith("w.asf:"), e.getMessage());
    }
}
