package org.clothgraph.cloth.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.cloth.CharacterBodyMotion;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.demo.DemoCharacter;
import org.clothgraph.motion.demo.DemoMotions;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodySurface;
import org.clothgraph.sim.body.Capsule;
import org.clothgraph.sim.body.SampledBodyMotion;
import org.clothgraph.sim.body.SkinnedSurface;
import org.clothgraph.testing.MeshChecks;
import org.junit.jupiter.api.Test;

/** The demo character's skinned surface: a sound mesh at the fitting pose, the same for every motion and restart. */
class CharacterSurfaceTest {
    private static final CharacterBody CHARACTER = CharacterBody.of(DemoCharacter.skeleton());

    @Test
    void theDemoCharacterHasAClosedSurfaceWithoutSelfIntersections() {
        Body bind = CHARACTER.bindPose();
        long t0 = System.nanoTime();
        SkinnedSurface s = SkinnedSurface.generate(bind, SkinnedSurface.DEFAULT_CELL, SkinnedSurface.DEFAULT_BLEND);
        double ms = (System.nanoTime() - t0) / 1e6;
        System.out.printf("demo character surface: %d vertices, %d triangles, generated in %.0f ms%n", s.vertexCount(),
                s.triangles().length / 3, ms);
        double[] p = s.bindPositions();
        String problem = MeshChecks.closedManifoldProblem(s.triangles(), p, 1e-8);
        assertNull(problem, problem);
        assertEquals(0, MeshChecks.selfIntersections(s.triangles(), p, 0.03));
        double top = Double.NEGATIVE_INFINITY, bottom = Double.POSITIVE_INFINITY;
        for (int v = 1; v < p.length; v += 3) {
            top = Math.max(top, p[v]);
            bottom = Math.min(bottom, p[v]);
        }
        assertEquals(1.75, top - bottom, 0.12, "a 1.75 m character");
    }

    /**
     * A body through itself holds no cloth: cloth caught where an arm is inside the head is inside one of the two
     * whatever the simulator does. No demo clip puts an arm capsule into the head capsule; overhead in the jumping
     * jacks the upper arms pass at least a cloth thickness (4 mm) beside it.
     */
    @Test
    void noDemoClipPutsAnArmIntoTheHead() {
        for (Motion m : DemoMotions.all()) {
            CharacterBodyMotion body = new CharacterBodyMotion(CHARACTER, m);
            double closest = Double.MAX_VALUE;
            int at = -1;
            for (int f = 0; f < m.frameCount(); f++) {
                Body pose = body.frame(f);
                Capsule head = pose.find("head");
                for (Capsule c : pose.capsules()) {
                    if (!c.name().startsWith("upperarm") && !c.name().startsWith("forearm") && !c.name().startsWith("hand")) continue;
                    for (int i = 0; i <= 40; i++) {
                        double t = i / 40.0;
                        double gap = head.signedDistance(c.ax() + t * (c.bx() - c.ax()), c.ay() + t * (c.by() - c.ay()),
                                c.az() + t * (c.bz() - c.az())) - c.radiusAt(t);
                        if (gap < closest) {
                            closest = gap;
                            at = f;
                        }
                    }
                }
            }
            assertTrue(closest > 0.004, m.name() + ": an arm " + Math.round(closest * 1000) + " mm from the head at frame " + at);
        }
    }

    @Test
    void everyMotionOfTheCharacterSharesOneSurfaceAndRestartsSeeIt() {
        Motion walk = DemoMotions.walk();
        Motion jump = DemoMotions.jump();
        CharacterBodyMotion a = new CharacterBodyMotion(CHARACTER, walk);
        CharacterBodyMotion b = new CharacterBodyMotion(CharacterBody.of(jump.skeleton()), jump);
        assertEquals(a.bindPose(), b.bindPose(), "the bind pose is the character's, not the motion's");
        BodySurface sa = a.surface();
        assertArrayEquals(sa.triangles(), b.surface().triangles());

        // sampled for a work unit from frame 40 on: the same surface positions as the whole motion at that frame
        double fps = a.fps();
        SampledBodyMotion unit = SampledBodyMotion.sample(a, 40 / fps, 60 / fps, fps);
        double[] whole = new double[3 * sa.vertexCount()];
        double[] part = new double[whole.length];
        sa.positionsAt(40 / fps, whole);
        unit.surface().positionsAt(40 / fps, part);
        assertArrayEquals(whole, part);

        // the posed surface follows the frame's capsules: never more than the blend's fill outside them; inside, the
        // armpits sink into the chest as the arms come down from the A-pose (linear blend skinning), a few vertices
        for (int f = 0; f < a.frameCount(); f += 10) {
            Body pose = a.frame(f);
            sa.positionsAt(f / fps, whole);
            double outside = 0, inside = 0;
            int sunk = 0;
            for (int v = 0; v < whole.length; v += 3) {
                double d = pose.signedDistance(whole[v], whole[v + 1], whole[v + 2]);
                outside = Math.max(outside, d);
                inside = Math.max(inside, -d);
                sunk += d < -0.015 ? 1 : 0;
            }
            assertTrue(outside < 0.02, "frame " + f + ": a surface vertex " + outside + " m outside the capsules");
            assertTrue(sunk < 0.05 * sa.vertexCount(), "frame " + f + ": " + sunk + " vertices sunk into the body, "
                    + inside + " m deep");
        }
    }
}
