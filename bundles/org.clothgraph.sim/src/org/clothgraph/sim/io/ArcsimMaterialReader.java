package org.clothgraph.sim.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.sim.Material;

/**
 * Reads an ARCSim fabric JSON (Wang, Ramamoorthi, O'Brien 2011 measurements; "//" and block comments
 * allowed) into a {@link Material}. Mapping (approximate: ARCSim's anisotropic, strain-dependent model
 * reduced to XPBD constants):
 * <ul>
 * <li>density (kg/m^2) as is (required);</li>
 * <li>stretching (rows of c11, c12, c22, c33): stretchStiffness = mean over rows of (c11 + c22) / 2,
 * shearStiffness = max(mean c33, 5% of stretch), both times {@link #STRETCH_SCALE} (N/m);</li>
 * <li>bending (rows of samples, N*m): bendStiffness = mean of all samples;</li>
 * <li>damping, friction, thickness, air drag from {@link Material#defaults()}, or optional fields "damping",
 * "friction", "thickness", "air_drag" when present.</li>
 * </ul>
 */
public final class ArcsimMaterialReader {

    /** Scale from ARCSim's stretching table values to N/m (ARCSim's own "stretching_mult" is 1). */
    public static final double STRETCH_SCALE = 1.0;

    private ArcsimMaterialReader() {
    }

    public static Material read(Path file) {
        String text;
        try {
            // bytes that are not UTF-8 become U+FFFD and fail the JSON syntax with their line, as in every text reader
            text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(file, null, "file not found");
        } catch (IOException e) {
            throw new InvalidInputException(file, null, "cannot read: " + e.getMessage(), e);
        }
        Object root;
        try {
            root = ArcsimJson.parse(text);
        } catch (ArcsimJson.SyntaxError e) {
            throw new InvalidInputException(file, "line " + e.line(), "column " + e.column() + ": " + e.reason());
        }
        if (!(root instanceof Map<?, ?> obj)) {
            throw new InvalidInputException(file, "line 1", "expected a JSON object");
        }
        Material d = Material.defaults();
        double density = number(file, obj, "density", Double.NaN);
        if (!(density > 0)) {
            throw new InvalidInputException(file, "field density", "missing or not positive");
        }
        double[][] st = table(file, obj, "stretching", 4);
        double s = 0, sh = 0;
        for (double[] row : st) {
            s += 0.5 * (row[0] + row[2]);
            sh += row[3];
        }
        s = s / st.length * STRETCH_SCALE;
        sh = sh / st.length * STRETCH_SCALE;
        if (!(s > 0)) {
            throw new InvalidInputException(file, "field stretching", "mean stretch stiffness is not positive");
        }
        sh = Math.max(sh, 0.05 * s);
        double[][] bt = table(file, obj, "bending", 1);
        double b = 0;
        int nb = 0;
        for (double[] row : bt) {
            for (double x : row) {
                b += x;
                nb++;
            }
        }
        b /= nb;
        if (!(b > 0)) {
            throw new InvalidInputException(file, "field bending", "mean bending stiffness is not positive");
        }
        String name = file.getFileName().toString().replaceFirst("\\.json$", "");
        finite(file, "density", density);
        finite(file, "stretching", s);
        finite(file, "stretching", sh);
        finite(file, "bending", b);
        double damping = atLeastZero(file, "damping", number(file, obj, "damping", d.damping()));
        double friction = atLeastZero(file, "friction", number(file, obj, "friction", d.friction()));
        double thickness = number(file, obj, "thickness", d.thickness());
        if (!(thickness > 0) || Double.isInfinite(thickness)) {
            throw new InvalidInputException(file, "field thickness", "must be a positive number of metres, not "
                    + thickness);
        }
        double airDrag = atLeastZero(file, "air_drag", number(file, obj, "air_drag", d.airDrag()));
        return new Material(name, density, s, sh, b, damping, friction, thickness, airDrag);
    }

    private static void finite(Path file, String key, double v) {
        if (!Double.isFinite(v)) {
            throw new InvalidInputException(file, "field " + key, "value out of range (" + v + ")");
        }
    }

    private static double atLeastZero(Path file, String key, double v) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new InvalidInputException(file, "field " + key, "must be a finite number >= 0, not " + v);
        }
        return v;
    }

    private static double number(Path file, Map<?, ?> obj, String key, double def) {
        Object v = obj.get(key);
        if (v == null) {
            return def;
        }
        if (!(v instanceof Double x)) {
            throw new InvalidInputException(file, "field " + key, "expected a number");
        }
        return x;
    }

    private static double[][] table(Path file, Map<?, ?> obj, String key, int minCols) {
        Object v = obj.get(key);
        if (!(v instanceof List<?> rows) || rows.isEmpty()) {
            throw new InvalidInputException(file, "field " + key, "missing or not a non-empty array of arrays");
        }
        double[][] t = new double[rows.size()][];
        for (int i = 0; i < t.length; i++) {
            if (!(rows.get(i) instanceof List<?> row) || row.size() < minCols) {
                throw new InvalidInputException(file, "field " + key, "row " + i + " needs " + minCols + "+ numbers");
            }
            t[i] = new double[row.size()];
            for (int j = 0; j < row.size(); j++) {
                if (!(row.get(j) instanceof Double x)) {
                    throw new InvalidInputException(file, "field " + key, "row " + i + " holds a non-number");
                }
                t[i][j] = x;
            }
        }
        return t;
    }

}
