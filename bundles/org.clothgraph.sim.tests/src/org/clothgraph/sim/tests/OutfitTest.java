package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.InitialDrape;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationResult;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.ProceduralBody;
import org.clothgraph.sim.garment.Garments;
import org.junit.jupiter.api.Test;

class OutfitTest {

    @Test
    void selfCollisionKeepsVestOutsideThePants() throws Exception {
        BodyMotion m = ProceduralBody.motion(ProceduralBody.Motion.WALK);
        ClothMesh outfit = Garments.casualOutfit(m.poseAt(0), 1500);
        assertTrue(outfit.group("pants").length > 300 && outfit.group("vest").length > 300);
        assertEquals(outfit.vertexCount(), outfit.group("pants").length + outfit.group("vest").length);
        ClothState rest = InitialDrape.drape(outfit, Material.defaults(), SimulationSettings.defaults(), m, 0, 0.5, null);
        int[] c0 = TestSupport.crossings(outfit, rest, "vest", "pants");
        assertEquals(0, c0[0], "crossings after drape");
        SimulationResult r = new XpbdClothSimulator().simulate(outfit, Material.defaults(), SimulationSettings.defaults(),
                m, 0, rest, 30, 30, null);
        int maxCross = 0, maxClose = 0;
        for (int k = 4; k < 30; k += 5) {
            int[] c = TestSupport.crossings(outfit, r.frames().get(k), "vest", "pants");
            maxCross = Math.max(maxCross, c[0]);
            maxClose = Math.max(maxClose, c[1]);
        }
        System.out.printf("outfit: max crossings %d, max vest vertices within 2 cm of pants %d%n", maxCross, maxClose);
        assertTrue(maxClose > 0, "the layers should be in contact during the walk");
        assertEquals(0, maxCross);
        assertTrue(TestSupport.maxPenetration(r.frames(), m, 0, 30) <= 0.005);
    }
}
