package org.clothgraph.sim.io;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;

/**
 * OBJ garment import/export.
 * <ul>
 * <li>Berkeley Garment Library: a material-space file (*-m.obj, pattern coordinates in v x y) and a
 * world-space file (*-w.obj) with the same vertices and faces.</li>
 * <li>ARCSim merged OBJ: "v" node positions, "vt" material coordinates, "f v/vt", optional "nv" node
 * velocities (simulation frames NNNN_00.obj). ARCSim may use several material vertices per node (pattern
 * seams); the mesh keeps the first vt referenced by each node.</li>
 * </ul>
 * Polygons are fan-triangulated; negative (relative) indices are accepted; unknown keywords (vn, vv, t,
 * ny, vl, nl, g, s, o, usemtl, mtllib, ...) are ignored. Malformed content throws
 * {@link InvalidInputException} with the file and line.
 */
public final class ObjGarmentReader {

    private ObjGarmentReader() {
    }

    /** Reads a Berkeley Garment Library pair. */
    public static ImportedGarment readBerkeley(Path materialObj, Path worldObj, Axes axes) {
        Obj m = parse(materialObj);
        Obj w = parse(worldObj);
        if (m.nv != w.nv) {
            throw new InvalidInputException(materialObj, "v lines",
                    "material file has " + m.nv + " vertices but world file " + worldObj + " has " + w.nv);
        }
        if (w.nf == 0) {
            throw new InvalidInputException(worldObj, "f lines", "no faces");
        }
        float[] pos = Arrays.copyOf(w.v, 3 * w.nv);
        axes.toYUp(pos);
        float[] uv = new float[2 * m.nv];
        for (int i = 0; i < m.nv; i++) {
            uv[2 * i] = m.v[3 * i];
            uv[2 * i + 1] = m.v[3 * i + 1];
        }
        ClothMesh mesh = new ClothMesh(name(worldObj), pos, uv, Arrays.copyOf(w.f, 3 * w.nf), Map.of());
        return new ImportedGarment(mesh, new ClothState(pos.clone(), new float[pos.length]), axes);
    }

    /** Reads an ARCSim merged OBJ (mesh or simulation frame, with "nv" velocities if present). */
    public static ImportedGarment readArcsim(Path obj, Axes axes) {
        Obj o = parse(obj);
        if (o.nf == 0) {
            throw new InvalidInputException(obj, "f lines", "no faces");
        }
        float[] pos = Arrays.copyOf(o.v, 3 * o.nv);
        axes.toYUp(pos);
        float[] vel = new float[pos.length];
        if (o.nnv > 0) {
            if (o.nnv != o.nv) {
                throw new InvalidInputException(obj, "nv lines", o.nnv + " velocity (nv) lines for " + o.nv + " nodes");
            }
            System.arraycopy(o.vel, 0, vel, 0, vel.length);
            axes.toYUp(vel);
        }
        float[] uv = null;
        if (o.nvt > 0) {
            uv = new float[2 * o.nv];
            boolean[] set = new boolean[o.nv];
            for (int k = 0; k < 3 * o.nf; k++) {
                int node = o.f[k], t = o.ft[k];
                if (t >= 0 && !set[node]) {
                    set[node] = true;
                    uv[2 * node] = o.vt[2 * t];
                    uv[2 * node + 1] = o.vt[2 * t + 1];
                }
            }
        }
        ClothMesh mesh = new ClothMesh(name(obj), pos, uv, Arrays.copyOf(o.f, 3 * o.nf), Map.of());
        return new ImportedGarment(mesh, new ClothState(pos.clone(), vel), axes);
    }

