package org.clothgraph.cloth.dressing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.clothgraph.cloth.SleeveReport;
import org.clothgraph.cloth.dressing.DressingAction.Hand;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.demo.DemoCharacter;
import org.clothgraph.sim.SimulationSettings;
import org.junit.jupiter.api.Test;

/**
 * The arm-into-sleeve report run with one worker and with three gives the same report: the same variations run as
 * starts and rejected, in the same order, with the same outcomes (each start is its own simulation, so only the order
 * in which they finish differs).
 */
class SleeveReportWorkersTest {
    private static final Skeleton SKELETON = DemoCharacter.skeleton();

    @Test
    void oneWorkerAndThreeGiveTheSameReport() {
        ActionQueue queue = ActionQueue.parse("short.json", """
                {"actions": [{"type": "align", "hand": "left", "feature": "left armhole", "toward": "left cuff",
                  "approach": 0.1, "beyond": 0.1, "duration": 0.3}]}
                """);
        SleeveReport.Report one = SleeveReport.run(SKELETON, 1200, queue, "short.json", SimulationSettings.defaults(),
                Hand.LEFT, 2, 30, 1, null);
        SleeveReport.Report three = SleeveReport.run(SKELETON, 1200, queue, "short.json", SimulationSettings.defaults(),
                Hand.LEFT, 2, 30, 3, null);
        assertEquals(2, one.rows().size(), one.toString());
        assertEquals(outcomes(one.rows()), outcomes(three.rows()));
        assertEquals(outcomes(one.rejected()), outcomes(three.rejected()));
        // the variations were taken in turn: rows and rejected together are variations 0, 1, ... with none left out
        int drawn = one.rows().size() + one.rejected().size();
        assertTrue(one.rows().stream().allMatch(r -> r.start() < drawn)
                && one.rejected().stream().allMatch(r -> r.start() < drawn), one.toString());
    }

    /** Everything of a row but its wall time. */
    private static List<String> outcomes(List<SleeveReport.Row> rows) {
        return rows.stream().map(r -> r.start() + " " + r.variation() + " " + r.outAtStart() + " "
                + r.armCrossingsAtStart() + " " + r.end() + " " + r.armCrossingsAtEnd() + " " + r.inSleeve() + " "
                + r.gripsMissed() + " " + r.maxArmCrossings() + " " + r.framesWithArmCrossings() + " " + r.failure())
                .toList();
    }
}
