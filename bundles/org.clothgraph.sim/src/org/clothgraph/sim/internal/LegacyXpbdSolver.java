package org.clothgraph.sim.internal;

import static org.clothgraph.sim.internal.Geometry.clamp01;
import static org.clothgraph.sim.internal.Geometry.sq;

import java.util.Arrays;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.FailureReason;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.Capsule;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;

/**
 * The first embedded solver, kept as the default while the rewritten {@link XpbdSolver} is made to survive the
 * demo's jump and kick (issue 10). Its repairs (overstretch pull cap, strain limit with edge un-wrapping, velocity-
 * free untangling, contact response bounds, pinched-stretch exemption) are fixed constants now, no longer system
 * properties; it collides against capsules only and ignores the skinned surface.
 * <p>
 * Small-step XPBD cloth solver (Macklin et al. 2019): per substep explicit prediction, Gauss-Seidel
 * sweeps over edge (stretch/shear) and cross-edge (bending) distance constraints in a fixed order (at least
 * two, more for large meshes), cloth-cloth vertex-triangle contacts with previous-side normals found through
 * a spatial hash (XPBD contacts with accumulated multipliers, constraint averaging, velocity-free gradual
 * untangling, Coulomb friction and per-vertex bounds that keep the contact response from adding energy), then
 * capsule-body collisions with Coulomb friction relative to the moving surface, and velocity update.
 * Per-vertex phases run on fixed partitions; sequential phases run in index order; results are
 * independent of the thread count.
 */
public final class LegacyXpbdSolver implements ClothSolver {
    private final int n;
    private final double[] x, v, xp, w, rest0;
    private final int[] cA, cB;
    private final double[] cRest, cCompl;
    private final int nEdges;
    private final int[] eA, eB;
    private final double[] eRest;
    private final int[] tri;
    private final int[] nbrStart, nbr;
    private final Material mat;
    private final SimulationSettings set;
    private final Workers workers;
    private final int distIterations;
    private final double thick;
    // body
    private double[] cap = new double[0], capPrev = new double[0], capBox = new double[0];
    private int nCap;
    // self collision scratch
    private final double[] xs, triBox, xb, xbp;
    private final int[] contactsOf;
    private final double[] vertexStretch, nbrRest;
    private final int[] cellCount, cellFill;
    private int[] cellTris = new int[0];
    private final ContactList[] contacts;
    private double cellSize;
    private long contactCount;

    public LegacyXpbdSolver(ClothMesh mesh, Material material, SimulationSettings settings) {
        this.mat = material;
        this.set = settings;
        ClothModel model = new ClothModel(mesh, material, false);
        this.n = model.n;
        this.thick = material.thickness();
        this.tri = model.tri;
        x = model.rest.clone();
        v = new double[3 * n];
        xp = new double[3 * n];
        w = model.w;
        rest0 = model.rest;
        nEdges = model.edges;
        cA = model.cA;
        cB = model.cB;
        cRest = model.cRest;
        cCompl = model.cCompl;
        eA = model.eA;
        eB = model.eB;
        eRest = model.eRest;
        int ne = nEdges;
        nbrStart = model.nbrStart;
        nbr = model.nbr;
        xs = x.clone();
        xb = new double[3 * n];
        contactsOf = new int[n];
        vertexStretch = new double[n];
        nbrRest = new double[nbr.length];
        for (int i = 0; i < n; i++) {
            for (int e = nbrStart[i]; e < nbrStart[i + 1]; e++) {
                nbrRest[e] = Math.max(1e-9, Geometry.distance(rest0, i, nbr[e]));
            }
        }
        xbp = new double[3 * n];
        triBox = new double[2 * tri.length];
        double meanEdge = 0;
        for (int e = 0; e < ne; e++) {
            meanEdge += eRest[e] / ne;
        }
        // hash cells about one edge long (at least two thicknesses); table of 2^k >= 2 * triangles buckets
        cellSize = Math.max(Math.max(meanEdge, 2 * thick), 1e-4);
        int buckets = Integer.highestOneBit(Math.max(16, tri.length / 3)) << 2;
        cellCount = new int[buckets + 1];
        cellFill = new int[buckets + 1];
        // Gauss-Seidel sweeps over the distance constraints per substep: one sweep propagates a correction about
        // one edge, and the number of edges across the garment grows with sqrt(vertices); a single sweep let the
        // robe's weight and the limbs' pull stretch edges several-fold at >= 4k vertices. Two at 4,000 vertices,
        // in proportion to sqrt(vertices) above (6 at 28,963; the rule was ceil(sqrt(n / 4000)), 3 there, which
        // left the 28,963-vertex robe after the lead-in with an edge at 3.1-3.7x its rest length against 2.5x;
        // docs/SIMULATION.md, "The first solver's sweeps at 30,000 vertices")
        distIterations = Math.max(2, (int) Math.ceil(2 * Math.sqrt(n / 4000.0)));
        workers = new Workers(settings.effectiveThreads());
        contacts = new ContactList[Math.max(1, workers.threads())];
        for (int i = 0; i < contacts.length; i++) {
            contacts[i] = new ContactList();
        }
    }

    @Override
    public int vertexCount() {
        return n;
    }

    public int edgeCount() {
        return nEdges;
    }

    public int bendCount() {
        return cA.length - nEdges;
    }

    public long lastContactCount() {
        return contactCount;
    }

    @Override
    public void setState(ClothState s) {
        if (s.vertexCount() != n) {
            throw new IllegalArgumentException("state has " + s.vertexCount() + " vertices, mesh has " + n);
        }
        float[] p = s.positions(), vel = s.velocities();
        for (int i = 0; i < 3 * n; i++) {
            x[i] = p[i];
            v[i] = vel[i];
        }
        System.arraycopy(x, 0, xs, 0, 3 * n);
    }

    @Override
    public ClothState state() {
        float[] p = new float[3 * n], vel = new float[3 * n];
        for (int i = 0; i < 3 * n; i++) {
            p[i] = (float) x[i];
            vel[i] = (float) v[i];
        }
        return new ClothState(p, vel);
    }

    /** Zeroes all velocities. */
    public void stop() {
        Arrays.fill(v, 0);
    }

    private boolean quasiStatic;

    /** When set, velocities are zeroed after every substep (pure relaxation, used by the initial drape). */
    @Override
    public void setQuasiStatic(boolean on) {
        quasiStatic = on;
    }

    /**
     * Advances one output frame from body time t0 to t0 + dt. Returns the number of substeps used.
     */
    @Override
    public int advanceFrame(BodyMotion motion, double t0, double dt, int frameIndex, IProgressMonitor monitor,
            long frameStartNanos) throws SimulationFailedException {
        DrivenVertices d = driven;
        if (d == null) {
            return advanceUndriven(motion, t0, dt, frameIndex, monitor, frameStartNanos);
        }
        d.pin(w, x);
        try {
            return advanceUndriven(motion, t0, dt, frameIndex, monitor, frameStartNanos);
        } finally {
            d.unpin(w);
            driven = null;
        }
    }

    @Override
    public void drive(DrivenVertices vertices) {
        driven = vertices;
    }

    /** The dressing hook ({@link DrivenVertices}): vertices driven during the next frame, and where in it we are. */
    private DrivenVertices driven;
    private double drivenAt;

