package org.clothgraph.sim.arcsim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.arcsim.internal.FrameFiles;
import org.clothgraph.sim.io.ArcsimJson;
import org.clothgraph.sim.io.ArcsimMaterialReader;
import org.clothgraph.sim.io.Axes;
import org.clothgraph.sim.io.ObjGarmentReader;

/**
 * A scene as ARCSim ran it, read back from its output folder: {@code conf.json}, the obstacles at rest
 * ({@code obs_JJ.obj}), their transform per frame ({@code NNNNobsJJ.txt}) and the cloth frames
 * ({@code NNNN_00.obj}, with {@code vt}, {@code v} and {@code nv}). Everything is converted to Y up. The
 * character is a {@link RigidPartsMotion} over the frames whose obstacle transforms are all present; the cloth
 * starts from frame 0 (positions and ARCSim's velocities).
 *
 * @param dir the output folder
 * @param mesh the cloth's mesh (rest positions = frame 0; material coordinates from {@code vt})
 * @param frames ARCSim's cloth states, frame 0 first, as many consecutive frames as the folder holds
 * @param material the fabric named by {@code cloths[0].materials[0].data} with the scene's multipliers, and the
 *        scene's {@code magic.repulsion_thickness} (default 5 mm) as thickness
 * @param motion the rigid parts, sampled at every frame
 * @param frameTime seconds per frame ({@code frame_time})
 */
