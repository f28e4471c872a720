package org.clothgraph.cloth;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.Capsule;
import org.clothgraph.sim.garment.BoundaryLoops;
import org.clothgraph.sim.garment.FeatureLoop;
import org.clothgraph.sim.garment.GarmentFeatures;

/**
 * Puts an imported garment on the character: the file's unit (metres, centimetres or millimetres: the one that makes
 * the garment's size closest to the character's height) and up axis (Y or Z: the axis the garment's openings face
 * along, weighted by their perimeters; else the taller of the two), then an automatic fit of its feature loops to
 * the character's rest pose:
 * <ol>
 * <li>the garment is centred on the body's midline;</li>
 * <li>with two sleeve openings (loops facing sideways, one on each side), the arm angle the garment was modelled in
 * is read from their planes, and the garment is moved so that the sleeve openings' centres lie on the arms' axes of
 * the character posed with its arms at that angle;</li>
 * <li>without sleeves, the top opening's centre is put at the neck (a narrow opening) or the waist (a wide one), in
 * front-to-back at the torso;</li>
 * <li>a garment modelled with its arms at another angle than the fitting pose's ({@link FittingPose}) is re-posed: each
 * vertex follows the body parts nearest to it (a smooth blend over the capsules within a few centimetres) from the
 * modelling pose to the fitting pose, so sleeves stay around the arms.</li>
 * </ol>
 * The loops are found on the seams-welded mesh, so a garment of separate panels is fitted by its openings, not its
 * panel outlines. Every step is a function of the position alone, applied to every vertex of the mesh as it will be
 * stored.
 */
public final class GarmentFit {
    /** A loop whose normal is at least this sideways is a sleeve opening candidate. */
    private static final double SIDEWAYS = 0.4;
    /** Sleeve openings lie at least this far (m) from the garment's middle. */
    private static final double SLEEVE_REACH = 0.12;
    /** A top opening wider than this radius (m) is a waist, else a neck. */
    private static final double WAIST_RADIUS = 0.12;
    /** The gap (m) between the top of the arm and the top of its sleeve's opening. */
    static final double SLEEVE_EASE = 0.02;
    /** The largest lift off the body after the fit (m), and its step. */
    static final double MAX_LIFT = 0.15, LIFT_STEP = 0.005;
    /** The re-posing blend's falloff (m) over the capsules' distances. */
    private static final double BLEND = 0.03;

    /**
     * Import choices: unit ("auto", "m", "cm", "mm", "in"), up axis ("auto", "y", "z"), whether to fit, and the arm
     * angle the garment was modelled in (degrees below horizontal; NaN: read from its sleeves).
     */
    public record Options(String unit, String up, boolean fit, double armsDown) {
        public static final Options AUTO = new Options("auto", "auto", true, Double.NaN);
    }

    /** The placed mesh and how it was placed (without adjustment, seams or features yet). */
    public record Result(ClothMesh mesh, String unit, double metresPerUnit, String up, String upReason, double[] offset,
            double sleeveDownDegrees, boolean reposed, String anchor) {
    }

    /** A file's length unit: its name and metres per unit. */
    public record Unit(String name, double metresPerUnit) {
    }

    private GarmentFit() {
    }

    /**
     * The file's unit: the given one, or ("auto") metres, centimetres or millimetres, whichever makes the garment's
     * largest extent closest to the character's height (inches only when given: they lie too close to centimetres).
     */
    public static Unit unit(ClothMesh mesh, Skeleton skeleton, String option) {
        double[] ext = extent(mesh.restPositions());
        double size = Math.max(ext[0], Math.max(ext[1], ext[2]));
        if (!(size > 0)) {
            throw new InvalidInputException("garment import", "v lines", "the garment has no extent");
        }
        return switch (option) {
            case "m", "cm", "mm", "in" -> new Unit(option, factor(option));
            case "auto" -> {
                String best = "m";
                double bestScore = Double.MAX_VALUE;
                for (String u : new String[] { "m", "cm", "mm" }) {
                    double s = Math.abs(Math.log(size * factor(u) / skeleton.restHeight()));
                    if (s < bestScore) {
                        bestScore = s;
                        best = u;
                    }
                }
                yield new Unit(best, factor(best));
            }
            default -> throw new InvalidInputException("garment import", "--unit", "must be auto, m, cm, mm or in (got '"
                    + option + "')");
        };
    }

