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
     * embedding to the position). Without a template, vt comes from {@link ClothMesh#materialCoords()} (one
     * per node) and faces are {@code f n/n}.
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
            if (uv == null) {
                throw new InvalidInputException(mesh.name(), null,
                        "ARCSim needs material (pattern) coordinates for the garment's rest shape; the mesh has none");
            }
            for (int i = 0; i < uv.length; i += 2) {
                b.append("vt ").append(uv[i]).append(' ').append(uv[i + 1]).append('\n');
            }
            for (int i = 0; i < mesh.vertexCount(); i++) {
                node(b, p, v, i);
            }
            int[] t = mesh.triangles();
            for (int i = 0; i < t.length; i += 3) {
                // ARCSim takes face areas (and so node masses) from the signed pattern-space area: every
                // face must turn counter-clockwise in vt space, or the solver's factorisation fails.
                int a = t[i];
                int c1 = t[i + 1];
                int c2 = t[i + 2];
                if (patternArea(uv, a, c1, c2) < 0) {
                    int swap = c1;
                    c1 = c2;
                    c2 = swap;
                }
                b.append("f ").append(a + 1).append('/').append(a + 1).append(' ').append(c1 + 1).append('/')
                        .append(c1 + 1).append(' ').append(c2 + 1).append('/').append(c2 + 1).append('\n');
            }
        }
        try {
            Files.writeString(file, b, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Twice the signed area of a triangle in pattern (vt) space. */
    static double patternArea(float[] uv, int a, int b, int c) {
        double ux = uv[2 * b] - uv[2 * a];
        double uy = uv[2 * b + 1] - uv[2 * a + 1];
        double vx = uv[2 * c] - uv[2 * a];
        double vy = uv[2 * c + 1] - uv[2 * a + 1];
        return ux * vy - uy * vx;
    }

    private static void node(StringBuilder b, float[] p, float[] v, int i) {
        b.append("v ").append(p[3 * i]).append(' ').append(p[3 * i + 1]).append(' ').append(p[3 * i + 2]).append('\n');
        if (v[3 * i] != 0 || v[3 * i + 1] != 0 || v[3 * i + 2] != 0) {
            b.append("nv ").append(v[3 * i]).append(' ').append(v[3 * i + 1]).append(' ').append(v[3 * i + 2])
                    .append('\n');
        }
    }
}