public record ArcsimScene(Path dir, ClothMesh mesh, List<ClothState> frames, Material material,
        RigidPartsMotion motion, double frameTime) {

    private static final Pattern ROTATE = Pattern.compile(
            "<rotate\\s+angle=\"([^\"]+)\"\\s+x=\"([^\"]+)\"\\s+y=\"([^\"]+)\"\\s+z=\"([^\"]+)\"\\s*/>");
    private static final Pattern SCALE = Pattern.compile("<scale\\s+value=\"([^\"]+)\"\\s*/>");
    private static final Pattern TRANSLATE = Pattern.compile(
            "<translate\\s+x=\"([^\"]+)\"\\s+y=\"([^\"]+)\"\\s+z=\"([^\"]+)\"\\s*/>");

    /** ARCSim's default repulsion thickness when the scene sets none, m. */
    public static final double DEFAULT_THICKNESS = 5e-3;

    public ArcsimScene {
        frames = List.copyOf(frames);
    }

    public ClothState start() {
        return frames.get(0);
    }

    /**
     * Reads the folder. The fabric file is looked up as written in the conf (relative to the folder), else
     * {@code fabric} when given (an ARCSim fabric JSON).
     *
     * @throws InvalidInputException one line naming the file and the field or line
     */
    public static ArcsimScene load(Path dir, Path fabric) {
        Path confFile = dir.resolve("conf.json");
        Map<String, Object> conf;
        try {
            conf = ArcsimJson.obj(ArcsimJson.parse(Files.readString(confFile, StandardCharsets.UTF_8)));
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(confFile, null, "file not found (not an ARCSim output folder)");
        } catch (IOException e) {
            throw new InvalidInputException(confFile, null, "cannot read: " + e.getMessage(), e);
        } catch (ArcsimJson.SyntaxError e) {
            throw new InvalidInputException(confFile, "line " + e.line(), "column " + e.column() + ": " + e.reason());
        }
        if (conf == null) {
            throw new InvalidInputException(confFile, "line 1", "expected a JSON object");
        }
        double frameTime = number(confFile, conf, "frame_time", Double.NaN);
        if (!(frameTime > 0)) {
            throw new InvalidInputException(confFile, "field frame_time", "missing or not positive");
        }
        Material material = material(dir, confFile, conf, fabric);

        List<ClothState> frames = new ArrayList<>();
        while (Files.isRegularFile(dir.resolve(FrameFiles.name(frames.size(), 0)))) {
            frames.add(FrameFiles.read(dir.resolve(FrameFiles.name(frames.size(), 0))));
        }
        if (frames.isEmpty()) {
            throw new InvalidInputException(dir.resolve(FrameFiles.name(0, 0)), null, "file not found (no cloth frame 0)");
        }
        ClothMesh read = ObjGarmentReader.readArcsim(dir.resolve(FrameFiles.name(0, 0)), Axes.Z_UP).mesh();
        for (int k = 1; k < frames.size(); k++) {
            if (frames.get(k).vertexCount() != read.vertexCount()) {
                throw new InvalidInputException(dir.resolve(FrameFiles.name(k, 0)), null, "has "
                        + frames.get(k).vertexCount() + " nodes, frame 0 has " + read.vertexCount()
                        + " (remeshing was on)");
            }
        }
        ClothMesh mesh = new ClothMesh(dir.getFileName() + "-cloth", frames.get(0).positions().clone(),
                read.materialCoords(), read.triangles(), Map.of());

        List<RigidPartsMotion.Part> parts = new ArrayList<>();
        for (int j = 0; Files.isRegularFile(dir.resolve(obstacle(j))); j++) {
            ClothMesh part = ObjGarmentReader.readArcsim(dir.resolve(obstacle(j)), Axes.Z_UP).mesh();
            List<RigidPartsMotion.Pose> poses = new ArrayList<>();
            for (int k = 0; Files.isRegularFile(dir.resolve(transform(k, j))); k++) {
                poses.add(pose(dir.resolve(transform(k, j))));
            }
            parts.add(new RigidPartsMotion.Part(part.restPositions(), part.triangles(),
                    poses.toArray(new RigidPartsMotion.Pose[0])));
        }
        if (parts.isEmpty()) {
            throw new InvalidInputException(dir.resolve(obstacle(0)), null, "file not found (no obstacle)");
        }
        int samples = Integer.MAX_VALUE;
        for (int j = 0; j < parts.size(); j++) {
            samples = Math.min(samples, parts.get(j).poses().length);
        }
        if (samples == 0) {
            throw new InvalidInputException(dir.resolve(transform(0, 0)), null, "file not found (no obstacle transform)");
        }
        List<RigidPartsMotion.Part> cut = new ArrayList<>();
        for (RigidPartsMotion.Part p : parts) {
            cut.add(new RigidPartsMotion.Part(p.rest(), p.triangles(), java.util.Arrays.copyOf(p.poses(), samples)));
        }
        return new ArcsimScene(dir, mesh, frames, material, new RigidPartsMotion(cut, frameTime), frameTime);
    }

    private static String obstacle(int j) {
        return String.format(Locale.ROOT, "obs_%02d.obj", j);
    }

    private static String transform(int frame, int j) {
        return String.format(Locale.ROOT, "%04dobs%02d.txt", frame, j);
    }

    /** Reads an ARCSim transform file (Z up) as a Y-up pose. */
    static RigidPartsMotion.Pose pose(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new InvalidInputException(file, null, "cannot read: " + e.getMessage(), e);
        }
        Matcher r = ROTATE.matcher(text), s = SCALE.matcher(text), t = TRANSLATE.matcher(text);
        if (!r.find()) {
            throw new InvalidInputException(file, "rotate", "missing <rotate angle x y z/>");
        }
        if (!s.find()) {
            throw new InvalidInputException(file, "scale", "missing <scale value/>");
        }
        if (!t.find()) {
            throw new InvalidInputException(file, "translate", "missing <translate x y z/>");
        }
        double[] v = new double[8];
        String[] raw = {r.group(1), r.group(2), r.group(3), r.group(4), s.group(1), t.group(1), t.group(2), t.group(3)};
        String[] what = {"rotate angle", "rotate x", "rotate y", "rotate z", "scale value", "translate x", "translate y",
                "translate z"};
        for (int i = 0; i < 8; i++) {
            try {
                v[i] = Double.parseDouble(raw[i]);
            } catch (NumberFormatException e) {
                throw new InvalidInputException(file, what[i], "not a number: " + raw[i]);
            }
            if (!Double.isFinite(v[i])) {
                throw new InvalidInputException(file, what[i], "not finite: " + raw[i]);
            }
        }
        // Z up (x, y, z) -> Y up (x, z, -y), for the rotation axis and the translation alike
        return RigidPartsMotion.Pose.ofAxisAngle(v[0], v[1], v[3], -v[2], v[4], v[5], v[7], -v[6]);
    }

    private static Material material(Path dir, Path confFile, Map<String, Object> conf, Path fabric) {
        Map<String, Object> mat;
        try {
            Object cloths = conf.get("cloths");
            Object first = ((List<?>) cloths).get(0);
            Object mats = ArcsimJson.obj(first).get("materials");
            mat = ArcsimJson.obj(((List<?>) mats).get(0));
        } catch (RuntimeException e) {
            throw new InvalidInputException(confFile, "field cloths[0].materials[0]", "missing");
        }
        Object data = mat.get("data");
        if (!(data instanceof String name)) {
            throw new InvalidInputException(confFile, "field cloths[0].materials[0].data", "missing or not a file name");
        }
        Path file = dir.resolve(name);
        if (!Files.isRegularFile(file)) {
            if (fabric == null) {
                throw new InvalidInputException(confFile, "field cloths[0].materials[0].data", "fabric " + file
                        + " not found; name an ARCSim fabric JSON for it");
            }
            file = fabric;
        }
        Material m = ArcsimMaterialReader.read(file);
        double density = number(confFile, mat, "density_mult", 1), stretch = number(confFile, mat, "stretching_mult", 1),
                bend = number(confFile, mat, "bending_mult", 1);
        Map<String, Object> magic = ArcsimJson.obj(conf.get("magic"));
        if (magic == null) {
            magic = Map.of();
        }
        double thickness = number(confFile, magic, "repulsion_thickness", DEFAULT_THICKNESS);
        double friction = number(confFile, conf, "obs_friction", m.friction());
        return new Material(m.name(), m.density() * density, m.stretchStiffness() * stretch,
                m.shearStiffness() * stretch, m.bendStiffness() * bend, m.damping(), friction, thickness, m.airDrag());
    }

    private static double number(Path file, Map<String, Object> obj, String key, double def) {
        Object v = obj.get(key);
        if (v == null) {
            return def;
        }
        if (!(v instanceof Number n) || !Double.isFinite(n.doubleValue()) || !(n.doubleValue() > 0)) {
            throw new InvalidInputException(file, "field " + key, "not a positive number: " + v);
        }
        return n.doubleValue();
    }
}
