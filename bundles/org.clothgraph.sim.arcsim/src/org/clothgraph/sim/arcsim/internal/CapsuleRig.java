package org.clothgraph.sim.arcsim.internal;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.Capsule;

/**
 * Turns a capsule body into ARCSim rigid obstacles: one closed capsule mesh per capsule in its local frame
 * (axis along local +Z, centred on the segment midpoint, end a at z = -L/2), and per .mot frame the capsule's
 * world position (segment midpoint) and orientation (quaternion w x y z) in ARCSim coordinates (Z up:
 * ClothGraph (x, y, z) -> ARCSim (x, -z, y)). Length and radii are taken from a reference pose (capsules of a
 * skeleton are rigid). The orientation's swing is measured from the capsule direction at the motion's own
 * start, so the twist about the axis does not depend on where a run's .mot begins; it falls back to parallel
 * transport from the previous frame when the capsule turns more than 120 degrees away from that direction.
 */
public final class CapsuleRig {

    private CapsuleRig() {
    }

    /** Y-up to ARCSim Z-up. */
    public static double[] toZUp(double x, double y, double z) {
        return new double[] {x, -z, y};
    }

    /** Z-up to Y-up. */
    public static double[] toYUp(double x, double y, double z) {
        return new double[] {x, z, -y};
    }