    /**
     * Fits {@code mesh} (positions in the file's units and axes, read as Y up) to the character; {@code analysis} is the
     * same garment with its seams welded (or the mesh itself), whose loops are read.
     */
    public static Result fit(ClothMesh mesh, ClothMesh analysis, Skeleton skeleton, Options options) {
        float[] a = analysis.restPositions().clone();
        List<FeatureLoop> rawLoops = loops(analysis, a);
        // up axis
        String up;
        String upReason;
        switch (options.up()) {
            case "y" -> {
                up = "y";
                upReason = "given";
            }
            case "z" -> {
                up = "z";
                upReason = "given";
            }
            case "auto" -> {
                double sy = 0, sz = 0;
                for (FeatureLoop f : rawLoops) {
                    sy += f.perimeter() * Math.abs(f.normal()[1]);
                    sz += f.perimeter() * Math.abs(f.normal()[2]);
                }
                if (Math.abs(sy - sz) > 0.2 * (sy + sz) && sy + sz > 0) {
                    up = sy >= sz ? "y" : "z";
                    upReason = String.format(Locale.ROOT, "openings face along %s (%.0f%% of their perimeter-weighted"
                            + " normals)", up, 100 * Math.max(sy, sz) / (sy + sz));
                } else {
                    double[] e = extent(a);
                    up = e[1] >= e[2] ? "y" : "z";
                    upReason = "the taller of y and z";
                }
            }
            default -> throw new InvalidInputException("garment import", "--up", "must be auto, y or z (got '"
                    + options.up() + "')");
        }
        // unit
        Unit u = unit(mesh, skeleton, options.unit());
        String unit = u.name();
        double metres = u.metresPerUnit();
        toMetresYUp(a, metres, up);
        double garmentHeight = extent(a)[1];
        List<FeatureLoop> loops = loops(analysis, a);

        // the fit in the modelling pose: sleeves on the arms, or the top opening at the neck or waist
        CharacterBody body = CharacterBody.of(skeleton);
        double[] box = centre(a);
        FeatureLoop left = null, right = null;
        for (FeatureLoop f : loops) {
            double dx = f.centre()[0] - box[0];
            if (Math.abs(f.normal()[0]) < SIDEWAYS || Math.abs(dx) < SLEEVE_REACH) {
                continue;
            }
            if (dx > 0 && (left == null || dx > left.centre()[0] - box[0])) {
                left = f; // the character's left is +x (it faces +z)
            } else if (dx < 0 && (right == null || dx < right.centre()[0] - box[0])) {
                right = f;
            }
        }
        Motion restMotion = FittingPose.armsDown(skeleton, 30, 0);
        Vec3[] rest = restMotion.worldPositions(0);
        double midline = joint(skeleton, rest, "Neck").x();
        double[] t = new double[3];
        t[0] = midline - box[0];
        double down = FittingPose.ARM_DOWN_DEGREES;
        String anchor;
        Motion modelling;
        if (left != null && right != null) {
            down = !Double.isNaN(options.armsDown()) ? options.armsDown()
                    : Math.max(0, Math.min(80, (sleeveAngle(a, box[0], left, +1) + sleeveAngle(a, box[0], right, -1)) / 2));
            modelling = FittingPose.armsDown(skeleton, 30, down);
            Vec3[] p = modelling.worldPositions(0);
            Body posed = body.pose(modelling, 0);
            double[] dl = onArm(skeleton, p, posed, "Left", left, a, t[0]);
            double[] dr = onArm(skeleton, p, posed, "Right", right, a, t[0]);
            t[1] = (dl[1] + dr[1]) / 2;
            t[2] = (dl[2] + dr[2]) / 2;
            anchor = String.format(Locale.ROOT, "sleeve openings hung on the arms (modelled %.0f degrees below horizontal, %s)",
                    down, Double.isNaN(options.armsDown()) ? "read from the sleeves" : "given");
        } else {
            modelling = FittingPose.aPose(skeleton, 30);
            FeatureLoop top = null;
            for (FeatureLoop f : loops) {
                if (Math.abs(f.normal()[1]) >= 0.5 && (top == null || f.centre()[1] > top.centre()[1])) {
                    top = f;
                }
            }
            Vec3 torso = joint(skeleton, rest, "Spine2");
            t[2] = torso.z() - mean(a, 2);
            if (top != null) {
                boolean waist = top.radius() > WAIST_RADIUS;
                Vec3 target = joint(skeleton, rest, waist ? "Spine" : "Neck");
                t[1] = target.y() - top.centre()[1];
                anchor = waist ? "top opening at the waist" : "top opening at the neck";
            } else {
                t[1] = joint(skeleton, rest, "Neck").y() - box[1] - garmentHeight / 2;
                anchor = "top at the neck (no openings found)";
            }
        }
        if (!options.fit()) {
            t = new double[3];
            down = FittingPose.ARM_DOWN_DEGREES;
            anchor = "none: the file's position (--no-fit)";
        }
        boolean repose = Math.abs(down - FittingPose.ARM_DOWN_DEGREES) > 1;
        Body from = body.pose(modelling, 0);
        Body to = body.bindPose();
        float[] x = mesh.restPositions().clone();
        toMetresYUp(x, metres, up);
        for (int i = 0; i < x.length; i += 3) {
            x[i] += (float) t[0];
            x[i + 1] += (float) t[1];
            x[i + 2] += (float) t[2];
        }
        if (repose) {
            repose(x, from, to);
        }
        double lift = options.fit() ? lift(x, to) : 0;
        t[1] += lift;
        if (lift > 0) {
            anchor += String.format(Locale.ROOT, ", lifted %.0f mm to rest on the body", 1000 * lift);
        }
        ClothMesh placed = new ClothMesh(mesh.name(), x, mesh.materialCoords(), mesh.triangles(), mesh.vertexGroups());
        return new Result(placed, unit, metres, up, upReason, t, down, repose, anchor);
    }