    private int advanceUndriven(BodyMotion motion, double t0, double dt, int frameIndex, IProgressMonitor monitor,
            long frameStartNanos) throws SimulationFailedException {
        int base = set.substeps();
        Body[] poses = new Body[base + 1];
        double maxMove = 0, minR = Double.POSITIVE_INFINITY;
        for (int k = 0; k <= base; k++) {
            poses[k] = motion.poseAt(k == base ? t0 + dt : t0 + dt * k / base);
            if (k > 0) {
                maxMove = Math.max(maxMove, maxEndpointMove(poses[k - 1], poses[k]));
            }
        }
        for (Capsule c : poses[0].capsules()) {
            minR = Math.min(minR, Math.min(c.ra(), c.rb()));
        }
        minR = Math.max(minR, 0.01);
        int sub = base;
        double limit = 0.4 * minR;
        if (maxMove > limit) {
            sub = (int) Math.min(set.maxSubsteps(), Math.ceil(base * maxMove / limit));
        }
        loadBody(poses[0], true);
        double h = dt / sub;
        for (int k = 1; k <= sub; k++) {
            if (monitor != null && monitor.isCanceled()) {
                throw new OperationCanceledException();
            }
            if (set.frameTimeoutSeconds() > 0 && System.nanoTime() - frameStartNanos > set.frameTimeoutSeconds() * 1e9) {
                throw new SimulationFailedException(FailureReason.TIMEOUT, frameIndex,
                        "frame took longer than " + set.frameTimeoutSeconds() + " s");
            }
            Body pose = sub == base ? poses[k] : motion.poseAt(k == sub ? t0 + dt : t0 + dt * k / sub);
            loadBody(pose, false);
            drivenAt = (double) k / sub;
            substep(h, k % set.selfCollisionInterval() == 0 && set.selfCollision());
            checkVelocities(frameIndex, k == sub);
        }
        checkStretch(frameIndex);
        return sub;
    }

    private static double maxEndpointMove(Body a, Body b) {
        double m = 0;
        for (int i = 0; i < a.size(); i++) {
            Capsule p = a.capsule(i), q = b.capsule(i);
            m = Math.max(m, Math.sqrt(sq(p.ax() - q.ax()) + sq(p.ay() - q.ay()) + sq(p.az() - q.az())));
            m = Math.max(m, Math.sqrt(sq(p.bx() - q.bx()) + sq(p.by() - q.by()) + sq(p.bz() - q.bz())));
        }
        return m;
    }

    /** The body as last posed (what a runaway failure names near the thrown vertex). */
    private Body posed;

    /** Loads a body pose; the previously loaded pose becomes the "previous" pose (or the same if first). */
    private void loadBody(Body body, boolean first) {
        posed = body;
        int nc = body.size();
        if (cap.length != nc * 8) {
            cap = new double[nc * 8];
            capPrev = new double[nc * 8];
            capBox = new double[nc * 6];
            first = true;
        }
        nCap = nc;
        if (!first) {
            System.arraycopy(cap, 0, capPrev, 0, cap.length);
        }
        for (int c = 0; c < nc; c++) {
            Capsule k = body.capsule(c);
            int o = c * 8;
            cap[o] = k.ax(); cap[o + 1] = k.ay(); cap[o + 2] = k.az();
            cap[o + 3] = k.bx(); cap[o + 4] = k.by(); cap[o + 5] = k.bz();
            cap[o + 6] = k.ra(); cap[o + 7] = k.rb();
            double r = Math.max(k.ra(), k.rb()) + thick + 1e-4;
            capBox[c * 6] = Math.min(k.ax(), k.bx()) - r;
            capBox[c * 6 + 1] = Math.min(k.ay(), k.by()) - r;
            capBox[c * 6 + 2] = Math.min(k.az(), k.bz()) - r;
            capBox[c * 6 + 3] = Math.max(k.ax(), k.bx()) + r;
            capBox[c * 6 + 4] = Math.max(k.ay(), k.by()) + r;
            capBox[c * 6 + 5] = Math.max(k.az(), k.bz()) + r;
        }
        if (first) {
            System.arraycopy(cap, 0, capPrev, 0, cap.length);
        }
    }

    private void substep(double h, boolean self) {
        Prediction.predict(workers, n, x, v, xp, w, set, mat, h);
        if (driven != null) {
            driven.place(x, drivenAt);
        }
        for (int it = 0; it < distIterations; it++) {
            solveDistances(h);
        }
        if (self) {
            selfCollide(h);
        }
        if (STRAIN_LIMIT > 0) {
            limitStrain();
        }
        workers.forRange(n, 2048, (chunk, from, to) -> collideBody(from, to));
        double inv = 1 / h;
        workers.forRange(n, 4096, (chunk, from, to) -> {
            for (int i = 3 * from; i < 3 * to; i++) {
                v[i] = quasiStatic ? 0 : (x[i] - xp[i]) * inv;
            }
        });
    }

    /** Largest length error (fraction of the rest length) a distance constraint corrects per iteration. */
    private static final double OVERSTRETCH_PULL = 1.0;

    private void solveDistances(double h) {
        double ih2 = 1 / (h * h);
        for (int c = 0; c < cA.length; c++) {
            int a = cA[c], b = cB[c];
            double wa = w[a], wb = w[b];
            double ws = wa + wb;
            if (ws == 0) {
                continue;
            }
            int oa = 3 * a, ob = 3 * b;
            double dx = x[oa] - x[ob], dy = x[oa + 1] - x[ob + 1], dz = x[oa + 2] - x[ob + 2];
            double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (len < 1e-12) {
                continue;
            }
            // an overstretched constraint (an edge wrapped round a limb) pulls at most as hard as one stretched
            // by OVERSTRETCH_PULL of its rest length: snapping it back at once threw the vertices held by the body
            // at 90 m/s; the strain limit (velocity-free) shortens it instead
            double cval = Math.min(len - cRest[c], OVERSTRETCH_PULL * cRest[c]);
            double dl = -cval / (ws + cCompl[c] * ih2) / len;
            x[oa] += wa * dl * dx;
            x[oa + 1] += wa * dl * dy;
            x[oa + 2] += wa * dl * dz;
            x[ob] -= wb * dl * dx;
            x[ob + 1] -= wb * dl * dy;
            x[ob + 2] -= wb * dl * dz;
        }
    }

    /**
     * Strain limit (factor of the rest length; 0 disables): applied after the
     * constraint and self-collision passes, before the body collision pass.
     */
    private static final double STRAIN_LIMIT = 2.0;

    /** A vertex closer than this to a capsule surface (beyond the thickness) counts as touching the body. */
    private static final double TOUCH_TOLERANCE = 0.002;

    /**
     * Strain limiting: an edge longer than {@link #STRAIN_LIMIT} times its rest length is shortened to that length
     * by moving its endpoint(s) that do not touch the body; an endpoint held by the body is not pulled (that would
     * drag it into the capsule it rests on) and an edge whose both endpoints touch the body is left alone: it is
     * pinched between capsules (see {@link #pinched}), which only the body's motion can release. Sequential in
     * edge order: deterministic and independent of the thread count.
     */
    private void limitStrain() {
        for (int e = 0; e < nEdges; e++) {
            int a = eA[e], b = eB[e];
            double wa = w[a], wb = w[b];
            if (wa + wb == 0) {
                continue;
            }
            int oa = 3 * a, ob = 3 * b;
            double dx = x[ob] - x[oa], dy = x[ob + 1] - x[oa + 1], dz = x[ob + 2] - x[oa + 2];
            double len2 = dx * dx + dy * dy + dz * dz;
            double lim = STRAIN_LIMIT * eRest[e];
            if (len2 <= lim * lim) {
                continue;
            }
            if (UNWRAP && unwrap(a, b)) {
                dx = x[ob] - x[oa];
                dy = x[ob + 1] - x[oa + 1];
                dz = x[ob + 2] - x[oa + 2];
                len2 = dx * dx + dy * dy + dz * dz;
            }
            double ga = wa > 0 && !touching(a) ? wa : 0, gb = wb > 0 && !touching(b) ? wb : 0;
            if (ga + gb == 0) {
                if (pinched(a, b)) {
                    continue;
                }
                // both endpoints rest on the body, the edge outside it: shorten it along the surface (the body
                // pass that follows projects the endpoints back out)
                ga = wa;
                gb = wb;
            }
            double len = Math.sqrt(len2);
            double f = (len - lim) / (len * (ga + gb));
            // velocity-free (previous positions shifted too): the overstretch is a configuration to repair, and
            // turning a several-centimetre repair into velocity throws the vertex at tens of m/s
            shiftBoth(oa, ga * f * dx, ga * f * dy, ga * f * dz);
            shiftBoth(ob, -gb * f * dx, -gb * f * dy, -gb * f * dz);
        }
    }

