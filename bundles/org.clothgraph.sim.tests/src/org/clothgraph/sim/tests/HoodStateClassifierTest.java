package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.Capsule;
import org.clothgraph.sim.body.ProceduralBody;
import org.clothgraph.sim.garment.Garments;
import org.clothgraph.sim.garment.HoodStateClassifier;
import org.junit.jupiter.api.Test;

/**
 * The hood classifier on synthetic hood states (no simulation): the fitted hood on the head, the hood fallen
 * behind onto the upper back, collapsed around the neck in front and slid off to the side.
 */
class HoodStateClassifierTest {

    private final Body body = ProceduralBody.restPose();
    private final ClothMesh robe = Garments.hoodedRobe(body, 1200);
    private final HoodStateClassifier hc = new HoodStateClassifier(robe);
    private final int[] hood = robe.group("hood");
    private final Capsule neck = body.find("neck");

    /** The robe's rest positions with the hood vertices rotated by angle about an axis through the neck base. */
    private ClothState rotatedHood(double ax, double ay, double az, double angle) {
        float[] p = robe.restPositions().clone();
        double l = Math.sqrt(ax * ax + ay * ay + az * az);
        ax /= l;
        ay /= l;
        az /= l;
        double c = Math.cos(angle), s = Math.sin(angle);
        for (int i : hood) {
            double x = p[3 * i] - neck.ax(), y = p[3 * i + 1] - neck.ay(), z = p[3 * i + 2] - neck.az();
            double d = ax * x + ay * y + az * z;
            // Rodrigues
            double rx = x * c + (ay * z - az * y) * s + ax * d * (1 - c);
            double ry = y * c + (az * x - ax * z) * s + ay * d * (1 - c);
            double rz = z * c + (ax * y - ay * x) * s + az * d * (1 - c);
            p[3 * i] = (float) (rx + neck.ax());
            p[3 * i + 1] = (float) (ry + neck.ay());
            p[3 * i + 2] = (float) (rz + neck.az());
        }
        return new ClothState(p, new float[p.length]);
    }

    private String describe(ClothState s) {
        double[] m = hc.measure(s, body);
        return String.format("distance %.3f m, height fraction %.2f, above fraction %.2f", m[HoodStateClassifier.HEAD_DISTANCE],
                m[HoodStateClassifier.HEIGHT_FRACTION], m[HoodStateClassifier.ABOVE_FRACTION]);
    }

    @Test
    void hoodOnTheHeadIsUp() {
        ClothState s = new ClothState(robe.restPositions().clone(), new float[3 * robe.vertexCount()]);
        assertEquals(HoodStateClassifier.UP, hc.classify(s, body), describe(s));
        // pushed back a little on the head (15 degrees about the neck base): still UP
        ClothState tilted = rotatedHood(1, 0, 0, -0.26);
        assertEquals(HoodStateClassifier.UP, hc.classify(tilted, body), describe(tilted));
    }

    @Test
    void hoodFallenBehindIsDown() {
        // flipped back over the neck base (face +z, so rotating about -x tips the crown backwards) onto the back
        ClothState s = rotatedHood(1, 0, 0, -2.6);
        assertEquals(HoodStateClassifier.DOWN, hc.classify(s, body), describe(s));
    }

    @Test
    void hoodCollapsedAroundTheNeckInFrontIsDown() {
        // squashed down to a collar around the neck, bunched up in front of it
        float[] p = robe.restPositions().clone();
        double base = neck.ay(), top = neck.by();
        double minY = Double.MAX_VALUE, maxY = -Double.MAX_VALUE;
        for (int i : hood) {
            minY = Math.min(minY, p[3 * i + 1]);
            maxY = Math.max(maxY, p[3 * i + 1]);
        }
        for (int i : hood) {
            double f = (p[3 * i + 1] - minY) / (maxY - minY);
            p[3 * i + 1] = (float) (base + 0.02 + f * 0.4 * (top - base));
            p[3 * i + 2] = (float) (0.6 * p[3 * i + 2] + 0.06);
        }
        ClothState s = new ClothState(p, new float[p.length]);
        assertEquals(HoodStateClassifier.DOWN, hc.classify(s, body), describe(s));
    }

    @Test
    void hoodSlidOffToTheSideIsDown() {
        ClothState s = rotatedHood(0, 0, 1, 2.2);
        assertEquals(HoodStateClassifier.DOWN, hc.classify(s, body), describe(s));
    }

    /**
     * Tipping the hood back from the head onto the back step by step: the signed margin (UP positive) falls at every
     * step, the class changes exactly once, where the margin passes 0, and the decision is classify's.
     */
    @Test
    void theMarginFallsAsTheHoodTipsBackAndPassesZeroWhereTheClassChanges() {
        double previous = Double.POSITIVE_INFINITY;
        int flips = 0;
        String previousClass = HoodStateClassifier.UP;
        for (int k = 0; k <= 26; k++) {
            ClothState s = rotatedHood(1, 0, 0, -0.1 * k);
            HoodStateClassifier.Decision d = hc.decide(s, body);
            assertEquals(hc.classify(s, body), d.hoodClass(), describe(s));
            assertEquals(d.margin(), hc.margin(s, body));
            double signed = d.hoodClass().equals(HoodStateClassifier.UP) ? d.margin() : -d.margin();
            assertTrue(signed < previous, "step " + k + ": margin " + signed + " after " + previous + "; "
                    + describe(s));
            if (!d.hoodClass().equals(previousClass)) {
                flips++;
                // the boundary lies between the two steps: both are near it (a step moves the centroid about 2 cm,
                // a sixth of the 0.12 m head distance threshold)
                assertTrue(d.margin() < 0.2 && previous < 0.2, "flip at step " + k + ": margins " + previous + ", "
                        + signed);
            }
            previous = signed;
            previousClass = d.hoodClass();
        }
        assertEquals(1, flips);
        assertEquals(HoodStateClassifier.DOWN, previousClass);
    }
}
