package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.BodySurface;
import org.clothgraph.sim.body.BoneRotation;
import org.clothgraph.sim.body.Capsule;
import org.clothgraph.sim.body.ProceduralBody;
import org.clothgraph.sim.body.SampledBodyMotion;
import org.clothgraph.sim.body.SkinnedSurface;
import org.clothgraph.testing.MeshChecks;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SkinnedSurfaceTest {
    static Body rest;
    static SkinnedSurface surface;

    @BeforeAll
    static void generate() {
        rest = ProceduralBody.restPose();
        surface = SkinnedSurface.of(rest);
    }

    @Test
    void closedConsistentlyWoundManifold() {
        String problem = MeshChecks.closedManifoldProblem(surface.triangles(), surface.bindPositions(), 1e-8);
        assertNull(problem, problem);
        System.out.printf("skinned surface of the procedural body: %d vertices, %d triangles%n",
                surface.vertexCount(), surface.triangles().length / 3);
    }

    @Test
    void volumeMatchesVoxelEstimates() {
        double mesh = MeshChecks.volume(surface.triangles(), surface.bindPositions());
        double voxel = 0.005;
        double union = voxelVolume(rest, voxel, 0);
        double smooth = voxelVolume(rest, voxel, SkinnedSurface.DEFAULT_BLEND);
        System.out.printf("volume: mesh %.5f m3, voxel capsule union %.5f, voxel smooth union %.5f%n", mesh, union,
                smooth);
        // the polygonised smooth union, within 3% of its own voxel estimate ...
        assertEquals(smooth, mesh, 0.03 * smooth);
        // ... and the blend only fills creases: at most 8% more than the plain capsule union, never less than 2% below
        assertTrue(mesh > 0.98 * union && mesh < 1.08 * union, "mesh " + mesh + " vs capsule union " + union);
    }

    private static double voxelVolume(Body body, double h, double blend) {
        double[] lo = {-0.75, -0.1, -0.25};
        double[] hi = {0.75, 1.85, 0.3};
        long inside = 0;
        for (double x = lo[0] + h / 2; x < hi[0]; x += h) {
            for (double y = lo[1] + h / 2; y < hi[1]; y += h) {
                for (double z = lo[2] + h / 2; z < hi[2]; z += h) {
                    double d = blend > 0 ? SkinnedSurface.smoothUnion(body, blend, x, y, z)
                            : body.signedDistance(x, y, z);
                    if (d < 0) {
                        inside++;
                    }
                }
            }
        }
        return inside * h * h * h;
    }

    @Test
    void noSelfIntersectionAtBind() {
        assertEquals(0, MeshChecks.selfIntersections(surface.triangles(), surface.bindPositions(), 0.03));
    }

    @Test
    void selfIntersectionCheckFindsACrossing() {
        // two triangles piercing each other, and a third far away: the check itself must see the crossing
        int[] tris = {0, 1, 2, 3, 4, 5, 6, 7, 8};
        double[] p = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0.2, 0.2, -0.5, 0.2, 0.2, 0.5, 0.8, 0.9, 0.1, 5, 5, 5, 6, 5, 5, 5, 6,
                5};
        assertEquals(1, MeshChecks.selfIntersections(tris, p, 0.3));
    }

    @Test
    void weightsAreNormalisedWithAtMostFourInfluences() {
        for (int v = 0; v < surface.vertexCount(); v++) {
            int[] inf = surface.influences(v);
            double[] w = surface.weights(v);
            assertTrue(inf[0] >= 0, "vertex " + v + " has no influence");
            double sum = 0;
            for (int k = 0; k < 4; k++) {
                assertTrue(w[k] >= 0);
                assertTrue(inf[k] >= 0 || w[k] == 0);
                sum += w[k];
            }
            assertEquals(1, sum, 1e-12);
        }
    }

    @Test
    void bindPoseReproducesBindPositionsExactly() {
        double[] out = new double[3 * surface.vertexCount()];
        surface.pose(ProceduralBody.restPose(), out);
        assertArrayEquals(surface.bindPositions(), out);
    }

    @Test
    void rigidMotionOfTheWholeBodyMovesTheSurfaceRigidly() {
        // turned 130 degrees about a tilted axis and moved: every capsule's transform is the same rigid map
        double[] axis = {0.3, 0.9, -0.2};
        double n = Math.sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
        double[] r = rotation(axis[0] / n, axis[1] / n, axis[2] / n, Math.toRadians(130));
        double[] t = {0.4, -0.1, 2.5};
        List<Capsule> caps = new ArrayList<>();
        for (Capsule c : rest.capsules()) {
            caps.add(Capsule.of(c.name(), apply(r, t, c.ax(), c.ay(), c.az()), apply(r, t, c.bx(), c.by(), c.bz()), c.ra(),
                    c.rb()));
        }
        double[] out = new double[3 * surface.vertexCount()];
        surface.pose(new Body(caps), out);
        double[] bind = surface.bindPositions();
        double worst = 0;
        for (int v = 0; v < surface.vertexCount(); v++) {
            double[] e = apply(r, t, bind[3 * v], bind[3 * v + 1], bind[3 * v + 2]);
            for (int k = 0; k < 3; k++) {
                worst = Math.max(worst, Math.abs(e[k] - out[3 * v + k]));
            }
        }
        // capsule ends are floats: the rigid map is recovered up to float rounding of the posed ends
        assertTrue(worst < 2e-6, "largest deviation " + worst);
    }

    @Test
    void bentElbowMovesTheForearmRigidly() {
        Capsule upper = rest.find("upperarm_l");
        double[] elbow = {upper.bx(), upper.by(), upper.bz()};
        double[] r = rotation(0, 0, 1, Math.toRadians(85)); // forearm swung up about the elbow
        double[] t = {elbow[0] - (r[0] * elbow[0] + r[1] * elbow[1] + r[2] * elbow[2]),
                elbow[1] - (r[3] * elbow[0] + r[4] * elbow[1] + r[5] * elbow[2]),
                elbow[2] - (r[6] * elbow[0] + r[7] * elbow[1] + r[8] * elbow[2])};
        List<Capsule> caps = new ArrayList<>();
        for (Capsule c : rest.capsules()) {
            if (c.name().equals("forearm_l") || c.name().equals("hand_l")) {
                caps.add(Capsule.of(c.name(), apply(r, t, c.ax(), c.ay(), c.az()), apply(r, t, c.bx(), c.by(), c.bz()),
                        c.ra(), c.rb()));
            } else {
                caps.add(c);
            }
        }
        Body bent = new Body(caps);
        double[] out = new double[3 * surface.vertexCount()];
        surface.pose(bent, out);
        double[] bind = surface.bindPositions();
        Capsule fore = rest.find("forearm_l");
        Capsule posedFore = bent.find("forearm_l");
        int checked = 0;
        double worst = 0;
        for (int v = 0; v < surface.vertexCount(); v++) {
            double x = bind[3 * v], y = bind[3 * v + 1], z = bind[3 * v + 2];
            double s = axisParameter(fore, x, y, z);
            if (nearest(rest, x, y, z) != rest.capsules().indexOf(fore) || s < 0.35 || s > 0.75) {
                continue; // near the elbow or the wrist, or on another part
            }
            checked++;
            worst = Math.max(worst, Math.abs(posedFore.signedDistance(out[3 * v], out[3 * v + 1], out[3 * v + 2])));
        }
        assertTrue(checked > 50, "only " + checked + " forearm vertices");
        assertTrue(worst < 0.005, "forearm vertex " + worst + " m off the posed forearm surface");
        // the other arm and the legs did not move at all
        Capsule thigh = rest.find("thigh_r");
        for (int v = 0; v < surface.vertexCount(); v++) {
            double x = bind[3 * v], y = bind[3 * v + 1], z = bind[3 * v + 2];
            if (thigh.signedDistance(x, y, z) < 0.005) {
                assertEquals(x, out[3 * v], 1e-12);
                assertEquals(y, out[3 * v + 1], 1e-12);
                assertEquals(z, out[3 * v + 2], 1e-12);
            }
        }
    }

    @Test
    void generationIsDeterministicAndCached() {
        // how long generation takes is a benchmark's question, not a unit test's (the test machine may be shared)
        SkinnedSurface a = SkinnedSurface.generate(rest, SkinnedSurface.DEFAULT_CELL, SkinnedSurface.DEFAULT_BLEND);
        assertArrayEquals(surface.triangles(), a.triangles());
        assertArrayEquals(surface.bindPositions(), a.bindPositions());
        assertSame(surface, SkinnedSurface.of(ProceduralBody.restPose()), "surfaces are cached by bind pose");
    }

    @Test
    void posingIsDeterministicOnAnyThread() throws Exception {
        BodyMotion walk = ProceduralBody.motion(ProceduralBody.Motion.WALK);
        BodySurface s = walk.surface();
        assertNotNull(s);
        double[] times = {0.1, 0.37, 0.81, 1.234};
        double[][] here = new double[times.length][3 * s.vertexCount()];
        long t0 = System.nanoTime();
        for (int i = 0; i < times.length; i++) {
            s.positionsAt(times[i], here[i]);
        }
        System.out.printf("skinning one pose: %.2f ms%n", (System.nanoTime() - t0) / 1e6 / times.length);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<double[]>> there = new ArrayList<>();
            for (int i = times.length - 1; i >= 0; i--) {
                double t = times[i];
                there.add(pool.submit(() -> {
                    double[] out = new double[3 * s.vertexCount()];
                    walk.surface().positionsAt(t, out);
                    return out;
                }));
            }
            for (int i = 0; i < times.length; i++) {
                assertArrayEquals(here[times.length - 1 - i], there.get(i).get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertThrows(IllegalArgumentException.class, () -> surface.pose(new Body(rest.capsules().subList(0, 5)),
                new double[3 * surface.vertexCount()]));
    }

    @Test
    void walkingSurfaceStaysClosedAndOnTheCapsules() {
        BodySurface s = ProceduralBody.motion(ProceduralBody.Motion.WALK).surface();
        double[] p = new double[3 * s.vertexCount()];
        Body pose = ProceduralBody.motion(ProceduralBody.Motion.WALK).poseAt(0.9);
        s.positionsAt(0.9, p);
        String problem = MeshChecks.closedManifoldProblem(s.triangles(), p, 1e-8);
        assertNull(problem, problem);
        // skinned vertices stay near the posed capsule union (the blend bulges up to a centimetre at joints)
        double worst = 0;
        for (int v = 0; v < s.vertexCount(); v++) {
            worst = Math.max(worst, Math.abs(pose.signedDistance(p[3 * v], p[3 * v + 1], p[3 * v + 2])));
        }
        assertTrue(worst < 0.03, "a walking surface vertex is " + worst + " m from the capsules");
    }

    @Test
    void sampledMotionKeepsItsBindPoseThroughSerialisationAndRestarts() throws IOException {
        BodyMotion walk = ProceduralBody.motion(ProceduralBody.Motion.WALK);
        double rate = 60;
        SampledBodyMotion sampled = SampledBodyMotion.sample(walk, 0.5, 1.5, rate);
        assertEquals(rest, sampled.bindPose());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        sampled.write(new DataOutputStream(bytes));
        SampledBodyMotion back = SampledBodyMotion.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(sampled.bindPose(), back.bindPose());
        BodySurface a = sampled.surface();
        BodySurface b = back.surface();
        assertArrayEquals(a.triangles(), b.triangles());
        double[] pa = new double[3 * a.vertexCount()];
        double[] pb = new double[3 * b.vertexCount()];
        for (double t : new double[] {0.5, 0.9, 1.0 + 1 / rate, 1.5}) {
            a.positionsAt(t, pa);
            b.positionsAt(t, pb);
            assertArrayEquals(pa, pb);
        }
        // a restart from a later sample sees the very same surface, not one generated from its first pose
        SampledBodyMotion restart = back.from(30);
        assertEquals(rest, restart.bindPose());
        double[] pr = new double[3 * a.vertexCount()];
        restart.surface().positionsAt(0, pr);
        a.positionsAt(0.5 + 30 / rate, pa);
        assertArrayEquals(pa, pr);
        // a motion without a character has no surface, and none after a round trip
        SampledBodyMotion bare = new SampledBodyMotion(0, rate, new String[] {"head"},
                new float[][] {{0, 1.6f, 0, 0, 1.7f, 0, 0.1f, 0.1f}});
        assertNull(bare.surface());
        bytes.reset();
        bare.write(new DataOutputStream(bytes));
        assertNull(SampledBodyMotion.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()))).surface());
        // the headerless version 1 format (work units of version 1): the same samples without magic, version and bind
        byte[] v2 = bytes.toByteArray();
        SampledBodyMotion v1 = SampledBodyMotion.readUnversioned(
                new DataInputStream(new ByteArrayInputStream(Arrays.copyOfRange(v2, 8, v2.length - 1))));
        assertEquals(bare.poseAt(0), v1.poseAt(0));
        assertNull(v1.bindPose());
        byte[] corrupt = bytes.toByteArray();
        corrupt[7] = 9; // version
        assertThrows(IOException.class,
                () -> SampledBodyMotion.read(new DataInputStream(new ByteArrayInputStream(corrupt))));
    }

    @Test
    void aCharactersOwnSurfaceTravelsWithItsSampledMotionToAnotherProcess() throws IOException {
        // a bind pose of its own (radii 3 mm above the procedural rest pose's), so no other test's surface changes
        List<Capsule> capsules = new ArrayList<>();
        for (Capsule c : rest.capsules()) {
            capsules.add(new Capsule(c.name(), c.ax(), c.ay(), c.az(), c.bx(), c.by(), c.bz(), c.ra() + 0.003f,
                    c.rb() + 0.003f));
        }
        Body bind = new Body(capsules);
        // an imported mesh: one small triangle at each capsule's first end, skinned to that capsule alone
        int n = 3 * bind.size();
        double[] positions = new double[3 * n];
        int[] triangles = new int[n];
        int[] influences = new int[4 * n];
        double[] weights = new double[4 * n];
        Arrays.fill(influences, -1);
        for (int c = 0; c < bind.size(); c++) {
            Capsule k = bind.capsule(c);
            for (int corner = 0; corner < 3; corner++) {
                int v = 3 * c + corner;
                positions[3 * v] = k.ax() + (corner == 1 ? 0.01 : 0);
                positions[3 * v + 1] = k.ay() + (corner == 2 ? 0.01 : 0);
                positions[3 * v + 2] = k.az();
                triangles[v] = v;
                influences[4 * v] = c;
                weights[4 * v] = 1;
            }
        }
        SkinnedSurface own = SkinnedSurface.bound(bind, positions, triangles, influences, weights);
        BodyMotion walk = ProceduralBody.motion(ProceduralBody.Motion.WALK);
        BodyMotion character = new BodyMotion() {
            @Override
            public Body poseAt(double t) {
                return walk.poseAt(t);
            }

            @Override
            public Body bindPose() {
                return bind;
            }
        };
        SkinnedSurface.useOwn(own);
        byte[] bytes;
        double[] expected = new double[3 * n];
        try {
            SampledBodyMotion sampled = SampledBodyMotion.sample(character, 0.5, 1.0, 60);
            assertEquals(n, sampled.surface().vertexCount());
            sampled.surface().positionsAt(0.75, expected);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            sampled.write(new DataOutputStream(out));
            bytes = out.toByteArray();
        } finally {
            SkinnedSurface.forgetOwn(bind);
        }
        // another process: the bind pose's surface would be generated, but the motion brings the character's own
        assertTrue(SkinnedSurface.of(bind).vertexCount() > 100);
        SampledBodyMotion back = SampledBodyMotion.read(new DataInputStream(new ByteArrayInputStream(bytes)));
        BodySurface s = back.surface();
        assertEquals(n, s.vertexCount());
        assertArrayEquals(triangles, s.triangles());
        double[] got = new double[3 * n];
        s.positionsAt(0.75, got);
        assertArrayEquals(expected, got, "the same posed surface, bit for bit");
        double[] restarted = new double[3 * n];
        back.from(15).surface().positionsAt(0, restarted);
        assertArrayEquals(expected, restarted, "a restart from a later sample keeps it");
    }

    // ---- helpers

    private static int nearest(Body b, double x, double y, double z) {
        int best = -1;
        double d = Double.POSITIVE_INFINITY;
        for (int c = 0; c < b.size(); c++) {
            double s = b.capsule(c).signedDistance(x, y, z);
            if (s < d) {
                d = s;
                best = c;
            }
        }
        return best;
    }

    private static double axisParameter(Capsule c, double x, double y, double z) {
        double dx = c.bx() - c.ax(), dy = c.by() - c.ay(), dz = c.bz() - c.az();
        return ((x - c.ax()) * dx + (y - c.ay()) * dy + (z - c.az()) * dz) / (dx * dx + dy * dy + dz * dz);
    }

    /** Row-major rotation by angle a about the unit axis (x, y, z). */
    static double[] rotation(double x, double y, double z, double a) {
        double c = Math.cos(a), s = Math.sin(a), k = 1 - c;
        return new double[] {c + x * x * k, x * y * k - z * s, x * z * k + y * s, y * x * k + z * s, c + y * y * k,
                y * z * k - x * s, z * x * k - y * s, z * y * k + x * s, c + z * z * k};
    }

    static double[] apply(double[] r, double[] t, double x, double y, double z) {
        return new double[] {r[0] * x + r[1] * y + r[2] * z + t[0], r[3] * x + r[4] * y + r[5] * z + t[1],
                r[6] * x + r[7] * y + r[8] * z + t[2]};
    }

    /** The rest pose with every capsule's bone turned by q (endpoints unchanged), or by q only for capsule c >= 0. */
    private static Body withBones(Body b, BoneRotation q, BoneRotation others, int c) {
        List<Capsule> caps = new ArrayList<>();
        for (int i = 0; i < b.size(); i++) {
            Capsule k = b.capsule(i);
            caps.add(new Capsule(k.name(), k.ax(), k.ay(), k.az(), k.bx(), k.by(), k.bz(), k.ra(), k.rb(),
                    c < 0 || i == c ? q : others));
        }
        return new Body(caps);
    }

    /**
     * A forearm twisted 90 degrees about its own axis: its endpoints do not move, so the estimated roll cannot see it;
     * its bone's rotation does, and the vertices skinned to the forearm alone turn with it about the axis.
     */
    @Test
    void aTwistAboutTheCapsuleAxisTurnsTheSkinWithTheBone() {
        BoneRotation identity = new BoneRotation(1, 0, 0, 0);
        Body bind = withBones(rest, identity, identity, -1);
        int arm = -1;
        for (int i = 0; i < rest.size(); i++) {
            if (rest.capsule(i).name().equals("forearm_l")) {
                arm = i;
            }
        }
        Capsule k = rest.capsule(arm);
        double ux = k.bx() - k.ax(), uy = k.by() - k.ay(), uz = k.bz() - k.az();
        double l = Math.sqrt(ux * ux + uy * uy + uz * uz);
        ux /= l;
        uy /= l;
        uz /= l;
        double h = Math.sin(Math.PI / 4);
        Body twisted = withBones(rest, BoneRotation.of(Math.cos(Math.PI / 4), h * ux, h * uy, h * uz), identity, arm);
        SkinnedSurface s = SkinnedSurface.of(bind);
        assertTrue(s.rollFollowsBone(twisted, arm));
        double[] p = new double[3 * s.vertexCount()];
        s.pose(twisted, p);
        double[] b = s.bindPositions();
        double[] untwisted = new double[p.length];
        SkinnedSurface.of(rest).pose(rest, untwisted);
        int checked = 0;
        for (int v = 0; v < s.vertexCount(); v++) {
            if (s.influences(v)[0] != arm || s.weights(v)[0] != 1) {
                continue;
            }
            // expected: the bind vertex turned 90 degrees about the forearm's axis through its first end
            double rx = b[3 * v] - k.ax(), ry = b[3 * v + 1] - k.ay(), rz = b[3 * v + 2] - k.az();
            double along = rx * ux + ry * uy + rz * uz;
            double cx = uy * rz - uz * ry, cy = uz * rx - ux * rz, cz = ux * ry - uy * rx; // u x r
            double ex = k.ax() + along * ux + cx, ey = k.ay() + along * uy + cy, ez = k.az() + along * uz + cz;
            double err = Math.sqrt(Math.pow(p[3 * v] - ex, 2) + Math.pow(p[3 * v + 1] - ey, 2) + Math.pow(p[3 * v + 2] - ez, 2));
            assertTrue(err < 1e-6, "vertex " + v + " is " + err + " m from its bone's turn");
            checked++;
        }
        assertTrue(checked > 20, checked + " vertices skinned to the forearm alone");
        // without the bones' rotations the same endpoints pose the rest surface: the twist is lost
        assertArrayEquals(b, untwisted);
    }

    /**
     * Bone rotations are sampled with the capsules, interpolated along the shorter arc, written and read back and kept
     * by a restart; a motion written before they were (version 3) still reads, without them.
     */
    @Test
    void boneRotationsTravelWithTheSampledMotionAndOldMotionsStillRead() throws IOException {
        BodyMotion walk = ProceduralBody.motion(ProceduralBody.Motion.WALK);
        BoneRotation identity = new BoneRotation(1, 0, 0, 0);
        Body bind = withBones(rest, identity, identity, -1);
        BodyMotion turning = new BodyMotion() {
            @Override
            public Body poseAt(double t) {
                // every bone turned about +Y by t radians (a rotation the capsules' endpoints do not show)
                BoneRotation q = BoneRotation.of(Math.cos(t / 2), 0, Math.sin(t / 2), 0);
                return withBones(walk.poseAt(t), q, q, -1);
            }

            @Override
            public Body bindPose() {
                return bind;
            }
        };
        double rate = 60;
        SampledBodyMotion sampled = SampledBodyMotion.sample(turning, 0.5, 1.0, rate);
        assertTrue(sampled.hasBoneRotations());
        assertEquals(turning.poseAt(0.5 + 7 / rate), sampled.poseAt(0.5 + 7 / rate));
        BoneRotation mid = sampled.poseAt(0.5 + 7.5 / rate).capsule(3).bone();
        assertEquals(Math.sin((0.5 + 7.5 / rate) / 2), mid.y(), 1e-6, "interpolated between the samples");

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        sampled.write(new DataOutputStream(bytes));
        SampledBodyMotion back = SampledBodyMotion.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertTrue(back.hasBoneRotations());
        assertEquals(bind, back.bindPose());
        double[] pa = new double[3 * surface.vertexCount()];
        double[] pb = new double[pa.length];
        for (double t : new double[] {0.5, 0.5 + 7.5 / rate, 1.0}) {
            assertEquals(sampled.poseAt(t), back.poseAt(t));
            sampled.surface().positionsAt(t, pa);
            back.surface().positionsAt(t, pb);
            assertArrayEquals(pa, pb);
        }
        SampledBodyMotion restart = back.from(12);
        assertTrue(restart.hasBoneRotations());
        assertEquals(back.poseAt(0.5 + 12 / rate), restart.poseAt(0));

        // version 3 (before the rotations): the same stream without the trailing section, read with estimated rolls
        SampledBodyMotion plain = SampledBodyMotion.sample(walk, 0.5, 1.0, rate);
        assertTrue(!plain.hasBoneRotations());
        bytes.reset();
        plain.write(new DataOutputStream(bytes));
        byte[] v4 = bytes.toByteArray();
        byte[] v3 = Arrays.copyOf(v4, v4.length - 1); // drop "no bone rotations"
        v3[7] = 3;
        SampledBodyMotion old = SampledBodyMotion.read(new DataInputStream(new ByteArrayInputStream(v3)));
        assertTrue(!old.hasBoneRotations());
        assertEquals(rest, old.bindPose());
        assertEquals(plain.poseAt(0.75), old.poseAt(0.75));
        plain.surface().positionsAt(0.75, pa);
        old.surface().positionsAt(0.75, pb);
        assertArrayEquals(pa, pb);
    }
}
