package org.clothgraph.sim.arcsim;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.BodySurface;
import org.clothgraph.sim.body.Capsule;

/**
 * A character made of rigid part meshes, each moved by its own sampled transform, as ARCSim moves its
 * obstacles ({@code x = translation + scale * rotation(x_rest)}; Y up here). Between samples the transforms are
 * interpolated (translation and scale linearly, rotation by slerp); outside the sampled span they are held.
 * <p>
 * {@link #surface()} is the union of the part meshes. {@link #poseAt(double)} gives one capsule per part that
 * encloses it (principal axis, radius = largest vertex distance from the segment): a conservative broad phase,
 * never inside the surface, named {@code part00}, {@code part01}, ...; or, {@link #inscribed()}, one inside it.
 */
public final class RigidPartsMotion implements BodyMotion {

    /** A rigid transform sample: unit quaternion (w, x, y, z), translation, uniform scale. */
    public record Pose(double qw, double qx, double qy, double qz, double tx, double ty, double tz, double scale) {

        /** From an axis (need not be unit) and an angle in degrees, as ARCSim writes them. */
        public static Pose ofAxisAngle(double degrees, double ax, double ay, double az, double scale, double tx,
                double ty, double tz) {
            double n = Math.sqrt(ax * ax + ay * ay + az * az);
            double h = Math.toRadians(degrees) / 2;
            double s = n > 0 ? Math.sin(h) / n : 0;
            return new Pose(n > 0 ? Math.cos(h) : 1, ax * s, ay * s, az * s, tx, ty, tz, scale);
        }

        void apply(double x, double y, double z, double[] out, int o) {
            // v' = v + 2 w (q x v) + 2 q x (q x v)
            double cx = qy * z - qz * y, cy = qz * x - qx * z, cz = qx * y - qy * x;
            double ddx = qy * cz - qz * cy, ddy = qz * cx - qx * cz, ddz = qx * cy - qy * cx;
            out[o] = tx + scale * (x + 2 * (qw * cx + ddx));
            out[o + 1] = ty + scale * (y + 2 * (qw * cy + ddy));
            out[o + 2] = tz + scale * (z + 2 * (qw * cz + ddz));
        }

        static Pose mix(Pose a, Pose b, double f) {
            double dot = a.qw * b.qw + a.qx * b.qx + a.qy * b.qy + a.qz * b.qz;
            double sign = dot < 0 ? -1 : 1;
            dot = Math.abs(dot);
            double wa, wb;
            if (dot > 0.9995) {
                wa = 1 - f;
                wb = f;
            } else {
                double th = Math.acos(dot), s = Math.sin(th);
                wa = Math.sin((1 - f) * th) / s;
                wb = Math.sin(f * th) / s;
            }
            wb *= sign;
            double w = wa * a.qw + wb * b.qw, x = wa * a.qx + wb * b.qx, y = wa * a.qy + wb * b.qy,
                    z = wa * a.qz + wb * b.qz;
            double n = Math.sqrt(w * w + x * x + y * y + z * z);
            return new Pose(w / n, x / n, y / n, z / n, a.tx + f * (b.tx - a.tx), a.ty + f * (b.ty - a.ty),
                    a.tz + f * (b.tz - a.tz), a.scale + f * (b.scale - a.scale));
        }
    }

    /** One part: its rest mesh (xyz interleaved, triangles) and its transform per sample. */
    public record Part(float[] rest, int[] triangles, Pose[] poses) {
    }

    private final List<Part> parts;
    private final double dt;
    private final int samples;
    private final int[] triangles;
    private final int vertices;
    /** Per part, the enclosing (or inscribed) capsule in rest coordinates: ax ay az bx by bz r. */
    private final double[][] capsules;
    private final boolean inscribed;
    /** A part's inscribed capsule's radius, as a fraction of the least distance of its vertices from its segment. */
    static final double INSCRIBED_FRACTION = 0.8;
    /** Slices of a part along its principal axis whose centroids the inscribed capsule joins. */
    static final int INSCRIBED_SLICES = 10;

    /**
     * @param parts the parts; every part has the same number of poses, sample k at time k * dt
     * @param dt seconds between samples
     */
    public RigidPartsMotion(List<Part> parts, double dt) {
        this(parts, dt, false);
    }

