package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.ProceduralBody;
import org.clothgraph.sim.garment.FeatureLoop;
import org.clothgraph.sim.garment.GarmentFeatures;
import org.clothgraph.sim.garment.Garments;
import org.clothgraph.sim.garment.Geodesics;
import org.junit.jupiter.api.Test;

/**
 * The feature loops of the generated garments: as many loops as the mesh's Euler characteristic says it has holes,
 * each a closed chain of border edges, named by group and body side; surface distances never shorter than straight
 * lines; a grip patch on the hood rim.
 */
class GarmentFeaturesTest {
    private static final int[] RESOLUTIONS = { 1500, 4000 };
    private static final Body REST = ProceduralBody.motion(ProceduralBody.Motion.WALK).poseAt(0);

    @Test
    void theRobeHasItsHemHoodRimAndTwoCuffsAtAnyResolution() {
        for (int vertices : RESOLUTIONS) {
            loops(vertices);
        }
    }

    @Test
    void surfaceDistancesAndAGripPatchOnTheHoodRim() {
        for (int vertices : RESOLUTIONS) {
            distances(vertices);
        }
    }

    private static void loops(int vertices) {
        ClothMesh robe = Garments.hoodedRobe(REST, vertices);
        List<FeatureLoop> loops = GarmentFeatures.of(robe, REST);
        // one connected surface of genus 0: V - E + F = 2 - holes
        Map<Long, Integer> uses = edgeUses(robe);
        int holes = 2 - (robe.vertexCount() - uses.size() + robe.triangleCount());
        assertEquals(holes, loops.size(), "one loop per hole");
        assertEquals(Set.of("hem", "hood rim", "left cuff", "right cuff"),
                new HashSet<>(loops.stream().map(FeatureLoop::name).toList()));
        Set<Integer> seen = new HashSet<>();
        long borderEdges = uses.values().stream().filter(u -> u == 1).count();
        long loopEdges = 0;
        for (FeatureLoop f : loops) {
            int[] v = f.vertices();
            for (int i = 0; i < v.length; i++) {
                assertEquals(1, uses.getOrDefault(key(v[i], v[(i + 1) % v.length]), 0),
                        f.name() + ": consecutive vertices share a border edge");
                assertTrue(seen.add(v[i]), f.name() + ": each border vertex in one loop once");
            }
            loopEdges += v.length;
        }
        assertEquals(borderEdges, loopEdges, "every border edge is in a loop");
        // named against the body: the left cuff lies on the side of the left hand
        FeatureLoop left = GarmentFeatures.named(loops, "left cuff");
        double handX = REST.find("hand_l").center()[0];
        assertTrue(Math.signum(left.centre()[0]) == Math.signum(handX), "left cuff at x " + left.centre()[0]);
        FeatureLoop rim = GarmentFeatures.named(loops, "hood rim");
        assertTrue(rim.centre()[1] > 1.4, "the hood rim is around the face: y " + rim.centre()[1]);
        assertEquals(1.0, Math.hypot(Math.hypot(rim.normal()[0], rim.normal()[1]), rim.normal()[2]), 1e-9);
    }

    private static void distances(int vertices) {
        ClothMesh robe = Garments.hoodedRobe(REST, vertices);
        float[] x = robe.restPositions();
        FeatureLoop rim = GarmentFeatures.named(GarmentFeatures.of(robe, REST), "hood rim");
        FeatureLoop hem = GarmentFeatures.named(GarmentFeatures.of(robe, REST), "hem");
        assertNotNull(rim);
        Geodesics g = new Geodesics(robe);
        double[] d = g.from(rim.vertices(), x);
        for (int v : rim.vertices()) {
            assertEquals(0, d[v]);
        }
        for (int v : hem.vertices()) {
            double straight = Double.POSITIVE_INFINITY;
            for (int r : rim.vertices()) {
                straight = Math.min(straight, Math.sqrt(sq(x[3 * v] - x[3 * r]) + sq(x[3 * v + 1] - x[3 * r + 1])
                        + sq(x[3 * v + 2] - x[3 * r + 2])));
            }
            assertTrue(d[v] >= straight - 1e-9 && d[v] < 3 * straight, "hem vertex " + v + ": " + d[v] + " vs "
                    + straight);
        }
        int top = rim.vertices()[0];
        for (int v : rim.vertices()) {
            if (x[3 * v + 1] > x[3 * top + 1]) {
                top = v;
            }
        }
        int[] patch = g.patch(top, 0.03, x);
        assertEquals(top, patch[0], "nearest first");
        assertTrue(patch.length >= 3 && patch.length <= 30, "a hand-sized grip patch: " + patch.length + " vertices");
        double[] fromTop = g.from(new int[] { top }, x);
        for (int i = 1; i < patch.length; i++) {
            assertTrue(fromTop[patch[i]] <= 0.03 && fromTop[patch[i]] >= fromTop[patch[i - 1]]);
        }
    }

    private static Map<Long, Integer> edgeUses(ClothMesh m) {
        Map<Long, Integer> uses = new HashMap<>();
        int[] t = m.triangles();
        for (int i = 0; i < t.length; i += 3) {
            for (int k = 0; k < 3; k++) {
                uses.merge(key(t[i + k], t[i + (k + 1) % 3]), 1, Integer::sum);
            }
        }
        return uses;
    }

    private static long key(int a, int b) {
        return Math.min(a, b) * 1_000_000L + Math.max(a, b);
    }

    private static double sq(double v) {
        return v * v;
    }
}