    private static final boolean UNWRAP = true;

    /** Largest shift of an unwrapped edge per substep, as a fraction of the capsule radius. */
    private static final double UNWRAP_STEP = 0.25;

    private final double[] segScratch = new double[2];

    /**
     * Un-wraps an overstretched edge a-b whose segment cuts through a capsule (a limb has passed between its two
     * vertices): the edge is translated out of the capsule along the outward normal at its closest point to the
     * axis, at most {@link #UNWRAP_STEP} of the radius per substep and without adding velocity. The body pass that
     * follows projects each endpoint back onto the surface radially, so over a few substeps the endpoint on the
     * far side slides round the capsule to the near side and the edge no longer wraps the limb. Returns whether
     * anything moved.
     */
    private boolean unwrap(int a, int b) {
        int oa = 3 * a, ob = 3 * b;
        double[] c = cap, st = segScratch;
        boolean moved = false;
        for (int k = 0; k < nCap; k++) {
            if (outsideBox(oa, ob, k)) {
                continue;
            }
            int q = k * 8;
            if (!segmentAxis(oa, ob, q, st)) {
                continue;
            }
            double t = st[0], sv = st[1];
            if (t <= EDGE_END || t >= 1 - EDGE_END) {
                continue; // an endpoint is the closest point: the vertex pass handles it
            }
            double r = c[q + 6] + sv * (c[q + 7] - c[q + 6]);
            double ux = x[ob] - x[oa], uy = x[ob + 1] - x[oa + 1], uz = x[ob + 2] - x[oa + 2];
            double nx = x[oa] + t * ux - c[q] - sv * (c[q + 3] - c[q]);
            double ny = x[oa + 1] + t * uy - c[q + 1] - sv * (c[q + 4] - c[q + 1]);
            double nz = x[oa + 2] + t * uz - c[q + 2] - sv * (c[q + 5] - c[q + 2]);
            double d = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (d >= r) {
                continue;
            }
            if (d < 1e-9) {
                // the edge crosses the axis: leave sideways, perpendicular to the edge and the axis
                double vx = c[q + 3] - c[q], vy = c[q + 4] - c[q + 1], vz = c[q + 5] - c[q + 2];
                nx = uy * vz - uz * vy;
                ny = uz * vx - ux * vz;
                nz = ux * vy - uy * vx;
                d = Math.sqrt(nx * nx + ny * ny + nz * nz);
                if (d < 1e-12) {
                    continue;
                }
                nx /= d;
                ny /= d;
                nz /= d;
                d = 0;
            } else {
                nx /= d;
                ny /= d;
                nz /= d;
            }
            double m = Math.min(r + thick - d, UNWRAP_STEP * r);
            if (w[a] > 0) {
                shiftBoth(oa, nx * m, ny * m, nz * m);
            }
            if (w[b] > 0) {
                shiftBoth(ob, nx * m, ny * m, nz * m);
            }
            moved = true;
        }
        return moved;
    }

    /**
     * Closest points of the segment from x[oa] to x[ob] and the axis of capsule q (offset into cap), Ericson 5.1.9:
     * stores the segment parameter t and the axis parameter s in out; false for a degenerate segment.
     */
    private boolean segmentAxis(int oa, int ob, int q, double[] out) {
        // closest points of segments P(t) = xa + t u (edge) and Q(s) = A + s v (capsule axis)
        double[] c = cap;
        double px0 = x[oa], py0 = x[oa + 1], pz0 = x[oa + 2];
        double ux = x[ob] - px0, uy = x[ob + 1] - py0, uz = x[ob + 2] - pz0;
        double vx = c[q + 3] - c[q], vy = c[q + 4] - c[q + 1], vz = c[q + 5] - c[q + 2];
        double rx = px0 - c[q], ry = py0 - c[q + 1], rz = pz0 - c[q + 2];
        double aa = ux * ux + uy * uy + uz * uz, ee = vx * vx + vy * vy + vz * vz, ff = vx * rx + vy * ry + vz * rz;
        if (aa < 1e-18) {
            return false;
        }
        double cc = ux * rx + uy * ry + uz * rz;
        double t, sv;
        if (ee < 1e-18) {
            sv = 0;
            t = clamp01(-cc / aa);
        } else {
            double bb = ux * vx + uy * vy + uz * vz;
            double den = aa * ee - bb * bb;
            t = den > 1e-18 ? clamp01((bb * ff - cc * ee) / den) : 0;
            sv = (bb * t + ff) / ee;
            if (sv < 0) {
                sv = 0;
                t = clamp01(-cc / aa);
            } else if (sv > 1) {
                sv = 1;
                t = clamp01((bb - cc) / aa);
            }
        }
        out[0] = t;
        out[1] = sv;
        return true;
    }

