package org.clothgraph.sim.internal;

import java.util.concurrent.atomic.AtomicLong;

import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.BodySurface;
import org.clothgraph.sim.body.Capsule;

/**
 * Collisions against the character's deforming surface (a closed triangle mesh). Per substep the surface's
 * triangles go into a spatial hash with boxes swept from the previous pose, grown by a search reach of one
 * surface edge (a vertex up to that deep inside still finds the surface). A vertex's
 * nearest surface point among the triangles near its swept box decides: the side from the normal interpolated
 * from area-weighted vertex normals at that point, and a vertex inside, or outside but closer than the
 * thickness, is moved to the thickness outside along the line through that point (the shortest way out),
 * with friction relative to the surface point's own motion. Two passes per vertex (a push out of one triangle
 * in a crease may land too close to the other side).
 * <p>
 * Buried triangles (centre deeper than the thickness inside a capsule at the frame's middle: skinning folds parts
 * of the surface into the body) are left out of the search for the frame.
 * <p>
 * Pinch: a vertex pushed out of one part of the surface into another that overlaps it (skinned limbs pressed
 * together), whose way out points back against the first push, rests midway between the two surface points
 * (counted; it stays inside the body there, which the run's measures report).
 * <p>
 * Broad phase and rescue: a vertex near no triangle but inside one of the body's capsules (which lie inside the
 * surface) is deep inside: it is moved out of the capsules to the thickness, counted as a deep rescue (a repair;
 * zero in a healthy run).
 */
final class SurfaceCollider implements BodyCollider {
    private final BodyMotion motion;
    private final BodySurface surface;
    private final int[] tri;
    private final int nv, nt;
    private final double thick, mu, reach;
    private double[] cur, prev, nrm;
    private final double[] box, frameA, frameM, frameB;
    private final boolean[] buried;
    private final BoxHash hash;
    private Body capsules;
    private final AtomicLong rescues = new AtomicLong(), pinches = new AtomicLong();

    SurfaceCollider(BodyMotion motion, BodySurface surface, double thickness, double friction) {
        this.motion = motion;
        this.surface = surface;
        this.tri = surface.triangles();
        this.nv = surface.vertexCount();
        this.nt = tri.length / 3;
        this.thick = thickness;
        this.mu = friction;
        cur = new double[3 * nv];
        prev = new double[3 * nv];
        nrm = new double[3 * nv];
        box = new double[6 * nt];
        frameA = new double[3 * nv];
        frameM = new double[3 * nv];
        frameB = new double[3 * nv];
        buried = new boolean[nt];
        double mean = 0;
        surface.positionsAt(motion.startTime(), cur);
        for (int t = 0; t < nt; t++) {
            mean += (Geometry.distance(cur, tri[3 * t], tri[3 * t + 1]) + Geometry.distance(cur, tri[3 * t + 1], tri[3 * t + 2])
                    + Geometry.distance(cur, tri[3 * t + 2], tri[3 * t])) / (3.0 * nt);
        }
        // vertices are found up to one surface edge deep (about 1.5 cm for the demo body); deeper ones are rescued
        // through the capsules, which lie inside the surface
        reach = Math.max(thickness, mean);
        hash = new BoxHash(Math.max(mean, 2 * reach), nt);
    }

    @Override
    public void load(double t, boolean first) {
        double[] swap = prev;
        prev = cur;
        cur = swap;
        surface.positionsAt(t, cur);
        if (first) {
            System.arraycopy(cur, 0, prev, 0, cur.length);
        }
        for (int k = 0; k < nt; k++) {
            double x0 = Double.POSITIVE_INFINITY, y0 = x0, z0 = x0, x1 = Double.NEGATIVE_INFINITY, y1 = x1, z1 = x1;
            for (int j = 0; j < 3; j++) {
                int o = 3 * tri[3 * k + j];
                x0 = Math.min(x0, Math.min(cur[o], prev[o]));
                y0 = Math.min(y0, Math.min(cur[o + 1], prev[o + 1]));
                z0 = Math.min(z0, Math.min(cur[o + 2], prev[o + 2]));
                x1 = Math.max(x1, Math.max(cur[o], prev[o]));
                y1 = Math.max(y1, Math.max(cur[o + 1], prev[o + 1]));
                z1 = Math.max(z1, Math.max(cur[o + 2], prev[o + 2]));
            }
            int q = 6 * k;
            box[q] = x0 - reach;
            box[q + 1] = y0 - reach;
            box[q + 2] = z0 - reach;
            box[q + 3] = x1 + reach;
            box[q + 4] = y1 + reach;
            box[q + 5] = z1 + reach;
        }
        hash.build(box, nt);
        capsules = motion.poseAt(t);
        java.util.Arrays.fill(nrm, 0);
        for (int k = 0; k < nt; k++) {
            int a = 3 * tri[3 * k], b = 3 * tri[3 * k + 1], c = 3 * tri[3 * k + 2];
            double e1x = cur[b] - cur[a], e1y = cur[b + 1] - cur[a + 1], e1z = cur[b + 2] - cur[a + 2];
            double e2x = cur[c] - cur[a], e2y = cur[c + 1] - cur[a + 1], e2z = cur[c + 2] - cur[a + 2];
            double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
            nrm[a] += nx;
            nrm[a + 1] += ny;
            nrm[a + 2] += nz;
            nrm[b] += nx;
            nrm[b + 1] += ny;
            nrm[b + 2] += nz;
            nrm[c] += nx;
            nrm[c + 1] += ny;
            nrm[c + 2] += nz;
        }
        for (int i = 0; i < nv; i++) {
            int o = 3 * i;
            double l = Math.sqrt(nrm[o] * nrm[o] + nrm[o + 1] * nrm[o + 1] + nrm[o + 2] * nrm[o + 2]);
            if (l > 0) {
                nrm[o] /= l;
                nrm[o + 1] /= l;
                nrm[o + 2] /= l;
            }
        }
    }

