package org.clothgraph.measure;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.garment.BoundaryLoops;
import org.clothgraph.sim.garment.FeatureLoop;
import org.clothgraph.sim.garment.GarmentFeatures;

/**
 * Whether an arm is in a sleeve (issue 14, "arm into sleeve"), judged from the cloth's positions and the arm's bones
 * alone, apart from the dressing controller: the hand's end (the end of the hand's collision capsule) is past the plane
 * of the cuff loop on its outer side (away from the rest of the sleeve), and the midpoints of the upper arm (shoulder to
 * elbow) and of the forearm (elbow to wrist) are inside the sleeve's surface. Inside: the generalised winding number
 * of the sleeve's triangles closed at its two loops (the armhole, where it joins the body of the garment, and the cuff)
 * by a fan from each loop's centroid, at least one half in magnitude (1 inside a closed surface, 0 outside, whatever
 * way the sleeve is bent or crumpled; a flattened sleeve has nothing inside it).
 */
public final class SleeveCheck {
    private final int[] triangles;
    private final int[] armhole, cuff;
    private final int[] sleeveVertices;
    private final boolean armholeForward, cuffForward;

    /** One arm at one frame. */
    public record Result(double handPastCuffMm, double upperArmWinding, double forearmWinding) {
        public boolean handPast() {
            return handPastCuffMm > 0;
        }

        public boolean upperArmInside() {
            return Math.abs(upperArmWinding) >= 0.5;
        }

        public boolean forearmInside() {
            return Math.abs(forearmWinding) >= 0.5;
        }

        /** The arm is through the sleeve: all three. */
        public boolean inSleeve() {
            return handPast() && upperArmInside() && forearmInside();
        }
    }

    /**
     * @param triangles the sleeve's triangles (vertex triples of the garment mesh)
     * @param armhole the loop where the sleeve joins the garment, in order
     * @param cuff the sleeve's end, in order
     */
    public SleeveCheck(int[] triangles, int[] armhole, int[] cuff) {
        if (triangles.length == 0 || triangles.length % 3 != 0 || armhole.length < 3 || cuff.length < 3) {
            throw new IllegalArgumentException("a sleeve needs triangles and two loops of at least 3 vertices");
        }
        this.triangles = triangles.clone();
        this.armhole = armhole.clone();
        this.cuff = cuff.clone();
        Set<Long> directed = new HashSet<>();
        BitSet v = new BitSet();
        for (int i = 0; i < triangles.length; i += 3) {
            for (int k = 0; k < 3; k++) {
                directed.add(edge(triangles[i + k], triangles[i + (k + 1) % 3]));
                v.set(triangles[i + k]);
            }
        }
        sleeveVertices = v.stream().toArray();
        // each cap is wound against the sleeve's triangles along the loop, so the closed surface is consistently wound
        armholeForward = !directed.contains(edge(armhole[0], armhole[1]));
        cuffForward = !directed.contains(edge(cuff[0], cuff[1]));
    }

    /**
     * The sleeve of one side of a garment with groups {@code SIDE_sleeve} (the sleeve's vertices, armhole to cuff) and
     * {@code SIDE_armhole} (its armhole), as the open-front robe has; the cuff is the border loop inside the sleeve.
     */
    public static SleeveCheck of(ClothMesh mesh, String side) {
        int[] sleeve = mesh.vertexGroups().get(side + "_sleeve");
        int[] hole = mesh.vertexGroups().get(side + "_armhole");
        if (sleeve == null || hole == null) {
            throw new IllegalArgumentException("garment " + mesh.name() + " has no " + side + "_sleeve and " + side
                    + "_armhole vertex groups");
        }
        BitSet in = new BitSet();
        for (int x : sleeve) {
            in.set(x);
        }
        List<Integer> tris = new ArrayList<>();
        int[] t = mesh.triangles();
        for (int i = 0; i < t.length; i += 3) {
            if (in.get(t[i]) && in.get(t[i + 1]) && in.get(t[i + 2])) {
                tris.add(t[i]);
                tris.add(t[i + 1]);
                tris.add(t[i + 2]);
            }
        }
        int[] cuffLoop = null;
        for (int[] loop : BoundaryLoops.of(mesh)) {
            if (java.util.Arrays.stream(loop).allMatch(in::get)) {
                cuffLoop = loop;
            }
        }
        int[] armholeLoop = GarmentFeatures.seamLoop(mesh, hole);
        if (cuffLoop == null || armholeLoop == null) {
            throw new IllegalArgumentException("garment " + mesh.name() + ": the " + side + " sleeve has no cuff loop"
                    + " or its armhole group is not one loop");
        }
        return new SleeveCheck(tris.stream().mapToInt(Integer::intValue).toArray(), armholeLoop, cuffLoop);
    }