    /** Whether vertex i is within the thickness plus {@link #TOUCH_TOLERANCE} of a capsule surface (or inside). */
    private boolean touching(int i) {
        int o = 3 * i;
        double px = x[o], py = x[o + 1], pz = x[o + 2];
        double[] c = cap, box = capBox;
        for (int k = 0; k < nCap; k++) {
            int b = k * 6;
            double m = TOUCH_TOLERANCE;
            if (px < box[b] - m || py < box[b + 1] - m || pz < box[b + 2] - m || px > box[b + 3] + m
                    || py > box[b + 4] + m || pz > box[b + 5] + m) {
                continue;
            }
            int q = k * 8;
            double ax = c[q], ay = c[q + 1], az = c[q + 2];
            double dx = c[q + 3] - ax, dy = c[q + 4] - ay, dz = c[q + 5] - az;
            double l2 = dx * dx + dy * dy + dz * dz;
            double s = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy + (pz - az) * dz) / l2 : 0;
            s = s < 0 ? 0 : (s > 1 ? 1 : s);
            double r = c[q + 6] + s * (c[q + 7] - c[q + 6]) + thick + m;
            if (sq(px - ax - s * dx) + sq(py - ay - s * dy) + sq(pz - az - s * dz) < r * r) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the edge a-b is pinched by the body: both endpoints touch it and the segment between them cuts
     * through a capsule (a limb pressed against the torso or the head has passed between the two vertices of
     * cloth trapped in the crease, and the edge is wrapped around it).
     */
    private boolean pinched(int a, int b) {
        return touching(a) && touching(b) && wrapped(a, b);
    }

    /**
     * Whether the stretch of edge a-b is the body's doing: the edge is wrapped round a capsule, or one of its
     * endpoints is held by the body (dragged by a limb while the rest of the cloth lags behind).
     */
    private boolean heldByBody(int a, int b) {
        return touching(a) || touching(b) || wrapped(a, b);
    }

    /** Whether the segment a-b cuts through a capsule (the edge is wrapped around a body part). */
    /** Whether the segment x[oa]-x[ob] misses capsule k's bounding box (a cheap early out). */
    private boolean outsideBox(int oa, int ob, int k) {
        double[] box = capBox;
        int bo = k * 6;
        return Math.max(x[oa], x[ob]) < box[bo] || Math.max(x[oa + 1], x[ob + 1]) < box[bo + 1]
                || Math.max(x[oa + 2], x[ob + 2]) < box[bo + 2] || Math.min(x[oa], x[ob]) > box[bo + 3]
                || Math.min(x[oa + 1], x[ob + 1]) > box[bo + 4] || Math.min(x[oa + 2], x[ob + 2]) > box[bo + 5];
    }

    /** Whether the edge a-b cuts through a capsule (the limb has passed between its two vertices). */
    private boolean wrapped(int a, int b) {
        int oa = 3 * a, ob = 3 * b;
        double[] c = cap;
        double[] st = new double[2]; // local: only over-stretched edges get here, possibly from worker threads
        double ux = x[ob] - x[oa], uy = x[ob + 1] - x[oa + 1], uz = x[ob + 2] - x[oa + 2];
        for (int k = 0; k < nCap; k++) {
            int q = k * 8;
            if (!segmentAxis(oa, ob, q, st)) {
                return false;
            }
            double t = st[0], sv = st[1];
            double vx = c[q + 3] - c[q], vy = c[q + 4] - c[q + 1], vz = c[q + 5] - c[q + 2];
            double r = c[q + 6] + sv * (c[q + 7] - c[q + 6]);
            double d2 = sq(x[oa] + t * ux - c[q] - sv * vx) + sq(x[oa + 1] + t * uy - c[q + 1] - sv * vy)
                    + sq(x[oa + 2] + t * uz - c[q + 2] - sv * vz);
            if (d2 < r * r) {
                return true;
            }
        }
        return false;
    }

    /** Edge contacts whose closest point lies within this fraction of an end are left to the vertex pass. */
    private static final double EDGE_END = 0.02;

    /** Passes over the capsules per vertex (a vertex pushed out of one capsule into an overlapping one). */
    private static final int BODY_PASSES = 4;

    private void collideBody(int from, int to) {
        double mu = mat.friction();
        double[] c = cap, cp = capPrev, box = capBox;
        for (int i = from; i < to; i++) {
            if (w[i] == 0) {
                continue;
            }
            int o = 3 * i;
            double px = x[o], py = x[o + 1], pz = x[o + 2];
            for (int pass = 0; pass < BODY_PASSES; pass++) {
            boolean hit = false;
            for (int k = 0; k < nCap; k++) {
                int b = k * 6;
                if (px < box[b] || py < box[b + 1] || pz < box[b + 2] || px > box[b + 3] || py > box[b + 4]
                        || pz > box[b + 5]) {
                    continue;
                }
                int q = k * 8;
                double ax = c[q], ay = c[q + 1], az = c[q + 2];
                double dx = c[q + 3] - ax, dy = c[q + 4] - ay, dz = c[q + 5] - az;
                double l2 = dx * dx + dy * dy + dz * dz;
                double s = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy + (pz - az) * dz) / l2 : 0;
                s = s < 0 ? 0 : (s > 1 ? 1 : s);
                double cx = ax + s * dx, cy = ay + s * dy, cz = az + s * dz;
                double r = c[q + 6] + s * (c[q + 7] - c[q + 6]) + thick;
                double nx = px - cx, ny = py - cy, nz = pz - cz;
                double d = Math.sqrt(nx * nx + ny * ny + nz * nz);
                if (d >= r || (pass > 0 && d >= r - 1e-7)) {
                    continue;
                }
                hit = true;
                // previous surface point with the same parameter (for normal fallback and friction)
                double pcx = cp[q] + s * (cp[q + 3] - cp[q]), pcy = cp[q + 1] + s * (cp[q + 4] - cp[q + 1]),
                        pcz = cp[q + 2] + s * (cp[q + 5] - cp[q + 2]);
                if (d < 1e-9) {
                    // on the axis: use the side the vertex came from
                    nx = xp[o] - pcx;
                    ny = xp[o + 1] - pcy;
                    nz = xp[o + 2] - pcz;
                    d = Math.sqrt(nx * nx + ny * ny + nz * nz);
                    if (d < 1e-9) {
                        nx = 0;
                        ny = 1;
                        nz = 0;
                        d = 1;
                    }
                    double inv = 1 / d;
                    nx *= inv;
                    ny *= inv;
                    nz *= inv;
                    px = cx + nx * r;
                    py = cy + ny * r;
                    pz = cz + nz * r;
                    continue;
                }
                double inv = 1 / d;
                nx *= inv;
                ny *= inv;
                nz *= inv;
                double pen = r - d;
                double qx = xp[o] - pcx, qy = xp[o + 1] - pcy, qz = xp[o + 2] - pcz;
                double ql = Math.sqrt(qx * qx + qy * qy + qz * qz);
                double prevPen = r - ql;
                px += nx * pen;
                py += ny * pen;
                pz += nz * pen;
                // penetration that already existed at the start of the substep (initial overlap, previous
                // unresolved contact) is removed without turning into velocity: shift the previous position
                if (prevPen > 0) {
                    double shift = Math.min(prevPen, pen);
                    xp[o] += nx * shift;
                    xp[o + 1] += ny * shift;
                    xp[o + 2] += nz * shift;
                }
                if (mu > 0) {
                    double rx = (px - xp[o]) - (cx - pcx), ry = (py - xp[o + 1]) - (cy - pcy),
                            rz = (pz - xp[o + 2]) - (cz - pcz);
                    double rn = rx * nx + ry * ny + rz * nz;
                    rx -= rn * nx;
                    ry -= rn * ny;
                    rz -= rn * nz;
                    double tl = Math.sqrt(rx * rx + ry * ry + rz * rz);
                    if (tl > 1e-12) {
                        double f = Math.min(1, mu * pen / tl);
                        px -= rx * f;
                        py -= ry * f;
                        pz -= rz * f;
                    }
                }
            }
            if (!hit) {
                break;
            }
            }
            x[o] = px;
            x[o + 1] = py;
            x[o + 2] = pz;
        }
    }

    // ---------------------------------------------------------------- self collision

    private static final class ContactList {
        int size;
        int[] vi = new int[256], ti = new int[256];
        double[] bary = new double[3 * 256];
        byte[] side = new byte[256];
        // per-contact solver state: accumulated normal multiplier, the penetration tolerated in this substep
        // (pre-existing, removed gradually) and the cap on the velocity-generating relative correction (m)
        double[] lambda = new double[256], tolerated = new double[256], maxNew = new double[256];

        void add(int i, int t, double u, double vv, double ww, int s) {
            if (size == vi.length) {
                int m = size * 2;
                vi = Arrays.copyOf(vi, m);
                ti = Arrays.copyOf(ti, m);
                bary = Arrays.copyOf(bary, 3 * m);
                side = Arrays.copyOf(side, m);
                lambda = Arrays.copyOf(lambda, m);
                tolerated = Arrays.copyOf(tolerated, m);
                maxNew = Arrays.copyOf(maxNew, m);
            }
            vi[size] = i;
            ti[size] = t;
            bary[3 * size] = u;
            bary[3 * size + 1] = vv;
            bary[3 * size + 2] = ww;
            side[size] = (byte) s;
            size++;
        }
    }

