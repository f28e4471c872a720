package org.clothgraph.playback.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.clothgraph.cli.Cli;
import org.clothgraph.compress.Compressor;
import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.model.Project;
import org.clothgraph.playback.PlaybackCharacter;
import org.clothgraph.playback.ProjectDatabases;
import org.clothgraph.playback.RecordedWalk;
import org.clothgraph.runtime.RandomController;
import org.clothgraph.runtime.RuntimeDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import de.javagl.jgltf.model.AccessorModel;
import de.javagl.jgltf.model.AnimationModel;
import de.javagl.jgltf.model.GltfModel;
import de.javagl.jgltf.model.MeshModel;
import de.javagl.jgltf.model.MeshPrimitiveModel;
import de.javagl.jgltf.model.io.GltfModelReader;

/**
 * A walk of the compressed explored demo, played with the project's character and exported: the body is where its
 * cloth is, inside transitions too; the glTF loads with a real glTF reader (jgltf) with one animation key and one
 * morph target per frame on cloth and body, the OBJ sequence has one file per frame, and a corrupted runtime
 * database is refused with one line naming the file and the part, nothing written.
 */
class WalkExportTest {
    private static final int FRAMES = 24;

    /** Basis vectors of the test database: the small demo needs fewer than the default 200. */
    private static final int BASIS = 64;

    @TempDir
    static Path dir;
    private static Project project;
    private static Path database;

    @BeforeAll
    static void compressTheExploredDemo() {
        project = DemoPipeline.run(dir.resolve("demo"), DemoPipeline.Options.small(600), null);
        compress(project);
        database = ProjectDatabases.newest(project);
    }

    @AfterAll
    static void close() {
        project.close();
    }

    @Test
    void theGltfLoadsWithOneKeyAndOneMorphTargetPerFrame() throws Exception {
        int vertices;
        try (RuntimeDatabase db = RuntimeDatabase.open(database)) {
            vertices = db.vertexCount();
        }
        for (String name : List.of("walk.glb", "walk.gltf")) {
            Path out = dir.resolve("gltf").resolve(name);
            WalkExport.Result r = WalkExport.export(project, database, new WalkExport.Options(WalkExport.Format.GLTF,
                    FRAMES, 3, false, 2), out, null);
            assertEquals(FRAMES, r.frames());
            assertEquals(name.endsWith(".glb") ? 1 : 2, r.files().size(), r.files().toString());
            if (name.endsWith(".glb")) {
                byte[] head = Arrays.copyOf(Files.readAllBytes(out), 4);
                assertEquals("glTF", new String(head, StandardCharsets.US_ASCII), "a binary glTF");
            }
            GltfModel model = new GltfModelReader().read(out.toUri());
            assertEquals(2, model.getNodeModels().size(), "cloth and body");
            assertEquals(1, model.getAnimationModels().size());
            AnimationModel walk = model.getAnimationModels().get(0);
            assertEquals(2, walk.getChannels().size(), "the weights of cloth and body");
            for (AnimationModel.Channel c : walk.getChannels()) {
                assertEquals("weights", c.getPath());
                AccessorModel input = c.getSampler().getInput();
                assertEquals(FRAMES, input.getCount(), "one key per frame");
                assertEquals(FRAMES * FRAMES, c.getSampler().getOutput().getCount(), "a weight per target per key");
            }
            MeshModel cloth = model.getMeshModels().get(0);
            MeshPrimitiveModel p = cloth.getMeshPrimitiveModels().get(0);
            assertEquals(vertices, p.getAttributes().get("POSITION").getCount());
            assertEquals(FRAMES, p.getTargets().size(), "one morph target per frame");
            MeshPrimitiveModel body = model.getMeshModels().get(1).getMeshPrimitiveModels().get(0);
            assertEquals(FRAMES, body.getTargets().size());
            assertTrue(body.getAttributes().get("POSITION").getCount() > 1000, "the skinned body surface");
            // the cloth moves: some frame's offsets from frame 0 are not all zero
            AccessorModel last = p.getTargets().get(FRAMES - 1).get("POSITION");
            float[] max = toFloats(last.getMax());
            float[] min = toFloats(last.getMin());
            assertTrue(Math.max(Math.abs(max[0]), Math.abs(min[0])) > 1e-4, "the last frame differs from the first");
            String extras = String.valueOf(model.getAssetModel().getExtras());
            assertTrue(extras.contains("errorBoundMm") && extras.contains("largestErrorBoundMm"), extras);
        }
        try (Stream<Path> files = Files.list(dir.resolve("gltf"))) {
            assertEquals(List.of("walk.bin", "walk.glb", "walk.gltf"), files.map(f -> f.getFileName().toString())
                    .sorted().toList(), "nothing else left beside the exports");
        }
    }

