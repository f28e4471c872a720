package org.clothgraph.sim.internal;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.CapsuleUnion;
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
    /** The substep's length ({@link #substepLength}); 0 until the solver gives it. */
    private double h;
    private final AtomicLong limits = new AtomicLong();
    /**
     * How far the depenetration limit moved each vertex's start-of-substep position in the running substep (x, y, z per
     * vertex; null until {@link #trackStartShifts}), for {@link #trimStartShifts}.
     */
    private double[] startShift;
    private long trims;
    private final boolean[] joined;
    private double[] box = new double[0];
    /** Scratch of {@link #collideEdges} (called on one thread). */
    private Near edgeBlock;

    /** Scratch of {@link #distance}: the capsules whose boxes hold the point (one per calling thread). */
    private static final class Near {
        final int[] ids;
        final double[] dist, nrm;
        /**
         * The capsules whose boxes meet the box of a block of cloth points ({@link #cull}), in capsule order: for
         * a point inside the block's box no other capsule's box can hold it, so the distance is the same.
         */
        final int[] cand;
        int candCount;
        final double[] blockBox = new double[6];

        Near(int capsules) {
            ids = new int[capsules];
            dist = new double[capsules];
            nrm = new double[3 * capsules];
            cand = new int[capsules];
        }

        boolean inBlock(double x, double y, double z) {
            double[] q = blockBox;
            return x >= q[0] && x <= q[3] && y >= q[1] && y <= q[4] && z >= q[2] && z <= q[5];
        }
    }

    /** Points per block of {@link #cull}. */
    private static final int BLOCK = 64;

    /**
     * Sets sc's block box to the box of the points x[3 * i..] of vertices i in [from, to) (endA null), of vertices
     * endA[from .. to) (endB null), or of the ends endA[e], endB[e] of edges e in [from, to), and its candidates to the
     * capsules whose boxes (in b) meet it.
     */
    private static void cull(double[] x, int from, int to, int[] endA, int[] endB, double[] b, int capsules, Near sc) {
        double x0 = Double.POSITIVE_INFINITY, y0 = x0, z0 = x0, x1 = Double.NEGATIVE_INFINITY, y1 = x1, z1 = x1;
        for (int k = from; k < to; k++) {
            for (int side = 0; side < (endB == null ? 1 : 2); side++) {
                int o = 3 * (endA == null ? k : side == 0 ? endA[k] : endB[k]);
                x0 = Math.min(x0, x[o]);
                y0 = Math.min(y0, x[o + 1]);
                z0 = Math.min(z0, x[o + 2]);
                x1 = Math.max(x1, x[o]);
                y1 = Math.max(y1, x[o + 1]);
                z1 = Math.max(z1, x[o + 2]);
            }
        }
        double[] q = sc.blockBox;
        q[0] = x0;
        q[1] = y0;
        q[2] = z0;
        q[3] = x1;
        q[4] = y1;
        q[5] = z1;
        int count = 0;
        for (int c = 0; c < capsules; c++) {
            int o = 6 * c;
            if (x1 < b[o] || x0 > b[o + 3] || y1 < b[o + 1] || y0 > b[o + 4] || z1 < b[o + 2] || z0 > b[o + 5]) {
                continue;
            }
            sc.cand[count++] = c;
        }
        sc.candCount = count;
    }

    SmoothCapsuleCollider(BodyMotion motion, double thickness, double friction, double separationSpeed) {
        this.motion = motion;
        this.thick = thickness;
        this.mu = friction;
        this.blend = SkinnedSurface.DEFAULT_BLEND;
        this.separationSpeed = separationSpeed;
        // a motion without a character (a test's bar or sheet) has no bind pose: its first pose stands in
        this.joined = CapsuleUnion.joined(motion.bindPose() != null ? motion.bindPose() : motion.poseAt(0), blend);
    }

    @Override
    public void substepLength(double step) {
        h = step;
    }

    @Override
    public void load(double t, boolean first) {
        Body b = motion.poseAt(t);
        if (clearance != null) {
            if (cur == null || cur.size() != b.size()) {
                Arrays.fill(clearance, 0);
            } else {
                bodyTravel += CapsuleCollider.endpointMove(cur, b) + radiusGrowth(cur, b);
            }
        }
        prev = first || cur == null ? b : cur;
        cur = b;
        boxes();
    }

    /**
     * The most any capsule's larger radius grows from pose a to pose b (with the farthest move of a capsule end, a
     * bound on how much closer any capsule's reach comes to a point: an axis point moves as its two ends,
     * interpolated).
     */
    private static double radiusGrowth(Body a, Body b) {
        double most = 0;
        for (int c = 0; c < a.size(); c++) {
            Capsule p = a.capsule(c), q = b.capsule(c);
            most = Math.max(most, Math.max(q.ra(), q.rb()) - Math.max(p.ra(), p.rb()));
        }
        return most;
    }

    @Override
    public double beginFrame(double t0, double t1) {
        return CapsuleCollider.travel(motion, t0, t1);
    }

    /** Boxes of the posed capsules grown by radius + thickness + blend: outside them a capsule cannot matter. */
    private void boxes() {
        int n = cur.size();
        if (box.length != 6 * n) {
            box = new double[6 * n];
        }
        capsuleBoxes(cur, thick + blend, box);
    }

    /** Axis-aligned boxes (min xyz, max xyz per capsule) of a body's capsules, grown by radius + margin. */
    private static void capsuleBoxes(Body body, double margin, double[] box) {
        for (int c = 0; c < body.size(); c++) {
            Capsule k = body.capsule(c);
            double r = Math.max(k.ra(), k.rb()) + margin;
            box[6 * c] = Math.min(k.ax(), k.bx()) - r;
            box[6 * c + 1] = Math.min(k.ay(), k.by()) - r;
            box[6 * c + 2] = Math.min(k.az(), k.bz()) - r;
            box[6 * c + 3] = Math.max(k.ax(), k.bx()) + r;
            box[6 * c + 4] = Math.max(k.ay(), k.by()) + r;
            box[6 * c + 5] = Math.max(k.az(), k.bz()) + r;
        }
    }

    /**
     * Signed distance of the body at p, its unit gradient in g, the nearest capsule in dominant[0]; +infinity when p
     * is outside every capsule's grown box (then it is further than the thickness from the body). The nearest
     * capsule is blended with the capsules joined to it (polynomial smooth-min; the gradient is the blend of the
     * gradients with the same weights as the values); capsules whose box does not hold p cannot change a distance
     * below the thickness and are skipped.
     */
    private double distance(Body b, double x, double y, double z, double[] g, int[] dominant, Near sc) {
        int n = b.size(), near = 0;
        int[] ids = sc.ids;
        double[] dist = sc.dist, nrm = sc.nrm;
        boolean culled = sc.inBlock(x, y, z);
        int[] cand = sc.cand;
        int count = culled ? sc.candCount : n;
        for (int j = 0; j < count; j++) {
            int i = culled ? cand[j] : j;
            int q = 6 * i;
            boolean in = x >= box[q] && x <= box[q + 3] && y >= box[q + 1] && y <= box[q + 4] && z >= box[q + 2]
                    && z <= box[q + 5];
            if (!in) {
                continue;
            }
            ids[near] = i;
            dist[near] = b.capsule(i).surfaceDistance(x, y, z, nrm, 3 * near);
            near++;
        }
        if (near == 0) {
            return Double.POSITIVE_INFINITY;
        }
        int a = 0;
        for (int k = 1; k < near; k++) {
            if (dist[k] < dist[a]) {
                a = k;
            }
        }
        int ia = ids[a];
        dominant[0] = ia;
        // a pinch: another part, not joined to the nearest, also within the thickness with an opposed normal
        dominant[1] = -1;
        if (dist[a] < thick) {
            for (int k = 0; k < near; k++) {
                if (k != a && dist[k] < thick && !joined[ia * n + ids[k]] && nrm[3 * a] * nrm[3 * k]
                        + nrm[3 * a + 1] * nrm[3 * k + 1] + nrm[3 * a + 2] * nrm[3 * k + 2] < PINCH_COS) {
                    dominant[1] = ids[k];
                    break;
                }
            }
        }
        double d = dist[a], gx = nrm[3 * a], gy = nrm[3 * a + 1], gz = nrm[3 * a + 2];
        for (int k = 0; k < near; k++) {
            if (k == a || !joined[ia * n + ids[k]]) {
                continue;
            }
            double di = dist[k];
            double w = Math.max(0, Math.min(1, 0.5 + 0.5 * (di - d) / blend));
            d = di * (1 - w) + d * w - blend * w * (1 - w);
            gx = nrm[3 * k] * (1 - w) + gx * w;
            gy = nrm[3 * k + 1] * (1 - w) + gy * w;
            gz = nrm[3 * k + 2] * (1 - w) + gz * w;
        }
        double gl = Math.sqrt(gx * gx + gy * gy + gz * gz);
        if (gl < 1e-9) {
            // opposite gradients cancel (a point midway between two joined capsules): leave along the nearest one
            gx = nrm[3 * a];
            gy = nrm[3 * a + 1];
            gz = nrm[3 * a + 2];
            gl = 1;
        }
        g[0] = gx / gl;
        g[1] = gy / gl;
        g[2] = gz / gl;
        return d;
    }

    @Override
    public int collide(double[] x, double[] xp, double[] w, int from, int to, boolean friction, boolean[] touched) {
        return collide(x, xp, w, null, from, to, friction, touched);
    }

    @Override
    public int collide(double[] x, double[] xp, double[] w, int[] vertices, int count, boolean friction,
            boolean[] touched) {
        return collide(x, xp, w, vertices, 0, count, friction, touched);
    }

    /** The vertices list[from .. to), or from .. to when list is null. */
    private int collide(double[] x, double[] xp, double[] w, int[] list, int from, int to, boolean friction,
            boolean[] touched) {
        int pushed = 0;
        if (cur.size() == 0) {
            return 0;
        }
        double[] g = new double[3], before = new double[3], moved = new double[3];
        int[] dominant = new int[2];
        Near near = new Near(cur.size());
        for (int k = from; k < to; k++) {
            if ((k - from) % BLOCK == 0) {
                cull(x, k, Math.min(to, k + BLOCK), list, null, box, cur.size(), near);
            }
            int i = list == null ? k : list[k];
            if (w[i] == 0) {
                continue;
            }
            int o = 3 * i;
            boolean hit = false, pinched = false;
            double d = distance(cur, x[o], x[o + 1], x[o + 2], g, dominant, near);
            if (d < thick && dominant[1] >= 0) {
                pinch(x, o, dominant[0], dominant[1], moved);
                touched[i] = true;
                pushed++;
                continue;
            }
            double nx = 0, ny = 0, nz = 0, sx = 0, sy = 0, sz = 0;
            int first = -1;
            for (int step = 0; step < NEWTON_STEPS; step++) {
                if (step > 0) {
                    d = distance(cur, x[o], x[o + 1], x[o + 2], g, dominant, near);
                }
                if (d >= thick - 1e-7) {
                    break;
                }
                if (hit && dominant[0] != first && !joined[first * cur.size() + dominant[0]]
                        && g[0] * nx + g[1] * ny + g[2] * nz < PINCH_COS) {
                    // pushed out of one part into another that faces it: the vertex is in the crease where they
                    // press together; pushed on, it would go back and forth between them
                    pinch(x, o, first, dominant[0], moved);
                    pinched = true;
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
                    first = dominant[0];
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
            if (hit && !pinched && h > 0) {
                // the Newton steps' pushes together, along the first one's normal (no bound on the part moved)
                limitSeparation(x, xp, o, Double.POSITIVE_INFINITY, nx, ny, nz, sx, sy, sz, separationSpeed * h);
            }
            touched[i] = hit;
            if (hit) {
                pushed++;
            }
        }
        return pushed;
    }

    /** The most an edge push moves either end, in multiples of the edge's depth inside the capsule. */
    static final double LEVER = 2;

    /**
     * Edge passes over at least this many edges test them all on the workers first ({@link #useWorkers}), at the
     * pass's starting positions, so that the pass itself tests again only the edges found in reach of a capsule and
     * those with an end moved by an earlier edge's push.
     */
    private static final int PRETEST_EDGES = 8192;
    private Workers workers;
    /** The pretest's verdicts, per edge: no capsule pushes it at the pass's starting positions. */
    private boolean[] edgeClear = new boolean[0];
    /** The vertices an edge push of the running pass has moved, and their list. */
    private boolean[] movedByPush = new boolean[0];
    private int[] movedList = new int[0];

    /**
     * Lets long edge passes test their edges on these workers first. The pass's result is the same bit for bit: an
     * edge's test is a function of its ends' positions (and start-of-substep positions, which the edge pass does not
     * change) and the pose, so an edge found clear at the starting positions, neither of whose ends a push has moved
     * since, is found clear again where the pass reaches it.
     */
    void useWorkers(Workers w) {
        workers = w;
    }

    private long pretests;
    private final AtomicLong pretestClear = new AtomicLong();

    /**
     * Edge clearances (for the edge list given to {@link #keepClearances}): an edge tested and found clear gets a
     * clearance, a lower bound on how much closer to any capsule's axis than it is it could come and still be
     * rejected by every capsule's reach (the capsule's larger radius + thickness + the union's fillet); capsules
     * whose boxes it did not meet are at least three quarters of the blend further than that. A later pass skips
     * the edge while its ends have moved less from where they were then, and the body's capsules less over the loads
     * since ({@link #bodyTravel}, summed), than the clearance: its test would find it clear again and change nothing.
     * The frames are the same, bit for bit (BodyEdgeClearanceTest).
     */
    private int[] clearA;
    private double[] clearance, clearAt, clearBody;
    /** Summed over the loads: how far any capsule's axis moved from one loaded pose to the next, at most. */
    private double bodyTravel;
    private long clearanceSkips;
    private final AtomicLong pretestClearanceSkips = new AtomicLong();
    /** Rounding allowance of a clearance, m. */
    private static final double CLEARANCE_SLACK = 1e-6;

    /**
     * Keeps clearances for the edges (eA[e], eB[e]): edge passes over this very list skip the edges their clearance
     * shows clear (the mesh's edges, passed in every substep; other lists are tested as before).
     */
    void keepClearances(int[] eA, int edges) {
        clearA = eA;
        clearance = new double[edges];
        clearAt = new double[6 * edges];
        clearBody = new double[edges];
    }

    /** Edge tests skipped on the edges' clearance so far (in the passes and in their pretests). */
    long clearanceSkips() {
        return clearanceSkips + pretestClearanceSkips.get();
    }

    /** Whether edge e's clearance shows it clear at x: its ends and the body moved less than it since. */
    private boolean stillClear(double[] x, int e, int a, int b) {
        double budget = clearance[e] - (bodyTravel - clearBody[e]);
        if (!(budget > 0)) {
            return false;
        }
        double b2 = budget * budget;
        int o = 6 * e, oa = 3 * a, ob = 3 * b;
        if (Geometry.sq(x[oa] - clearAt[o]) + Geometry.sq(x[oa + 1] - clearAt[o + 1])
                + Geometry.sq(x[oa + 2] - clearAt[o + 2]) >= b2) {
            return false;
        }
        return Geometry.sq(x[ob] - clearAt[o + 3]) + Geometry.sq(x[ob + 1] - clearAt[o + 4])
                + Geometry.sq(x[ob + 2] - clearAt[o + 5]) < b2;
    }

    /** Notes edge e's clearance c (found at x, nothing pushed), or none (c <= 0). */
    private void noteClearance(double[] x, int e, int a, int b, double c) {
        clearance[e] = c;
        if (c > 0) {
            int o = 6 * e, oa = 3 * a, ob = 3 * b;
            clearAt[o] = x[oa];
            clearAt[o + 1] = x[oa + 1];
            clearAt[o + 2] = x[oa + 2];
            clearAt[o + 3] = x[ob];
            clearAt[o + 4] = x[ob + 1];
            clearAt[o + 5] = x[ob + 2];
            clearBody[e] = bodyTravel;
        }
    }

    /** The edge passes that pretested their edges, and the edges the pretests found clear. */
    long[] pretests() {
        return new long[] { pretests, pretestClear.get() };
    }

    @Override
    public int collideEdges(double[] x, double[] xp, double[] w, int[] eA, int[] eB, int edges, FirstBodyPass first) {
        int n = cur.size();
        if (n == 0) {
            return 0;
        }
        // the capsule boxes grown by radius + thickness + blend (the union's, loaded with the pose): most edges are
        // rejected by six comparisons
        double[] box = this.box;
        boolean skip = first != null && first.ended(), record = first != null && first.recording();
        boolean pretest = workers != null && workers.threads() > 1 && edges >= PRETEST_EDGES;
        boolean clear = clearance != null && eA == clearA && edges == clearance.length;
        if (pretest) {
            if (edgeClear.length < edges) {
                edgeClear = new boolean[edges];
            }
            if (movedByPush.length < x.length / 3) {
                movedByPush = new boolean[x.length / 3];
                movedList = new int[x.length / 3];
            }
            pretests++;
            workers.forChunks(edges, 2048, (chunk, from, to) -> {
                Near block = new Near(n);
                long found = 0, kept = 0;
                double[] seg = new double[12], st = new double[2], g = new double[3], c = new double[1];
                int[] dominant = new int[2];
                boolean culled = false;
                for (int e = from; e < to; e++) {
                    if (e % BLOCK == 0) {
                        culled = false;
                    }
                    if (skip && first.settled(x, eA[e]) && first.settled(x, eB[e])) {
                        continue; // the pass skips it
                    }
                    if (clear && stillClear(x, e, eA[e], eB[e])) {
                        edgeClear[e] = true;
                        found++;
                        kept++;
                        continue;
                    }
                    if (!culled) {
                        cull(x, e, Math.min(to, e - e % BLOCK + BLOCK), eA, eB, box, n, block);
                        culled = true;
                    }
                    edgeClear[e] = testEdge(x, xp, w, eA[e], eB[e], box, block, seg, st, g, dominant, clear ? c : null,
                            false) == 0;
                    if (clear && edgeClear[e]) {
                        noteClearance(x, e, eA[e], eB[e], c[0]);
                    }
                    found += edgeClear[e] ? 1 : 0;
                }
                pretestClear.addAndGet(found);
                pretestClearanceSkips.addAndGet(kept);
            });
        }
        double[] seg = new double[12], st = new double[2], g = new double[3], cl = new double[1];
        int[] dominant = new int[2];
        int pushed = 0, moved = 0;
        long skipped = 0;
        Near block = edgeBlock;
        if (block == null || block.cand.length != n) {
            block = edgeBlock = new Near(n);
        }
        // the capsules near each block of edges, found before its first edge is tested; once an edge of the block is
        // pushed the others may have moved out of that box, and they are culled again from where they are then
        boolean toCull = false;
        int cullFrom = 0;
        for (int e = 0; e < edges; e++) {
            if (e % BLOCK == 0) {
                // culled when the block's first edge to test is reached (the edges skipped before it moved nothing)
                toCull = true;
                cullFrom = e;
            }
            int a = eA[e], b = eB[e];
            double wa = w[a], wb = w[b];
            if (wa + wb == 0) {
                continue;
            }
            if (skip && first.settled(x, a) && first.settled(x, b)) {
                first.skippedEdge();
                continue;
            }
            if (pretest && edgeClear[e] && !movedByPush[a] && !movedByPush[b]) {
                continue;
            }
            if (clear && !pretest && stillClear(x, e, a, b)) {
                skipped++;
                continue;
            }
            if (toCull) {
                cull(x, cullFrom, Math.min(edges, e - e % BLOCK + BLOCK), eA, eB, box, n, block);
                toCull = false;
            }
            int pushes = testEdge(x, xp, w, a, b, box, block, seg, st, g, dominant, clear ? cl : null, true);
            if (clear) {
                noteClearance(x, e, a, b, pushes > 0 ? 0 : cl[0]);
            }
            if (pushes > 0) {
                pushed += pushes;
                // the block's later edges are culled again where they are now (before the next one is tested)
                toCull = true;
                cullFrom = e + 1;
                if (record) {
                    first.edgeMoved(a, b);
                }
                if (pretest) {
                    if (!movedByPush[a]) {
                        movedByPush[a] = true;
                        movedList[moved++] = a;
                    }
                    if (!movedByPush[b]) {
                        movedByPush[b] = true;
                        movedList[moved++] = b;
                    }
                }
            }
        }
        for (int k = 0; k < moved; k++) {
            movedByPush[movedList[k]] = false;
        }
        clearanceSkips += skipped;
        return pushed;
    }

    /**
     * Tests edge (a, b) against the capsules of {@code block} (culled for a box holding the edge's ends) whose boxes
     * (in {@code box}) meet the edge's box, taken once before the first, in the block's order. For each, the edge's
     * point closest to the capsule's axis is tested against the union (the vertex pass's surface): within the
     * thickness of it, the edge is pushed out along the union's gradient there, on the side the point was at the
     * substep's start. With {@code apply} the pushes are made and counted (returned); without, returns 1 if the
     * first capsule would push, else 0. A non-null {@code clearOut} gets the edge's clearance ({@link #keepClearances};
     * meaningful where nothing pushed).
     * <p>
     * Where two joined capsules meet, the union's blend lies up to a quarter of the blend radius (6 mm) outside both:
     * tested against each capsule alone (until 2026-12-04), edges at knees, ankles and shoulders held the thickness
     * from both capsules and dipped 1-1.3 mm into the union and the skinned mesh drawn from it between them (the
     * demo's nine clips: most of the frames with body crossings and no vertex inside the body).
     */
    private int testEdge(double[] x, double[] xp, double[] w, int a, int b, double[] box, Near block, double[] seg,
            double[] st, double[] g, int[] dominant, double[] clearOut, boolean apply) {
        int oa = 3 * a, ob = 3 * b;
        double wa = w[a], wb = w[b];
        double lx = Math.min(x[oa], x[ob]), ly = Math.min(x[oa + 1], x[ob + 1]), lz = Math.min(x[oa + 2], x[ob + 2]);
        double hx = Math.max(x[oa], x[ob]), hy = Math.max(x[oa + 1], x[ob + 1]), hz = Math.max(x[oa + 2], x[ob + 2]);
        // the edge's box is taken once, before its capsules (as it always was): the block's capsules hold every
        // capsule that box can meet, whatever this edge's own pushes do
        int pushedHere = 0;
        int[] cand = block.cand;
        double fillet = 0.25 * blend;
        // the clearance, where asked for (clearOut, keepClearances): capsules whose boxes the edge's box does not meet
        // are further than their reach + the rest of the blend
        double clear = clearOut != null ? blend - fillet : 0;
        for (int j = 0, count = block.candCount; j < count; j++) {
            int c = cand[j];
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
            if (clear > 0) {
                clear = Math.min(clear, Math.sqrt(d2) - (Math.max(k.ra(), k.rb()) + thick + fillet) - CLEARANCE_SLACK);
            }
            double s = st[0], t = st[1];
            double reach = k.radiusAt(t) + thick;
            // beyond reach + fillet from this capsule no union it is part of comes within the thickness
            if (d2 >= (reach + fillet) * (reach + fillet) || s <= 0 || s >= 1) {
                continue; // clear, or the closest point is a vertex (the vertex pass's case)
            }
            double px = x[oa] + s * (x[ob] - x[oa]), py = x[oa + 1] + s * (x[ob + 1] - x[oa + 1]),
                    pz = x[oa + 2] + s * (x[ob + 2] - x[oa + 2]);
            double cx = seg[6] + t * (seg[9] - seg[6]), cy = seg[7] + t * (seg[10] - seg[7]),
                    cz = seg[8] + t * (seg[11] - seg[8]);
            if (pressedBy(px, py, pz, c)) {
                continue; // where another part presses on this one the edge is pinched (the vertex pass's case)
            }
            // the side the edge came from: its same point at the substep's start, seen from the same axis point
            double sx = xp[oa] + s * (xp[ob] - xp[oa]) - cx, sy = xp[oa + 1] + s * (xp[ob + 1] - xp[oa + 1]) - cy,
                    sz = xp[oa + 2] + s * (xp[ob + 2] - xp[oa + 2]) - cz;
            double nx = px - cx, ny = py - cy, nz = pz - cz, depth;
            if (nx * sx + ny * sy + nz * sz < 0 || nx * nx + ny * ny + nz * nz < 1e-16) {
                // it passed the axis (or lies on it): back out the way it came, to reach from the axis
                if (d2 >= reach * reach) {
                    continue;
                }
                double nl = Math.sqrt(sx * sx + sy * sy + sz * sz);
                if (nl < 1e-12) {
                    continue;
                }
                nx = sx / nl;
                ny = sy / nl;
                nz = sz / nl;
                depth = reach - ((px - cx) * nx + (py - cy) * ny + (pz - cz) * nz);
            } else {
                double du = distance(cur, px, py, pz, g, dominant, block);
                depth = thick - du;
                nx = g[0];
                ny = g[1];
                nz = g[2];
            }
            double den = wa * (1 - s) * (1 - s) + wb * s * s;
            if (!(depth > 0) || den == 0) {
                continue;
            }
            if (!apply) {
                if (clearOut != null) {
                    clearOut[0] = 0;
                }
                return 1;
            }
            double lam = depth / den;
            // no end moves further than twice the depth: where one end is held (a gripped vertex, w = 0) or much
            // heavier and the edge meets the capsule near it, the exact projection moves the other end by
            // depth / s, a lever (in a pull-down, a gripped rim vertex on the forehead had a neighbour moved 27, 40
            // and 65 mm in successive passes and thrown at 63 m/s); the rest is left to the following passes.
            // Ends of similar weight are never held back: at equal weights an end moves at most 1.21 times the
            // depth, at a weight ratio of 4 about 1.6 times
            double fa = Math.min(wa * (1 - s) * lam, LEVER * depth), fb = Math.min(wb * s * lam, LEVER * depth);
            x[oa] += fa * nx;
            x[oa + 1] += fa * ny;
            x[oa + 2] += fa * nz;
            x[ob] += fb * nx;
            x[ob + 1] += fb * ny;
            x[ob + 2] += fb * nz;
            if (h > 0) {
                // as in the vertex pass, the push gives an end at most separationSpeed along the normal relative to
                // the capsule's axis point; the excess of this push moves its start-of-substep position too (counted
                // as a depenetration limit): pushed out of the union's blend at a joint, up to 6 mm further than from
                // the capsule alone, an end left at the push's speed (the demo jump alone: a vertex at 64.6 m/s in
                // frame 18)
                Capsule p = prev.capsule(c);
                double mx = cx - (p.ax() + t * (p.bx() - p.ax())), my = cy - (p.ay() + t * (p.by() - p.ay())),
                        mz = cz - (p.az() + t * (p.bz() - p.az()));
                double limit = separationSpeed * h;
                limitSeparation(x, xp, oa, fa, nx, ny, nz, mx, my, mz, limit);
                limitSeparation(x, xp, ob, fb, nx, ny, nz, mx, my, mz, limit);
            }
            pushedHere++;
        }
        if (clearOut != null) {
            clearOut[0] = clear;
        }
        return pushedHere;
    }


    /**
     * After a push of {@code f} along n of the vertex at o: the part of it that leaves the vertex moving away from the
     * surface (which moved by m in the substep) faster than {@code limit} per substep moves its start-of-substep
     * position with it (the vertex pass and the edge pass both; an edge end never by more than its own push f).
     */
    private void limitSeparation(double[] x, double[] xp, int o, double f, double nx, double ny, double nz, double mx,
            double my, double mz, double limit) {
        double rn = (x[o] - xp[o] - mx) * nx + (x[o + 1] - xp[o + 1] - my) * ny + (x[o + 2] - xp[o + 2] - mz) * nz;
        if (f > 0 && rn > limit) {
            double e = Math.min(rn - limit, f);
            xp[o] += e * nx;
            xp[o + 1] += e * ny;
            xp[o + 2] += e * nz;
            if (startShift != null) {
                startShift[o] += e * nx;
                startShift[o + 1] += e * ny;
                startShift[o + 2] += e * nz;
            }
            limits.incrementAndGet();
        }
    }

    /** Keeps, for {@link #trimStartShifts}, how far the depenetration limit moves the start of each of n vertices. */
    void trackStartShifts(int n) {
        startShift = new double[3 * n];
    }

    /**
     * At the substep's end, before the velocities: a vertex whose start-of-substep position the depenetration limit
     * moved by S keeps no more of that move than its displacement along S from where it really started, D . S / |S|
     * (between 0 and |S|). The limit is measured when the body pushes, and the stages after the push (the contacts,
     * the strain limit, the next body pass) may take the vertex back: the whole move then made it leave the substep
     * with the push's excess as a velocity against the push. Traced (docs/SIMULATION.md, "Where the 900-vertex jumping
     * jacks throws a sleeve's end"): cloth pinched between the head and a raised upper arm in an arm-into-sleeve
     * dressing stayed where it was (within 3 mm over three substeps) while the passes moved its start about 10 mm in
     * each, and it left them at 48, 51 and 74 m/s, the last failing the run.
     */
    @Override
    public void trimStartShifts(double[] x, double[] xp) {
        double[] s = startShift;
        if (s == null) {
            return;
        }
        for (int o = 0; o < s.length; o += 3) {
            double sx = s[o], sy = s[o + 1], sz = s[o + 2];
            double s2 = sx * sx + sy * sy + sz * sz;
            if (s2 == 0) {
                continue;
            }
            s[o] = s[o + 1] = s[o + 2] = 0;
            double dx = x[o] - (xp[o] - sx), dy = x[o + 1] - (xp[o + 1] - sy), dz = x[o + 2] - (xp[o + 2] - sz);
            double keep = Math.max(0, Math.min(1, (dx * sx + dy * sy + dz * sz) / s2));
            if (keep < 1) {
                xp[o] -= (1 - keep) * sx;
                xp[o + 1] -= (1 - keep) * sy;
                xp[o + 2] -= (1 - keep) * sz;
                trims++;
            }
        }
    }

    /** Vertices whose start-of-substep move {@link #trimStartShifts} trimmed, summed over substeps (tests). */
    long startShiftTrims() {
        return trims;
    }

    /** Normals at a vertex whose cosine is below this are opposed (a pinch). */
    private static final double PINCH_COS = -0.3;
    private final AtomicLong pinches = new AtomicLong();

    /**
     * A vertex within the thickness of two body parts that are not joined (their surfaces apart at the bind pose) and
     * whose outward normals at it are opposed lies where the two press together: an arm raised against the head, a
     * forearm against the pelvis. Pushed out of one it goes into the other, and the cloth round it is stretched over
     * both (measured on the demo's jumping jacks, where the upper arm enters the head by 1.5 cm: hood and sleeve
     * edges stretched 5-6x, vertices thrown at 60-140 m/s). It is pinched: left where the cloth put it, and it leaves
     * the substep with the mean velocity of the two surfaces that hold it (counted as a pinch).
     */
    private void pinch(double[] x, int o, int a, int b, double[] moved) {
        if (pinchMotion.length < x.length) {
            synchronized (this) {
                if (pinchMotion.length < x.length) {
                    pinched = new boolean[x.length / 3];
                    pinchMotion = new double[x.length];
                }
            }
        }
        CapsuleCollider.surfaceMotion(cur.capsule(a), prev.capsule(a), x, o, moved);
        double ux = moved[0], uy = moved[1], uz = moved[2];
        CapsuleCollider.surfaceMotion(cur.capsule(b), prev.capsule(b), x, o, moved);
        pinchMotion[o] = 0.5 * (ux + moved[0]);
        pinchMotion[o + 1] = 0.5 * (uy + moved[1]);
        pinchMotion[o + 2] = 0.5 * (uz + moved[2]);
        pinched[o / 3] = true;
        pinches.incrementAndGet();
    }

    private volatile double[] pinchMotion = new double[0];
    private volatile boolean[] pinched = new boolean[0];

    @Override
    public void stickPinched(double[] v, double h) {
        for (int i = 0; i < pinched.length; i++) {
            if (pinched[i]) {
                int o = 3 * i;
                v[o] = pinchMotion[o] / h;
                v[o + 1] = pinchMotion[o + 1] / h;
                v[o + 2] = pinchMotion[o + 2] / h;
                pinched[i] = false;
            }
        }
    }

    @Override
    public long pinches() {
        return pinches.get();
    }

    /** Whether a part not joined to capsule c comes within the thickness of the point. */
    private boolean pressedBy(double px, double py, double pz, int c) {
        int n = cur.size();
        for (int i = 0; i < n; i++) {
            if (i != c && !joined[c * n + i] && cur.capsule(i).signedDistance(px, py, pz) < thick) {
                return true;
            }
        }
        return false;
    }

    @Override
    public long deepRescues() {
        return 0;
    }

    @Override
    public long depenetrationLimits() {
        return limits.get();
    }

    @Override
    public Body posedCapsules() {
        return cur;
    }
}
