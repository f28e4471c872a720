package org.clothgraph.measure.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.clothgraph.measure.FrameMeasure;
import org.clothgraph.measure.Measurer;
import org.clothgraph.measure.RunMeasure;
import org.clothgraph.measure.Strain;
import org.junit.jupiter.api.Test;

class RunMeasureTest {

    @Test
    void summaryTakesTheWorstOverFrames() {
        RunMeasure m = new RunMeasure("test", List.of(
                new FrameMeasure(0, 0, 0, 0.001, 2, 0.0, 0.02, 0.05),
                new FrameMeasure(5, 3, 1, 0.004, 7, 0.0, 0.08, 0.30),
                new FrameMeasure(10, 4, 0, 0.002, 1, 0.0, 0.05, 0.10),
                new FrameMeasure(15, 0, 0, 0.0, 0, 0.003, 0.01, 0.02)));
        assertEquals(4, m.maxSelfCrossings());
        assertEquals(1, m.maxBodyCrossings());
        assertEquals(0.004, m.maxPenetration(), 0);
        assertEquals(0.08, m.maxStrainP99(), 0);
        assertEquals(0.30, m.maxStrain(), 0);
        assertEquals(2, m.framesWithCrossings());
        assertEquals(5, m.worstFrame(), "frames 5 and 10 both have 4 crossings: the earliest");
        String json = m.toJson();
        assertTrue(json.contains("\"maxPenetrationMm\": 4.00000") && json.contains("\"worstFrame\": 5"), json);
        assertEquals(-1, new RunMeasure("clean", List.of(new FrameMeasure(0, 0, 0, 0, 0, 0.01, 0, 0))).worstFrame());
    }

    @Test
    void measurerWithoutBodyReportsNoBodyMeasures() {
        double[] xyz = Sheets.foldedThroughItself(40, 20);
        int[] tris = Sheets.triangles(40, 20);
        Measurer m = new Measurer(tris, Strain.againstRest(xyz, tris), 0, null);
        FrameMeasure f = m.measure(3, xyz);
        assertEquals(3, f.frame());
        assertTrue(f.selfCrossings() > 0);
        assertEquals(-1, f.bodyCrossings());
        assertTrue(Double.isNaN(f.maxPenetration()));
        assertEquals(0, f.strainMax(), 0);
        RunMeasure r = new RunMeasure("folded", List.of(f));
        assertTrue(r.toJson().contains("\"maxPenetrationMm\": null"), r.toJson());
    }
}
