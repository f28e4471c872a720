package org.clothgraph.cli.internal.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import org.clothgraph.cloth.ClothRun;
import org.clothgraph.model.Project;
import org.clothgraph.model.ProjectFormat;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.demo.DemoMotions;
import org.clothgraph.motion.io.AsfAmcReader;
import org.clothgraph.motion.io.AsfAmcWriter;
import org.clothgraph.motion.io.BvhReader;
import org.clothgraph.motion.io.BvhWriter;
import org.clothgraph.motion.io.ImportOptions;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.SolverCounters;
import org.clothgraph.sim.io.ArcsimMaterialReader;
import org.clothgraph.sim.io.Axes;
import org.clothgraph.sim.io.ObjGarmentReader;

import com.google.gson.Gson;

/**
 * The readers of user files that {@code bench fuzz} exercises, each with a valid seed file made by ClothGraph's own
 * code (no external data): motion capture (BVH, ASF, AMC), garments (ARCSim merged OBJ with {@code vt}, the Berkeley
 * Garment Library pair), ARCSim fabric JSON, stored run reports, the project database, frame segments and runtime
 * databases (the last from a small explored demo, compressed: it takes a minute to make).
 */
public final class FuzzTargets {
    /** The readers by name, in report order. */
    public static final List<String> NAMES = List.of("bvh", "asf", "amc", "obj-arcsim", "obj-berkeley-m",
            "obj-berkeley-w", "arcsim-material", "run-report", "project-database", "frame-segment", "runtime-database");

    private FuzzTargets() {
    }

    /** The target called {@code name}, its files under {@code scratch} (an empty folder). */
    public static ReaderFuzz.Target of(String name, Path scratch) throws IOException {
        Files.createDirectories(scratch);
        switch (name) {
            case "bvh":
                return fileTarget(name, scratch.resolve("clip.bvh"), true, ReaderFuzz.utf8(BvhWriter.toString(motion())),
                        f -> BvhReader.read(f, ImportOptions.DEFAULT));
            case "asf": {
                Path amc = Files.writeString(scratch.resolve("clip.amc"), AsfAmcWriter.amc(motion()));
                return fileTarget(name, scratch.resolve("skeleton.asf"), amc, true,
                        ReaderFuzz.utf8(AsfAmcWriter.asf(motion())), f -> AsfAmcReader.read(f, amc, 120,
                                ImportOptions.DEFAULT));
            }
            case "amc": {
                Path asf = Files.writeString(scratch.resolve("skeleton.asf"), AsfAmcWriter.asf(motion()));
                return fileTarget(name, scratch.resolve("clip.amc"), asf, true,
                        ReaderFuzz.utf8(AsfAmcWriter.amc(motion())), f -> AsfAmcReader.read(asf, f, 120,
                                ImportOptions.DEFAULT));
            }
            case "obj-arcsim": {
                Path seed = scratch.resolve("seed.obj");
                ClothMesh sheet = sheet(12);
                ObjGarmentReader.writeArcsim(seed, sheet, new ClothState(sheet.restPositions(),
                        new float[sheet.restPositions().length]), Axes.Y_UP);
                return fileTarget(name, scratch.resolve("garment.obj"), true, Files.readAllBytes(seed),
                        f -> ObjGarmentReader.readArcsim(f, Axes.Y_UP));
            }
            case "obj-berkeley-m": {
                Path w = Files.writeString(scratch.resolve("garment-w.obj"), berkeley(sheet(12), false));
                return fileTarget(name, scratch.resolve("garment-m.obj"), w, true,
                        ReaderFuzz.utf8(berkeley(sheet(12), true)), f -> ObjGarmentReader.readBerkeley(f, w, Axes.Y_UP));
            }
            case "obj-berkeley-w": {
                Path m = Files.writeString(scratch.resolve("garment-m.obj"), berkeley(sheet(12), true));
                return fileTarget(name, scratch.resolve("garment-w.obj"), m, true,
                        ReaderFuzz.utf8(berkeley(sheet(12), false)), f -> ObjGarmentReader.readBerkeley(m, f, Axes.Y_UP));
            }
            case "arcsim-material":
                return fileTarget(name, scratch.resolve("fabric.json"), true, ReaderFuzz.utf8(fabric()),
                        ArcsimMaterialReader::read);
            case "run-report":
                return runReport(scratch);
            case "project-database":
                return projectDatabase(scratch);
            case "frame-segment":
                return FrameSegmentTarget.create(scratch);
            case "runtime-database":
                return RuntimeDatabaseTarget.create(scratch, null);
            default:
                throw new IllegalArgumentException("no reader '" + name + "' (readers: " + String.join(", ", NAMES) + ")");
        }
    }

    /** A reader of one file: the mutation is written to {@code file}, then read. */
    private static ReaderFuzz.Target fileTarget(String name, Path file, boolean text, byte[] seed,
            Function<Path, Object> reader) {
        return fileTarget(name, file, null, text, seed, reader);
    }

    /** A reader of a pair: the mutation is written to {@code file}, {@code partner} stays valid. */
    private static ReaderFuzz.Target fileTarget(String name, Path file, Path partner, boolean text, byte[] seed,
            Function<Path, Object> reader) {
        return new ReaderFuzz.BaseTarget(name, text, seed, file) {
            @Override
            public List<String> files() {
                return partner == null ? List.of(file.toString()) : List.of(file.toString(), partner.toString());
            }

            @Override
            public void read(byte[] content) throws IOException {
                reader.apply(ReaderFuzz.write(file, content));
            }
        };
    }

    /** 24 frames of the demo walk: every channel kind, short enough for thousands of reads. */
    private static Motion motion() {
        return DemoMotions.walk().sub(0, 24, "walk");
    }