    @Override
    public double beginFrame(double t0, double t1) {
        double[] a = frameA, m = frameM, b = frameB;
        surface.positionsAt(t0, a);
        surface.positionsAt(0.5 * (t0 + t1), m);
        surface.positionsAt(t1, b);
        // triangles buried in the body: linear blend skinning folds parts of the surface into the body (the
        // armpits, bound in the A-pose, sink into the chest when the arms come down); their nearest points would
        // push cloth into the body. A triangle whose centre lies deeper than the thickness inside a capsule at
        // the frame's middle is left out for the frame (the outer surface lies outside the capsules)
        Body mid = motion.poseAt(0.5 * (t0 + t1));
        for (int k = 0; k < nt; k++) {
            int p = 3 * tri[3 * k], q = 3 * tri[3 * k + 1], r = 3 * tri[3 * k + 2];
            double cx = (m[p] + m[q] + m[r]) / 3, cy = (m[p + 1] + m[q + 1] + m[r + 1]) / 3,
                    cz = (m[p + 2] + m[q + 2] + m[r + 2]) / 3;
            boolean in = false;
            for (int c = 0; c < mid.size() && !in; c++) {
                in = mid.capsule(c).signedDistance(cx, cy, cz) < -thick;
            }
            buried[k] = in;
        }
        double worst = 0;
        for (int i = 0; i < 3 * nv; i += 3) {
            double d = Math.sqrt(Geometry.sq(a[i] - m[i]) + Geometry.sq(a[i + 1] - m[i + 1]) + Geometry.sq(a[i + 2] - m[i + 2]))
                    + Math.sqrt(Geometry.sq(m[i] - b[i]) + Geometry.sq(m[i + 1] - b[i + 1]) + Geometry.sq(m[i + 2] - b[i + 2]));
            worst = Math.max(worst, d);
        }
        return worst;
    }

    /** Nearest-triangle search state for one vertex (one per calling thread). */
    private final class Nearest implements BoxHash.Visitor {
        final double[] bc = new double[3];
        double px, py, pz, best;
        int bestT;
        double bu, bv, bw;

        void reset(double x, double y, double z) {
            px = x;
            py = y;
            pz = z;
            best = Double.POSITIVE_INFINITY;
            bestT = -1;
        }

        @Override
        public void visit(int t) {
            if (buried[t]) {
                return;
            }
            double d2 = Geometry.closestOnTriangle(cur, px, py, pz, tri[3 * t], tri[3 * t + 1], tri[3 * t + 2], bc);
            if (d2 < best) {
                best = d2;
                bestT = t;
                bu = bc[0];
                bv = bc[1];
                bw = bc[2];
            }
        }
    }