    /**
     * Cloth-cloth collisions (vertex-triangle proximity and crossing). Candidates come from a spatial hash of
     * flat int arrays rebuilt for every collision pass: each triangle is inserted into every cell overlapped by
     * its box swept from the last collision-free snapshot {@code xs} to the current positions, grown by the
     * thickness; each vertex queries the cells of its own swept box, and a pair is examined only in the cell
     * holding the lower corner of the two boxes' intersection (so exactly once). The side of a contact is
     * taken from the snapshot, so crossings that happened since the previous pass (self collisions may run
     * only every few substeps) are undone. Candidate search runs on fixed vertex partitions into per-chunk
     * lists concatenated in vertex order; contacts are resolved sequentially in that order, so the result
     * does not depend on the thread count.
     * <p>
     * Response (see {@link #prepareContact}, {@link #solveContact}, {@link #frictionContact},
     * {@link #limitContactResponse}): the snapshot may itself be interpenetrating, so penetration that already
     * existed at the start of the substep is not projected away at once (that turned into velocity of up to
     * 2.4 cm per substep and blew up crumpled regions) but removed by a velocity-free shift of at most a
     * fraction of the thickness per substep; only new penetration is resolved, as an inelastic XPBD contact
     * whose correction is bounded by the pair's relative motion; every vertex's share of a contact is divided
     * by its number of contacts (constraint averaging: a vertex of a crushed hood crown can sit in hundreds);
     * friction is bounded by mu times the applied normal correction and shared with the inverse masses; and a
     * final per-vertex bound lets the contacts stop or redirect a vertex but not speed it up.
     */
    private void selfCollide(double h) {
        int nt = tri.length / 3;
        if (nt == 0) {
            return;
        }
        final double grow = thick;
        workers.forRange(nt, 4096, (chunk, from, to) -> {
            for (int t = from; t < to; t++) {
                double x0 = Double.POSITIVE_INFINITY, y0 = x0, z0 = x0, x1 = Double.NEGATIVE_INFINITY, y1 = x1, z1 = x1;
                for (int k = 0; k < 3; k++) {
                    int o = 3 * tri[3 * t + k];
                    x0 = Math.min(x0, Math.min(x[o], xs[o]));
                    y0 = Math.min(y0, Math.min(x[o + 1], xs[o + 1]));
                    z0 = Math.min(z0, Math.min(x[o + 2], xs[o + 2]));
                    x1 = Math.max(x1, Math.max(x[o], xs[o]));
                    y1 = Math.max(y1, Math.max(x[o + 1], xs[o + 1]));
                    z1 = Math.max(z1, Math.max(x[o + 2], xs[o + 2]));
                }
                int b = 6 * t;
                triBox[b] = x0 - grow;
                triBox[b + 1] = y0 - grow;
                triBox[b + 2] = z0 - grow;
                triBox[b + 3] = x1 + grow;
                triBox[b + 4] = y1 + grow;
                triBox[b + 5] = z1 + grow;
            }
        });
        final double ic = 1 / cellSize;
        final int mask = cellCount.length - 2;
        int[] count = cellCount;
        Arrays.fill(count, 0);
        long entries = 0;
        for (int t = 0; t < nt; t++) {
            int b = 6 * t;
            int ix0 = cell(triBox[b], ic), iy0 = cell(triBox[b + 1], ic), iz0 = cell(triBox[b + 2], ic);
            int ix1 = cell(triBox[b + 3], ic), iy1 = cell(triBox[b + 4], ic), iz1 = cell(triBox[b + 5], ic);
            for (int ix = ix0; ix <= ix1; ix++) {
                for (int iy = iy0; iy <= iy1; iy++) {
                    for (int iz = iz0; iz <= iz1; iz++) {
                        count[(hash(ix, iy, iz) & mask) + 1]++;
                        entries++;
                    }
                }
            }
        }
        if (entries > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException("self-collision hash overflow");
        }
        for (int i = 0; i <= mask; i++) {
            count[i + 1] += count[i];
        }
        if (cellTris.length < entries) {
            cellTris = new int[(int) Math.min(Integer.MAX_VALUE - 16, entries + entries / 4)];
        }
        System.arraycopy(count, 0, cellFill, 0, mask + 1);
        int[] fill = cellFill, items = cellTris;
        for (int t = 0; t < nt; t++) {
            int b = 6 * t;
            int ix0 = cell(triBox[b], ic), iy0 = cell(triBox[b + 1], ic), iz0 = cell(triBox[b + 2], ic);
            int ix1 = cell(triBox[b + 3], ic), iy1 = cell(triBox[b + 4], ic), iz1 = cell(triBox[b + 5], ic);
            for (int ix = ix0; ix <= ix1; ix++) {
                for (int iy = iy0; iy <= iy1; iy++) {
                    for (int iz = iz0; iz <= iz1; iz++) {
                        items[fill[hash(ix, iy, iz) & mask]++] = t;
                    }
                }
            }
        }
        for (ContactList cl : contacts) {
            cl.size = 0;
        }
        final double crossLimit = thick + 0.02;
        final double restSkip2 = 9 * thick * thick; // pairs closer than 3 thicknesses at rest are neighbours, not contacts
        final int[] start = count;
        workers.forRange(n, 1024, (chunk, from, to) -> {
            ContactList out = contacts[chunk];
            double[] bc = new double[3];
            for (int i = from; i < to; i++) {
                int o = 3 * i;
                double vx0 = Math.min(x[o], xs[o]), vy0 = Math.min(x[o + 1], xs[o + 1]), vz0 = Math.min(x[o + 2], xs[o + 2]);
                double vx1 = Math.max(x[o], xs[o]), vy1 = Math.max(x[o + 1], xs[o + 1]), vz1 = Math.max(x[o + 2], xs[o + 2]);
                int ix0 = cell(vx0, ic), iy0 = cell(vy0, ic), iz0 = cell(vz0, ic);
                int ix1 = cell(vx1, ic), iy1 = cell(vy1, ic), iz1 = cell(vz1, ic);
                for (int ix = ix0; ix <= ix1; ix++) {
                    for (int iy = iy0; iy <= iy1; iy++) {
                        for (int iz = iz0; iz <= iz1; iz++) {
                            int hsh = hash(ix, iy, iz) & mask;
                            for (int e = start[hsh], end = start[hsh + 1]; e < end; e++) {
                                int t = items[e];
                                int b = 6 * t;
                                double lx = Math.max(vx0, triBox[b]), ly = Math.max(vy0, triBox[b + 1]),
                                        lz = Math.max(vz0, triBox[b + 2]);
                                if (lx > Math.min(vx1, triBox[b + 3]) || ly > Math.min(vy1, triBox[b + 4])
                                        || lz > Math.min(vz1, triBox[b + 5])) {
                                    continue;
                                }
                                if (cell(lx, ic) != ix || cell(ly, ic) != iy || cell(lz, ic) != iz) {
                                    continue; // examined in the cell holding the intersection's lower corner
                                }
                                int a = tri[3 * t], bb = tri[3 * t + 1], c = tri[3 * t + 2];
                                if (a == i || bb == i || c == i || adjacent(i, a) || adjacent(i, bb) || adjacent(i, c)
                                        || restNear(i, a, restSkip2) || restNear(i, bb, restSkip2)
                                        || restNear(i, c, restSkip2)) {
                                    continue;
                                }
                                testVertexTriangle(i, t, a, bb, c, crossLimit, out, bc);
                            }
                        }
                    }
                }
            }
        });
        System.arraycopy(x, 0, xb, 0, 3 * n);
        System.arraycopy(xp, 0, xbp, 0, 3 * n);
        contactCount = 0;
        Arrays.fill(contactsOf, 0);
        for (ContactList cl : contacts) {
            contactCount += cl.size;
            for (int k = 0; k < cl.size; k++) {
                int t = cl.ti[k];
                contactsOf[cl.vi[k]]++;
                contactsOf[tri[3 * t]]++;
                contactsOf[tri[3 * t + 1]]++;
                contactsOf[tri[3 * t + 2]]++;
            }
        }
        if (contactCount > 0) {
            // largest stretch of the edges around each vertex (after this substep's distance pass)
            workers.forRange(n, 4096, (chunk, from, to) -> {
                for (int i = from; i < to; i++) {
                    double worst = 0;
                    for (int e = nbrStart[i]; e < nbrStart[i + 1]; e++) {
                        int j = nbr[e];
                        worst = Math.max(worst, Geometry.distance(x, i, j) / nbrRest[e]);
                    }
                    vertexStretch[i] = worst;
                }
            });
        }
        for (ContactList cl : contacts) {
            for (int k = 0; k < cl.size; k++) {
                prepareContact(cl, k);
            }
        }
        for (int it = 0; it < CONTACT_ITERATIONS; it++) {
            for (ContactList cl : contacts) {
                for (int k = 0; k < cl.size; k++) {
                    solveContact(cl, k, h);
                }
            }
        }
        for (ContactList cl : contacts) {
            for (int k = 0; k < cl.size; k++) {
                frictionContact(cl, k);
            }
        }
        if (contactCount > 0) {
            limitContactResponse(h);
        }
        System.arraycopy(x, 0, xs, 0, 3 * n);
    }

