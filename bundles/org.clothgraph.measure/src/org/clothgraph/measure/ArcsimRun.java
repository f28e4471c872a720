package org.clothgraph.measure;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.clothgraph.model.InvalidInputException;

/**
 * An ARCSim output folder read for measuring: cloth frames {@code NNNN_00.obj} ({@code v} positions,
 * {@code vt} material coordinates in metres, faces {@code v/vt}), and the obstacles, each a rigid mesh at rest
 * ({@code obs_JJ.obj}) placed per frame by {@code NNNNobsJJ.txt}: {@code <rotate angle="deg" x y z/>},
 * {@code <scale value/>}, {@code <translate x y z/>}, applied as x' = translate + scale R(x) (ARCSim's
 * Transformation). Every malformed line is an {@link InvalidInputException} naming the file and line.
 */
public final class ArcsimRun {

    private static final Pattern FRAME = Pattern.compile("(\\d{4})_00\\.obj");
    private static final Pattern OBSTACLE = Pattern.compile("obs_(\\d{2})\\.obj");

    /** A triangle mesh read from an OBJ file; {@code uv}/{@code cornerUv} are empty when it has no vt. */
    public record Mesh(double[] positions, int[] triangles, double[] uv, int[] cornerUv) {
    }

    private final Path folder;
    private final TreeMap<Integer, Path> frames = new TreeMap<>();
    private final List<Mesh> obstacles = new ArrayList<>();
    private final List<Integer> obstacleIds = new ArrayList<>();

    private ArcsimRun(Path folder) {
        this.folder = folder;
    }

