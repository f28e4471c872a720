package org.clothgraph.measure.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.clothgraph.measure.ArcsimMeasure;
import org.clothgraph.measure.ArcsimRun;
import org.clothgraph.measure.FrameMeasure;
import org.clothgraph.measure.RunMeasure;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArcsimTest {

    @Test
    void arcsimsOwnDressFramesMeasureClean() {
        Path dir = SharedData.resolve("arcsim-runs/dress-on-dancer");
        assumeTrue(dir != null, "skipped: ../shared/data/arcsim-runs/dress-on-dancer is absent");
        ArcsimRun run = ArcsimRun.open(dir);
        assertEquals(List.of(0, 1, 2, 3, 4), run.frameNumbers().subList(0, 5));
        assertTrue(run.hasObstacles());
        RunMeasure m = ArcsimMeasure.measure(run, List.of(0, 1, 2, 3, 4), null);
        for (FrameMeasure f : m.frames()) {
            System.out.printf("arcsim dress frame %d: self %d, body %d, penetration %.2f mm (%d inside), clearance %.2f mm,"
                    + " strain p99 %.2f %% max %.2f %%%n", f.frame(), f.selfCrossings(), f.bodyCrossings(),
                    1000 * f.maxPenetration(), f.inside(), 1000 * f.clearance(), 100 * f.strainP99(), 100 * f.strainMax());
        }
        // ARCSim's collision handling leaves no crossing. Against its vt (material metres: the 3D area is within
        // 2 % of the vt area) the dress starts 20 % stretched at the 99th percentile and relaxes towards 11 %.
        assertEquals(0, m.maxSelfCrossings());
        assertEquals(0, m.maxBodyCrossings());
        assertEquals(0.198, m.frames().get(0).strainP99(), 0.005);
        assertEquals(0.110, m.frames().get(4).strainP99(), 0.005);
        assertTrue(m.maxPenetration() < 0.005, "the dress hangs on the dancer, not inside: " + m.maxPenetration());
        assertTrue(m.frames().get(0).clearance() < 0.05, "and near it: " + m.frames().get(0).clearance());
    }

    @Test
    void malformedObjNamesFileAndLine(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("0000_00.obj"), "vt 0 0\nvt 1 0\nvt 0 1\nv 0 0 0\nv 1 0 x\nv 0 1 0\nf 1/1 2/2 3/3\n");
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> ArcsimMeasure.measure(ArcsimRun.open(tmp), List.of(0), null));
        assertTrue(e.getMessage().contains("0000_00.obj:5: not a number: x"), e.getMessage());
        Files.writeString(tmp.resolve("0000_00.obj"), "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\n");
        e = assertThrows(InvalidInputException.class, () -> ArcsimRun.open(tmp).cloth(0));
        assertTrue(e.getMessage().contains("0000_00.obj:4: index 4 out of range"), e.getMessage());
        e = assertThrows(InvalidInputException.class, () -> ArcsimRun.open(tmp.resolve("missing")));
        assertTrue(e.getMessage().contains("missing"), e.getMessage());
    }

    @Test
    void malformedTransformNamesFileAndField(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("0000_00.obj"), "vt 0 0\nvt 1 0\nvt 0 1\nv 5 5 5\nv 6 5 5\nv 5 6 5\nf 1/1 2/2 3/3\n");
        Files.writeString(tmp.resolve("obs_00.obj"),
                "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nv 0 0 1\nv 1 0 1\nv 0 1 1\nv 1 1 1\n" + cubeFaces());
        Files.writeString(tmp.resolve("0000obs00.txt"), "<rotate angle=\"90\" x=\"0\" y=\"0\" z=\"1\"/>\n"
                + "<scale value=\"1.000000\"/>\n<translate x=\"5\" y=\"5\" z=\"4.5\"/>\n");
        // rotated 90 degrees about z and moved: the cube spans x 4..5, y 5..6, z 4.5..5.5, so the triangle's
        // vertex (5, 5, 5) lies on its face and (5, 6, 5) on an edge; (6, 5, 5) is 1 m outside
        RunMeasure m = ArcsimMeasure.measure(ArcsimRun.open(tmp), List.of(0), null);
        assertEquals(0, m.frames().get(0).maxPenetration(), 1e-9);
        Files.writeString(tmp.resolve("0000obs00.txt"), "<rotate angle=\"ninety\" x=\"0\" y=\"0\" z=\"1\"/>\n");
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> ArcsimMeasure.measure(ArcsimRun.open(tmp), List.of(0), null));
        assertTrue(e.getMessage().contains("0000obs00.txt") && e.getMessage().contains("angle"), e.getMessage());
    }

    private static String cubeFaces() {
        StringBuilder b = new StringBuilder();
        int[] t = Cube.triangles();
        for (int i = 0; i < t.length; i += 3) {
            b.append("f ").append(t[i] + 1).append(' ').append(t[i + 1] + 1).append(' ').append(t[i + 2] + 1).append('\n');
        }
        return b.toString();
    }
}
