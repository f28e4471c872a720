package org.clothgraph.sim.internal;

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
 * Small-step XPBD cloth solver (Macklin et al. 2019): per substep explicit prediction, one Gauss-Seidel
 * pass over edge (stretch/shear) and cross-edge (bending) distance constraints in a fixed order,
 * cloth-cloth vertex-triangle collisions with previous-side normals found through a spatial hash, then
 * capsule-body collisions with Coulomb friction relative to the moving surface, and velocity update.
 * Per-vertex phases run on fixed partitions; sequential phases run in index order; results are
 * independent of the thread count.
 */
public final class XpbdSolver implements AutoCloseable {
    private final int n;
    private final double[] x, v, xp, w;
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
    private final double thick;
    // body
    private double[] cap = new double[0], capPrev = new double[0], capBox = new double[0];
    private int nCap;
    // self collision scratch
    private final double[] cen;
    private int[] cellStart = new int[0], cellTris = new int[0], triCell = new int[0];
    private final ContactList[] contacts;
    private double cellSize;
    private long contactCount;

    public XpbdSolver(ClothMesh mesh, Material material, SimulationSettings settings) {
        this.mat = material;
        this.set = settings;
        this.n = mesh.vertexCount();
        if (n >= (1 << 20)) {
            throw new IllegalArgumentException("too many vertices: " + n);
        }
        this.thick = material.thickness();
        this.tri = mesh.triangles().clone();
        for (int t : tri) {
            if (t < 0 || t >= n) {
                throw new IllegalArgumentException("triangle index out of range: " + t);
            }
        }
        x = new double[3 * n];
        v = new double[3 * n];
        xp = new double[3 * n];
        w = new double[n];
        float[] rest = mesh.restPositions();
        for (int i = 0; i < 3 * n; i++) {
            x[i] = rest[i];
        }
        // masses
        double[] mass = new double[n];
        for (int t = 0; t < tri.length; t += 3) {
            double area = area(x, tri[t], tri[t + 1], tri[t + 2]);
            double m = area * material.density() / 3;
            mass[tri[t]] += m;
            mass[tri[t + 1]] += m;
            mass[tri[t + 2]] += m;
        }
        for (int i = 0; i < n; i++) {
            w[i] = mass[i] > 0 ? 1 / mass[i] : 0;
        }
        // edges and bending pairs from sorted half-edges
        int nh = tri.length;
        long[] he = new long[nh];
        for (int t = 0; t < tri.length; t += 3) {
            for (int k = 0; k < 3; k++) {
                int a = tri[t + k], b = tri[t + (k + 1) % 3];
                long key = (long) Math.min(a, b) * n + Math.max(a, b);
                he[t + k] = (key << 22) | (t + k);
            }
        }
        if (nh >= (1 << 22)) {
            throw new IllegalArgumentException("too many triangles");
        }
        Arrays.sort(he);
        int[] ea = new int[nh], eb = new int[nh], ba = new int[nh], bb = new int[nh];
        int ne = 0, nb = 0;
        for (int i = 0; i < nh;) {
            long key = he[i] >>> 22;
            int j = i;
            while (j < nh && (he[j] >>> 22) == key) {
                j++;
            }
            ea[ne] = (int) (key / n);
            eb[ne] = (int) (key % n);
            ne++;
            if (j - i == 2) {
                int h0 = (int) (he[i] & ((1 << 22) - 1)), h1 = (int) (he[i + 1] & ((1 << 22) - 1));
                int o0 = tri[h0 - h0 % 3 + (h0 % 3 + 2) % 3], o1 = tri[h1 - h1 % 3 + (h1 % 3 + 2) % 3];
                if (o0 != o1) {
                    ba[nb] = o0;
                    bb[nb] = o1;
                    nb++;
                }
            }
            i = j;
        }
        nEdges = ne;
        int nc = ne + nb;
        cA = new int[nc];
        cB = new int[nc];
        cRest = new double[nc];
        cCompl = new double[nc];
        float[] uv = mesh.materialCoords();
        for (int e = 0; e < ne; e++) {
            cA[e] = ea[e];
            cB[e] = eb[e];
            cRest[e] = dist(x, ea[e], eb[e]);
            double k = material.stretchStiffness();
            if (uv != null) {
                double du = uv[2 * ea[e]] - uv[2 * eb[e]], dv = uv[2 * ea[e] + 1] - uv[2 * eb[e] + 1];
                double l = Math.sqrt(du * du + dv * dv);
                if (l > 0) {
                    double diag = 2 * Math.abs(du) / l * Math.abs(dv) / l;
                    k = material.stretchStiffness() * (1 - diag) + material.shearStiffness() * diag;
                }
            }
            cCompl[e] = 1 / k;
        }
        for (int b = 0; b < nb; b++) {
            int c = ne + b;
            cA[c] = ba[b];
            cB[c] = bb[b];
            cRest[c] = dist(x, ba[b], bb[b]);
            cCompl[c] = cRest[c] * cRest[c] / material.bendStiffness();
        }
        eA = Arrays.copyOf(cA, ne);
        eB = Arrays.copyOf(cB, ne);
        eRest = Arrays.copyOf(cRest, ne);
        // fixed pseudo-random constraint order (no directional bias in the Gauss-Seidel sweep)
        long seed = 0x9E3779B97F4A7C15L;
        for (int i = nc - 1; i > 0; i--) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int j = (int) ((seed >>> 33) % (i + 1));
            int ta = cA[i]; cA[i] = cA[j]; cA[j] = ta;
            int tb = cB[i]; cB[i] = cB[j]; cB[j] = tb;
            double tr = cRest[i]; cRest[i] = cRest[j]; cRest[j] = tr;
            double tc = cCompl[i]; cCompl[i] = cCompl[j]; cCompl[j] = tc;
        }
        // one-ring adjacency (CSR, sorted)
        int[] deg = new int[n + 1];
        for (int e = 0; e < ne; e++) {
            deg[ea[e]]++;
            deg[eb[e]]++;
        }
        nbrStart = new int[n + 1];
        for (int i = 0; i < n; i++) {
            nbrStart[i + 1] = nbrStart[i] + deg[i];
        }
        nbr = new int[nbrStart[n]];
        int[] fill = Arrays.copyOf(nbrStart, n);
        for (int e = 0; e < ne; e++) {
            nbr[fill[ea[e]]++] = eb[e];
            nbr[fill[eb[e]]++] = ea[e];
        }
        cen = new double[tri.length];
        workers = new Workers(settings.effectiveThreads());
        contacts = new ContactList[Math.max(1, workers.threads())];
        for (int i = 0; i < contacts.length; i++) {
            contacts[i] = new ContactList();
        }
    }

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

    public void setState(ClothState s) {
        if (s.vertexCount() != n) {
            throw new IllegalArgumentException("state has " + s.vertexCount() + " vertices, mesh has " + n);
        }
        float[] p = s.positions(), vel = s.velocities();
        for (int i = 0; i < 3 * n; i++) {
            x[i] = p[i];
            v[i] = vel[i];
        }
    }

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
    public void setQuasiStatic(boolean on) {
        quasiStatic = on;
    }

    /**
     * Advances one output frame from body time t0 to t0 + dt. Returns the number of substeps used.
     */
    public int advanceFrame(BodyMotion motion, double t0, double dt, int frameIndex, IProgressMonitor monitor,
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
            substep(h, k % set.selfCollisionInterval() == 0 && set.selfCollision());
            checkVelocities(frameIndex);
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

    /** Loads a body pose; the previously loaded pose becomes the "previous" pose (or the same if first). */
    private void loadBody(Body body, boolean first) {
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
        double gx = set.gravityX() * h, gy = set.gravityY() * h, gz = set.gravityZ() * h;
        double damp = Math.max(0, 1 - mat.damping() * h);
        double drag = mat.airDrag() * h;
        workers.forRange(n, 4096, (chunk, from, to) -> {
            for (int i = from; i < to; i++) {
                int o = 3 * i;
                xp[o] = x[o];
                xp[o + 1] = x[o + 1];
                xp[o + 2] = x[o + 2];
                if (w[i] == 0) {
                    continue;
                }
                double vx = v[o] + gx, vy = v[o + 1] + gy, vz = v[o + 2] + gz;
                // implicit quadratic drag: v' = v / (1 + k |v| h)
                double f = damp / (1 + drag * Math.sqrt(vx * vx + vy * vy + vz * vz));
                v[o] = vx * f;
                v[o + 1] = vy * f;
                v[o + 2] = vz * f;
                x[o] += v[o] * h;
                x[o + 1] += v[o + 1] * h;
                x[o + 2] += v[o + 2] * h;
            }
        });
        solveDistances(h);
        if (self) {
            selfCollide();
        }
        workers.forRange(n, 2048, (chunk, from, to) -> collideBody(from, to));
        double inv = 1 / h;
        workers.forRange(n, 4096, (chunk, from, to) -> {
            for (int i = 3 * from; i < 3 * to; i++) {
                v[i] = quasiStatic ? 0 : (x[i] - xp[i]) * inv;
            }
        });
    }

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
            double cval = len - cRest[c];
            double dl = -cval / (ws + cCompl[c] * ih2) / len;
            x[oa] += wa * dl * dx;
            x[oa + 1] += wa * dl * dy;
            x[oa + 2] += wa * dl * dz;
            x[ob] -= wb * dl * dx;
            x[ob + 1] -= wb * dl * dy;
            x[ob + 2] -= wb * dl * dz;
        }
    }

    private void collideBody(int from, int to) {
        double mu = mat.friction();
        double[] c = cap, cp = capPrev, box = capBox;
        for (int i = from; i < to; i++) {
            if (w[i] == 0) {
                continue;
            }
            int o = 3 * i;
            double px = x[o], py = x[o + 1], pz = x[o + 2];
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
                if (d >= r) {
                    continue;
                }
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
                px += nx * pen;
                py += ny * pen;
                pz += nz * pen;
                // penetration that already existed at the start of the substep (initial overlap, previous
                // unresolved contact) is removed without turning into velocity: shift the previous position
                double qx = xp[o] - pcx, qy = xp[o + 1] - pcy, qz = xp[o + 2] - pcz;
                double prevPen = r - Math.sqrt(qx * qx + qy * qy + qz * qz);
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

        void add(int i, int t, double u, double vv, double ww, int s) {
            if (size == vi.length) {
                int m = size * 2;
                vi = Arrays.copyOf(vi, m);
                ti = Arrays.copyOf(ti, m);
                bary = Arrays.copyOf(bary, 3 * m);
                side = Arrays.copyOf(side, m);
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

    private void selfCollide() {
        int nt = tri.length / 3;
        if (nt == 0) {
            return;
        }
        double rmax = 0;
        for (int t = 0; t < nt; t++) {
            int a = 3 * tri[3 * t], b = 3 * tri[3 * t + 1], c = 3 * tri[3 * t + 2];
            double mx = (x[a] + x[b] + x[c]) / 3, my = (x[a + 1] + x[b + 1] + x[c + 1]) / 3,
                    mz = (x[a + 2] + x[b + 2] + x[c + 2]) / 3;
            cen[3 * t] = mx;
            cen[3 * t + 1] = my;
            cen[3 * t + 2] = mz;
            rmax = Math.max(rmax, sq(x[a] - mx) + sq(x[a + 1] - my) + sq(x[a + 2] - mz));
            rmax = Math.max(rmax, sq(x[b] - mx) + sq(x[b + 1] - my) + sq(x[b + 2] - mz));
            rmax = Math.max(rmax, sq(x[c] - mx) + sq(x[c + 1] - my) + sq(x[c + 2] - mz));
        }
        rmax = Math.sqrt(rmax);
        double reach = rmax + thick;
        cellSize = 2 * reach;
        int size = Integer.highestOneBit(Math.max(16, 2 * nt - 1)) << 1;
        if (cellStart.length != size + 1) {
            cellStart = new int[size + 1];
        } else {
            Arrays.fill(cellStart, 0);
        }
        if (cellTris.length != nt) {
            cellTris = new int[nt];
            triCell = new int[nt];
        }
        double ic = 1 / cellSize;
        int mask = size - 1;
        for (int t = 0; t < nt; t++) {
            int hsh = hash((int) Math.floor(cen[3 * t] * ic), (int) Math.floor(cen[3 * t + 1] * ic),
                    (int) Math.floor(cen[3 * t + 2] * ic)) & mask;
            triCell[t] = hsh;
            cellStart[hsh + 1]++;
        }
        for (int i = 0; i < size; i++) {
            cellStart[i + 1] += cellStart[i];
        }
        int[] fill = Arrays.copyOf(cellStart, size);
        for (int t = 0; t < nt; t++) {
            cellTris[fill[triCell[t]]++] = t;
        }
        for (ContactList cl : contacts) {
            cl.size = 0;
        }
        double crossLimit = thick + 0.02;
        double reach2 = reach * reach;
        workers.forRange(n, 1024, (chunk, from, to) -> {
            ContactList out = contacts[chunk];
            int[] buckets = new int[8];
            for (int i = from; i < to; i++) {
                int o = 3 * i;
                double px = x[o], py = x[o + 1], pz = x[o + 2];
                int bx = (int) Math.floor((px - 0.5 * cellSize) * ic), by = (int) Math.floor((py - 0.5 * cellSize) * ic),
                        bz = (int) Math.floor((pz - 0.5 * cellSize) * ic);
                int nbk = 0;
                for (int dxi = 0; dxi < 2; dxi++) {
                    for (int dyi = 0; dyi < 2; dyi++) {
                        for (int dzi = 0; dzi < 2; dzi++) {
                            int hsh = hash(bx + dxi, by + dyi, bz + dzi) & mask;
                            boolean dup = false;
                            for (int q = 0; q < nbk; q++) {
                                dup |= buckets[q] == hsh;
                            }
                            if (!dup) {
                                buckets[nbk++] = hsh;
                            }
                        }
                    }
                }
                for (int q = 0; q < nbk; q++) {
                    int hsh = buckets[q];
                    for (int e = cellStart[hsh]; e < cellStart[hsh + 1]; e++) {
                        int t = cellTris[e];
                        if (sq(cen[3 * t] - px) + sq(cen[3 * t + 1] - py) + sq(cen[3 * t + 2] - pz) > reach2) {
                            continue;
                        }
                        int a = tri[3 * t], b = tri[3 * t + 1], c = tri[3 * t + 2];
                        if (a == i || b == i || c == i || adjacent(i, a) || adjacent(i, b) || adjacent(i, c)) {
                            continue;
                        }
                        testVertexTriangle(i, t, a, b, c, crossLimit, out);
                    }
                }
            }
        });
        contactCount = 0;
        for (ContactList cl : contacts) {
            contactCount += cl.size;
            for (int k = 0; k < cl.size; k++) {
                resolveContact(cl.vi[k], cl.ti[k], cl.bary[3 * k], cl.bary[3 * k + 1], cl.bary[3 * k + 2], cl.side[k]);
            }
        }
    }

    private boolean adjacent(int i, int j) {
        for (int k = nbrStart[i]; k < nbrStart[i + 1]; k++) {
            if (nbr[k] == j) {
                return true;
            }
        }
        return false;
    }

    private final ThreadLocal<double[]> scratch = ThreadLocal.withInitial(() -> new double[4]);

    private void testVertexTriangle(int i, int t, int a, int b, int c, double crossLimit, ContactList out) {
        double[] bc = scratch.get();
        int o = 3 * i;
        double d2 = closestBary(x, x[o], x[o + 1], x[o + 2], a, b, c, bc);
        if (d2 > crossLimit * crossLimit) {
            return;
        }
        double u = bc[0], vv = bc[1], ww = bc[2];
        // current normal and signed distance
        double sdCur = signedPlane(x, x[o], x[o + 1], x[o + 2], a, b, c, u, vv, ww);
        double sdPrev = signedPlane(xp, xp[o], xp[o + 1], xp[o + 2], a, b, c, u, vv, ww);
        int side = sdPrev > 0 ? 1 : (sdPrev < 0 ? -1 : (sdCur >= 0 ? 1 : -1));
        boolean near = d2 < thick * thick;
        boolean interior = u > 1e-3 && vv > 1e-3 && ww > 1e-3;
        boolean crossed = interior && sdCur * side < 0;
        if (near || crossed) {
            out.add(i, t, u, vv, ww, side);
        }
    }

    private void resolveContact(int i, int t, double u, double vv, double ww, int side) {
        int a = tri[3 * t], b = tri[3 * t + 1], c = tri[3 * t + 2];
        int o = 3 * i, oa = 3 * a, ob = 3 * b, oc = 3 * c;
        double e1x = x[ob] - x[oa], e1y = x[ob + 1] - x[oa + 1], e1z = x[ob + 2] - x[oa + 2];
        double e2x = x[oc] - x[oa], e2y = x[oc + 1] - x[oa + 1], e2z = x[oc + 2] - x[oa + 2];
        double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
        double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (nl < 1e-14) {
            return;
        }
        nx *= side / nl;
        ny *= side / nl;
        nz *= side / nl;
        double qx = u * x[oa] + vv * x[ob] + ww * x[oc], qy = u * x[oa + 1] + vv * x[ob + 1] + ww * x[oc + 1],
                qz = u * x[oa + 2] + vv * x[ob + 2] + ww * x[oc + 2];
        double sd = (x[o] - qx) * nx + (x[o + 1] - qy) * ny + (x[o + 2] - qz) * nz;
        double cval = thick - sd;
        if (cval <= 0) {
            return;
        }
        double wsum = w[i] + u * u * w[a] + vv * vv * w[b] + ww * ww * w[c];
        if (wsum == 0) {
            return;
        }
        double l = cval / wsum;
        double fi = w[i] * l, fa = -w[a] * u * l, fb = -w[b] * vv * l, fc = -w[c] * ww * l;
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
        // cloth-cloth friction: remove part of the relative tangential motion of the vertex
        double muc = 0.5 * mat.friction();
        if (muc > 0) {
            double qpx = u * xp[oa] + vv * xp[ob] + ww * xp[oc], qpy = u * xp[oa + 1] + vv * xp[ob + 1] + ww * xp[oc + 1],
                    qpz = u * xp[oa + 2] + vv * xp[ob + 2] + ww * xp[oc + 2];
            double qx2 = u * x[oa] + vv * x[ob] + ww * x[oc], qy2 = u * x[oa + 1] + vv * x[ob + 1] + ww * x[oc + 1],
                    qz2 = u * x[oa + 2] + vv * x[ob + 2] + ww * x[oc + 2];
            double rx = (x[o] - xp[o]) - (qx2 - qpx), ry = (x[o + 1] - xp[o + 1]) - (qy2 - qpy),
                    rz = (x[o + 2] - xp[o + 2]) - (qz2 - qpz);
            double rn = rx * nx + ry * ny + rz * nz;
            rx -= rn * nx;
            ry -= rn * ny;
            rz -= rn * nz;
            double tl = Math.sqrt(rx * rx + ry * ry + rz * rz);
            if (tl > 1e-12 && w[i] > 0) {
                double f = Math.min(1, muc * cval / tl) * w[i] / wsum;
                x[o] -= rx * f;
                x[o + 1] -= ry * f;
                x[o + 2] -= rz * f;
            }
        }
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

    /** Closest point on triangle (Ericson); writes barycentrics (of a, b, c) into bc, returns squared distance. */
    static double closestBary(double[] p, double px, double py, double pz, int ia, int ib, int ic, double[] bc) {
        int oa = 3 * ia, ob = 3 * ib, oc = 3 * ic;
        double ax = p[oa], ay = p[oa + 1], az = p[oa + 2];
        double abx = p[ob] - ax, aby = p[ob + 1] - ay, abz = p[ob + 2] - az;
        double acx = p[oc] - ax, acy = p[oc + 1] - ay, acz = p[oc + 2] - az;
        double apx = px - ax, apy = py - ay, apz = pz - az;
        double d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
        double u, v, w;
        if (d1 <= 0 && d2 <= 0) {
            u = 1; v = 0; w = 0;
        } else {
            double bpx = px - p[ob], bpy = py - p[ob + 1], bpz = pz - p[ob + 2];
            double d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
            double cpx = px - p[oc], cpy = py - p[oc + 1], cpz = pz - p[oc + 2];
            double d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
            double vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
            if (d3 >= 0 && d4 <= d3) {
                u = 0; v = 1; w = 0;
            } else if (vc <= 0 && d1 >= 0 && d3 <= 0) {
                double s = d1 / (d1 - d3);
                u = 1 - s; v = s; w = 0;
            } else if (d6 >= 0 && d5 <= d6) {
                u = 0; v = 0; w = 1;
            } else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
                double s = d2 / (d2 - d6);
                u = 1 - s; v = 0; w = s;
            } else if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
                double s = (d4 - d3) / ((d4 - d3) + (d5 - d6));
                u = 0; v = 1 - s; w = s;
            } else {
                double den = 1 / (va + vb + vc);
                v = vb * den;
                w = vc * den;
                u = 1 - v - w;
            }
        }
        bc[0] = u;
        bc[1] = v;
        bc[2] = w;
        double qx = u * ax + v * p[ob] + w * p[oc], qy = u * ay + v * p[ob + 1] + w * p[oc + 1],
                qz = u * az + v * p[ob + 2] + w * p[oc + 2];
        return sq(px - qx) + sq(py - qy) + sq(pz - qz);
    }

    private static int hash(int ix, int iy, int iz) {
        return (ix * 92837111) ^ (iy * 689287499) ^ (iz * 283923481);
    }

    // ---------------------------------------------------------------- checks

    private void checkVelocities(int frame) throws SimulationFailedException {
        double max2 = 0;
        for (int i = 0; i < 3 * n; i += 3) {
            double s = v[i] * v[i] + v[i + 1] * v[i + 1] + v[i + 2] * v[i + 2];
            if (!(s < Double.POSITIVE_INFINITY) || !Double.isFinite(x[i] + x[i + 1] + x[i + 2])) {
                throw new SimulationFailedException(FailureReason.NAN, frame, "vertex " + i / 3 + " is not finite");
            }
            max2 = Math.max(max2, s);
        }
        if (max2 > set.maxSpeed() * set.maxSpeed()) {
            throw new SimulationFailedException(FailureReason.EXPLOSION, frame,
                    String.format("vertex speed %.1f m/s exceeds %.1f m/s", Math.sqrt(max2), set.maxSpeed()));
        }
    }

    private void checkStretch(int frame) throws SimulationFailedException {
        double worst = 0;
        for (int e = 0; e < nEdges; e++) {
            if (eRest[e] > 1e-9) {
                worst = Math.max(worst, dist(x, eA[e], eB[e]) / eRest[e]);
            }
        }
        if (worst > set.maxStretch()) {
            throw new SimulationFailedException(FailureReason.EXPLOSION, frame,
                    String.format("an edge is stretched %.1fx its rest length", worst));
        }
    }

    /** Largest edge length / rest length ratio in the current state. */
    public double maxStretchRatio() {
        double worst = 0;
        for (int e = 0; e < nEdges; e++) {
            if (eRest[e] > 1e-9) {
                worst = Math.max(worst, dist(x, eA[e], eB[e]) / eRest[e]);
            }
        }
        return worst;
    }

    private static double area(double[] p, int a, int b, int c) {
        double e1x = p[3 * b] - p[3 * a], e1y = p[3 * b + 1] - p[3 * a + 1], e1z = p[3 * b + 2] - p[3 * a + 2];
        double e2x = p[3 * c] - p[3 * a], e2y = p[3 * c + 1] - p[3 * a + 1], e2z = p[3 * c + 2] - p[3 * a + 2];
        double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
        return 0.5 * Math.sqrt(nx * nx + ny * ny + nz * nz);
    }

    private static double dist(double[] p, int a, int b) {
        return Math.sqrt(sq(p[3 * a] - p[3 * b]) + sq(p[3 * a + 1] - p[3 * b + 1]) + sq(p[3 * a + 2] - p[3 * b + 2]));
    }

    private static double sq(double d) {
        return d * d;
    }

    @Override
    public void close() {
        workers.close();
    }
}
