package org.clothgraph.cloth;

import java.util.List;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.sim.garment.FeatureLoop;

import com.google.gson.Gson;
import com.google.gson.JsonParseException;

/**
 * How an imported garment was put on the character, stored with it (setting scope {@value #SCOPE}, key = the
 * garment's name): the file's unit and up axis (detected or given), the automatic fit ({@link GarmentFit}: the
 * translation that puts the sleeve openings on the arms, or the neck or waist opening at its joint, and the arm angle
 * the garment was modelled in, re-posed to the fitting pose), the user's adjustment on top of it, the unjoined seams
 * found and welded, and the garment's feature loops on the placed mesh, which dressing steers into.
 */
public record GarmentPlacement(String unit, double metresPerUnit, String up, String upReason, double[] fitOffset,
        double sleeveDownDegrees, boolean reposed, String anchor, Adjustment adjustment, Seams seams,
        int insideAtRest, List<Feature> features) {

    /** The settings scope placements are kept in. */
    public static final String SCOPE = "garment-placement";
    private static final Gson GSON = new Gson();

    /**
     * The user's change to the fitted placement (Cloth Preview, {@code garment place}): x' = pivot + offset +
     * R_y(yaw) scale (x - pivot), about the fitted garment's bounding-box centre.
     */
    public record Adjustment(double[] pivot, double[] offset, double scale, double yawDegrees) {
        public static Adjustment none(double[] pivot) {
            return new Adjustment(pivot.clone(), new double[3], 1, 0);
        }

        public Adjustment with(double[] newOffset, double newScale, double newYawDegrees) {
            if (!(newScale > 0.05 && newScale < 20) || !Double.isFinite(newYawDegrees)
                    || newOffset.length != 3 || !Double.isFinite(newOffset[0] + newOffset[1] + newOffset[2])) {
                throw new InvalidInputException("garment placement", "adjustment",
                        "scale must be between 0.05 and 20 and offset and yaw finite");
            }
            return new Adjustment(pivot.clone(), newOffset.clone(), newScale, newYawDegrees);
        }

        /** Applies the adjustment to positions in place. */
        public void apply(float[] x) {
            double a = Math.toRadians(yawDegrees), c = Math.cos(a), s = Math.sin(a);
            for (int i = 0; i < x.length; i += 3) {
                double dx = scale * (x[i] - pivot[0]), dy = scale * (x[i + 1] - pivot[1]), dz = scale * (x[i + 2] - pivot[2]);
                x[i] = (float) (pivot[0] + offset[0] + c * dx + s * dz);
                x[i + 1] = (float) (pivot[1] + offset[1] + dy);
                x[i + 2] = (float) (pivot[2] + offset[2] - s * dx + c * dz);
            }
        }

        /** Undoes the adjustment on positions in place. */
        public void invert(float[] x) {
            double a = Math.toRadians(yawDegrees), c = Math.cos(a), s = Math.sin(a);
            for (int i = 0; i < x.length; i += 3) {
                double dx = x[i] - pivot[0] - offset[0], dy = x[i + 1] - pivot[1] - offset[1],
                        dz = x[i + 2] - pivot[2] - offset[2];
                x[i] = (float) (pivot[0] + (c * dx - s * dz) / scale);
                x[i + 1] = (float) (pivot[1] + dy / scale);
                x[i + 2] = (float) (pivot[2] + (s * dx + c * dz) / scale);
            }
        }

        public boolean isIdentity() {
            return scale == 1 && yawDegrees == 0 && offset[0] == 0 && offset[1] == 0 && offset[2] == 0;
        }
    }

    /**
     * Unjoined seams of the file's panels: the tolerance (mm), panels, vertices on a seam, and how many vertices
     * welding removed (0 when not welded).
     */
    public record Seams(double toleranceMm, int panels, int seamVertices, int weldable, int welded) {
    }

    /** A feature loop as stored: name, ordered vertices, and its shape on the placed mesh. */
    public record Feature(String name, int[] vertices, double[] centre, double[] normal, double perimeter, double radius) {
        static Feature of(FeatureLoop f) {
            return new Feature(f.name(), f.vertices(), f.centre(), f.normal(), f.perimeter(), f.radius());
        }
    }

    public GarmentPlacement withAdjustment(Adjustment a, List<Feature> newFeatures, int inside) {
        return new GarmentPlacement(unit, metresPerUnit, up, upReason, fitOffset, sleeveDownDegrees, reposed, anchor, a,
                seams, inside, newFeatures);
    }

    public String toJson() {
        return GSON.toJson(this);
    }

    public static GarmentPlacement fromJson(String where, String json) {
        try {
            GarmentPlacement p = GSON.fromJson(json, GarmentPlacement.class);
            if (p == null || p.adjustment() == null || p.adjustment().pivot() == null || p.features() == null) {
                throw new InvalidInputException(where, "placement", "incomplete placement record");
            }
            return p;
        } catch (JsonParseException e) {
            throw new InvalidInputException(where, "placement", "unreadable placement: " + e.getMessage());
        }
    }
}