    /**
     * Samples {@code motion} at {@code count} body times {@code t0 + j * dt} into a .mot (ARCSim frame j at
     * time j * dt).
     */
    public static MotFile motion(BodyMotion motion, double t0, double dt, int count) {
        Body ref = motion.poseAt(Double.isFinite(motion.startTime()) ? motion.startTime() : 0);
        int n = ref.size();
        double[][] refDir = new double[n][];
        double[][] refQ = new double[n][];
        for (int i = 0; i < n; i++) {
            refDir[i] = dirZUp(ref.capsule(i));
            refQ[i] = refDir[i] == null ? new double[] {1, 0, 0, 0} : arc(new double[] {0, 0, 1}, refDir[i]);
            if (refDir[i] == null) {
                refDir[i] = new double[] {0, 0, 1};
            }
        }
        double[][] pos = new double[n][3 * count];
        double[][] rot = new double[n][4 * count];
        double[][] prevQ = new double[n][];
        double[][] prevD = new double[n][];
        for (int j = 0; j < count; j++) {
            Body b = motion.poseAt(t0 + j * dt);
            if (b.size() != n) {
                throw new IllegalArgumentException("body motion changed its capsule count");
            }
            for (int i = 0; i < n; i++) {
                Capsule c = b.capsule(i);
                double[] m = toZUp(0.5 * ((double) c.ax() + c.bx()), 0.5 * ((double) c.ay() + c.by()),
                        0.5 * ((double) c.az() + c.bz()));
                System.arraycopy(m, 0, pos[i], 3 * j, 3);
                double[] d = dirZUp(c);
                double[] q;
                if (d == null) {
                    q = prevQ[i] != null ? prevQ[i] : refQ[i];
                    d = prevD[i] != null ? prevD[i] : refDir[i];
                } else if (dot(d, refDir[i]) > -0.5 || prevQ[i] == null) {
                    q = mul(arc(refDir[i], d), refQ[i]);
                } else {
                    q = mul(arc(prevD[i], d), prevQ[i]);
                }
                q = normalize(q);
                if (prevQ[i] != null && dot4(q, prevQ[i]) < 0) {
                    for (int k = 0; k < 4; k++) {
                        q[k] = -q[k];
                    }
                }
                prevQ[i] = q;
                prevD[i] = d;
                System.arraycopy(q, 0, rot[i], 4 * j, 4);
            }
        }
        List<MotFile.Part> parts = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            parts.add(new MotFile.Part(pos[i], rot[i]));
        }
        return new MotFile(count, parts);
    }

    /** Writes one closed capsule OBJ per capsule of {@code pose}: {@code String.format(pattern, i)}. */
    public static void writeMeshes(Body pose, Path dir, String pattern, int segments) {
        for (int i = 0; i < pose.size(); i++) {
            Capsule c = pose.capsule(i);
            double dx = c.bx() - c.ax(), dy = c.by() - c.ay(), dz = c.bz() - c.az();
            double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
            writeCapsuleObj(dir.resolve(String.format(pattern, i)), len, c.ra(), c.rb(), segments);
        }
    }

    /**
     * A closed, outward-wound capsule along local Z from z = -len/2 (radius ra) to +len/2 (radius rb); ring
     * radii are enlarged by 1/cos(pi/segments) so the polygon circumscribes the true circle.
     */
    public static void writeCapsuleObj(Path file, double len, double ra, double rb, int segments) {
        int n = Math.max(8, segments);
        int m = Math.max(2, n / 4);
        double grow = 1 / Math.cos(Math.PI / n);
        ra = Math.max(ra, 1e-4) * grow;
        rb = Math.max(rb, 1e-4) * grow;
        List<double[]> v = new ArrayList<>();
        v.add(new double[] {0, 0, -len / 2 - ra});
        List<double[]> rings = new ArrayList<>(); // {z, r}
        for (int k = 1; k <= m; k++) {
            double phi = k * Math.PI / 2 / m;
            rings.add(new double[] {-len / 2 - ra * Math.cos(phi), ra * Math.sin(phi)});
        }
        for (int k = m; k >= 1; k--) {
            double phi = k * Math.PI / 2 / m;
            rings.add(new double[] {len / 2 + rb * Math.cos(phi), rb * Math.sin(phi)});
        }
        for (double[] ring : rings) {
            for (int j = 0; j < n; j++) {
                double th = 2 * Math.PI * j / n;
                v.add(new double[] {ring[1] * Math.cos(th), ring[1] * Math.sin(th), ring[0]});
            }
        }
        int top = v.size();
        v.add(new double[] {0, 0, len / 2 + rb});
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            w.write("# ClothGraph capsule part, local frame (axis +Z), metres\n");
            for (double[] p : v) {
                w.write("v " + MotFile.num(p[0]) + " " + MotFile.num(p[1]) + " " + MotFile.num(p[2]) + "\n");
            }
            int rc = rings.size();
            for (int j = 0; j < n; j++) { // bottom fan: 1-based indices
                w.write("f 1 " + (2 + (j + 1) % n) + " " + (2 + j) + "\n");
            }
            for (int r = 0; r + 1 < rc; r++) {
                int lo = 2 + r * n, hi = 2 + (r + 1) * n;
                for (int j = 0; j < n; j++) {
                    int j1 = (j + 1) % n;
                    w.write("f " + (lo + j) + " " + (lo + j1) + " " + (hi + j1) + "\n");
                    w.write("f " + (lo + j) + " " + (hi + j1) + " " + (hi + j) + "\n");
                }
            }
            int last = 2 + (rc - 1) * n;
            for (int j = 0; j < n; j++) {
                w.write("f " + (last + j) + " " + (last + (j + 1) % n) + " " + (top + 1) + "\n");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Rotates local point p (Z-up part frame) by quaternion q (w x y z) and adds t. */
    public static double[] apply(double[] q, double[] t, double[] p) {
        double w = q[0], x = q[1], y = q[2], z = q[3];
        // v' = v + 2w (u x v) + 2 u x (u x v)
        double cx = y * p[2] - z * p[1], cy = z * p[0] - x * p[2], cz = x * p[1] - y * p[0];
        double ccx = y * cz - z * cy, ccy = z * cx - x * cz, ccz = x * cy - y * cx;
        return new double[] {p[0] + 2 * (w * cx + ccx) + t[0], p[1] + 2 * (w * cy + ccy) + t[1],
                p[2] + 2 * (w * cz + ccz) + t[2]};
    }

    private static double[] dirZUp(Capsule c) {
        double[] d = toZUp((double) c.bx() - c.ax(), (double) c.by() - c.ay(), (double) c.bz() - c.az());
        double l = Math.sqrt(dot(d, d));
        if (!(l > 1e-9)) {
            return null;
        }
        return new double[] {d[0] / l, d[1] / l, d[2] / l};
    }

    /** Shortest-arc rotation taking unit vector a to unit vector b. */
    static double[] arc(double[] a, double[] b) {
        double c = dot(a, b);
        if (c < -1 + 1e-12) { // opposite: 180 degrees about any axis perpendicular to a
            double[] axis = Math.abs(a[0]) < 0.9 ? cross(a, new double[] {1, 0, 0}) : cross(a, new double[] {0, 1, 0});
            double l = Math.sqrt(dot(axis, axis));
            return new double[] {0, axis[0] / l, axis[1] / l, axis[2] / l};
        }
        double[] x = cross(a, b);
        return normalize(new double[] {1 + c, x[0], x[1], x[2]});
    }

    static double[] mul(double[] p, double[] q) {
        return new double[] {p[0] * q[0] - p[1] * q[1] - p[2] * q[2] - p[3] * q[3],
                p[0] * q[1] + p[1] * q[0] + p[2] * q[3] - p[3] * q[2],
                p[0] * q[2] - p[1] * q[3] + p[2] * q[0] + p[3] * q[1],
                p[0] * q[3] + p[1] * q[2] - p[2] * q[1] + p[3] * q[0]};
    }

    static double[] normalize(double[] q) {
        double l = Math.sqrt(dot4(q, q));
        return new double[] {q[0] / l, q[1] / l, q[2] / l, q[3] / l};
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    private static double dot4(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }
}