    /** Writes a state as an ARCSim-style frame (v, nv, vt, f v/vt) in the given convention. */
    public static void writeArcsim(Path file, ClothMesh mesh, ClothState state, Axes axes) {
        float[] p = state.positions().clone(), v = state.velocities().clone();
        axes.fromYUp(p);
        axes.fromYUp(v);
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            float[] uv = mesh.materialCoords();
            if (uv != null) {
                for (int i = 0; i < uv.length; i += 2) {
                    out.write(String.format(Locale.ROOT, "vt %s %s%n", uv[i], uv[i + 1]));
                }
            }
            for (int i = 0; i < p.length; i += 3) {
                out.write(String.format(Locale.ROOT, "v %s %s %s%nnv %s %s %s%n", p[i], p[i + 1], p[i + 2], v[i], v[i + 1],
                        v[i + 2]));
            }
            int[] t = mesh.triangles();
            for (int i = 0; i < t.length; i += 3) {
                if (uv != null) {
                    out.write(String.format(Locale.ROOT, "f %d/%d %d/%d %d/%d%n", t[i] + 1, t[i] + 1, t[i + 1] + 1,
                            t[i + 1] + 1, t[i + 2] + 1, t[i + 2] + 1));
                } else {
                    out.write(String.format(Locale.ROOT, "f %d %d %d%n", t[i] + 1, t[i + 1] + 1, t[i + 2] + 1));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String name(Path p) {
        String n = p.getFileName().toString();
        return n.endsWith(".obj") ? n.substring(0, n.length() - 4) : n;
    }

    private static final class Obj {
        float[] v = new float[3 * 1024], vt = new float[2 * 1024], vel = new float[3 * 1024];
        int nv, nvt, nnv;
        int[] f = new int[3 * 2048], ft = new int[3 * 2048];
        int nf;
    }

    private static Obj parse(Path file) {
        Obj o = new Obj();
        int lineNo = 0;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            String line;
            int[] fv = new int[64], fvt = new int[64];
            while ((line = r.readLine()) != null) {
                lineNo++;
                String s = line.strip();
                if (s.isEmpty() || s.charAt(0) == '#') {
                    continue;
                }
                String[] tok = s.split("\\s+");
                switch (tok[0]) {
                    case "v" -> o.v = tuple(file, lineNo, tok, o.v, o.nv++, 3);
                    case "nv" -> o.vel = tuple(file, lineNo, tok, o.vel, o.nnv++, 3);
                    case "vt" -> o.vt = tuple(file, lineNo, tok, o.vt, o.nvt++, 2);
                    case "f" -> {
                        need(file, lineNo, tok, 4);
                        int n = tok.length - 1;
                        if (n > fv.length) {
                            throw InvalidInputException.atLine(file, lineNo, "face with " + n + " corners");
                        }
                        for (int k = 0; k < n; k++) {
                            String[] parts = tok[k + 1].split("/", -1);
                            fv[k] = index(file, lineNo, parts[0], o.nv);
                            fvt[k] = parts.length > 1 && !parts[1].isEmpty() ? index(file, lineNo, parts[1], o.nvt) : -1;
                        }
                        for (int k = 1; k + 1 < n; k++) {
                            if (3 * o.nf + 3 > o.f.length) {
                                o.f = Arrays.copyOf(o.f, o.f.length * 2);
                                o.ft = Arrays.copyOf(o.ft, o.ft.length * 2);
                            }
                            o.f[3 * o.nf] = fv[0];
                            o.f[3 * o.nf + 1] = fv[k];
                            o.f[3 * o.nf + 2] = fv[k + 1];
                            o.ft[3 * o.nf] = fvt[0];
                            o.ft[3 * o.nf + 1] = fvt[k];
                            o.ft[3 * o.nf + 2] = fvt[k + 1];
                            o.nf++;
                        }
                    }
                    default -> {
                        // ignored keyword
                    }
                }
            }
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(file, null, "file not found");
        } catch (IOException e) {
            throw new InvalidInputException(file, "line " + (lineNo + 1), "cannot read: " + e.getMessage(), e);
        }
        return o;
    }

    /** Appends the line's {@code width} numbers as tuple number {@code index}, growing the array when full. */
    private static float[] tuple(Path file, int lineNo, String[] tok, float[] into, int index, int width) {
        need(file, lineNo, tok, width + 1);
        float[] a = width * index + width > into.length ? Arrays.copyOf(into, into.length * 2) : into;
        for (int k = 0; k < width; k++) {
            a[width * index + k] = num(file, lineNo, tok[k + 1]);
        }
        return a;
    }

    private static void need(Path file, int line, String[] tok, int n) {
        if (tok.length < n) {
            throw InvalidInputException.atLine(file, line, "'" + tok[0] + "' needs " + (n - 1) + " values");
        }
    }

    private static float num(Path file, int line, String s) {
        try {
            float f = Float.parseFloat(s);
            if (!Float.isFinite(f)) {
                throw InvalidInputException.atLine(file, line, "not a finite number: " + s);
            }
            return f;
        } catch (NumberFormatException e) {
            throw InvalidInputException.atLine(file, line, "not a number: " + s);
        }
    }

    /** Resolves a 1-based (or negative relative) OBJ index against the count seen so far. */
    private static int index(Path file, int line, String s, int count) {
        int i;
        try {
            i = Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw InvalidInputException.atLine(file, line, "not an index: " + s);
        }
        int r = i > 0 ? i - 1 : count + i;
        if (i == 0 || r < 0 || r >= count) {
            throw InvalidInputException.atLine(file, line, "index " + i + " out of range (" + count + " defined)");
        }
        return r;
    }
}