    /**
     * Per-vertex bounds on the summed contact response of one pass (a vertex may sit in dozens of contacts
     * in a crumpled region, each bounded on its own): (1) the velocity-free untangling shift is at most
     * {@link #UNTANGLE_FRACTION} of the thickness; (2) the contacts may stop or redirect a vertex but not
     * speed it up: the change of its displacement in the substep is at most its displacement before the
     * contacts plus a small floor, and the resulting displacement is at most the larger of the two.
     */
    private void limitContactResponse(double h) {
        final double floor = SPEED_FLOOR_FRACTION * thick, maxShift = UNTANGLE_FRACTION * thick;
        workers.forRange(n, 4096, (chunk, from, to) -> {
            for (int i = from; i < to; i++) {
                int o = 3 * i;
                double sx = xp[o] - xbp[o], sy = xp[o + 1] - xbp[o + 1], sz = xp[o + 2] - xbp[o + 2];
                double s2 = sx * sx + sy * sy + sz * sz;
                if (s2 > maxShift * maxShift) {
                    double f = 1 - maxShift / Math.sqrt(s2);
                    for (int k = 0; k < 3; k++) {
                        double e = (xp[o + k] - xbp[o + k]) * f;
                        xp[o + k] -= e;
                        x[o + k] -= e;
                    }
                }
                double d0x = xb[o] - xbp[o], d0y = xb[o + 1] - xbp[o + 1], d0z = xb[o + 2] - xbp[o + 2];
                double d0 = Math.sqrt(d0x * d0x + d0y * d0y + d0z * d0z);
                double dx = x[o] - xp[o], dy = x[o + 1] - xp[o + 1], dz = x[o + 2] - xp[o + 2];
                double cx = dx - d0x, cy = dy - d0y, cz = dz - d0z;
                double inertial = Math.sqrt(v[o] * v[o] + v[o + 1] * v[o + 1] + v[o + 2] * v[o + 2]) * h;
                double c2 = cx * cx + cy * cy + cz * cz, cl = inertial + floor;
                if (c2 > cl * cl) {
                    double f = cl / Math.sqrt(c2);
                    dx = d0x + cx * f;
                    dy = d0y + cy * f;
                    dz = d0z + cz * f;
                }
                double d2 = dx * dx + dy * dy + dz * dz, dl = Math.max(d0, floor);
                if (d2 > dl * dl) {
                    double f = dl / Math.sqrt(d2);
                    dx *= f;
                    dy *= f;
                    dz *= f;
                }
                x[o] = xp[o] + dx;
                x[o + 1] = xp[o + 1] + dy;
                x[o + 2] = xp[o + 2] + dz;
            }
        });
    }

    private static int cell(double c, double ic) {
        return (int) Math.floor(c * ic);
    }

    private boolean restNear(int i, int j, double d2) {
        double dx = rest0[3 * i] - rest0[3 * j], dy = rest0[3 * i + 1] - rest0[3 * j + 1], dz = rest0[3 * i + 2] - rest0[3 * j + 2];
        return dx * dx + dy * dy + dz * dz < d2;
    }

    private boolean adjacent(int i, int j) {
        for (int k = nbrStart[i]; k < nbrStart[i + 1]; k++) {
            if (nbr[k] == j) {
                return true;
            }
        }
        return false;
    }

    private void testVertexTriangle(int i, int t, int a, int b, int c, double crossLimit, ContactList out, double[] bc) {
        int o = 3 * i;
        double d2 = Geometry.closestOnTriangle(x, x[o], x[o + 1], x[o + 2], a, b, c, bc);
        if (d2 > crossLimit * crossLimit) {
            return;
        }
        double u = bc[0], vv = bc[1], ww = bc[2];
        // current signed distance, and the side in the last collision-free snapshot
        double sdCur = signedPlane(x, x[o], x[o + 1], x[o + 2], a, b, c, u, vv, ww);
        double sdPrev = signedPlane(xs, xs[o], xs[o + 1], xs[o + 2], a, b, c, u, vv, ww);
        int side = sdPrev > 0 ? 1 : (sdPrev < 0 ? -1 : (sdCur >= 0 ? 1 : -1));
        boolean near = d2 < thick * thick;
        boolean interior = u > 1e-3 && vv > 1e-3 && ww > 1e-3;
        boolean crossed = interior && sdCur * side < 0;
        if (near || crossed) {
            out.add(i, t, u, vv, ww, side);
        }
    }

    /** Contact passes per self-collision pass (projected Gauss-Seidel with accumulated multipliers). */
    private static final int CONTACT_ITERATIONS = 2;
    /** Contact compliance, m/N (nearly rigid; XPBD form alpha / h^2). */
    private static final double CONTACT_COMPLIANCE = 1e-9;
    /**
     * Penetration that already existed at the start of the substep is removed at most this fraction of the
     * thickness per contact and substep, without turning into velocity (the start positions move too).
     */
    private static final double UNTANGLE_FRACTION = 0.25;
    /** Slack on the velocity-generating correction beyond the pair's relative motion in the substep. */
    private static final double NEW_SLACK_FRACTION = 0.25;
    /**
     * Contacts touching a vertex with an edge stretched beyond this factor are released for the substep:
     * cloth pulling that hard through a contact means the layers are locked (typically a crossing that was not
     * undone, so the remembered side is wrong); holding them would only stretch the cloth further.
     */
    private static final double RELEASE_STRETCH = 2.0;
    /** A contact may raise a vertex's displacement in the substep up to this fraction of the thickness. */
    private static final double SPEED_FLOOR_FRACTION = 0.25;