    private RigidPartsMotion(List<Part> parts, double dt, boolean inscribed) {
        this.inscribed = inscribed;
        if (parts.isEmpty() || !(dt > 0)) {
            throw new IllegalArgumentException("rigid parts need at least one part and a positive sample interval");
        }
        this.parts = List.copyOf(parts);
        this.dt = dt;
        this.samples = parts.get(0).poses().length;
        int nv = 0, nt = 0;
        for (Part p : parts) {
            if (p.poses().length != samples || samples == 0) {
                throw new IllegalArgumentException("every part needs the same number of poses (at least one)");
            }
            nv += p.rest().length / 3;
            nt += p.triangles().length;
        }
        vertices = nv;
        triangles = new int[nt];
        int o = 0, base = 0;
        capsules = new double[parts.size()][];
        for (int i = 0; i < parts.size(); i++) {
            Part p = parts.get(i);
            for (int t : p.triangles()) {
                triangles[o++] = base + t;
            }
            base += p.rest().length / 3;
            capsules[i] = inscribed ? inscribedCapsule(p.rest()) : enclosingCapsule(p.rest());
        }
    }

    /**
     * The same parts and motion with one capsule per part inside it ({@link #inscribedCapsule}) instead of around it:
     * for the small-step solver's collision with the part meshes ({@code BodyCollision.SURFACE}), which takes the
     * capsules to lie inside the surface (a vertex inside a capsule and near no triangle is deep in the body and is
     * rescued through the capsule). With the enclosing capsules it rescued vertices that lay outside the dancer of the
     * shared ARCSim scene, 4,400 a substep, and the dress tore in its first frame.
     */
    public RigidPartsMotion inscribed() {
        return inscribed ? this : new RigidPartsMotion(parts, dt, true);
    }

    /** Whether {@link #poseAt} gives capsules inside the parts ({@link #inscribed()}) rather than around them. */
    public boolean hasInscribedCapsules() {
        return inscribed;
    }

    public int partCount() {
        return parts.size();
    }

    /** Time of the last sample; the motion holds still after it. */
    @Override
    public double endTime() {
        return (samples - 1) * dt;
    }

    private Pose pose(int part, double t) {
        Pose[] ps = parts.get(part).poses();
        double s = Math.max(0, Math.min(samples - 1, t / dt));
        int k = (int) Math.floor(s);
        if (k >= samples - 1) {
            return ps[samples - 1];
        }
        double f = s - k;
        return f == 0 ? ps[k] : Pose.mix(ps[k], ps[k + 1], f);
    }

    @Override
    public Body poseAt(double t) {
        List<Capsule> list = new ArrayList<>(parts.size());
        double[] a = new double[3], b = new double[3];
        for (int i = 0; i < parts.size(); i++) {
            Pose p = pose(i, t);
            double[] c = capsules[i];
            p.apply(c[0], c[1], c[2], a, 0);
            p.apply(c[3], c[4], c[5], b, 0);
            double r = c[6] * p.scale();
            list.add(Capsule.of(String.format(java.util.Locale.ROOT, "part%02d", i), a, b, r, r));
        }
        return new Body(list);
    }

    @Override
    public BodySurface surface() {
        return new BodySurface() {
            @Override
            public int vertexCount() {
                return vertices;
            }

            @Override
            public int[] triangles() {
                return triangles;
            }

            @Override
            public void positionsAt(double t, double[] out) {
                int o = 0;
                for (int i = 0; i < parts.size(); i++) {
                    Pose p = pose(i, t);
                    float[] r = parts.get(i).rest();
                    for (int k = 0; k < r.length; k += 3) {
                        p.apply(r[k], r[k + 1], r[k + 2], out, o);
                        o += 3;
                    }
                }
            }
        };
    }

    /**
     * The capsule around the principal axis of the points that contains them all: the segment spans the points'
     * extent along the axis less the radius at each end, the radius is the largest distance of a point from it
     * (float rounding allowed for).
     */
    static double[] enclosingCapsule(float[] p) {
        int n = p.length / 3;
        double[][] axis = principalAxis(p);
        double[] c = axis[0], d = axis[1];
        double tMin = Double.POSITIVE_INFINITY, tMax = Double.NEGATIVE_INFINITY, perp = 0;
        for (int i = 0; i < n; i++) {
            double x = p[3 * i] - c[0], y = p[3 * i + 1] - c[1], z = p[3 * i + 2] - c[2];
            double t = x * d[0] + y * d[1] + z * d[2];
            tMin = Math.min(tMin, t);
            tMax = Math.max(tMax, t);
            perp = Math.max(perp, Math.sqrt(Math.max(0, x * x + y * y + z * z - t * t)));
        }
        double t0 = tMin + perp, t1 = tMax - perp;
        if (t0 > t1) {
            t0 = t1 = 0.5 * (tMin + tMax);
        }
        double[] a = {c[0] + t0 * d[0], c[1] + t0 * d[1], c[2] + t0 * d[2]};
        double[] b = {c[0] + t1 * d[0], c[1] + t1 * d[1], c[2] + t1 * d[2]};
        Capsule probe = Capsule.of("probe", a, b, 0, 0);
        double r = 0;
        for (int i = 0; i < n; i++) {
            r = Math.max(r, probe.signedDistance(p[3 * i], p[3 * i + 1], p[3 * i + 2]));
        }
        return new double[] {a[0], a[1], a[2], b[0], b[1], b[2], r * (1 + 1e-6) + 1e-6};
    }

