package org.clothgraph.sim.arcsim.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.sim.arcsim.ArcsimScene;
import org.clothgraph.sim.arcsim.RigidPartsMotion;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodySurface;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real dress-on-dancer output read back as mesh, material, start state and rigid-part body. */
class ArcsimSceneTest {

    @TempDir
    Path tmp;

    private static Path run() {
        return ArcsimTestSupport.data().resolve("arcsim-runs/dress-on-dancer");
    }

    private static Path fabric() {
        return ArcsimTestSupport.data().resolve("meshes/berkeley-garment-library/materials/navy-sparkle-sweat.json");
    }

    @Test
    void readsClothMaterialAndFramesOfTheRun() {
        ArcsimScene s = ArcsimScene.load(run(), fabric());
        assertEquals(3906, s.mesh().vertexCount());
        assertEquals(5, s.frames().size(), "frames 0-4");
        assertEquals(0.04, s.frameTime());
        assertEquals(0.005, s.material().thickness(), "magic.repulsion_thickness");
        assertEquals(16, s.motion().partCount());
        assertEquals(0.16, s.motion().endTime(), 1e-12);
        // frame 0 is the start; ARCSim's velocities (nv) come with it; Y is up (the dress hangs from about
        // shoulder height: the conf's motion transform puts the dancer's feet at z = -1 in ARCSim, y = -1 here)
        float[] p = s.start().positions();
        float minY = Float.MAX_VALUE, maxY = -Float.MAX_VALUE;
        for (int i = 1; i < p.length; i += 3) {
            minY = Math.min(minY, p[i]);
            maxY = Math.max(maxY, p[i]);
        }
        assertTrue(maxY - minY > 0.5 && maxY - minY < 1.5, "dress height " + (maxY - minY));
        // the dress starts at rest (ARCSim writes no nv lines for it) and moves from frame 1 on (nv lines)
        assertEquals(0, maxAbs(s.start().velocities()));
        assertTrue(maxAbs(s.frames().get(1).velocities()) > 0, "velocities read from nv");
    }