    /**
     * Lifts the placed garment (in place) by the smallest amount, in 5 mm steps up to {@link #MAX_LIFT}, that leaves the
     * fewest of its vertices inside the rest body's capsules: a garment hangs from the shoulders, and a drape would push
     * it up off them. Returns the lift (m).
     */
    static double lift(float[] x, Body rest) {
        int steps = (int) Math.round(MAX_LIFT / LIFT_STEP);
        int best = Integer.MAX_VALUE;
        int bestStep = 0;
        for (int k = 0; k <= steps && best > 0; k++) {
            int inside = 0;
            for (int i = 0; i < x.length; i += 3) {
                if (rest.signedDistance(x[i], x[i + 1] + k * LIFT_STEP, x[i + 2]) < 0) {
                    inside++;
                }
            }
            if (inside < best) {
                best = inside;
                bestStep = k;
            }
        }
        double lift = bestStep * LIFT_STEP;
        for (int i = 1; i < x.length; i += 3) {
            x[i] += (float) lift;
        }
        return lift;
    }

    /** The feature loops of a placed mesh against the character's rest body, for storing with the garment. */
    public static List<GarmentPlacement.Feature> features(ClothMesh placed, Body rest) {
        List<GarmentPlacement.Feature> out = new ArrayList<>();
        for (FeatureLoop f : GarmentFeatures.of(placed, rest)) {
            out.add(GarmentPlacement.Feature.of(f));
        }
        return out;
    }

    /** Vertices of the placed mesh inside the rest body's capsules. */
    public static int insideAtRest(ClothMesh placed, Body rest) {
        float[] x = placed.restPositions();
        int inside = 0;
        for (int i = 0; i < x.length; i += 3) {
            if (rest.signedDistance(x[i], x[i + 1], x[i + 2]) < 0) {
                inside++;
            }
        }
        return inside;
    }