    /**
     * @param x the cloth's positions
     * @param shoulder the arm's joints and the end of its hand (x, y, z each)
     */
    public Result check(float[] x, double[] shoulder, double[] elbow, double[] wrist, double[] handEnd) {
        double[] upper = mid(shoulder, elbow), fore = mid(elbow, wrist);
        FeatureLoop cuffLoop = FeatureLoop.of("cuff", cuff, x);
        double[] cc = cuffLoop.centre(), ac = centroid(x, armhole), sc = centroid(x, sleeveVertices);
        double[] n = cuffLoop.normal();
        // the cuff's outer side: away from the rest of the sleeve
        double out = dot(n, sub(cc, sc));
        if (out < 0) {
            n = scale(n, -1);
        }
        double past = dot(n, sub(handEnd, cc));
        return new Result(past * 1000, winding(x, upper, ac, cc), winding(x, fore, ac, cc));
    }

    /** The generalised winding number of the closed sleeve at point p. */
    double winding(float[] x, double[] p, double[] ac, double[] cc) {
        double w = 0;
        for (int i = 0; i < triangles.length; i += 3) {
            w += solidAngle(p, at(x, triangles[i]), at(x, triangles[i + 1]), at(x, triangles[i + 2]));
        }
        w += cap(x, p, armhole, ac, armholeForward);
        w += cap(x, p, cuff, cc, cuffForward);
        return w / (4 * Math.PI);
    }

    private static double cap(float[] x, double[] p, int[] loop, double[] c, boolean forward) {
        double w = 0;
        for (int j = 0; j < loop.length; j++) {
            double[] a = at(x, loop[j]), b = at(x, loop[(j + 1) % loop.length]);
            w += forward ? solidAngle(p, a, b, c) : solidAngle(p, b, a, c);
        }
        return w;
    }

    /** The signed solid angle of triangle abc seen from p (Van Oosterom and Strackee). */
    static double solidAngle(double[] p, double[] a, double[] b, double[] c) {
        double[] u = sub(a, p), v = sub(b, p), w = sub(c, p);
        double lu = len(u), lv = len(v), lw = len(w);
        double num = dot(u, cross(v, w));
        double den = lu * lv * lw + dot(u, v) * lw + dot(u, w) * lv + dot(v, w) * lu;
        return 2 * Math.atan2(num, den);
    }

    private static long edge(int a, int b) {
        return ((long) a << 32) | (b & 0xffffffffL);
    }

    private static double[] at(float[] x, int v) {
        return new double[] { x[3 * v], x[3 * v + 1], x[3 * v + 2] };
    }

    private static double[] centroid(float[] x, int[] vs) {
        double[] c = new double[3];
        for (int v : vs) {
            for (int k = 0; k < 3; k++) {
                c[k] += x[3 * v + k] / vs.length;
            }
        }
        return c;
    }

    private static double[] mid(double[] a, double[] b) {
        return new double[] { (a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2 };
    }

    private static double[] sub(double[] a, double[] b) {
        return new double[] { a[0] - b[0], a[1] - b[1], a[2] - b[2] };
    }

    private static double[] scale(double[] a, double s) {
        return new double[] { a[0] * s, a[1] * s, a[2] * s };
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[] { a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0] };
    }

    private static double len(double[] a) {
        return Math.sqrt(dot(a, a));
    }
}
