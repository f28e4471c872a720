package org.clothgraph.sim.internal;

import java.util.concurrent.atomic.AtomicLong;

import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.Capsule;
import org.clothgraph.sim.body.SkinnedSurface;

/**
 * Collisions against the smooth union of the posed capsules ({@link SkinnedSurface#smoothUnion}, the implicit
 * surface the skinned mesh is polygonised from at the bind pose). Its signed distance is defined everywhere and
 * never folds through itself, so a vertex closer than the thickness, or inside however deep, has one way out: along
 * the distance's gradient, to the thickness outside (up to four Newton steps: the gradient of a smooth union bends).
 * Friction is relative to the motion of the nearest capsule's surface point.
 * <p>
 * Depenetration speed: the push gives the vertex a velocity along the normal relative to the surface of at most
 * {@code separationSpeed} (m/s); the rest of the correction moves the vertex's start-of-substep position with it, so
 * a vertex found deep inside is put outside without being thrown out at depth / h (counted as a depenetration
 * limit; without it the demo jump's cloth reached 30-60 m/s).
 */
final class SmoothCapsuleCollider implements BodyCollider {
    private static final int NEWTON_STEPS = 4;
    private final BodyMotion motion;
    private final double thick, mu, blend, separationSpeed;
    private Body cur, prev;
    private double lastT, h;
    private final AtomicLong limits = new AtomicLong();

    SmoothCapsuleCollider(BodyMotion motion, double thickness, double friction, double separationSpeed) {
        this.motion = motion;
        this.thick = thickness;
        this.mu = friction;
        this.blend = SkinnedSurface.DEFAULT_BLEND;
        this.separationSpeed = separationSpeed;
    }

    @Override
    public void load(double t, boolean first) {
        h = first ? 0 : t - lastT;
        lastT = t;
        Body b = motion.poseAt(t);
        prev = first || cur == null ? b : cur;
        cur = b;
    }

    @Override
    public double beginFrame(double t0, double t1) {
        return CapsuleCollider.travel(motion, t0, t1);
    }