    @Test
    void theObjSequenceHasOneFilePerFrameAndTheErrorBounds() throws Exception {
        Path out = dir.resolve("obj");
        WalkExport.Result r = WalkExport.export(project, database, new WalkExport.Options(WalkExport.Format.OBJ, 10, 3,
                false, 2), out, null);
        assertEquals(10, r.frames());
        try (Stream<Path> files = Files.list(out)) {
            assertEquals(10, files.filter(f -> f.getFileName().toString().matches("frame_\\d{4}\\.obj")).count());
        }
        List<String> csv = Files.readAllLines(out.resolve("frames.csv"));
        assertEquals(11, csv.size(), "a header and a row per frame");
        assertTrue(csv.get(0).endsWith("error_bound_mm"), csv.get(0));
        List<String> obj = Files.readAllLines(out.resolve("frame_0000.obj"));
        assertTrue(obj.contains("o body") && obj.contains("o cloth"));
    }

    @Test
    void theCliExportsAndACorruptedDatabaseIsRefusedWithOneLineNamingFileAndPart() throws Exception {
        Path glb = dir.resolve("cli").resolve("walk.glb");
        Map.Entry<Integer, String[]> ok = cli("export", "gltf", "--workspace", project.folder().toString(), "--frames",
                "12", "--seed", "5", "--out", glb.toString(), "--json");
        assertEquals(0, ok.getKey(), String.join("\n", ok.getValue()));
        assertEquals(12, new GltfModelReader().read(glb.toUri()).getAnimationModels().get(0).getChannels().get(0)
                .getSampler().getInput().getCount());

        Path corrupted = dir.resolve("corrupted.cgr");
        byte[] bytes = Files.readAllBytes(database);
        for (int i = bytes.length / 2; i < bytes.length / 2 + 16; i++) {
            bytes[i] ^= 0x5A;
        }
        Files.write(corrupted, bytes);
        Path refused = dir.resolve("cli").resolve("refused.glb");
        Map.Entry<Integer, String[]> bad = cli("export", "gltf", "--workspace", project.folder().toString(),
                "--database", corrupted.toString(), "--out", refused.toString());
        assertEquals(2, bad.getKey());
        String[] err = bad.getValue()[1].lines().toArray(String[]::new);
        assertEquals(1, err.length, String.join("\n", err));
        assertTrue(err[0].startsWith("clothgraph export: " + corrupted + ": part '"), err[0]);
        assertTrue(err[0].matches(".*part '(header|meta|mesh|graph|frames|basis|coefficients)'.*"), err[0]);
        assertFalse(Files.exists(refused), "nothing written");

        Map.Entry<Integer, String[]> usage = cli("export", "fbx", "--workspace", project.folder().toString(), "--out",
                refused.toString());
        assertEquals(2, usage.getKey());
        Map.Entry<Integer, String[]> help = cli("export", "--help");
        assertEquals(0, help.getKey());
        assertTrue(help.getValue()[0].contains("usage: clothgraph export gltf|obj"), help.getValue()[0]);
    }

    @Test
    void theCharacterIsWhereItsClothIsAlongAWalkThroughTransitions() throws Exception {
        try (RuntimeDatabase db = RuntimeDatabase.open(database)) {
            PlaybackCharacter character = PlaybackCharacter.of(project);
            RecordedWalk walk = RecordedWalk.record(db, character, new RandomController(7), 200, 1, null);
            assertEquals(200, walk.frames().size());
            assertEquals(walk.frames().size(), walk.bodies().size());
            long inside = walk.frames().stream().filter(f -> f.primaryNode() < 0).count();
            assertTrue(inside > 0, "the walk passes through blended primary transitions");
            double worst = 0;
            for (int k = 0; k < walk.frames().size(); k++) {
                float[] cloth = PlaybackCharacter.cloth(walk.frames().get(k));
                double[] pelvis = walk.bodies().get(k).find("pelvis").center();
                double cx = 0;
                double cz = 0;
                for (int i = 0; i < cloth.length; i += 3) {
                    cx += cloth[i];
                    cz += cloth[i + 2];
                }
                cx /= cloth.length / 3.0;
                cz /= cloth.length / 3.0;
                worst = Math.max(worst, Math.hypot(cx - pelvis[0], cz - pelvis[2]));
            }
            assertTrue(worst < 0.25, "the robe's centre stays over the pelvis, in the walk's world: " + worst + " m");
        }
    }

    private static Map.Entry<Integer, String[]> cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
                StandardCharsets.UTF_8)).run(args);
        return Map.entry(code, new String[] { out.toString(StandardCharsets.UTF_8),
            err.toString(StandardCharsets.UTF_8) });
    }

    private static float[] toFloats(Number[] n) {
        float[] f = new float[n.length];
        for (int i = 0; i < n.length; i++) {
            f[i] = n[i].floatValue();
        }
        return f;
    }

    /** Compresses the project's explored graph into a runtime database recorded in the project. */
    static void compress(Project p) {
        Compressor.compress(p, Compressor.Options.defaults().withBasis(BASIS), null);
    }
}
