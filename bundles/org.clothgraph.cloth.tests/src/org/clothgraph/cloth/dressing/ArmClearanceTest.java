package org.clothgraph.cloth.dressing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.Capsule;
import org.junit.jupiter.api.Test;

/**
 * A reaching hand keeps its forearm and hand out of the character's own body: the hand brought down beside the front
 * of the hips and then sent up to the hood's rim (the path of a pull-down that tore the sleeve between forearm and
 * chest; without the clearance the forearm is 41 mm inside the chest on the way up) never enters the head, neck,
 * chest, abdomen or pelvis. The controller aims at 20 mm where a turn of the elbow allows it; here the least gap is
 * about 1 mm. Measured apart from {@link ArmClearance}: the exact distance between the capsules' axis segments
 * (closest points of two segments) less the radii there.
 */
class ArmClearanceTest {
    private static final String[] BODY = { "head", "neck", "chest", "abdomen", "pelvis" };

    @Test
    void theArmGoesInFrontOfTheTorsoNotThroughIt() throws Exception {
        DressingControllerTest.Scene scene = DressingControllerTest.Scene.robeInFittingPose();
        CharacterBody character = scene.character();
        ActionQueue q = ActionQueue.parse("through.json", """
                {"actions": [
                  {"type": "track", "hand": "right", "duration": 1.4, "keys": [
                    {"time": 1.4, "relativeTo": "chest", "offset": [0.12, -0.42, 0.14]}]},
                  {"type": "align", "hand": "right", "feature": "hood rim", "at": "top", "approach": 0.1, "duration": 0.8}
                ]}""");
        DressingController c = new DressingController(scene.robe(), scene.material(), scene.settings(), character, null,
                "through.json");
        DressingController.Result r = c.run(scene.fit(), 0, scene.draped(), q, 30, null);

        double least = Double.POSITIVE_INFINITY;
        String where = "";
        for (int f = 0; f < r.motion().frameCount(); f++) {
            Body b = character.pose(r.motion(), f);
            for (String arm : new String[] { "forearm_r", "hand_r" }) {
                for (String part : BODY) {
                    double d = gap(b.find(arm), b.find(part));
                    if (d < least) {
                        least = d;
                        where = arm + " and " + part + " at frame " + f;
                    }
                }
            }
        }
        assertTrue(least > 0, "the arm enters the body: " + least * 1000 + " mm, " + where);
    }

    /** Surface gap of two capsules: closest points of their axis segments, less the radii interpolated there. */
    static double gap(Capsule p, Capsule q) {
        double[] a = { p.ax(), p.ay(), p.az() }, b = { p.bx(), p.by(), p.bz() };
        double[] c = { q.ax(), q.ay(), q.az() }, d = { q.bx(), q.by(), q.bz() };
        double[] u = sub(b, a), v = sub(d, c), w = sub(a, c);
        double uu = dot(u, u), uv = dot(u, v), vv = dot(v, v), uw = dot(u, w), vw = dot(v, w);
        double den = uu * vv - uv * uv;
        // Ericson, Real-Time Collision Detection, 5.1.9 (neither segment is degenerate here)
        double s = den < 1e-12 ? 0 : clamp((uv * vw - vv * uw) / den);
        double t = (uv * s + vw) / vv;
        if (t < 0) {
            t = 0;
            s = clamp(-uw / uu);
        } else if (t > 1) {
            t = 1;
            s = clamp((uv - uw) / uu);
        }
        double dist = 0;
        for (int k = 0; k < 3; k++) {
            double e = a[k] + s * u[k] - c[k] - t * v[k];
            dist += e * e;
        }
        return Math.sqrt(dist) - (p.ra() + s * (p.rb() - p.ra())) - (q.ra() + t * (q.rb() - q.ra()));
    }

    private static double clamp(double x) {
        return Math.max(0, Math.min(1, x));
    }

    private static double[] sub(double[] x, double[] y) {
        return new double[] { x[0] - y[0], x[1] - y[1], x[2] - y[2] };
    }

    private static double dot(double[] x, double[] y) {
        return x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
    }
}