    /** Lists the folder's frames and reads its obstacles at rest. */
    public static ArcsimRun open(Path folder) {
        if (!Files.isDirectory(folder)) {
            throw new InvalidInputException(folder, null, "no such ARCSim output folder");
        }
        ArcsimRun run = new ArcsimRun(folder);
        Map<Integer, Path> obstacles = new TreeMap<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String name = f.getFileName().toString();
                Matcher m = FRAME.matcher(name);
                if (m.matches()) {
                    run.frames.put(Integer.parseInt(m.group(1)), f);
                }
                Matcher o = OBSTACLE.matcher(name);
                if (o.matches()) {
                    obstacles.put(Integer.parseInt(o.group(1)), f);
                }
            }
        } catch (IOException e) {
            throw new InvalidInputException(folder, null, "cannot list: " + e.getMessage(), e);
        }
        if (run.frames.isEmpty()) {
            throw new InvalidInputException(folder, null, "no ARCSim cloth frames (NNNN_00.obj)");
        }
        for (Map.Entry<Integer, Path> e : obstacles.entrySet()) {
            run.obstacleIds.add(e.getKey());
            run.obstacles.add(readObj(e.getValue()));
        }
        return run;
    }

    public Path folder() {
        return folder;
    }

    /** Frame numbers present, ascending. */
    public List<Integer> frameNumbers() {
        return List.copyOf(frames.keySet());
    }

    public Mesh cloth(int frame) {
        Path f = frames.get(frame);
        if (f == null) {
            throw new InvalidInputException(folder, "frame " + frame, "no such frame");
        }
        return readObj(f);
    }

    public boolean hasObstacles() {
        return !obstacles.isEmpty();
    }

    /** All obstacles' triangles, as one body mesh (obstacle after obstacle). */
    public int[] obstacleTriangles() {
        List<int[]> parts = new ArrayList<>();
        int offset = 0, n = 0;
        for (Mesh m : obstacles) {
            int[] t = m.triangles().clone();
            for (int i = 0; i < t.length; i++) {
                t[i] += offset;
            }
            parts.add(t);
            offset += m.positions().length / 3;
            n += t.length;
        }
        int[] all = new int[n];
        int at = 0;
        for (int[] t : parts) {
            System.arraycopy(t, 0, all, at, t.length);
            at += t.length;
        }
        return all;
    }

    public int obstacleVertexCount() {
        return obstacles.stream().mapToInt(m -> m.positions().length / 3).sum();
    }

    /** The obstacles placed by their transforms of {@code frame}, as one body mesh's positions. */
    public double[] obstaclesAt(int frame) {
        double[] out = new double[3 * obstacleVertexCount()];
        int at = 0;
        for (int k = 0; k < obstacles.size(); k++) {
            Path file = folder.resolve(String.format("%04dobs%02d.txt", frame, obstacleIds.get(k)));
            double[] tr = readTransform(file);
            double[] p = obstacles.get(k).positions();
            for (int i = 0; i < p.length; i += 3) {
                transform(tr, p[i], p[i + 1], p[i + 2], out, at + i);
            }
            at += p.length;
        }
        return out;
    }

    /** {angle (rad), axis x, y, z (unit), scale, tx, ty, tz} from an obstacle transform file. */
    static double[] readTransform(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException(file, null, "missing obstacle transform");
        }
        double[] tr = new double[8];
        boolean[] seen = new boolean[3];
        try {
            List<String> lines = Files.readAllLines(file);
            for (int n = 0; n < lines.size(); n++) {
                String line = lines.get(n).trim();
                if (line.isEmpty()) {
                    continue;
                }
                String where = "line " + (n + 1);
                if (line.startsWith("<rotate ")) {
                    tr[0] = Math.toRadians(attribute(file, where, line, "angle"));
                    double x = attribute(file, where, line, "x"), y = attribute(file, where, line, "y"),
                            z = attribute(file, where, line, "z");
                    double l = Math.sqrt(x * x + y * y + z * z);
                    if (l > 0) {
                        tr[1] = x / l;
                        tr[2] = y / l;
                        tr[3] = z / l;
                    } else {
                        tr[0] = 0;
                        tr[1] = 1;
                    }
                    seen[0] = true;
                } else if (line.startsWith("<scale ")) {
                    tr[4] = attribute(file, where, line, "value");
                    seen[1] = true;
                } else if (line.startsWith("<translate ")) {
                    tr[5] = attribute(file, where, line, "x");
                    tr[6] = attribute(file, where, line, "y");
                    tr[7] = attribute(file, where, line, "z");
                    seen[2] = true;
                } else {
                    throw new InvalidInputException(file, where, "expected <rotate>, <scale> or <translate>: " + line);
                }
            }
        } catch (IOException e) {
            throw new InvalidInputException(file, null, "cannot read: " + e.getMessage(), e);
        }
        String[] names = { "rotate", "scale", "translate" };
        for (int i = 0; i < 3; i++) {
            if (!seen[i]) {
                throw new InvalidInputException(file, names[i], "missing");
            }
        }
        return tr;
    }

    private static double attribute(Path file, String where, String line, String name) {
        Matcher m = Pattern.compile("\\b" + name + "=\"([^\"]*)\"").matcher(line);
        if (!m.find()) {
            throw new InvalidInputException(file, where + ", " + name, "missing attribute");
        }
        try {
            return Double.parseDouble(m.group(1));
        } catch (NumberFormatException e) {
            throw new InvalidInputException(file, where + ", " + name, "not a number: " + m.group(1));
        }
    }

    /** x' = t + s R(x), R by Rodrigues' formula about the unit axis. */
    private static void transform(double[] tr, double x, double y, double z, double[] out, int at) {
        double c = Math.cos(tr[0]), s = Math.sin(tr[0]);
        double kx = tr[1], ky = tr[2], kz = tr[3];
        double dot = kx * x + ky * y + kz * z;
        double cx = ky * z - kz * y, cy = kz * x - kx * z, cz = kx * y - ky * x;
        double rx = x * c + cx * s + kx * dot * (1 - c);
        double ry = y * c + cy * s + ky * dot * (1 - c);
        double rz = z * c + cz * s + kz * dot * (1 - c);
        out[at] = tr[5] + tr[4] * rx;
        out[at + 1] = tr[6] + tr[4] * ry;
        out[at + 2] = tr[7] + tr[4] * rz;
    }

    /** Reads v, vt and f (v, v/vt, v/vt/vn, v//vn; polygons fanned into triangles) of an OBJ file. */
    public static Mesh readObj(Path file) {
        List<double[]> v = new ArrayList<>();
        List<double[]> vt = new ArrayList<>();
        List<int[]> corners = new ArrayList<>(); // {v, vt} per corner, three per triangle
        boolean allUv = true;
        try (BufferedReader r = Files.newBufferedReader(file)) {
            String line;
            int n = 0;
            while ((line = r.readLine()) != null) {
                n++;
                String[] t = line.trim().split("\\s+");
                switch (t[0]) {
                case "v" -> v.add(numbers(file, n, t, 3));
                case "vt" -> vt.add(numbers(file, n, t, 2));
                case "f" -> {
                    if (t.length < 4) {
                        throw new InvalidInputException(file, "line " + n, "a face needs at least 3 corners");
                    }
                    int[][] c = new int[t.length - 1][];
                    for (int i = 1; i < t.length; i++) {
                        String[] parts = t[i].split("/", -1);
                        int vi = index(file, n, parts[0], v.size());
                        int ti = parts.length > 1 && !parts[1].isEmpty() ? index(file, n, parts[1], vt.size()) : -1;
                        allUv &= ti >= 0;
                        c[i - 1] = new int[] { vi, ti };
                    }
                    for (int i = 1; i + 1 < c.length; i++) {
                        corners.add(c[0]);
                        corners.add(c[i]);
                        corners.add(c[i + 1]);
                    }
                }
                default -> {
                    // nv (node velocities), vn, comments, groups and materials carry nothing measured
                }
                }
            }
        } catch (IOException e) {
            throw new InvalidInputException(file, null, "cannot read: " + e.getMessage(), e);
        }
        if (v.isEmpty() || corners.isEmpty()) {
            throw new InvalidInputException(file, null, "no vertices or no faces");
        }
        double[] pos = new double[3 * v.size()];
        for (int i = 0; i < v.size(); i++) {
            System.arraycopy(v.get(i), 0, pos, 3 * i, 3);
        }
        int[] tris = new int[corners.size()];
        int[] cornerUv = new int[allUv ? corners.size() : 0];
        for (int i = 0; i < corners.size(); i++) {
            tris[i] = corners.get(i)[0];
            if (allUv) {
                cornerUv[i] = corners.get(i)[1];
            }
        }
        double[] uv = new double[allUv ? 2 * vt.size() : 0];
        for (int i = 0; allUv && i < vt.size(); i++) {
            System.arraycopy(vt.get(i), 0, uv, 2 * i, 2);
        }
        return new Mesh(pos, tris, uv, cornerUv);
    }

    private static double[] numbers(Path file, int line, String[] t, int count) {
        if (t.length < count + 1) {
            throw new InvalidInputException(file, "line " + line, "'" + t[0] + "' needs " + count + " numbers");
        }
        double[] d = new double[count];
        for (int i = 0; i < count; i++) {
            try {
                d[i] = Double.parseDouble(t[i + 1]);
            } catch (NumberFormatException e) {
                throw new InvalidInputException(file, "line " + line, "not a number: " + t[i + 1]);
            }
        }
        return d;
    }

    private static int index(Path file, int line, String s, int size) {
        int i;
        try {
            i = Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new InvalidInputException(file, "line " + line, "not an index: " + s);
        }
        int k = i < 0 ? size + i : i - 1; // OBJ indices are 1-based; negative counts back from the last
        if (k < 0 || k >= size) {
            throw new InvalidInputException(file, "line " + line, "index " + s + " out of range (" + size + " defined)");
        }
        return k;
    }
}