    @Test
    void theBodyIsItsRigidPartsMovedByTheirTransformsWithCapsulesAroundEachPart() throws Exception {
        ArcsimScene s = ArcsimScene.load(run(), fabric());
        BodySurface surf = s.motion().surface();
        int n = surf.vertexCount();
        int[] t = surf.triangles();
        assertEquals(0, t.length % 3);
        assertTrue(Arrays.stream(t).allMatch(i -> i >= 0 && i < n));
        double[] x0 = new double[3 * n], x1 = new double[3 * n], x1b = new double[3 * n];
        surf.positionsAt(0.04, x1);
        surf.positionsAt(0.04, x1b);
        assertTrue(Arrays.equals(x1, x1b), "a pure function of t");
        surf.positionsAt(0, x0);

        // frame 0 of part 3 by hand (Rodrigues, Z up), from the files, converted to Y up
        String obj = Files.readString(run().resolve("obs_03.obj"));
        String[] v = obj.lines().filter(l -> l.startsWith("v ")).findFirst().orElseThrow().split("\\s+");
        double[] q = {Double.parseDouble(v[1]), Double.parseDouble(v[2]), Double.parseDouble(v[3])};
        String tr = Files.readString(run().resolve("0000obs03.txt"));
        double[] num = java.util.regex.Pattern.compile("-?[0-9]+\\.[0-9]+").matcher(tr).results()
                .mapToDouble(m -> Double.parseDouble(m.group())).toArray(); // angle x y z, scale, tx ty tz
        double th = Math.toRadians(num[0]);
        double[] k = {num[1], num[2], num[3]};
        double kn = Math.sqrt(k[0] * k[0] + k[1] * k[1] + k[2] * k[2]);
        for (int i = 0; i < 3; i++) {
            k[i] /= kn;
        }
        double[] kxq = {k[1] * q[2] - k[2] * q[1], k[2] * q[0] - k[0] * q[2], k[0] * q[1] - k[1] * q[0]};
        double kq = k[0] * q[0] + k[1] * q[1] + k[2] * q[2];
        double[] w = new double[3];
        for (int i = 0; i < 3; i++) {
            w[i] = num[5 + i] + num[4] * (q[i] * Math.cos(th) + kxq[i] * Math.sin(th) + k[i] * kq * (1 - Math.cos(th)));
        }
        int first3 = 0;
        for (int j = 0; j < 3; j++) {
            first3 += (int) Files.readString(run().resolve(String.format("obs_%02d.obj", j))).lines()
                    .filter(l -> l.startsWith("v ")).count();
        }
        assertEquals(w[0], x0[3 * first3], 1e-5);
        assertEquals(w[2], x0[3 * first3 + 1], 1e-5, "ARCSim z is our y");
        assertEquals(-w[1], x0[3 * first3 + 2], 1e-5, "ARCSim y is our -z");

        // "dance-paused": the dancer holds still over frames 0-4 (interpolation is tested on a synthetic part)
        assertTrue(Arrays.equals(x0, x1));

        // each part's capsule encloses the part, at a frame and between frames
        for (double time : new double[] {0, 0.02, 0.1}) {
            Body b = s.motion().poseAt(time);
            assertEquals(16, b.size());
            double[] x = new double[3 * n];
            surf.positionsAt(time, x);
            int o = 0;
            for (int j = 0; j < 16; j++) {
                int m = (int) Files.readString(run().resolve(String.format("obs_%02d.obj", j))).lines()
                        .filter(l -> l.startsWith("v ")).count();
                for (int i = o; i < o + m; i++) {
                    assertTrue(b.capsule(j).signedDistance(x[3 * i], x[3 * i + 1], x[3 * i + 2]) <= 1e-5,
                            "part " + j + " vertex outside its capsule at t=" + time);
                }
                o += m;
            }
        }
        // the worn dress is on the body: most cloth vertices are within 10 cm of a capsule
        Body b0 = s.motion().poseAt(0);
        float[] p = s.start().positions();
        int near = 0;
        for (int i = 0; i < p.length; i += 3) {
            near += b0.signedDistance(p[i], p[i + 1], p[i + 2]) < 0.10 ? 1 : 0;
        }
        assertTrue(near > p.length / 3 / 2, near + " of " + p.length / 3 + " near the body");
    }

    /**
     * The capsules the small-step solver's part-mesh collision uses lie inside the parts: no vertex of a part within
     * its capsule, the capsule's centre inside the part's closed mesh (winding number), while the enclosing capsules
     * contain them.
     */
    @Test
    void theInscribedCapsulesLieInsideTheirParts() throws Exception {
        ArcsimScene s = ArcsimScene.load(run(), fabric());
        RigidPartsMotion inscribed = s.motion().inscribed();
        assertTrue(inscribed.hasInscribedCapsules() && !s.motion().hasInscribedCapsules());
        BodySurface surf = s.motion().surface();
        double[] x = new double[3 * surf.vertexCount()];
        surf.positionsAt(0, x);
        int[] t = surf.triangles();
        Body in = inscribed.poseAt(0), out = s.motion().poseAt(0);
        int o = 0;
        for (int j = 0; j < 16; j++) {
            int m = (int) Files.readString(run().resolve(String.format("obs_%02d.obj", j))).lines()
                    .filter(l -> l.startsWith("v ")).count();
            var c = in.capsule(j);
            assertTrue(c.ra() > 0.005, "part " + j + ": radius " + c.ra());
            for (int i = o; i < o + m; i++) {
                assertTrue(c.signedDistance(x[3 * i], x[3 * i + 1], x[3 * i + 2]) > 0, "part " + j + " vertex " + i
                        + " inside its inscribed capsule");
            }
            double[] centre = c.center();
            assertTrue(out.capsule(j).signedDistance(centre[0], centre[1], centre[2]) < 0, "part " + j);
            double winding = 0;
            for (int k = 0; k < t.length; k += 3) {
                if (t[k] >= o && t[k] < o + m) {
                    winding += solidAngle(x, t[k], t[k + 1], t[k + 2], centre);
                }
            }
            assertTrue(Math.abs(winding / (4 * Math.PI)) > 0.5, "part " + j + ": the centre's winding number "
                    + winding / (4 * Math.PI));
            o += m;
        }
    }