    /**
     * First visit of a contact: measures the penetration that already existed at the start of the substep
     * (positions {@code xp}, same side and barycentrics), removes up to {@link #UNTANGLE_FRACTION} of the
     * thickness of it from both the current and the start positions (a velocity-free shift toward the side the
     * vertex came from), records the rest as tolerated for this substep, and bounds the velocity-generating
     * correction by the pair's relative displacement in the substep, so that a contact can stop an approach
     * (inelastic) but never throw a vertex faster than the pair was moving.
     */
    private void prepareContact(ContactList cl, int k) {
        cl.lambda[k] = 0;
        cl.tolerated[k] = Double.POSITIVE_INFINITY;
        cl.maxNew[k] = 0;
        int i = cl.vi[k], t = cl.ti[k];
        double u = cl.bary[3 * k], vv = cl.bary[3 * k + 1], ww = cl.bary[3 * k + 2];
        int a = tri[3 * t], b = tri[3 * t + 1], c = tri[3 * t + 2];
        double wsum = w[i] + u * u * w[a] + vv * vv * w[b] + ww * ww * w[c];
        if (wsum == 0) {
            return;
        }
        if (Math.max(Math.max(vertexStretch[i], vertexStretch[a]), Math.max(vertexStretch[b], vertexStretch[c])) > RELEASE_STRETCH) {
            return; // the cloth pulls hard through this contact: locked layers, let them slip
        }
        double[] nrm = contactNormal;
        if (!normal(x, a, b, c, cl.side[k], nrm)) {
            return;
        }
        double nx = nrm[0], ny = nrm[1], nz = nrm[2];
        int o = 3 * i, oa = 3 * a, ob = 3 * b, oc = 3 * c;
        double sdCur = (x[o] - (u * x[oa] + vv * x[ob] + ww * x[oc])) * nx
                + (x[o + 1] - (u * x[oa + 1] + vv * x[ob + 1] + ww * x[oc + 1])) * ny
                + (x[o + 2] - (u * x[oa + 2] + vv * x[ob + 2] + ww * x[oc + 2])) * nz;
        double violCur = thick - sdCur;
        double violPrev = 0;
        double[] np = contactNormal2;
        if (normal(xp, a, b, c, cl.side[k], np)) {
            double sdPrev = (xp[o] - (u * xp[oa] + vv * xp[ob] + ww * xp[oc])) * np[0]
                    + (xp[o + 1] - (u * xp[oa + 1] + vv * xp[ob + 1] + ww * xp[oc + 1])) * np[1]
                    + (xp[o + 2] - (u * xp[oa + 2] + vv * xp[ob + 2] + ww * xp[oc + 2])) * np[2];
            violPrev = Math.max(0, thick - sdPrev);
        }
        // relative displacement of the vertex against the triangle point during this substep
        double rx = (x[o] - xp[o]) - (u * (x[oa] - xp[oa]) + vv * (x[ob] - xp[ob]) + ww * (x[oc] - xp[oc]));
        double ry = (x[o + 1] - xp[o + 1]) - (u * (x[oa + 1] - xp[oa + 1]) + vv * (x[ob + 1] - xp[ob + 1]) + ww * (x[oc + 1] - xp[oc + 1]));
        double rz = (x[o + 2] - xp[o + 2]) - (u * (x[oa + 2] - xp[oa + 2]) + vv * (x[ob + 2] - xp[ob + 2]) + ww * (x[oc + 2] - xp[oc + 2]));
        cl.maxNew[k] = Math.sqrt(rx * rx + ry * ry + rz * rz) + NEW_SLACK_FRACTION * thick;
        double shift = Math.min(Math.min(violPrev, violCur), UNTANGLE_FRACTION * thick);
        double applied = 0;
        if (shift > 0) {
            double l = shift / wsum;
            double fi = w[i] * l / contactsOf[i], fa = -w[a] * u * l / contactsOf[a], fb = -w[b] * vv * l / contactsOf[b],
                    fc = -w[c] * ww * l / contactsOf[c];
            shiftBoth(o, fi * nx, fi * ny, fi * nz);
            shiftBoth(oa, fa * nx, fa * ny, fa * nz);
            shiftBoth(ob, fb * nx, fb * ny, fb * nz);
            shiftBoth(oc, fc * nx, fc * ny, fc * nz);
            applied = l * averagedInverseMass(i, a, b, c, u, vv, ww); // relative shift after averaging
        }
        cl.tolerated[k] = violPrev - applied;
    }

    /** Generalized inverse mass of a contact with every vertex's share divided by its contact count. */
    private double averagedInverseMass(int i, int a, int b, int c, double u, double vv, double ww) {
        return w[i] / contactsOf[i] + u * u * w[a] / contactsOf[a] + vv * vv * w[b] / contactsOf[b]
                + ww * ww * w[c] / contactsOf[c];
    }

    private void shiftBoth(int o, double dx, double dy, double dz) {
        x[o] += dx;
        x[o + 1] += dy;
        x[o + 2] += dz;
        xp[o] += dx;
        xp[o + 1] += dy;
        xp[o + 2] += dz;
    }

    private final double[] contactNormal = new double[3], contactNormal2 = new double[3];

    /** Unit normal of triangle (a, b, c) in p times side; false if degenerate. */
    private static boolean normal(double[] p, int a, int b, int c, int side, double[] out) {
        int oa = 3 * a, ob = 3 * b, oc = 3 * c;
        double e1x = p[ob] - p[oa], e1y = p[ob + 1] - p[oa + 1], e1z = p[ob + 2] - p[oa + 2];
        double e2x = p[oc] - p[oa], e2y = p[oc + 1] - p[oa + 1], e2z = p[oc + 2] - p[oa + 2];
        double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
        double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (nl < 1e-14) {
            return false;
        }
        double s = side / nl;
        out[0] = nx * s;
        out[1] = ny * s;
        out[2] = nz * s;
        return true;
    }

    /**
     * One XPBD update of a vertex-triangle contact: C = signed distance - (thickness - tolerated) >= 0, with
     * the multiplier accumulated over the contact iterations, clamped to push only, and bounded by the cap set
     * in {@link #prepareContact}. Corrections are distributed with the inverse masses (vertex w_i, triangle
     * vertices w_j * barycentric), so momentum is conserved.
     */
    private void solveContact(ContactList cl, int k, double h) {
        double tol = cl.tolerated[k];
        if (!(tol < Double.POSITIVE_INFINITY)) {
            return;
        }
        int i = cl.vi[k], t = cl.ti[k];
        double u = cl.bary[3 * k], vv = cl.bary[3 * k + 1], ww = cl.bary[3 * k + 2];
        int a = tri[3 * t], b = tri[3 * t + 1], c = tri[3 * t + 2];
        double[] nrm = contactNormal;
        if (!normal(x, a, b, c, cl.side[k], nrm)) {
            return;
        }
        double nx = nrm[0], ny = nrm[1], nz = nrm[2];
        int o = 3 * i, oa = 3 * a, ob = 3 * b, oc = 3 * c;
        double sd = (x[o] - (u * x[oa] + vv * x[ob] + ww * x[oc])) * nx
                + (x[o + 1] - (u * x[oa + 1] + vv * x[ob + 1] + ww * x[oc + 1])) * ny
                + (x[o + 2] - (u * x[oa + 2] + vv * x[ob + 2] + ww * x[oc + 2])) * nz;
        double cval = sd - (thick - tol);
        double lam = cl.lambda[k];
        if (cval >= 0 && lam == 0) {
            return;
        }
        double wsum = w[i] + u * u * w[a] + vv * vv * w[b] + ww * ww * w[c];
        double at = CONTACT_COMPLIANCE / (h * h);
        double nl = lam + (-cval - at * lam) / (wsum + at);
        nl = Math.max(0, Math.min(nl, cl.maxNew[k] / wsum));
        double dl = nl - lam;
        if (dl == 0) {
            return;
        }
        cl.lambda[k] = nl;
        double fi = w[i] * dl / contactsOf[i], fa = -w[a] * u * dl / contactsOf[a], fb = -w[b] * vv * dl / contactsOf[b],
                fc = -w[c] * ww * dl / contactsOf[c];
        x[o] += fi * nx;
        x[o + 1] += fi * ny;
        x[o + 2] += fi * nz;
        x[oa] += fa * nx;
        x[oa + 1] += fa * ny;
        x[oa + 2] += fa * nz;
        x[ob] += fb * nx;
        x[ob + 1] += fb * ny;
        x[ob + 2] += fb * nz;
        x[oc] += fc * nx;
        x[oc + 1] += fc * ny;
        x[oc + 2] += fc * nz;
    }

