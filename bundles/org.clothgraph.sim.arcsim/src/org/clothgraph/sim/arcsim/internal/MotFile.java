package org.clothgraph.sim.arcsim.internal;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.clothgraph.model.InvalidInputException;

/**
 * ARCSim's rigid-body motion file (.mot): {@code NumFrames: F}, then for each part i a line
 * {@code body[i] position} with F lines {@code x y z}, a blank line, {@code body[i] orientation} with F lines
 * {@code w x y z} (unit quaternion, w first), a blank line. Coordinates are ARCSim's (Z up). Frame j is at
 * time j / fps, fps being given in the scene file.
 *
 * @param frames F
 * @param parts per part: positions (3F) and orientations (4F, w x y z)
 */
public record MotFile(int frames, List<Part> parts) {

    /** One rigid part's track. */
    public record Part(double[] positions, double[] orientations) {
    }

    public MotFile {
        parts = List.copyOf(parts);
        for (Part p : parts) {
            if (p.positions.length != 3 * frames || p.orientations.length != 4 * frames) {
                throw new IllegalArgumentException("every part needs " + frames + " positions and orientations");
            }
        }
    }

    public void write(Path file) {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            w.write("NumFrames: " + frames + "\n");
            for (int i = 0; i < parts.size(); i++) {
                Part p = parts.get(i);
                w.write("body[" + i + "] position\n");
                for (int f = 0; f < frames; f++) {
                    w.write(num(p.positions[3 * f]) + " " + num(p.positions[3 * f + 1]) + " "
                            + num(p.positions[3 * f + 2]) + "\n");
                }
                w.write("\nbody[" + i + "] orientation\n");
                for (int f = 0; f < frames; f++) {
                    w.write(num(p.orientations[4 * f]) + " " + num(p.orientations[4 * f + 1]) + " "
                            + num(p.orientations[4 * f + 2]) + " " + num(p.orientations[4 * f + 3]) + "\n");
                }
                w.write("\n");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Strict reader: header, section titles, counts and numbers are all checked. */
    public static MotFile read(Path file) {
        List<String> lines;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            lines = r.lines().toList();
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(file, null, "file not found");
        } catch (IOException | UncheckedIOException e) {
            throw new InvalidInputException(file, null, "cannot read: " + e.getMessage(), e);
        }
        if (lines.isEmpty() || !lines.get(0).strip().startsWith("NumFrames:")) {
            throw InvalidInputException.atLine(file, 1, "expected 'NumFrames: F'");
        }
        int frames;
        try {
            frames = Integer.parseInt(lines.get(0).strip().substring("NumFrames:".length()).strip());
        } catch (NumberFormatException e) {
            throw InvalidInputException.atLine(file, 1, "bad frame count");
        }
        if (frames < 1) {
            throw InvalidInputException.atLine(file, 1, "frame count must be >= 1");
        }
        List<Part> parts = new ArrayList<>();
        int[] at = {1};
        while (true) {
            skipBlank(lines, at);
            if (at[0] >= lines.size()) {
                break;
            }
            int i = parts.size();
            double[] pos = section(file, lines, at, "body[" + i + "] position", frames, 3);
            skipBlank(lines, at);
            double[] rot = section(file, lines, at, "body[" + i + "] orientation", frames, 4);
            parts.add(new Part(pos, rot));
        }
        if (parts.isEmpty()) {
            throw InvalidInputException.atLine(file, 2, "no body parts");
        }
        return new MotFile(frames, parts);
    }

    private static void skipBlank(List<String> lines, int[] at) {
        while (at[0] < lines.size() && lines.get(at[0]).isBlank()) {
            at[0]++;
        }
    }

    private static double[] section(Path file, List<String> lines, int[] at, String title, int frames, int n) {
        if (at[0] >= lines.size() || !lines.get(at[0]).strip().equals(title)) {
            throw InvalidInputException.atLine(file, at[0] + 1, "expected '" + title + "'");
        }
        at[0]++;
        double[] out = new double[frames * n];
        for (int f = 0; f < frames; f++, at[0]++) {
            if (at[0] >= lines.size()) {
                throw InvalidInputException.atLine(file, at[0] + 1, "file ends inside '" + title + "'");
            }
            String[] tok = lines.get(at[0]).strip().split("\\s+");
            if (tok.length != n) {
                throw InvalidInputException.atLine(file, at[0] + 1, "expected " + n + " numbers");
            }
            for (int k = 0; k < n; k++) {
                try {
                    out[f * n + k] = Double.parseDouble(tok[k]);
                } catch (NumberFormatException e) {
                    throw InvalidInputException.atLine(file, at[0] + 1, "not a number: " + tok[k]);
                }
                if (!Double.isFinite(out[f * n + k])) {
                    throw InvalidInputException.atLine(file, at[0] + 1, "not finite: " + tok[k]);
                }
            }
        }
        return out;
    }

    /** 9 significant digits, trailing zeros removed (ARCSim itself writes 6). */
    static String num(double d) {
        if (d == 0) {
            return "0";
        }
        String t = String.format(Locale.ROOT, "%.9g", d);
        int e = t.indexOf('e');
        String mant = e < 0 ? t : t.substring(0, e);
        String exp = e < 0 ? "" : t.substring(e);
        if (mant.indexOf('.') >= 0) {
            mant = mant.replaceAll("0+$", "");
            if (mant.endsWith(".")) {
                mant = mant.substring(0, mant.length() - 1);
            }
        }
        return mant + exp;
    }
}