    /** A flat n x n sheet with material coordinates (metres), two triangles per cell. */
    static ClothMesh sheet(int n) {
        float[] p = new float[3 * n * n];
        float[] uv = new float[2 * n * n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                int v = j * n + i;
                p[3 * v] = i * 0.05f;
                p[3 * v + 1] = 1.5f - j * 0.05f;
                p[3 * v + 2] = 0.1f * (float) Math.sin(i * 0.3);
                uv[2 * v] = i * 0.05f;
                uv[2 * v + 1] = j * 0.05f;
            }
        }
        int[] t = new int[6 * (n - 1) * (n - 1)];
        int k = 0;
        for (int j = 0; j + 1 < n; j++) {
            for (int i = 0; i + 1 < n; i++) {
                int a = j * n + i;
                t[k++] = a;
                t[k++] = a + n;
                t[k++] = a + 1;
                t[k++] = a + 1;
                t[k++] = a + n;
                t[k++] = a + n + 1;
            }
        }
        return new ClothMesh("sheet", p, uv, t, Map.of());
    }

    /** The Berkeley Garment Library pair: {@code -m.obj} holds the material (flat) coordinates, {@code -w.obj} the world. */
    static String berkeley(ClothMesh mesh, boolean material) {
        StringBuilder b = new StringBuilder("# ClothGraph sheet, " + (material ? "material" : "world") + " space\n");
        float[] p = mesh.restPositions();
        float[] uv = mesh.materialCoords();
        for (int v = 0; v < mesh.vertexCount(); v++) {
            if (material) {
                b.append(String.format(Locale.ROOT, "v %s %s 0%n", uv[2 * v], uv[2 * v + 1]));
            } else {
                b.append(String.format(Locale.ROOT, "v %s %s %s%n", p[3 * v], p[3 * v + 1], p[3 * v + 2]));
            }
        }
        int[] t = mesh.triangles();
        for (int i = 0; i < t.length; i += 3) {
            b.append("f ").append(t[i] + 1).append(' ').append(t[i + 1] + 1).append(' ').append(t[i + 2] + 1).append('\n');
        }
        return b.toString();
    }

    /** An ARCSim fabric in its JSON format (values of the order of the measured fabrics), with a comment. */
    static String fabric() {
        StringBuilder b = new StringBuilder("// ClothGraph test fabric\n{\n    \"density\": 0.2,\n    \"stretching\": [\n");
        for (int r = 0; r < 6; r++) {
            b.append(String.format(Locale.ROOT, "        [%.4f, %.4f, %.4f, %.4f]%s%n", 200.0 + r, 20.0 + r, 900.0 + r,
                    60.0 + r, r < 5 ? "," : ""));
        }
        b.append("    ],\n    \"bending\": [\n");
        for (int r = 0; r < 3; r++) {
            b.append(String.format(Locale.ROOT, "        [%.3fe-6, %.3fe-6, %.3fe-6, %.3fe-6, %.3fe-6]%s%n", 60.0 + r,
                    58.0 + r, 57.0, 61.0, 20.0 + r, r < 2 ? "," : ""));
        }
        return b.append("    ],\n    \"damping\": 0.01\n}\n").toString();
    }

    private static ReaderFuzz.Target runReport(Path scratch) {
        List<String> classes = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            classes.add(i < 20 ? "UP" : "DOWN");
        }
        ClothRun.Report report = new ClothRun.Report("run-0001", "hooded robe", List.of("walk", "jump"), 30, 30, 0.25,
                classes, 3.5, 101, 130, 1.5, "runs/run-0001.bvh",
                new SolverCounters(29, 1200, 52, 0, 3400, 980, 0, 12, 40, 3, 7, 1, 0), SimulationSettings.smallSteps());
        byte[] seed = ReaderFuzz.utf8(new Gson().toJson(report));
        Path source = scratch.resolve(ProjectFormat.DATABASE_FILE);
        return new ReaderFuzz.BaseTarget("run-report", true, seed, source) {
            @Override
            public void read(byte[] content) {
                ClothRun.parseReport(source.toString(), "run-0001", new String(content,
                        java.nio.charset.StandardCharsets.UTF_8));
            }
        };
    }

    /** The project database: a fresh project's {@code clothgraph.db}, opened as ClothGraph opens a project. */
    private static ReaderFuzz.Target projectDatabase(Path scratch) throws IOException {
        Path made = scratch.resolve("made");
        try (Project p = Project.create(made, "fuzz")) {
            p.setSetting("fuzz", "key", "value");
        }
        byte[] seed = Files.readAllBytes(made.resolve(ProjectFormat.DATABASE_FILE));
        Path folder = Files.createDirectories(scratch.resolve("project"));
        for (String sub : new String[] { ProjectFormat.FRAMES_FOLDER, ProjectFormat.MOTIONS_FOLDER }) {
            Files.createDirectories(folder.resolve(sub));
        }
        Path db = folder.resolve(ProjectFormat.DATABASE_FILE);
        return new ReaderFuzz.BaseTarget("project-database", false, seed, db) {
            @Override
            public void read(byte[] content) throws IOException {
                for (String side : new String[] { "-wal", "-shm", "-journal" }) {
                    Files.deleteIfExists(folder.resolve(ProjectFormat.DATABASE_FILE + side));
                }
                Files.write(db, content);
                try (Project p = Project.open(folder)) {
                    p.formatVersion();
                    p.name();
                    p.settings("fuzz");
                    p.summary();
                }
            }
        };
    }

    /** Every reader's report, in {@link #NAMES} order. */
    public static Map<String, Object> summary(List<ReaderFuzz.Report> reports) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (ReaderFuzz.Report r : reports) {
            m.put(r.reader(), r.toMap());
        }
        return m;
    }
}