    private static List<FeatureLoop> loops(ClothMesh mesh, float[] x) {
        List<FeatureLoop> out = new ArrayList<>();
        for (int[] loop : BoundaryLoops.of(mesh)) {
            out.add(FeatureLoop.of("", loop, x));
        }
        return out;
    }

    /**
     * Degrees below horizontal of a sleeve: the slope of its upper contour (the highest vertex in each of six slices
     * across the outer 60 % of the way from the garment's middle to the opening, fitted by least squares), which
     * follows the top of the arm in any sleeve; neither the opening's plane (bell and cut sleeves end slanted) nor the
     * sleeve's vertices as a whole (a wide sleeve hangs, a robe flares below it) say which way the arm went.
     */
    static double sleeveAngle(float[] x, double middle, FeatureLoop opening, int side) {
        double reach = (opening.centre()[0] - middle) * side;
        double lo = 0.4 * reach;
        int slices = 6;
        double[] topY = new double[slices], topX = new double[slices];
        java.util.Arrays.fill(topY, -Double.MAX_VALUE);
        for (int i = 0; i < x.length; i += 3) {
            double d = (x[i] - middle) * side;
            int k = (int) Math.floor((d - lo) / (reach - lo) * slices);
            if (k >= 0 && k < slices && x[i + 1] > topY[k]) {
                topY[k] = x[i + 1];
                topX[k] = d;
            }
        }
        double sx = 0, sy = 0;
        int n = 0;
        for (int k = 0; k < slices; k++) {
            if (topY[k] > -Double.MAX_VALUE) {
                sx += topX[k];
                sy += topY[k];
                n++;
            }
        }
        if (n < 2) {
            return FittingPose.ARM_DOWN_DEGREES;
        }
        double mx = sx / n, my = sy / n, sxx = 0, sxy = 0;
        for (int k = 0; k < slices; k++) {
            if (topY[k] > -Double.MAX_VALUE) {
                sxx += (topX[k] - mx) * (topX[k] - mx);
                sxy += (topX[k] - mx) * (topY[k] - my);
            }
        }
        return sxx > 0 ? Math.toDegrees(Math.atan(-sxy / sxx)) : FittingPose.ARM_DOWN_DEGREES;
    }

    /**
     * The (y, z) shift that hangs a sleeve opening on the arm: at the opening's distance from the midline (x shifted by
     * {@code dx}), its highest point {@link #SLEEVE_EASE} above the top of the arm (the axis from the shoulder through
     * the hand, plus the forearm's radius), its centre in front-to-back on the axis. A sleeve rests on the arm; a wide
     * or bell sleeve's opening hangs below it.
     */
    private static double[] onArm(Skeleton s, Vec3[] p, Body posed, String side, FeatureLoop opening, float[] x,
            double dx) {
        Vec3 shoulder = joint(s, p, side + "Arm");
        Vec3 hand = joint(s, p, side + "Hand");
        Vec3 d = hand.sub(shoulder);
        double[] c = opening.centre();
        double lambda = Math.abs(d.x()) < 1e-6 ? 0 : (c[0] + dx - shoulder.x()) / d.x();
        Vec3 q = shoulder.add(d.scale(lambda));
        double top = -Double.MAX_VALUE;
        for (int v : opening.vertices()) {
            top = Math.max(top, x[3 * v + 1]);
        }
        Capsule forearm = posed.find("forearm_" + (side.equals("Left") ? "l" : "r"));
        double radius = forearm == null ? 0.04 : Math.max(forearm.ra(), forearm.rb());
        return new double[] { 0, q.y() + radius + SLEEVE_EASE - top, q.z() - c[2] };
    }

    private static Vec3 joint(Skeleton s, Vec3[] p, String name) {
        int j = s.indexOf(name);
        if (j < 0) {
            throw new InvalidInputException("character", "skeleton", "no joint " + name + " to fit a garment to");
        }
        return p[j];
    }

