package org.clothgraph.sim.arcsim.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.io.Axes;

/**
 * ARCSim per-frame cloth files ({@code NNNN_CC.obj}): {@code vt} material coordinates, {@code v} node
 * positions, each optionally followed by {@code ny} (plastic embedding, ignored here), {@code nv} (node velocity;
 * ARCSim omits it when zero) and {@code nl}; faces {@code f node/vert}. States are converted between ARCSim's
 * Z-up and ClothGraph's Y-up frames; node order is preserved.
 */
public final class FrameFiles {

    private FrameFiles() {
    }

    /** Frame file name {@code NNNN_CC.obj} (frame padded to 4 digits). */
    public static String name(int frame, int cloth) {
        if (frame < 0 || frame > 9999) {
            throw new IllegalArgumentException("ARCSim writes frame numbers 0..9999 only: " + frame);
        }
        return String.format(Locale.ROOT, "%04d_%02d.obj", frame, cloth);
    }

    /** Reads a frame file into a Y-up state (velocities zero where ARCSim omitted them). */
    public static ClothState read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.ISO_8859_1);
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(file, null, "file not found");
        } catch (IOException e) {
            throw new InvalidInputException(file, null, "cannot read: " + e.getMessage(), e);
        }
        return parse(file, text);
    }

    static ClothState parse(Path file, String text) {
        float[] x = new float[3 * 1024], v = new float[3 * 1024];
        int n = 0, line = 0, faces = 0;
        boolean velocitySeen = false;
        int pos = 0, len = text.length();
        while (pos < len) {
            int end = text.indexOf('\n', pos);
            if (end < 0) {
                end = len;
            }
            String s = text.substring(pos, end).strip();
            pos = end + 1;
            line++;
            if (s.isEmpty() || s.charAt(0) == '#') {
                continue;
            }
            String[] tok = s.split("\\s+");
            switch (tok[0]) {
                case "v" -> {
                    if (3 * n + 3 > x.length) {
                        x = Arrays.copyOf(x, 2 * x.length);
                        v = Arrays.copyOf(v, 2 * v.length);
                    }
                    three(file, line, tok, x, 3 * n);
                    n++;
                    velocitySeen = false;
                }
                case "nv" -> {
                    if (n == 0 || velocitySeen) {
                        throw InvalidInputException.atLine(file, line, "'nv' must follow its 'v' line");
                    }
                    three(file, line, tok, v, 3 * (n - 1));
                    velocitySeen = true;
                }
                case "f" -> faces++;
                default -> {
                    // vt, ny, nl, vl, e, ...: not part of the state
                }
            }
        }
        if (n == 0 || faces == 0) {
            throw new InvalidInputException(file, null, "not an ARCSim cloth frame (no nodes or no faces)");
        }
        float[] p = Arrays.copyOf(x, 3 * n), vel = Arrays.copyOf(v, 3 * n);
        Axes.Z_UP.toYUp(p);
        Axes.Z_UP.toYUp(vel);
        return new ClothState(p, vel);
    }

    private static void three(Path file, int line, String[] tok, float[] dst, int o) {
        if (tok.length < 4) {
            throw InvalidInputException.atLine(file, line, "'" + tok[0] + "' needs 3 values");
        }
        for (int k = 0; k < 3; k++) {
            float f;
            try {
                f = Float.parseFloat(tok[k + 1]);
            } catch (NumberFormatException e) {
                throw InvalidInputException.atLine(file, line, "not a number: " + tok[k + 1]);
            }
            if (!Float.isFinite(f)) {
                throw InvalidInputException.atLine(file, line, "not finite: " + tok[k + 1]);
            }
            dst[o + k] = f;
        }
    }

    /**
     * Writes {@code state} as an ARCSim frame file. With a {@code template} (the text of an ARCSim OBJ of the
     * same mesh, node order identical) its vt, f and label lines are kept, so pattern seams (several material
     * vertices per node) survive; only v and nv are replaced (ny is dropped: ARCSim then sets the plastic
     * embedding to the position). Without a template every face gets three material vertices of its own: its rest
     * triangle laid flat (turned to its direction in {@link ClothMesh#materialCoords()} when the mesh has them),
     * counter-clockwise, the faces side by side on a grid. ARCSim's rest shape is its material space, so the
     * garment then has the embedded solver's rest lengths. One material coordinate per node, as written before,
     * cannot hold a seam: faces across the generated robe's seams spanned its pattern (edges up to 146 times their
     * rest length) and ARCSim blew them up (14x within a frame) or stalled in its collision response.
     */
    public static void write(Path file, ClothMesh mesh, ClothState state, String template) {
        if (state.vertexCount() != mesh.vertexCount()) {
            throw new IllegalArgumentException(
                    "state has " + state.vertexCount() + " vertices, mesh " + mesh.vertexCount());
        }
        float[] p = state.positions().clone(), v = state.velocities().clone();
        Axes.Z_UP.fromYUp(p);
        Axes.Z_UP.fromYUp(v);
        StringBuilder b = new StringBuilder(64 * p.length);
        if (template != null) {
            int nodes = 0;
            StringBuilder tail = new StringBuilder();
            for (String line : template.split("\n")) {
                String s = line.strip();
                if (s.startsWith("v ")) {
                    if (nodes >= mesh.vertexCount()) {
                        throw new IllegalArgumentException("template has more nodes than the mesh");
                    }
                    node(b, p, v, nodes++);
                } else if (s.startsWith("ny ") || s.startsWith("nv ")) {
                    continue;
                } else if (s.startsWith("f ") || s.startsWith("tl ") || s.startsWith("fl ") || s.startsWith("ts ")
                        || s.startsWith("fs ") || s.startsWith("td ") || s.startsWith("fd ")) {
                    tail.append(s).append('\n');
                } else if (!s.isEmpty()) {
                    b.append(s).append('\n');
                }
            }
            if (nodes != mesh.vertexCount()) {
                throw new IllegalArgumentException("template has " + nodes + " nodes, mesh " + mesh.vertexCount());
            }
            b.append(tail);
        } else {
            float[] uv = mesh.materialCoords();
            float[] r = mesh.restPositions();
            int[] t = mesh.triangles();
            double longest = 0;
            for (int i = 0; i < t.length; i += 3) {
                longest = Math.max(longest, Math.max(dist(r, t[i], t[i + 1]), dist(r, t[i], t[i + 2])));
            }
            double cell = 2 * longest;
            int columns = (int) Math.ceil(Math.sqrt(t.length / 3.0));
            StringBuilder faces = new StringBuilder();
            for (int i = 0, k = 0; i < t.length; i += 3, k++) {
                int a = t[i], c1 = t[i + 1], c2 = t[i + 2];
                // a at the cell's centre, c1 along the face's direction in uv, c2 to the left of a-c1
                double ab = dist(r, a, c1), ac = dist(r, a, c2);
                double x = (ab * ab + ac * ac - dist(r, c1, c2) * dist(r, c1, c2)) / (2 * ab);
                double y = Math.sqrt(Math.max(0, ac * ac - x * x));
                double angle = 0;
                if (uv != null) {
                    double du = uv[2 * c1] - uv[2 * a], dv = uv[2 * c1 + 1] - uv[2 * a + 1];
                    angle = du == 0 && dv == 0 ? 0 : Math.atan2(dv, du);
                }
                double cos = Math.cos(angle), sin = Math.sin(angle);
                double ox = (k % columns + 0.5) * cell, oy = (k / columns + 0.5) * cell;
                vt(b, ox, oy);
                vt(b, ox + ab * cos, oy + ab * sin);
                vt(b, ox + x * cos - y * sin, oy + x * sin + y * cos);
                faces.append("f ").append(a + 1).append('/').append(3 * k + 1).append(' ').append(c1 + 1).append('/')
                        .append(3 * k + 2).append(' ').append(c2 + 1).append('/').append(3 * k + 3).append('\n');
            }
            for (int i = 0; i < mesh.vertexCount(); i++) {
                node(b, p, v, i);
            }
            b.append(faces);
        }
        try {
            Files.writeString(file, b, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void vt(StringBuilder b, double u, double v) {
        b.append("vt ").append((float) u).append(' ').append((float) v).append('\n');
    }

    private static double dist(float[] x, int i, int j) {
        double dx = x[3 * i] - x[3 * j], dy = x[3 * i + 1] - x[3 * j + 1], dz = x[3 * i + 2] - x[3 * j + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    private static void node(StringBuilder b, float[] p, float[] v, int i) {
        b.append("v ").append(p[3 * i]).append(' ').append(p[3 * i + 1]).append(' ').append(p[3 * i + 2]).append('\n');
        if (v[3 * i] != 0 || v[3 * i + 1] != 0 || v[3 * i + 2] != 0) {
            b.append("nv ").append(v[3 * i]).append(' ').append(v[3 * i + 1]).append(' ').append(v[3 * i + 2])
                    .append('\n');
        }
    }
}