    @Override
    public int collide(double[] x, double[] xp, double[] w, int from, int to, boolean friction, boolean[] touched) {
        Nearest near = new Nearest();
        double[] before = new double[3];
        int pushed = 0;
        for (int i = from; i < to; i++) {
            if (w[i] == 0) {
                continue;
            }
            int o = 3 * i;
            boolean hit = false;
            double p0x = 0, p0y = 0, p0z = 0, q0x = 0, q0y = 0, q0z = 0;
            boolean pushedOut = false;
            for (int pass = 0; pass < 2; pass++) {
                near.reset(x[o], x[o + 1], x[o + 2]);
                hash.query(Math.min(x[o], xp[o]), Math.min(x[o + 1], xp[o + 1]), Math.min(x[o + 2], xp[o + 2]),
                        Math.max(x[o], xp[o]), Math.max(x[o + 1], xp[o + 1]), Math.max(x[o + 2], xp[o + 2]), near);
                if (near.bestT < 0) {
                    if (pass == 0 && rescue(x, xp, o)) {
                        hit = true;
                        rescues.incrementAndGet();
                        continue;
                    }
                    break;
                }
                int t = near.bestT;
                int a = 3 * tri[3 * t], b = 3 * tri[3 * t + 1], c = 3 * tri[3 * t + 2];
                double u = near.bu, v = near.bv, ww = near.bw;
                double qx = u * cur[a] + v * cur[b] + ww * cur[c];
                double qy = u * cur[a + 1] + v * cur[b + 1] + ww * cur[c + 1];
                double qz = u * cur[a + 2] + v * cur[b + 2] + ww * cur[c + 2];
                double nx = u * nrm[a] + v * nrm[b] + ww * nrm[c];
                double ny = u * nrm[a + 1] + v * nrm[b + 1] + ww * nrm[c + 1];
                double nz = u * nrm[a + 2] + v * nrm[b + 2] + ww * nrm[c + 2];
                double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
                if (nl < 1e-12) {
                    break;
                }
                nx /= nl;
                ny /= nl;
                nz /= nl;
                double dx = x[o] - qx, dy = x[o + 1] - qy, dz = x[o + 2] - qz;
                double d = Math.sqrt(dx * dx + dy * dy + dz * dz);
                double side = dx * nx + dy * ny + dz * nz;
                if ((side > 0 && d >= thick) || d > reach) {
                    // clear of the surface; or beyond the search reach, where the nearest point of a swept
                    // candidate is a silhouette point whose side says nothing (a vertex deep inside is rescued
                    // through the capsules instead)
                    if (d > reach && pass == 0 && rescue(x, xp, o)) {
                        hit = true;
                        rescues.incrementAndGet();
                        continue;
                    }
                    break;
                }
                if (pass == 1 && pushedOut && side <= 0
                        && (qx - x[o]) * (x[o] - p0x) + (qy - x[o + 1]) * (x[o + 1] - p0y) + (qz - x[o + 2]) * (x[o + 2] - p0z) < 0) {
                    // pinched: pushed out of one part of the body into another that overlaps it (a thigh against
                    // the belly), whose way out points back. Rest between the two surface points, where the
                    // pinch holds it, instead of being thrown to and fro between the two every substep
                    x[o] = 0.5 * (q0x + qx);
                    x[o + 1] = 0.5 * (q0y + qy);
                    x[o + 2] = 0.5 * (q0z + qz);
                    pinches.incrementAndGet();
                    break;
                }
                before[0] = x[o];
                before[1] = x[o + 1];
                before[2] = x[o + 2];
                if (pass == 0) {
                    pushedOut = true;
                    p0x = x[o];
                    p0y = x[o + 1];
                    p0z = x[o + 2];
                    q0x = qx;
                    q0y = qy;
                    q0z = qz;
                }
                if (d > 1e-9) {
                    // the shortest way out: along the line to the nearest surface point (beyond it when inside)
                    double f = side > 0 ? thick / d : -thick / d;
                    x[o] = qx + dx * f;
                    x[o + 1] = qy + dy * f;
                    x[o + 2] = qz + dz * f;
                } else {
                    x[o] = qx + nx * thick;
                    x[o + 1] = qy + ny * thick;
                    x[o + 2] = qz + nz * thick;
                }
                hit = true;
                if (friction && mu > 0) {
                    double sx = qx - (u * prev[a] + v * prev[b] + ww * prev[c]);
                    double sy = qy - (u * prev[a + 1] + v * prev[b + 1] + ww * prev[c + 1]);
                    double sz = qz - (u * prev[a + 2] + v * prev[b + 2] + ww * prev[c + 2]);
                    Friction.apply(x, xp, o, before, sx, sy, sz, mu);
                }
            }
            touched[i] = hit;
            if (hit) {
                pushed++;
            }
        }
        return pushed;
    }

    /**
     * A vertex near no surface triangle: if it is inside a capsule it is deep inside the body; move it out of the
     * capsules (a repair, counted; the move becomes velocity like every other correction). Measured: without it
     * the spin-flip left vertices 32 mm inside the body; moving the start position too (no velocity) made five
     * procedural runs explode (vertices kept their inward speed and went deep again).
     */
    private boolean rescue(double[] x, double[] xp, int o) {
        boolean moved = false;
        for (Capsule c : capsules.capsules()) {
            if (c.signedDistance(x[o], x[o + 1], x[o + 2]) < 0) {
                moved |= c.pushOut(x, o, thick);
            }
        }
        return moved;
    }

    @Override
    public long deepRescues() {
        return rescues.get();
    }

    @Override
    public long pinches() {
        return pinches.get();
    }

    @Override
    public Body posedCapsules() {
        return capsules;
    }
}
