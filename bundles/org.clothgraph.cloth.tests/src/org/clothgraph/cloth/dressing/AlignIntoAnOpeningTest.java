package org.clothgraph.cloth.dressing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.cloth.dressing.DressingAction.Hand;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.demo.DemoCharacter;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.garment.Garments;
import org.junit.jupiter.api.Test;

/**
 * An Align into an opening leaves the elbow where the arm's IK puts it: the forearm trails the hand into the sleeve,
 * its bending plane turning frame by frame only as far as the shoulder-to-wrist line turns. The clearance that keeps
 * a reaching arm off the torso turned the elbow in steps of 15 degrees when the hanging arm came within 2 cm of the
 * hip, and the arm then went into the armhole at its edge and through the sleeve's wall (docs/DRESSING.md, "Arm into
 * sleeve": 0 of 20 starts with the turn, 6 of 20 without it, at 2,109 vertices).
 */
class AlignIntoAnOpeningTest {
    private static final double FPS = 30;

    @Test
    void theElbowFollowsTheHandIntoTheArmhole() throws Exception {
        Skeleton skeleton = DemoCharacter.skeleton();
        CharacterBody character = CharacterBody.of(skeleton);
        ClothMesh mesh = Garments.openFrontRobe(character.bindPose(), 1200);
        Material material = Material.defaults();
        SimulationSettings settings = SimulationSettings.defaults();
        ClothState drape = OneShoulderStart.drape(mesh, material, settings, character, FPS, null);
        OneShoulderStart.Start start = OneShoulderStart.make(mesh, material, settings, character, FPS, Hand.LEFT,
                OneShoulderStart.Variation.of(0), drape, null);
        ActionQueue queue = ActionQueue.parse("into.json", """
                {"actions": [{"type": "align", "hand": "left", "feature": "left armhole", "toward": "left cuff",
                  "approach": 0.1, "beyond": 0.1, "duration": 1.2}]}
                """);
        DressingController c = new DressingController(mesh, material, settings, character, null, "into.json");
        DressingController.Result r = c.run(start.motion(), start.frame(), start.state(), queue, FPS, null);

        Motion m = r.motion();
        int s = skeleton.indexOf(Hand.LEFT.shoulderJoint), e = skeleton.indexOf(Hand.LEFT.elbowJoint),
                w = skeleton.indexOf(Hand.LEFT.wristJoint);
        double worst = Double.NEGATIVE_INFINITY;
        String where = "";
        int bent = 0;
        for (int f = 1; f < m.frameCount(); f++) {
            Vec3[] a = m.worldPositions(f - 1), b = m.worldPositions(f);
            Vec3 na = plane(a[s], a[e], a[w]), nb = plane(b[s], b[e], b[w]);
            if (na == null || nb == null) {
                continue; // the arm straight: no bending plane
            }
            bent++;
            double planeTurn = angle(na, nb);
            double lineTurn = angle(a[w].sub(a[s]).normalized(), b[w].sub(b[s]).normalized());
            double excess = planeTurn - lineTurn;
            if (excess > worst) {
                worst = excess;
                where = String.format("frame %d: the bending plane turned %.1f degrees, the shoulder-wrist line %.1f",
                        f, Math.toDegrees(planeTurn), Math.toDegrees(lineTurn));
            }
        }
        assertTrue(bent > m.frameCount() / 2, "the arm was straight in most frames: " + bent + " bent");
        // the smallest turn the clearance makes is 15 degrees
        assertTrue(worst < Math.toRadians(5), "the elbow was turned: " + where);
    }

    /** The unit normal of the arm's bending plane, or null when the arm is all but straight. */
    private static Vec3 plane(Vec3 shoulder, Vec3 elbow, Vec3 wrist) {
        Vec3 n = elbow.sub(shoulder).cross(wrist.sub(elbow));
        double sin = n.length() / (elbow.sub(shoulder).length() * wrist.sub(elbow).length());
        return sin < Math.sin(Math.toRadians(10)) ? null : n.normalized();
    }

    private static double angle(Vec3 u, Vec3 v) {
        return Math.acos(Math.max(-1, Math.min(1, u.dot(v))));
    }
}
