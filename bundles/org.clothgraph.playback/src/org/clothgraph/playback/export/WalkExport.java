package org.clothgraph.playback.export;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.clothgraph.model.Project;
import org.clothgraph.playback.PlaybackCharacter;
import org.clothgraph.playback.RecordedWalk;
import org.clothgraph.runtime.PlaybackFrame;
import org.clothgraph.runtime.RandomController;
import org.clothgraph.runtime.RuntimeDatabase;
import org.clothgraph.runtime.RuntimeDatabaseException;
import org.clothgraph.sim.body.SkinnedSurface;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * Exports a random walk of a runtime database for engines and viewers: the decoded cloth and the character's
 * skinned body, in the world of the walk (metres, Y up), as glTF 2.0 (one morph target per frame, animated weights)
 * or as an OBJ sequence (one file per frame). Every frame's error bound goes with it: glTF {@code asset.extras},
 * the OBJ sequence's {@code frames.csv}. Nothing is written when the database is refused.
 */
public final class WalkExport {
    /** Job family of exports. */
    public static final Object FAMILY = WalkExport.class.getName();
    private static final float[] CLOTH_COLOR = { 0.25f, 0.45f, 0.8f, 1f };
    private static final float[] BODY_COLOR = { 0.62f, 0.6f, 0.58f, 1f };

    public enum Format {
        GLTF, OBJ
    }

    /**
     * @param frames frames of the walk (the initial one included)
     * @param seed seed of the random controller's choices
     * @param clothOnly leave the body out
     */
    public record Options(Format format, int frames, long seed, boolean clothOnly, int decodeThreads) {
    }

    /** What was written: the main file or folder, every file, frames and the largest error bound (mm). */
    public record Result(Path out, List<Path> files, int frames, long bytes, double largestErrorBoundMm) {
    }

    private WalkExport() {
    }

    public static Result export(Project project, Path database, Options options, Path out, IProgressMonitor monitor)
            throws RuntimeDatabaseException, IOException {
        RecordedWalk walk;
        PlaybackCharacter character;
        IProgressMonitor writing;
        // opened before any progress is shown, so that a refused file is the one line said about it
        try (RuntimeDatabase db = RuntimeDatabase.open(database)) {
            SubMonitor sub = SubMonitor.convert(monitor, "Exporting a walk of " + options.frames() + " frames", 10);
            character = options.clothOnly() ? null : PlaybackCharacter.of(project);
            try {
                walk = RecordedWalk.record(db, character, new RandomController(options.seed()), options.frames(),
                        options.decodeThreads(), sub.split(4));
            } catch (UncheckedIOException e) {
                // a coefficient block found corrupt while decoding
                if (e.getCause() instanceof RuntimeDatabaseException r) {
                    throw r;
                }
                throw e;
            }
            writing = sub.split(6);
        }
        List<Path> files = options.format() == Format.GLTF
                ? gltf(walk, character, database, options, out, writing)
                : obj(walk, character, out, writing);
        long bytes = 0;
        for (Path f : files) {
            bytes += Files.size(f);
        }
        return new Result(out, files, walk.frames().size(), bytes, walk.largestErrorBoundMm());
    }