    /**
     * Moves each vertex with the body parts nearest to it from pose {@code from} to pose {@code to}: each capsule's
     * rigid motion (its start point's move and the rotation between its axes), blended with weights falling off
     * exponentially with the vertex's distance to the capsule beyond the nearest one.
     */
    static void repose(float[] x, Body from, Body to) {
        int n = from.size();
        Vec3[] a0 = new Vec3[n], a1 = new Vec3[n];
        Quat[] r = new Quat[n];
        for (int i = 0; i < n; i++) {
            Capsule c0 = from.capsule(i), c1 = to.capsule(i);
            a0[i] = new Vec3(c0.ax(), c0.ay(), c0.az());
            a1[i] = new Vec3(c1.ax(), c1.ay(), c1.az());
            Vec3 d0 = new Vec3(c0.bx() - c0.ax(), c0.by() - c0.ay(), c0.bz() - c0.az());
            Vec3 d1 = new Vec3(c1.bx() - c1.ax(), c1.by() - c1.ay(), c1.bz() - c1.az());
            r[i] = d0.length() < 1e-9 || d1.length() < 1e-9 ? Quat.IDENTITY : Quat.between(d0.normalized(), d1.normalized());
        }
        double[] d = new double[n];
        for (int v = 0; v < x.length; v += 3) {
            double min = Double.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                d[i] = from.capsule(i).signedDistance(x[v], x[v + 1], x[v + 2]);
                min = Math.min(min, d[i]);
            }
            Vec3 p = new Vec3(x[v], x[v + 1], x[v + 2]);
            Vec3 sum = Vec3.ZERO;
            double wsum = 0;
            for (int i = 0; i < n; i++) {
                double w = Math.exp(-(d[i] - min) / BLEND);
                if (w < 1e-4) {
                    continue;
                }
                sum = sum.add(a1[i].add(r[i].rotate(p.sub(a0[i]))).scale(w));
                wsum += w;
            }
            Vec3 q = sum.scale(1 / wsum);
            x[v] = (float) q.x();
            x[v + 1] = (float) q.y();
            x[v + 2] = (float) q.z();
        }
    }

    private static double factor(String unit) {
        return switch (unit) {
            case "cm" -> 0.01;
            case "mm" -> 0.001;
            case "in" -> 0.0254;
            default -> 1;
        };
    }

    /** Scales to metres and turns a Z-up file Y up: (x, y, z) -> (x, z, -y). */
    static void toMetresYUp(float[] x, double metres, String up) {
        for (int i = 0; i < x.length; i += 3) {
            double px = x[i] * metres, py = x[i + 1] * metres, pz = x[i + 2] * metres;
            x[i] = (float) px;
            x[i + 1] = (float) (up.equals("z") ? pz : py);
            x[i + 2] = (float) (up.equals("z") ? -py : pz);
        }
    }

    private static double[] extent(float[] x) {
        double[] b = bounds(x);
        return new double[] { b[3] - b[0], b[4] - b[1], b[5] - b[2] };
    }

    /** The bounding box's centre. */
    static double[] centre(float[] x) {
        double[] b = bounds(x);
        return new double[] { (b[0] + b[3]) / 2, (b[1] + b[4]) / 2, (b[2] + b[5]) / 2 };
    }

    /** The bounding box: lowest x, y, z, then highest x, y, z. */
    private static double[] bounds(float[] x) {
        double[] b = { Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE,
                -Double.MAX_VALUE };
        for (int i = 0; i < x.length; i += 3) {
            for (int k = 0; k < 3; k++) {
                b[k] = Math.min(b[k], x[i + k]);
                b[k + 3] = Math.max(b[k + 3], x[i + k]);
            }
        }
        return b;
    }

    private static double mean(float[] x, int axis) {
        double s = 0;
        for (int i = axis; i < x.length; i += 3) {
            s += x[i];
        }
        return s / (x.length / 3);
    }
}
