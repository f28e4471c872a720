package org.clothgraph.sim.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.clothgraph.sim.FailureReason;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.Capsule;
import org.junit.jupiter.api.Test;

/**
 * A run the runaway check fails names the body parts near the thrown vertex (docs/DRESSING.md, "the 17 throws on the
 * demo robe traced"): over twenty dressing starts the report then tells cloth caught between the forearm and the head
 * from a sleeve at the elbow without a trace of each run. Both solvers' runs: {@code SolverCountersTest}.
 */
class RunawayNamesPartsTest {

    /**
     * A forearm along x through the origin (radius 40 mm) and a head above it, its axis upward from 0.2 m (radius 90
     * mm).
     */
    private static final Body BODY = new Body(List.of(
            new Capsule("forearm_r", -0.2f, 0f, 0f, 0.2f, 0f, 0f, 0.04f, 0.04f),
            new Capsule("head", 0f, 0.2f, 0f, 0f, 0.3f, 0f, 0.09f, 0.09f)));

    @Test
    void theTwoNearestPartsWithinFiveCentimetresAreNamedNearestFirst() {
        // vertex 1, the thrown one, 52 mm above the forearm's axis: 12 mm from its surface, 148 - 90 = 58 mm from the
        // head's (beyond 5 cm, not named)
        double[] v = { 0, 0, 0, 0, 70, 0 };
        double[] x = { 1, 1, 1, 0, 0.052, 0 };
        SimulationFailedException e = assertThrows(SimulationFailedException.class,
                () -> SolverChecks.speed(v, 60, 7, x, BODY));
        assertEquals(FailureReason.EXPLOSION, e.reason());
        assertTrue(e.getMessage().endsWith("(vertex 1; 12 mm from forearm_r)"), e.getMessage());
        x[4] = 0.085; // 45 mm from the forearm, 25 mm from the head
        e = assertThrows(SimulationFailedException.class, () -> SolverChecks.speed(v, 60, 7, x, BODY));
        assertTrue(e.getMessage().endsWith("(vertex 1; 25 mm from head, 45 mm from forearm_r)"), e.getMessage());
        x[4] = 0.115; // 5 mm inside the head, 75 mm from the forearm
        e = assertThrows(SimulationFailedException.class, () -> SolverChecks.speed(v, 60, 7, x, BODY));
        assertTrue(e.getMessage().endsWith("(vertex 1; 5 mm inside head)"), e.getMessage());
        // far from every part, or with no body: the vertex alone, as before
        x[3] = 3;
        e = assertThrows(SimulationFailedException.class, () -> SolverChecks.speed(v, 60, 7, x, BODY));
        assertTrue(e.getMessage().endsWith("(vertex 1)"), e.getMessage());
        e = assertThrows(SimulationFailedException.class, () -> SolverChecks.speed(v, 60, 7, x, null));
        assertTrue(e.getMessage().endsWith("(vertex 1)"), e.getMessage());
    }
}
