package org.clothgraph.cloth.dressing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.cloth.dressing.DressingAction.FeaturePoint;
import org.clothgraph.motion.demo.DemoCharacter;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.garment.Garments;
import org.junit.jupiter.api.Test;

/**
 * A feature point chosen on the cloth ({@code "on": "cloth"}): on the rest positions and the rest heading it is the
 * point chosen on the rest mesh; it turns with the character (the same vertex for the cloth and the character turned
 * together); and it follows the cloth (the cloth turned under a character that did not turn gives another vertex, the
 * one the rest mesh has that way).
 */
class FeaturePointOnClothTest {
    private static final List<String> DIRECTIONS = List.of("top", "bottom", "front", "back", "left", "right");

    @Test
    void aPointOnTheClothTurnsWithTheCharacterAndFollowsTheCloth() {
        CharacterBody character = CharacterBody.of(DemoCharacter.skeleton());
        ClothMesh robe = Garments.hoodedRobe(character.bindPose(), 700);
        GarmentTargets targets = new GarmentTargets(robe, character.bindPose(), "test");
        float[] rest = robe.restPositions();
        for (String at : DIRECTIONS) {
            FeaturePoint p = new FeaturePoint("hood rim", at, true);
            int onRest = targets.patch(new FeaturePoint("hood rim", at), 0.001, 1, "at")[0];
            assertEquals(onRest, targets.pointVertex(p, rest, 0, "at"), at + ": the rest cloth at the rest heading");
            int twin = mirrored(rest, onRest);
            for (double heading : new double[] { 0.7, Math.PI / 2, -2.5 }) {
                int v = targets.pointVertex(p, turned(rest, heading), heading, "at");
                assertTrue(v == onRest || v == twin, at + ": the cloth and the character turned by " + heading
                        + ": vertex " + v + ", not " + onRest + " or its mirror twin " + twin);
            }
        }
        // the cloth a quarter turn about the character (+Z toward +X), the character not turned: what was at its
        // left (+X) is now at its back (-Z)
        float[] quarter = turned(rest, Math.PI / 2);
        int left = targets.patch(new FeaturePoint("hood rim", "left"), 0.001, 1, "at")[0];
        int back = targets.patch(new FeaturePoint("hood rim", "back"), 0.001, 1, "at")[0];
        assertNotEquals(left, back);
        assertEquals(left, targets.pointVertex(new FeaturePoint("hood rim", "back", true), quarter, 0, "at"));
    }

    /**
     * The vertex at the mirror image of a vertex across the character's plane of symmetry (x = 0), or the vertex
     * itself: the robe is symmetric, so a point at the back or front of the hood rim may tie with its twin, and the
     * rounding of turned positions decides between them.
     */
    private static int mirrored(float[] x, int v) {
        for (int u = 0; u < x.length / 3; u++) {
            if (Math.abs(x[3 * u] + x[3 * v]) < 1e-6 && Math.abs(x[3 * u + 1] - x[3 * v + 1]) < 1e-6
                    && Math.abs(x[3 * u + 2] - x[3 * v + 2]) < 1e-6) {
                return u;
            }
        }
        return v;
    }

    /** Positions turned about +Y through the origin by an angle (+Z toward +X for a positive angle). */
    private static float[] turned(float[] x, double angle) {
        double c = Math.cos(angle), s = Math.sin(angle);
        float[] out = new float[x.length];
        for (int i = 0; i < x.length; i += 3) {
            out[i] = (float) (c * x[i] + s * x[i + 2]);
            out[i + 1] = x[i + 1];
            out[i + 2] = (float) (-s * x[i] + c * x[i + 2]);
        }
        return out;
    }
}