    /** {centroid, unit principal axis} of the points (power iteration on their covariance). */
    private static double[][] principalAxis(float[] p) {
        int n = p.length / 3;
        double[] c = new double[3];
        for (int i = 0; i < p.length; i++) {
            c[i % 3] += p[i] / (double) n;
        }
        double[][] cov = new double[3][3];
        for (int i = 0; i < n; i++) {
            for (int r = 0; r < 3; r++) {
                for (int s = 0; s < 3; s++) {
                    cov[r][s] += (p[3 * i + r] - c[r]) * (p[3 * i + s] - c[s]);
                }
            }
        }
        double[] d = {1, 1, 1};
        for (int it = 0; it < 100; it++) {
            double[] e = new double[3];
            for (int r = 0; r < 3; r++) {
                for (int s = 0; s < 3; s++) {
                    e[r] += cov[r][s] * d[s];
                }
            }
            double len = Math.sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
            if (len == 0) {
                break;
            }
            for (int r = 0; r < 3; r++) {
                d[r] = e[r] / len;
            }
        }
        double dl = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        for (int r = 0; r < 3; r++) {
            d[r] /= dl;
        }
        return new double[][] {c, d};
    }

    /**
     * A capsule inside a part mesh (a limb, the head, the trunk, bent or not). The points are cut along their principal
     * axis into {@link #INSCRIBED_SLICES} slices of equal extent; the centroid of each slice lies inside a tube-like
     * part even where it bends, where the axis itself may leave it. Of the segments between two slice centroids (and
     * the single centroids), the one whose capsule is largest is taken: its radius is {@link #INSCRIBED_FRACTION} of
     * the least distance of a vertex from the segment (the surface between the vertices may come closer than they
     * do), its volume the score.
     */
    static double[] inscribedCapsule(float[] p) {
        int n = p.length / 3;
        double[][] axis = principalAxis(p);
        double[] c = axis[0], d = axis[1];
        double[] t = new double[n];
        double tMin = Double.POSITIVE_INFINITY, tMax = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            t[i] = (p[3 * i] - c[0]) * d[0] + (p[3 * i + 1] - c[1]) * d[1] + (p[3 * i + 2] - c[2]) * d[2];
            tMin = Math.min(tMin, t[i]);
            tMax = Math.max(tMax, t[i]);
        }
        int k = INSCRIBED_SLICES;
        double[][] centroid = new double[k][3];
        int[] count = new int[k];
        for (int i = 0; i < n; i++) {
            int s = tMax > tMin ? Math.min(k - 1, (int) ((t[i] - tMin) / (tMax - tMin) * k)) : 0;
            count[s]++;
            for (int r = 0; r < 3; r++) {
                centroid[s][r] += p[3 * i + r];
            }
        }
        double[] best = null;
        double bestVolume = -1;
        for (int a = 0; a < k; a++) {
            for (int b = a; b < k && count[a] > 0; b++) {
                if (count[b] == 0) {
                    continue;
                }
                double[] pa = new double[3], pb = new double[3];
                for (int r = 0; r < 3; r++) {
                    pa[r] = centroid[a][r] / count[a];
                    pb[r] = centroid[b][r] / count[b];
                }
                Capsule probe = Capsule.of("probe", pa, pb, 0, 0);
                double r = Double.POSITIVE_INFINITY;
                for (int i = 0; i < n; i++) {
                    r = Math.min(r, probe.signedDistance(p[3 * i], p[3 * i + 1], p[3 * i + 2]));
                }
                r *= INSCRIBED_FRACTION;
                double len = Math.sqrt((pb[0] - pa[0]) * (pb[0] - pa[0]) + (pb[1] - pa[1]) * (pb[1] - pa[1])
                        + (pb[2] - pa[2]) * (pb[2] - pa[2]));
                double volume = r * r * (len + 4 * r / 3);
                if (volume > bestVolume) {
                    bestVolume = volume;
                    best = new double[] {pa[0], pa[1], pa[2], pb[0], pb[1], pb[2], r};
                }
            }
        }
        return best;
    }
}
