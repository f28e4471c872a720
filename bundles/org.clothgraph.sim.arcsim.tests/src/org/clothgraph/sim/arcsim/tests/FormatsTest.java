package org.clothgraph.sim.arcsim.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.arcsim.ArcsimClothSimulator;
import org.clothgraph.sim.arcsim.ArcsimOptions;
import org.clothgraph.sim.arcsim.internal.CapsuleRig;
import org.clothgraph.sim.arcsim.internal.FrameFiles;
import org.clothgraph.sim.io.ArcsimJson;
import org.clothgraph.sim.arcsim.internal.MotFile;
import org.clothgraph.sim.arcsim.internal.ResumeLayout;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.Capsule;
import org.clothgraph.sim.io.ArcsimMaterialReader;
import org.clothgraph.sim.io.Axes;
import org.clothgraph.sim.io.ObjGarmentReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FormatsTest {

    @TempDir
    Path tmp;

    @Test
    void everyRealFrameParsesWithVelocities() throws IOException {
        Path runs = ArcsimTestSupport.data().resolve("arcsim-runs");
        List<Path> files;
        try (Stream<Path> s = Files.walk(runs)) {
            files = s.filter(p -> p.getFileName().toString().matches("\\d{4}_00\\.obj")).sorted().toList();
        }
        assertEquals(9, files.size(), files.toString());
        for (Path f : files) {
            ClothState st = FrameFiles.read(f);
            assertEquals(3906, st.vertexCount(), f.toString());
            double maxSpeed = 0;
            for (int i = 0; i < st.velocities().length; i += 3) {
                float[] v = st.velocities();
                maxSpeed = Math.max(maxSpeed, Math.sqrt(v[i] * v[i] + v[i + 1] * v[i + 1] + v[i + 2] * v[i + 2]));
            }
            boolean first = f.getFileName().toString().equals("0000_00.obj");
            if (first) {
                assertEquals(0, maxSpeed, "ARCSim frame 0 of a fresh run stores no nv lines");
            } else {
                assertTrue(maxSpeed > 1e-3 && maxSpeed < 20, f + ": max speed " + maxSpeed);
                // same as the sim bundle's reader (which requires one nv per node), Z-up -> Y-up
                ClothState ref = ObjGarmentReader.readArcsim(f, Axes.Z_UP).state();
                assertArrayEquals(ref.positions(), st.positions(), f.toString());
                assertArrayEquals(ref.velocities(), st.velocities(), f.toString());
            }
        }
        // Y is up after conversion: the dress hangs mostly below the shoulders, gravity pulls along -Y
        ClothState a = FrameFiles.read(runs.resolve("dress-on-dancer/0004_00.obj"));
        double meanVy = 0;
        for (int i = 1; i < a.velocities().length; i += 3) {
            meanVy += a.velocities()[i];
        }
        assertTrue(meanVy / a.vertexCount() < 0, "cloth falls along -Y early in the run");
    }

    @Test
    void frameReaderAcceptsMissingNvAndRejectsMisplaced() throws IOException {
        Path f = tmp.resolve("0001_00.obj");
        Files.writeString(f, "vt 0 0\nvt 1 0\nvt 0 1\nv 0 0 1\nny 0 0 1.1\nnv 1 2 3\nv 1 0 1\nv 0 1 1\nnv 0 0 -1\nf 1/1 2/2 3/3\n");
        ClothState s = FrameFiles.read(f);
        assertArrayEquals(new float[] {1, 3, -2, 0, 0, 0, 0, -1, 0}, s.velocities(), 0f);
        assertArrayEquals(new float[] {0, 1, 0, 1, 1, 0, 0, 1, -1}, s.positions(), 0f);
        Files.writeString(f, "v 0 0 1\nnv 1 2 3\nnv 1 2 3\nf 1 1 1\n");
        assertThrows(InvalidInputException.class, () -> FrameFiles.read(f));
        Files.writeString(f, "v 0 0 nan\nf 1 1 1\n");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> FrameFiles.read(f));
        assertTrue(e.getMessage().contains("nan") && e.getMessage().contains(":1:"), e.getMessage());
    }

    @Test
    void writtenStateReadsBackAndTemplateKeepsSeams() throws IOException {
        Path run = ArcsimTestSupport.data().resolve("arcsim-runs/dress-on-dancer/0003_00.obj");
        ClothMesh mesh = ObjGarmentReader.readArcsim(run, Axes.Z_UP).mesh();
        ClothState s = FrameFiles.read(run);
        Path out = tmp.resolve("0006_00.obj");
        String template = Files.readString(run);
        FrameFiles.write(out, mesh, s, template);
        assertEquals(s, FrameFiles.read(out));
        List<String> a = Files.readAllLines(run), b = Files.readAllLines(out);
        assertEquals(a.stream().filter(l -> l.startsWith("vt ") || l.startsWith("f ")).toList(),
                b.stream().filter(l -> l.startsWith("vt ") || l.startsWith("f ")).toList(), "vt and f lines preserved");
        assertEquals(4067, b.stream().filter(l -> l.startsWith("vt ")).count());
        FrameFiles.write(out, mesh, s, null);
        assertEquals(s, FrameFiles.read(out));
        // without a template: three material vertices per face (its rest triangle laid flat)
        assertEquals(3L * mesh.triangleCount(), Files.readAllLines(out).stream().filter(l -> l.startsWith("vt ")).count());
        ClothMesh noUv = new ClothMesh("x", mesh.restPositions(), null, mesh.triangles(), Map.of());
        FrameFiles.write(out, noUv, s, null);
        assertEquals(s, FrameFiles.read(out), "a mesh without pattern coordinates is written from its rest shape");
        assertEquals("0006_00.obj", FrameFiles.name(6, 0));
        assertThrows(IllegalArgumentException.class, () -> FrameFiles.name(10000, 0));
    }

    @Test
    void everyWrittenFaceTurnsCounterClockwiseInPatternSpace() throws IOException {
        // The test patch is deliberately wound clockwise in vt space; ARCSim's masses come from the
        // signed pattern area, so a clockwise face made the real simulator fail (TAUCS error -1).
        ClothMesh mesh = ArcsimTestSupport.patch(6);
        Path file = tmp.resolve("0005_00.obj");
        FrameFiles.write(file, mesh, ArcsimTestSupport.rest(mesh), null);
        List<float[]> vt = new java.util.ArrayList<>();
        int faces = 0;
        for (String line : Files.readAllLines(file)) {
            String[] f = line.trim().split("\\s+");
            if (f[0].equals("vt")) {
                vt.add(new float[] { Float.parseFloat(f[1]), Float.parseFloat(f[2]) });
            } else if (f[0].equals("f")) {
                float[] a = vt.get(Integer.parseInt(f[1].split("/")[1]) - 1);
                float[] b = vt.get(Integer.parseInt(f[2].split("/")[1]) - 1);
                float[] c = vt.get(Integer.parseInt(f[3].split("/")[1]) - 1);
                double area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
                assertTrue(area > 0, "face " + line + " is clockwise in pattern space");
                faces++;
            }
        }
        assertEquals(mesh.triangleCount(), faces);
    }

    /**
     * Issue 10: the generated robe has one material coordinate per node, so faces across its pattern seams span the
     * pattern (edges up to 146 times their rest length), and ARCSim, whose rest shape is the pattern, blew them up.
     * Written for ARCSim without a template, every face's material-space edges are its rest edges, counter-clockwise.
     */
    @Test
    void aGarmentWithSeamsIsWrittenWithItsRestTrianglesAsMaterialSpace() throws IOException {
        ClothMesh robe = org.clothgraph.sim.garment.Garments.hoodedRobe(org.clothgraph.sim.body.ProceduralBody.restPose(),
                800);
        float[] r = robe.restPositions(), uv = robe.materialCoords();
        int[] t = robe.triangles();
        double spread = 1;
        for (int i = 0; i < t.length; i++) {
            int a = t[i], b = t[i % 3 == 2 ? i - 2 : i + 1];
            double du = uv[2 * a] - uv[2 * b], dv = uv[2 * a + 1] - uv[2 * b + 1];
            spread = Math.max(spread, Math.sqrt(du * du + dv * dv) / dist(r, a, b));
        }
        assertTrue(spread > 10, "the generated robe's uv layout has faces across seams: " + spread);
        Path file = tmp.resolve("0001_00.obj");
        FrameFiles.write(file, robe, ArcsimTestSupport.rest(robe), null);
        List<float[]> vt = new java.util.ArrayList<>();
        int faces = 0;
        double worst = 0;
        for (String line : Files.readAllLines(file)) {
            String[] f = line.trim().split("\\s+");
            if (f[0].equals("vt")) {
                vt.add(new float[] { Float.parseFloat(f[1]), Float.parseFloat(f[2]) });
            } else if (f[0].equals("f")) {
                int[] node = new int[3];
                float[][] p = new float[3][];
                for (int k = 0; k < 3; k++) {
                    node[k] = Integer.parseInt(f[k + 1].split("/")[0]) - 1;
                    p[k] = vt.get(Integer.parseInt(f[k + 1].split("/")[1]) - 1);
                }
                for (int k = 0; k < 3; k++) {
                    float[] a = p[k], b = p[(k + 1) % 3];
                    double rest = dist(r, node[k], node[(k + 1) % 3]);
                    worst = Math.max(worst, Math.abs(Math.hypot(a[0] - b[0], a[1] - b[1]) - rest) / rest);
                }
                double area = (p[1][0] - p[0][0]) * (p[2][1] - p[0][1]) - (p[1][1] - p[0][1]) * (p[2][0] - p[0][0]);
                assertTrue(area > 0, "face " + line + " is clockwise in pattern space");
                faces++;
            }
        }
        assertEquals(robe.triangleCount(), faces);
        assertEquals(3 * robe.triangleCount(), vt.size(), "three material vertices per face");
        assertTrue(worst < 1e-4, "a material-space edge differs from its rest length by " + worst);
        float[] back = FrameFiles.read(file).positions();
        for (int i = 0; i < r.length; i++) {
            assertTrue(back[i] == r[i], "node coordinate " + i + " read back as " + back[i] + ", written " + r[i]);
        }
    }

    private static double dist(float[] x, int i, int j) {
        double dx = x[3 * i] - x[3 * j], dy = x[3 * i + 1] - x[3 * j + 1], dz = x[3 * i + 2] - x[3 * j + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    @Test
    void jsonStrictWithComments() throws IOException {
        String conf = Files.readString(ArcsimTestSupport.data().resolve("arcsim-runs/dress-on-dancer/conf.json"));
        Object v = ArcsimJson.parse("// scene\n" + conf.replace("\"frame_steps\": 8,", "\"frame_steps\": 8, // substeps\n/* block */"));
        Map<String, Object> m = ArcsimJson.obj(v);
        assertEquals(0.04, m.get("frame_time"));
        assertEquals(8.0, m.get("frame_steps"));
        assertEquals(List.of("remeshing"), m.get("disable"));
        assertEquals("meshes/female-objs/body%04d.obj", m.get("obstacles"));
        assertEquals(v, ArcsimJson.parse(ArcsimJson.write(v)));
        for (String bad : new String[] {"{\"a\":1,}", "[1,2,]", "{'a':1}", "{\"a\":NaN}", "{\"a\":1} x", "{\"a\":1,\"a\":2}",
                "[01]", "[1.]", "\"\\x\"", "{\"a\" 1}", "[1 /* open"}) {
            assertThrows(IllegalArgumentException.class, () -> ArcsimJson.parse(bad), bad);
        }
        assertEquals(List.of(1.0, -2.5e-7, "é\n\"", true, false), ArcsimJson.parse(ArcsimJson.write(List.of(1, -2.5e-7, "é\n\"", true, false))));
        assertEquals("8", ArcsimJson.number(8.0));
        assertEquals("1.0e-6", ArcsimJson.number(1e-6));
    }

    @Test
    void sceneHasRequiredKeysAndFixedTopology() throws IOException {
        ClothMesh mesh = ArcsimTestSupport.patch(5);
        BodyMotion body = ArcsimTestSupport.body();
        ArcsimClothSimulator sim = new ArcsimClothSimulator(ArcsimOptions.of(tmp.resolve("unused")));
        ResumeLayout l = sim.prepare(tmp, mesh, Material.defaults(), SimulationSettings.defaults(), body, 1.0,
                ArcsimTestSupport.rest(mesh), 25, 10);
        Map<String, Object> conf = ArcsimJson.obj(ArcsimJson.parse(Files.readString(tmp.resolve("conf.json"))));
        assertEquals(Files.readString(tmp.resolve("conf.json")), Files.readString(tmp.resolve("out/conf.json")));
        for (String key : new String[] {"frame_time", "frame_steps", "end_frame", "cloths", "motions", "obstacles",
                "gravity", "magic", "disable"}) {
            assertTrue(conf.containsKey(key), key);
        }
        assertFalse(conf.containsKey("handles"), "handles break resume");
        assertFalse(conf.containsKey("end_time"));
        assertEquals(0.04, (Double) conf.get("frame_time"), 1e-15);
        assertEquals(8.0, conf.get("frame_steps"));
        assertEquals(List.of("remeshing"), conf.get("disable"));
        assertEquals(List.of(0.0, 0.0, -9.81), conf.get("gravity"));
        Map<String, Object> magic = ArcsimJson.obj(conf.get("magic"));
        assertEquals(0.004, magic.get("repulsion_thickness"));
        assertEquals(1e6, magic.get("collision_stiffness"));
        Map<String, Object> cloth = ArcsimJson.obj(((List<?>) conf.get("cloths")).get(0));
        assertEquals("out/0005_00.obj", cloth.get("mesh"));
        assertFalse(cloth.containsKey("velocity"), "velocity would overwrite the stored velocities");
        assertFalse(cloth.containsKey("remeshing"));
        Map<String, Object> mat = ArcsimJson.obj(((List<?>) cloth.get("materials")).get(0));
        assertEquals("fabric.json", mat.get("data"));
        assertEquals(1.0, mat.get("density_mult"));
        Map<String, Object> motions = ArcsimJson.obj(conf.get("motions"));
        assertEquals("body.mot", motions.get("motfile"));
        assertEquals(25.0, motions.get("fps"));
        assertEquals("parts/body%04d.obj", conf.get("obstacles"));
        assertTrue(Files.isRegularFile(tmp.resolve("parts/body0000.obj")));
        assertTrue(Files.isRegularFile(tmp.resolve("parts/body0001.obj")));
        assertFalse(Files.exists(tmp.resolve("parts/body0002.obj")));
        // our fabric JSON reads back through the sim bundle's ARCSim fabric reader
        Material back = ArcsimMaterialReader.read(tmp.resolve("fabric.json"));
        Material d = Material.defaults();
        assertEquals(d.density(), back.density(), 1e-12);
        assertEquals(d.stretchStiffness(), back.stretchStiffness(), 1e-9);
        assertEquals(d.shearStiffness(), back.shearStiffness(), 1e-9);
        assertEquals(d.bendStiffness(), back.bendStiffness(), 1e-15);
        assertEquals(l.endFrame(), ((Double) conf.get("end_frame")).intValue());
        // user-selected fabric file: absolute path, multipliers passed through
        Path fabric = ArcsimTestSupport.data().resolve("meshes/berkeley-garment-library/materials/navy-sparkle-sweat.json");
        Path other = tmp.resolve("b");
        new ArcsimClothSimulator(ArcsimOptions.of(tmp.resolve("unused")).withFabric(fabric, 1, 1, 0.1)).prepare(other,
                mesh, Material.defaults(), SimulationSettings.defaults(), body, 1.0, ArcsimTestSupport.rest(mesh), 25, 10);
        Map<String, Object> c2 = ArcsimJson.obj(ArcsimJson.parse(Files.readString(other.resolve("conf.json"))));
        Map<String, Object> m2 = ArcsimJson.obj(((List<?>) ArcsimJson.obj(((List<?>) c2.get("cloths")).get(0)).get("materials")).get(0));
        assertEquals(fabric.toAbsolutePath().toString(), m2.get("data"));
        assertEquals(0.1, m2.get("bending_mult"));
        assertFalse(Files.exists(other.resolve("fabric.json")));
    }

    @Test
    void resumeLayoutForBranch() throws IOException {
        ClothMesh mesh = ArcsimTestSupport.patch(4);
        BodyMotion body = ArcsimTestSupport.body();
        ClothState s0 = ArcsimTestSupport.rest(mesh);
        float[] v = new float[s0.positions().length];
        for (int i = 0; i < v.length; i++) {
            v[i] = 0.01f * (i % 7) - 0.03f;
        }
        ClothState start = new ClothState(s0.positions(), v);
        ResumeLayout l = new ArcsimClothSimulator(ArcsimOptions.of(tmp.resolve("x"))).prepare(tmp, mesh,
                Material.defaults(), SimulationSettings.defaults(), body, 2.0, start, 30, 12);
        assertEquals(6, l.padding(), "0.2 s at 30 fps");
        assertEquals(18, l.endFrame());
        assertEquals("0006_00.obj", l.startFrameFile());
        assertEquals("0007_00.obj", l.outputFrameFile(0));
        assertEquals("0018_00.obj", l.outputFrameFile(11));
        assertEquals(1.8, l.motionStart(), 1e-12);
        // the start state (positions AND velocities) is the frame-P file, node order preserved
        Path f = tmp.resolve("out/0006_00.obj");
        assertTrue(Files.isRegularFile(f));
        assertEquals(start, FrameFiles.read(f));
        List<String> lines = Files.readAllLines(f);
        assertTrue(lines.get(0).startsWith("vt "));
        assertTrue(lines.stream().anyMatch(x -> x.startsWith("nv ")));
        assertTrue(lines.stream().anyMatch(x -> x.startsWith("f ") && x.contains("/")));
        assertEquals(18.0, ArcsimJson.obj(ArcsimJson.parse(Files.readString(tmp.resolve("out/conf.json")))).get("end_frame"));
        // the .mot covers the padding, then the new segment (and two spare samples)
        MotFile mot = MotFile.read(tmp.resolve("body.mot"));
        assertEquals(l.motionFrames(), mot.frames());
        assertTrue(mot.frames() >= l.endFrame() + 1);
        assertEquals(2, mot.parts().size());
        // .mot frame P is the body at the branch time, frame 0 the body 0.2 s earlier (ARCSim Z-up)
        assertMotMatches(mot, body, l.motionStart(), 1 / l.motionFps(), tmp);
        assertThrows(IllegalArgumentException.class, () -> ResumeLayout.of(0, 30, 9994, 0.2, 1));
        assertEquals(9993, ResumeLayout.maxFramesPerRun(30, 0.2));
        assertEquals(0, ResumeLayout.of(0, 30, 5, 0, 1).padding());
    }

    /** Rebuilds the capsule end points from the mot transforms applied to local (0,0,+-L/2) and compares. */
    static void assertMotMatches(MotFile mot, BodyMotion body, double t0, double dt, Path dir) {
        Body ref = body.poseAt(t0);
        for (int j = 0; j < mot.frames(); j++) {
            Body b = body.poseAt(t0 + j * dt);
            for (int i = 0; i < b.size(); i++) {
                Capsule c = b.capsule(i);
                Capsule r = ref.capsule(i);
                double len = Math.sqrt(sq(r.bx() - r.ax()) + sq(r.by() - r.ay()) + sq(r.bz() - r.az()));
                MotFile.Part p = mot.parts().get(i);
                double[] q = {p.orientations()[4 * j], p.orientations()[4 * j + 1], p.orientations()[4 * j + 2],
                        p.orientations()[4 * j + 3]};
                double[] t = {p.positions()[3 * j], p.positions()[3 * j + 1], p.positions()[3 * j + 2]};
                assertEquals(1, Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]), 1e-7);
                double[] a = CapsuleRig.apply(q, t, new double[] {0, 0, -len / 2});
                double[] bb = CapsuleRig.apply(q, t, new double[] {0, 0, len / 2});
                double[] ya = CapsuleRig.toYUp(a[0], a[1], a[2]), yb = CapsuleRig.toYUp(bb[0], bb[1], bb[2]);
                assertArrayEquals(new double[] {c.ax(), c.ay(), c.az()}, ya, 2e-6, "frame " + j + " part " + i + " end a");
                assertArrayEquals(new double[] {c.bx(), c.by(), c.bz()}, yb, 2e-6, "frame " + j + " part " + i + " end b");
            }
        }
    }

    private static double sq(double x) {
        return x * x;
    }

    @Test
    void motWriterRoundTripsAndMatchesArcsimFormat() throws IOException {
        BodyMotion body = ArcsimTestSupport.body();
        MotFile mot = CapsuleRig.motion(body, 0.5, 1 / 30.0, 40);
        Path f = tmp.resolve("m.mot");
        mot.write(f);
        MotFile back = MotFile.read(f);
        assertEquals(40, back.frames());
        for (int i = 0; i < 2; i++) {
            assertArrayEquals(mot.parts().get(i).positions(), back.parts().get(i).positions(), 1e-8);
            assertArrayEquals(mot.parts().get(i).orientations(), back.parts().get(i).orientations(), 1e-8);
            double[] q = back.parts().get(i).orientations();
            for (int j = 1; j < 40; j++) { // no sign flips between consecutive frames (ARCSim splines add quaternions)
                double d = 0;
                for (int k = 0; k < 4; k++) {
                    d += q[4 * j + k] * q[4 * (j - 1) + k];
                }
                assertTrue(d > 0);
            }
        }
        assertMotMatches(back, body, 0.5, 1 / 30.0, tmp);
        // ARCSim's own file: same structure
        Path dance = ArcsimTestSupport.data().resolve("meshes/arcsim/dance-paused.mot");
        MotFile d = MotFile.read(dance);
        assertEquals(716, d.frames());
        assertEquals(16, d.parts().size());
        for (MotFile.Part p : d.parts()) {
            for (int j = 0; j < d.frames(); j++) {
                double n = 0;
                for (int k = 0; k < 4; k++) {
                    n += p.orientations()[4 * j + k] * p.orientations()[4 * j + k];
                }
                assertEquals(1, Math.sqrt(n), 1e-4);
            }
        }
        assertArrayEquals(new double[] {-0.333876, -0.181155, 1.56919},
                java.util.Arrays.copyOf(d.parts().get(0).positions(), 3), 0);
        Path again = tmp.resolve("dance.mot");
        d.write(again);
        List<String> ours = new java.util.ArrayList<>(Files.readAllLines(again)), theirs = Files.readAllLines(dance);
        // ARCSim's write_motion_file ends every part with a blank line; the distributed file lacks the last one
        assertTrue(ours.get(ours.size() - 1).isEmpty());
        ours.remove(ours.size() - 1);
        assertEquals(theirs.size(), ours.size());
        for (int k = 0; k < theirs.size(); k++) {
            String a = theirs.get(k), b = ours.get(k);
            if (a.isBlank() || !Character.isDigit(a.strip().charAt(a.strip().length() - 1)) || a.startsWith("NumFrames")) {
                assertEquals(a.strip(), b.strip(), "line " + (k + 1));
            } else {
                String[] x = a.strip().split("\\s+"), y = b.strip().split("\\s+");
                assertEquals(x.length, y.length, "line " + (k + 1));
                for (int i = 0; i < x.length; i++) {
                    assertEquals(Double.parseDouble(x[i]), Double.parseDouble(y[i]), 0, "line " + (k + 1));
                }
            }
        }
        Files.writeString(f, "NumFrames: 2\nbody[0] position\n0 0 0\n0 0 0\n\nbody[0] orientation\n1 0 0 0\n");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> MotFile.read(f));
        assertTrue(e.getMessage().contains("m.mot:8"), e.getMessage());
    }

    @Test
    void capsuleMeshIsClosedAndOutward() throws IOException {
        Path f = tmp.resolve("c.obj");
        CapsuleRig.writeCapsuleObj(f, 0.3, 0.05, 0.04, 16);
        List<double[]> v = new java.util.ArrayList<>();
        List<int[]> t = new java.util.ArrayList<>();
        for (String l : Files.readAllLines(f)) {
            String[] s = l.split(" ");
            if (s[0].equals("v")) {
                v.add(new double[] {Double.parseDouble(s[1]), Double.parseDouble(s[2]), Double.parseDouble(s[3])});
            } else if (s[0].equals("f")) {
                t.add(new int[] {Integer.parseInt(s[1]) - 1, Integer.parseInt(s[2]) - 1, Integer.parseInt(s[3]) - 1});
            }
        }
        double vol = 0;
        Map<Long, Integer> edges = new java.util.HashMap<>();
        for (int[] tri : t) {
            double[] a = v.get(tri[0]), b = v.get(tri[1]), c = v.get(tri[2]);
            vol += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0])) / 6;
            for (int k = 0; k < 3; k++) {
                edges.merge((long) tri[k] * 100000 + tri[(k + 1) % 3], 1, Integer::sum);
            }
        }
        for (Map.Entry<Long, Integer> e : edges.entrySet()) { // closed, consistently oriented manifold
            long a = e.getKey() / 100000, b = e.getKey() % 100000;
            assertEquals(1, e.getValue());
            assertEquals(1, edges.getOrDefault(b * 100000 + a, 0));
        }
        double expected = Math.PI * (0.05 * 0.05 + 0.05 * 0.04 + 0.04 * 0.04) * 0.3 / 3
                + 2.0 / 3 * Math.PI * (Math.pow(0.05, 3) + Math.pow(0.04, 3));
        assertTrue(vol > 0.9 * expected && vol < 1.15 * expected, vol + " vs " + expected);
    }
}