    private static List<Path> gltf(RecordedWalk walk, PlaybackCharacter character, Path database, Options options,
            Path out, IProgressMonitor monitor) throws IOException {
        List<PlaybackFrame> frames = walk.frames();
        SubMonitor sub = SubMonitor.convert(monitor, frames.size() * 2 + 2);
        double fps = walk.fps();
        MorphTargetGltf gltf = new MorphTargetGltf(frames.size(), fps, extras(walk, database, options, fps));
        List<float[]> positions = new ArrayList<>();
        List<float[]> normals = new ArrayList<>();
        for (PlaybackFrame f : frames) {
            float[] p = PlaybackCharacter.cloth(f);
            positions.add(p);
            normals.add(normals(walk.triangles(), p));
            sub.split(1);
        }
        gltf.mesh("cloth: " + walk.garment(), walk.triangles(), positions, normals, CLOTH_COLOR, true);
        if (character != null) {
            positions.clear();
            normals.clear();
            int[] triangles = character.surface().triangles();
            for (org.clothgraph.sim.body.Body b : walk.bodies()) {
                float[] p = character.surface(b);
                positions.add(p);
                normals.add(normals(triangles, p));
                sub.split(1);
            }
            gltf.mesh("body", triangles, positions, normals, BODY_COLOR, false);
        }
        // written under temporary names, then moved into place: a failure leaves nothing half-written
        Path parent = out.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        boolean binary = out.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".glb");
        String name = out.getFileName().toString();
        Path bin = out.resolveSibling(name.substring(0, name.lastIndexOf('.')) + ".bin");
        Path tmp = out.resolveSibling("." + name + ".partial");
        Path tmpBin = out.resolveSibling("." + name + ".bin.partial");
        try {
            gltf.write(tmp, binary, tmpBin, bin.getFileName().toString());
            if (!binary) {
                Files.move(tmpBin, bin, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
            Files.deleteIfExists(tmpBin);
        }
        sub.split(2);
        return binary ? List.of(out) : List.of(out, bin);
    }

    private static JsonObject extras(RecordedWalk walk, Path database, Options options, double fps) {
        JsonObject e = new JsonObject();
        e.addProperty("database", database.getFileName().toString());
        e.addProperty("garment", walk.garment());
        e.addProperty("controller", "random");
        e.addProperty("seed", options.seed());
        e.addProperty("fps", fps);
        e.addProperty("frames", walk.frames().size());
        e.addProperty("largestErrorBoundMm", walk.largestErrorBoundMm());
        JsonArray frames = new JsonArray();
        for (PlaybackFrame f : walk.frames()) {
            JsonObject x = new JsonObject();
            x.addProperty("state", f.state());
            x.addProperty("primaryNode", f.primaryNode());
            x.addProperty("clip", f.clip());
            x.addProperty("clipFrame", f.clipFrame());
            x.addProperty("class", f.classLabel());
            x.addProperty("errorBoundMm", f.errorBoundMm());
            frames.add(x);
        }
        e.add("frameInfo", frames);
        return e;
    }

    private static List<Path> obj(RecordedWalk walk, PlaybackCharacter character, Path dir, IProgressMonitor monitor)
            throws IOException {
        List<PlaybackFrame> frames = walk.frames();
        SubMonitor sub = SubMonitor.convert(monitor, frames.size() + 1);
        Files.createDirectories(dir);
        List<Path> files = new ArrayList<>();
        int[] bodyTriangles = character == null ? null : character.surface().triangles();
        for (int k = 0; k < frames.size(); k++) {
            PlaybackFrame f = frames.get(k);
            Path file = dir.resolve(String.format(Locale.ROOT, "frame_%04d.obj", k));
            try (BufferedWriter w = Files.newBufferedWriter(file)) {
                w.write(String.format(Locale.ROOT, "# ClothGraph walk frame %d: state %d, %s:%d, %s, error bound"
                        + " %.3f mm%n", k, f.state(), f.clip(), f.clipFrame(), f.classLabel(), f.errorBoundMm()));
                int offset = 0;
                if (character != null) {
                    offset = object(w, "body", character.surface(walk.bodies().get(k)), bodyTriangles, 0);
                }
                object(w, "cloth", PlaybackCharacter.cloth(f), walk.triangles(), offset);
            }
            files.add(file);
            sub.split(1);
        }
        Path csv = dir.resolve("frames.csv");
        try (BufferedWriter w = Files.newBufferedWriter(csv)) {
            w.write("frame,file,state,primary_node,clip,clip_frame,class,error_bound_mm\n");
            for (int k = 0; k < frames.size(); k++) {
                PlaybackFrame f = frames.get(k);
                w.write(String.format(Locale.ROOT, "%d,%s,%d,%d,%s,%d,%s,%.4f%n", k, files.get(k).getFileName(),
                        f.state(), f.primaryNode(), f.clip(), f.clipFrame(), f.classLabel(), f.errorBoundMm()));
            }
        }
        files.add(csv);
        return files;
    }

    /** Writes one OBJ object (positions, normals, faces); returns the vertex index offset after it. */
    private static int object(BufferedWriter w, String name, float[] p, int[] triangles, int offset)
            throws IOException {
        float[] n = normals(triangles, p);
        StringBuilder b = new StringBuilder(64 * p.length / 3);
        b.append("o ").append(name).append('\n');
        for (int i = 0; i < p.length; i += 3) {
            b.append(String.format(Locale.ROOT, "v %.5f %.5f %.5f%n", p[i], p[i + 1], p[i + 2]));
        }
        for (int i = 0; i < n.length; i += 3) {
            b.append(String.format(Locale.ROOT, "vn %.4f %.4f %.4f%n", n[i], n[i + 1], n[i + 2]));
        }
        for (int t = 0; t < triangles.length; t += 3) {
            int a = triangles[t] + 1 + offset;
            int c = triangles[t + 1] + 1 + offset;
            int d = triangles[t + 2] + 1 + offset;
            b.append("f ").append(a).append("//").append(a).append(' ').append(c).append("//").append(c).append(' ')
                    .append(d).append("//").append(d).append('\n');
        }
        w.write(b.toString());
        return offset + p.length / 3;
    }

    static float[] normals(int[] triangles, float[] p) {
        double[] d = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            d[i] = p[i];
        }
        float[] n = new float[p.length];
        SkinnedSurface.vertexNormals(triangles, d, n);
        return n;
    }
}