    /**
     * Signed distance of the smooth union at p, its unit gradient in g, the capsule nearest p in dominant[0]. The
     * gradient of the polynomial smooth-min is the blend of the two gradients with the same weight as the values.
     */
    private double distance(Body b, double x, double y, double z, double[] g, int[] dominant) {
        double d = 0, gx = 0, gy = 0, gz = 0, nearest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < b.size(); i++) {
            Capsule c = b.capsule(i);
            double s = c.closestParameter(x, y, z);
            double nx = x - (c.ax() + s * (c.bx() - c.ax())), ny = y - (c.ay() + s * (c.by() - c.ay())),
                    nz = z - (c.az() + s * (c.bz() - c.az()));
            double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (l < 1e-12) {
                nx = 0;
                ny = 1;
                nz = 0;
            } else {
                nx /= l;
                ny /= l;
                nz /= l;
            }
            double di = l - c.radiusAt(s);
            if (di < nearest) {
                nearest = di;
                dominant[0] = i;
            }
            if (i == 0) {
                d = di;
                gx = nx;
                gy = ny;
                gz = nz;
                continue;
            }
            double k = Math.max(0, Math.min(1, 0.5 + 0.5 * (di - d) / blend));
            d = di * (1 - k) + d * k - blend * k * (1 - k);
            gx = nx * (1 - k) + gx * k;
            gy = ny * (1 - k) + gy * k;
            gz = nz * (1 - k) + gz * k;
        }
        double gl = Math.sqrt(gx * gx + gy * gy + gz * gz);
        if (gl < 1e-9) {
            // opposite gradients cancel (a point midway between two capsules): leave along the nearest one
            Capsule c = b.capsule(dominant[0]);
            double s = c.closestParameter(x, y, z);
            gx = x - (c.ax() + s * (c.bx() - c.ax()));
            gy = y - (c.ay() + s * (c.by() - c.ay()));
            gz = z - (c.az() + s * (c.bz() - c.az()));
            gl = Math.sqrt(gx * gx + gy * gy + gz * gz);
            if (gl < 1e-12) {
                gx = 0;
                gy = 1;
                gz = 0;
                gl = 1;
            }
        }
        g[0] = gx / gl;
        g[1] = gy / gl;
        g[2] = gz / gl;
        return d;
    }

    @Override
    public int collide(double[] x, double[] xp, double[] w, int from, int to, boolean friction, boolean[] touched) {
        int pushed = 0;
        if (cur.size() == 0) {
            return 0;
        }
        double[] g = new double[3], before = new double[3], moved = new double[3];
        int[] dominant = new int[1];
        for (int i = from; i < to; i++) {
            if (w[i] == 0) {
                continue;
            }
            int o = 3 * i;
            boolean hit = false;
            double nx = 0, ny = 0, nz = 0, sx = 0, sy = 0, sz = 0;
            for (int step = 0; step < NEWTON_STEPS; step++) {
                double d = distance(cur, x[o], x[o + 1], x[o + 2], g, dominant);
                if (d >= thick - 1e-7) {
                    break;
                }
                double move = thick - d;
                before[0] = x[o];
                before[1] = x[o + 1];
                before[2] = x[o + 2];
                x[o] += g[0] * move;
                x[o + 1] += g[1] * move;
                x[o + 2] += g[2] * move;
                if (!hit) {
                    // the surface point's motion in the substep: the nearest capsule's axis point, same parameter
                    CapsuleCollider.surfaceMotion(cur.capsule(dominant[0]), prev.capsule(dominant[0]), x, o, moved);
                    sx = moved[0];
                    sy = moved[1];
                    sz = moved[2];
                    nx = g[0];
                    ny = g[1];
                    nz = g[2];
                    if (friction && mu > 0) {
                        Friction.apply(x, xp, o, before, sx, sy, sz, mu);
                    }
                }
                hit = true;
            }
            if (hit && h > 0) {
                double rn = (x[o] - xp[o] - sx) * nx + (x[o + 1] - xp[o + 1] - sy) * ny + (x[o + 2] - xp[o + 2] - sz) * nz;
                double limit = separationSpeed * h;
                if (rn > limit) {
                    double e = rn - limit;
                    xp[o] += e * nx;
                    xp[o + 1] += e * ny;
                    xp[o + 2] += e * nz;
                    limits.incrementAndGet();
                }
            }
            touched[i] = hit;
            if (hit) {
                pushed++;
            }
        }
        return pushed;
    }

    @Override
    public int collideEdges(double[] x, double[] xp, double[] w, int[] eA, int[] eB, int edges) {
        int n = cur.size();
        if (n == 0) {
            return 0;
        }
        // capsule boxes grown by radius + thickness: most edges are rejected by six comparisons
        double[] box = new double[6 * n];
        for (int c = 0; c < n; c++) {
            Capsule k = cur.capsule(c);
            double r = Math.max(k.ra(), k.rb()) + thick;
            box[6 * c] = Math.min(k.ax(), k.bx()) - r;
            box[6 * c + 1] = Math.min(k.ay(), k.by()) - r;
            box[6 * c + 2] = Math.min(k.az(), k.bz()) - r;
            box[6 * c + 3] = Math.max(k.ax(), k.bx()) + r;
            box[6 * c + 4] = Math.max(k.ay(), k.by()) + r;
            box[6 * c + 5] = Math.max(k.az(), k.bz()) + r;
        }
        double[] seg = new double[12], st = new double[2];
        int pushed = 0;
        for (int e = 0; e < edges; e++) {
            int a = eA[e], b = eB[e];
            double wa = w[a], wb = w[b];
            if (wa + wb == 0) {
                continue;
            }
            int oa = 3 * a, ob = 3 * b;
            double lx = Math.min(x[oa], x[ob]), ly = Math.min(x[oa + 1], x[ob + 1]), lz = Math.min(x[oa + 2], x[ob + 2]);
            double hx = Math.max(x[oa], x[ob]), hy = Math.max(x[oa + 1], x[ob + 1]), hz = Math.max(x[oa + 2], x[ob + 2]);
            for (int c = 0; c < n; c++) {
                int q = 6 * c;
                if (hx < box[q] || lx > box[q + 3] || hy < box[q + 1] || ly > box[q + 4] || hz < box[q + 2]
                        || lz > box[q + 5]) {
                    continue;
                }
                Capsule k = cur.capsule(c);
                for (int d = 0; d < 3; d++) {
                    seg[d] = x[oa + d];
                    seg[3 + d] = x[ob + d];
                }
                seg[6] = k.ax();
                seg[7] = k.ay();
                seg[8] = k.az();
                seg[9] = k.bx();
                seg[10] = k.by();
                seg[11] = k.bz();
                double d2 = Geometry.closestSegments(seg, 0, 1, 2, 3, st);
                double s = st[0], t = st[1];
                double reach = k.radiusAt(t) + thick;
                if (d2 >= reach * reach || s <= 0 || s >= 1) {
                    continue; // clear, or the closest point is a vertex (the vertex pass's case)
                }
                double px = x[oa] + s * (x[ob] - x[oa]), py = x[oa + 1] + s * (x[ob + 1] - x[oa + 1]),
                        pz = x[oa + 2] + s * (x[ob + 2] - x[oa + 2]);
                double cx = seg[6] + t * (seg[9] - seg[6]), cy = seg[7] + t * (seg[10] - seg[7]),
                        cz = seg[8] + t * (seg[11] - seg[8]);
                double nx = px - cx, ny = py - cy, nz = pz - cz;
                // the side the edge came from: its same point at the substep's start, seen from the same axis point
                double sx = xp[oa] + s * (xp[ob] - xp[oa]) - cx, sy = xp[oa + 1] + s * (xp[ob + 1] - xp[oa + 1]) - cy,
                        sz = xp[oa + 2] + s * (xp[ob + 2] - xp[oa + 2]) - cz;
                if (nx * sx + ny * sy + nz * sz < 0 || nx * nx + ny * ny + nz * nz < 1e-16) {
                    nx = sx;
                    ny = sy;
                    nz = sz;
                }
                double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
                if (nl < 1e-12) {
                    continue;
                }
                nx /= nl;
                ny /= nl;
                nz /= nl;
                // separation of the edge point along n from the axis point; move the edge so that it is reach
                double depth = reach - ((px - cx) * nx + (py - cy) * ny + (pz - cz) * nz);
                double den = wa * (1 - s) * (1 - s) + wb * s * s;
                if (depth <= 0 || den == 0) {
                    continue;
                }
                double lam = depth / den;
                double fa = wa * (1 - s) * lam, fb = wb * s * lam;
                x[oa] += fa * nx;
                x[oa + 1] += fa * ny;
                x[oa + 2] += fa * nz;
                x[ob] += fb * nx;
                x[ob + 1] += fb * ny;
                x[ob + 2] += fb * nz;
                pushed++;
            }
        }
        return pushed;
    }

    @Override
    public long deepRescues() {
        return 0;
    }

    @Override
    public long depenetrationLimits() {
        return limits.get();
    }
}
