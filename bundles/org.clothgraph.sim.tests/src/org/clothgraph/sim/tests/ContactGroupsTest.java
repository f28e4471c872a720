package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.InitialDrape;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.ProceduralBody;
import org.clothgraph.sim.garment.Garments;
import org.clothgraph.sim.internal.XpbdSolver;
import org.junit.jupiter.api.Test;

/**
 * The small-step solver's cloth-cloth contact passes run in two groups of the garment's blocks at the same time, then
 * the contacts joining them: on the demo robe with its head whipped (the hood crushed, well over a thousand contacts
 * per pass) the frames on two threads are those on one, bit for bit, and the groups did run on two threads, with
 * most contacts inside a group and neither group holding most of them; the groups are made once for a collision
 * pass's contacts, which are solved several times. On the same run the body's edge passes over the whole mesh test
 * their edges on the two threads first (on one, never), which must leave the frames as they are.
 */
class ContactGroupsTest {

    private record Run(ClothState state, long[] groups, long[] pretests) {
    }

    private static Run run(ClothMesh robe, ClothState start, BodyMotion body, int threads) throws Exception {
        try (XpbdSolver solver = new XpbdSolver(robe, Material.defaults(),
                SimulationSettings.smallSteps().withThreads(threads))) {
            solver.setState(start);
            for (int f = 0; f < 10; f++) {
                solver.advanceFrame(body, f / 30.0, 1 / 30.0, f, null, 0);
            }
            return new Run(solver.state(), solver.contactGroups(), solver.edgePretests());
        }
    }

    @Test
    void contactGroupsGiveTheSameFramesOnOneThreadAndTwo() throws Exception {
        BodyMotion body = ProceduralBody.motion(ProceduralBody.Motion.HEAD_WHIP);
        ClothMesh robe = Garments.hoodedRobe(body.poseAt(0), Garments.DEFAULT_ROBE_VERTICES);
        SimulationSettings s = SimulationSettings.smallSteps().withThreads(1);
        ClothState draped = InitialDrape.drape(robe, Material.defaults(), s.withSelfCollision(false, 1), body, 0, 0.2,
                null);
        Run one = run(robe, draped, body, 1), two = run(robe, draped, body, 2);
        long[] g = two.groups();
        System.out.println("CONTACT GROUPS: solves, on two threads, contacts in group 0 / group 1 / joining: "
                + Arrays.toString(g));
        assertTrue(one.groups()[1] == 0 && g[1] > 0, "solves on two threads: " + one.groups()[1] + ", " + g[1]);
        long all = g[2] + g[3] + g[4];
        assertTrue(g[4] < all / 4, "contacts joining the groups: " + g[4] + " of " + all);
        assertTrue(Math.max(g[2], g[3]) < 0.75 * all, "the larger group: " + Math.max(g[2], g[3]) + " of " + all);
        // solved after the pass, after its body pass and twice in the next substep: at most half as many groupings
        assertTrue(g[5] > 0 && 2 * g[5] <= g[0], "groupings " + g[5] + " for " + g[0] + " solves");
        long[] p = two.pretests();
        System.out.println("EDGE PRETESTS: passes, edges found clear: " + Arrays.toString(p));
        assertTrue(one.pretests()[0] == 0 && p[0] > 0, "pretested passes: " + one.pretests()[0] + ", " + p[0]);
        assertArrayEquals(one.state().positions(), two.state().positions());
        assertArrayEquals(one.state().velocities(), two.state().velocities());
    }
}