    /** Van Oosterom and Strackee: the solid angle of triangle (a, b, c) seen from p. */
    private static double solidAngle(double[] x, int a, int b, int c, double[] p) {
        double[] r1 = { x[3 * a] - p[0], x[3 * a + 1] - p[1], x[3 * a + 2] - p[2] };
        double[] r2 = { x[3 * b] - p[0], x[3 * b + 1] - p[1], x[3 * b + 2] - p[2] };
        double[] r3 = { x[3 * c] - p[0], x[3 * c + 1] - p[1], x[3 * c + 2] - p[2] };
        double l1 = Math.sqrt(dot(r1, r1)), l2 = Math.sqrt(dot(r2, r2)), l3 = Math.sqrt(dot(r3, r3));
        double[] cross = { r2[1] * r3[2] - r2[2] * r3[1], r2[2] * r3[0] - r2[0] * r3[2],
                r2[0] * r3[1] - r2[1] * r3[0] };
        double num = dot(r1, cross);
        double den = l1 * l2 * l3 + dot(r1, r2) * l3 + dot(r1, r3) * l2 + dot(r2, r3) * l1;
        return 2 * Math.atan2(num, den);
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    private static double maxAbs(float[] v) {
        double m = 0;
        for (float f : v) {
            m = Math.max(m, Math.abs(f));
        }
        return m;
    }

    @Test
    void betweenSamplesPartsAreInterpolatedRigidly() {
        // one triangle; sample 1 = turned 90 degrees about y and moved 1 m along x
        float[] tri = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        RigidPartsMotion.Pose a = RigidPartsMotion.Pose.ofAxisAngle(0, 0, 1, 0, 1, 0, 0, 0);
        RigidPartsMotion.Pose b = RigidPartsMotion.Pose.ofAxisAngle(90, 0, 1, 0, 1, 1, 0, 0);
        RigidPartsMotion m = new RigidPartsMotion(
                List.of(new RigidPartsMotion.Part(tri, new int[] {0, 1, 2}, new RigidPartsMotion.Pose[] {a, b})), 0.5);
        double[] x = new double[9];
        m.surface().positionsAt(0.25, x);
        double c = Math.cos(Math.PI / 4), sn = Math.sin(Math.PI / 4);
        // (1, 0, 0) turned 45 degrees about y is (cos, 0, -sin); plus half the translation
        assertArrayEquals(new double[] {0.5 + c, 0, -sn, 0.5, 1, 0, 0.5 + sn, 0, c}, x, 1e-12);
        m.surface().positionsAt(0.5, x);
        assertArrayEquals(new double[] {1, 0, -1, 1, 1, 0, 2, 0, 0}, x, 1e-12);
        m.surface().positionsAt(7, x);
        assertArrayEquals(new double[] {1, 0, -1, 1, 1, 0, 2, 0, 0}, x, 1e-12, "held after the last sample");
        Body body = m.poseAt(0.25);
        m.surface().positionsAt(0.25, x);
        for (int i = 0; i < 3; i++) {
            assertTrue(body.signedDistance(x[3 * i], x[3 * i + 1], x[3 * i + 2]) <= 1e-6, "capsule encloses the part");
        }
    }

    @Test
    void aFolderThatIsNoArcsimOutputIsRefusedInOneLine() throws Exception {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> ArcsimScene.load(tmp, null));
        assertTrue(e.getMessage().contains(tmp.resolve("conf.json").toString()), e.getMessage());
        Files.writeString(tmp.resolve("conf.json"), "{\"frame_time\": 0.04, \"cloths\": [{\"materials\": "
                + "[{\"data\": \"materials/none.json\"}]}]}");
        e = assertThrows(InvalidInputException.class, () -> ArcsimScene.load(tmp, null));
        assertTrue(e.getMessage().contains("cloths[0].materials[0].data"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"));
    }
}