    /**
     * Cloth-cloth Coulomb friction at position level: the tangential relative displacement of the vertex
     * against the triangle point in this substep is reduced by at most mu times the normal correction the
     * contact applied (its accumulated multiplier times the generalized inverse mass), distributed with the same
     * inverse masses as the normal response. It can only remove relative tangential motion, never add any.
     */
    private void frictionContact(ContactList cl, int k) {
        double muc = 0.5 * mat.friction();
        double lam = cl.lambda[k];
        if (muc <= 0 || lam <= 0) {
            return;
        }
        int i = cl.vi[k], t = cl.ti[k];
        double u = cl.bary[3 * k], vv = cl.bary[3 * k + 1], ww = cl.bary[3 * k + 2];
        int a = tri[3 * t], b = tri[3 * t + 1], c = tri[3 * t + 2];
        double[] nrm = contactNormal;
        if (!normal(x, a, b, c, cl.side[k], nrm)) {
            return;
        }
        double nx = nrm[0], ny = nrm[1], nz = nrm[2];
        int o = 3 * i, oa = 3 * a, ob = 3 * b, oc = 3 * c;
        double wsum = w[i] + u * u * w[a] + vv * vv * w[b] + ww * ww * w[c];
        double rx = (x[o] - xp[o]) - (u * (x[oa] - xp[oa]) + vv * (x[ob] - xp[ob]) + ww * (x[oc] - xp[oc]));
        double ry = (x[o + 1] - xp[o + 1]) - (u * (x[oa + 1] - xp[oa + 1]) + vv * (x[ob + 1] - xp[ob + 1]) + ww * (x[oc + 1] - xp[oc + 1]));
        double rz = (x[o + 2] - xp[o + 2]) - (u * (x[oa + 2] - xp[oa + 2]) + vv * (x[ob + 2] - xp[ob + 2]) + ww * (x[oc + 2] - xp[oc + 2]));
        double rn = rx * nx + ry * ny + rz * nz;
        rx -= rn * nx;
        ry -= rn * ny;
        rz -= rn * nz;
        double tl = Math.sqrt(rx * rx + ry * ry + rz * rz);
        if (tl < 1e-12) {
            return;
        }
        // relative tangential correction, m, bounded by mu times the normal correction actually applied
        double corr = Math.min(tl, muc * lam * averagedInverseMass(i, a, b, c, u, vv, ww));
        double dl = corr / (tl * wsum);
        double fi = -w[i] * dl / contactsOf[i], fa = w[a] * u * dl / contactsOf[a], fb = w[b] * vv * dl / contactsOf[b],
                fc = w[c] * ww * dl / contactsOf[c];
        x[o] += fi * rx;
        x[o + 1] += fi * ry;
        x[o + 2] += fi * rz;
        x[oa] += fa * rx;
        x[oa + 1] += fa * ry;
        x[oa + 2] += fa * rz;
        x[ob] += fb * rx;
        x[ob + 1] += fb * ry;
        x[ob + 2] += fb * rz;
        x[oc] += fc * rx;
        x[oc + 1] += fc * ry;
        x[oc + 2] += fc * rz;
    }

    private static double signedPlane(double[] p, double px, double py, double pz, int a, int b, int c, double u,
            double vv, double ww) {
        int oa = 3 * a, ob = 3 * b, oc = 3 * c;
        double e1x = p[ob] - p[oa], e1y = p[ob + 1] - p[oa + 1], e1z = p[ob + 2] - p[oa + 2];
        double e2x = p[oc] - p[oa], e2y = p[oc + 1] - p[oa + 1], e2z = p[oc + 2] - p[oa + 2];
        double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
        double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (nl < 1e-14) {
            return 0;
        }
        double qx = u * p[oa] + vv * p[ob] + ww * p[oc], qy = u * p[oa + 1] + vv * p[ob + 1] + ww * p[oc + 1],
                qz = u * p[oa + 2] + vv * p[ob + 2] + ww * p[oc + 2];
        return ((px - qx) * nx + (py - qy) * ny + (pz - qz) * nz) / nl;
    }

    private static int hash(int ix, int iy, int iz) {
        return (ix * 92837111) ^ (iy * 689287499) ^ (iz * 283923481);
    }

    // ---------------------------------------------------------------- checks

    /**
     * A substep's speed may exceed the settings' maxSpeed by up to this factor as long as the frame ends below it:
     * a vertex squeezed out between two capsules can be flung for one substep (60-65 m/s for 1/600 s in the demo
     * jumping jacks) and is caught again at once; a real blow-up keeps accelerating and fails at the frame's end
     * (or here, beyond the factor).
     */
    private static final double TRANSIENT_SPEED_FACTOR = 2.0;

    private void checkVelocities(int frame, boolean frameEnd) throws SimulationFailedException {
        double max2 = 0;
        int worst = -1;
        for (int i = 0; i < 3 * n; i += 3) {
            double s = v[i] * v[i] + v[i + 1] * v[i + 1] + v[i + 2] * v[i + 2];
            if (!(s < Double.POSITIVE_INFINITY) || !Double.isFinite(x[i] + x[i + 1] + x[i + 2])) {
                throw new SimulationFailedException(FailureReason.NAN, frame, "vertex " + i / 3 + " is not finite");
            }
            if (s > max2) {
                max2 = s;
                worst = i / 3;
            }
        }
        double lim = frameEnd ? set.maxSpeed() : TRANSIENT_SPEED_FACTOR * set.maxSpeed();
        if (max2 > lim * lim) {
            throw new SimulationFailedException(FailureReason.EXPLOSION, frame, String.format(
                    "vertex speed %.1f m/s exceeds %.1f m/s (vertex %d%s)", Math.sqrt(max2), set.maxSpeed(), worst,
                    posed == null ? "" : SolverChecks.partsNear(posed, x, worst)));
        }
    }

    /**
     * An edge wrapped around the body (its segment cuts through a capsule, see {@link #wrapped}: a limb pressed
     * against the torso or the head has passed between its vertices) fails the run only beyond this multiple of
     * the settings' maxStretch: it is held stretched by the body, not by a blow-up, and it is released when the
     * limb moves away and the un-wrapping pass has slid it off (a real blow-up also shows as a NaN or a runaway
     * speed, and stretches edges that are not wrapped round a capsule).
     */
    private static final double PINCHED_STRETCH_FACTOR = 3.0;

    private void checkStretch(int frame) throws SimulationFailedException {
        double worst = 0;
        int at = -1;
        double lim = set.maxStretch(), pinchLim = PINCHED_STRETCH_FACTOR * lim;
        for (int e = 0; e < nEdges; e++) {
            if (eRest[e] > 1e-9) {
                double r = Geometry.distance(x, eA[e], eB[e]) / eRest[e];
                if (r > worst && (r <= lim || r > pinchLim || !heldByBody(eA[e], eB[e]))) {
                    worst = r;
                    at = e;
                }
            }
        }
        if (worst > lim) {
            throw new SimulationFailedException(FailureReason.EXPLOSION, frame, String.format(
                    "an edge is stretched %.1fx its rest length (vertices %d-%d)", worst, eA[at], eB[at]));
        }
    }

    /** Largest edge length / rest length ratio in the current state. */
    public double maxStretchRatio() {
        double worst = 0;
        for (int e = 0; e < nEdges; e++) {
            if (eRest[e] > 1e-9) {
                worst = Math.max(worst, Geometry.distance(x, eA[e], eB[e]) / eRest[e]);
            }
        }
        return worst;
    }

    @Override
    public void close() {
        workers.close();
    }
}
