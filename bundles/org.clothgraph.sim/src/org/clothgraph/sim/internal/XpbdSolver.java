package org.clothgraph.sim.internal;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.SolverCounters;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.BodySurface;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;

/**
 * Small-step XPBD cloth solver (Macklin et al. 2016, 2019). Each output frame is split into substeps by the
 * substep rule ({@link SimulationSettings#maxSubstepMove()}: neither the body nor the cloth moves further than
 * that in one substep). Per substep: explicit prediction with gravity, damping and quadratic air drag; Gauss-Seidel
 * sweeps over the distance constraints (stretch/shear edges and bending cross edges) with compliance
 * alpha / h^2 and multipliers accumulated over the substep's sweeps, so stiffness does not depend on the sweep or
 * substep count; every {@code selfCollisionInterval} substeps, cloth-cloth contacts ({@link SelfCollider}) for the
 * motion since the last such pass (its contact-resolved state before the body pass, {@code xs}, is the reference
 * for sides), whose contacts stay in force until the next pass; body collisions ({@link BodyCollider},
 * chosen by {@link SimulationSettings#bodyCollision()}: the smooth union of the posed capsules
 * ({@link SmoothCapsuleCollider}, the default), or the skinned surface when the motion has one, else its capsules);
 * velocities from the positions. Every correction is part of the substep's displacement, except one counted repair:
 * a body push faster than the separation speed along the normal (a vertex found deep inside) moves the
 * start-of-substep position with it for the excess, trimmed at the substep's end to what the later stages left of the
 * push ({@link BodyCollider#trimStartShifts}). Checks ({@link SolverChecks}) fail a run
 * on NaN, runaway speed or stretch. Deterministic whatever the thread count.
 */
public final class XpbdSolver implements ClothSolver {
    private final ClothModel m;
    private final int n;
    private final double[] x, v, xp, xs;
    private final DistanceSweeps sweeps;
    private final Material mat;
    private final SimulationSettings set;
    private final Workers workers;
    private final SelfCollider self;
    private final Untangler untangler;
    private final int iterations;
    private BodyMotion colliderMotion;
    private BodyCollider collider;
    private boolean quasiStatic;
    private final int[] chunkPushes;
    /**
     * The untangler's crossing search restricted to the vertices of the last pass's close pairs
     * ({@link SelfCollider#near}). It finds what a full search finds when (1) the last search found no crossing, so
     * any crossing at this pass's reference state xs formed on the way from the last reference state: along the
     * straight path between them, an edge begins to cross a triangle only when an end of the edge touches the
     * triangle or the edge touches one of the triangle's edges. (2) The last pass's contact solve is the one move
     * between the positions its pairs were found for and the new reference state. Where it moved the touching
     * pair's vertices by less than D = 0.45 x the thickness, each stays on that straight path within D of the path
     * its candidate boxes were swept over (grown by half the thickness, so the pair was a candidate), and the pair
     * began at most its reach minus the thickness plus 2D < its reach apart, so its vertices were marked near; where
     * it moved one of them further, {@link SelfCollider#markMoved} marks them. (1) is checked every pass; a frame's
     * first search is full. The crossings, and their order, are then those of the full search (UntangleTest
     * compares the two). The same argument lists the pairs: the touching pair is among the last pass's candidates that
     * came within reach ({@link SelfCollider#nearVf}, {@link SelfCollider#nearEe}) or, where the solve moved a vertex of
     * it further, among the pairs {@link SelfCollider#markMoved} found ({@link SelfCollider#nearEt}) or those with a
     * vertex moved that far on both sides; so the untangler tests the edges and triangles of those pairs first and
     * runs the restricted search only where one of them crosses (CloseCrossingsTest).
     */
    private boolean searchNearOnly;
    /** Tests: every crossing search a full one (the result must be the same). */
    private boolean fullCrossingSearch;
    private static final double NEAR_ONLY_SLACK = 0.45;
    /**
     * Rounds of the contacts solved again and the body pass after it that follow a substep's first body pass where
     * there are cloth-cloth contacts. The distance sweeps pull layers through each other and into a limb, and the
     * body pass puts a vertex back outside the limb, not always on its own side of the other layer; the contacts
     * (normals from the reference state, where the layers were apart) bring it back and the body pass has the last
     * word. One round left the demo's kick, alone from the drape, with self-crossings in 18 of its 233 frames, two
     * rounds in 1 (docs/SIMULATION.md, "Contacts and body in two rounds").
     */
    static final int CONTACT_BODY_ROUNDS = 2;
    /**
     * The skin of the kept cloth-cloth candidates ({@link KeptCandidates}), x the thickness: candidates found for
     * boxes grown this much further (and reaching a few passes ahead along the motion) serve the following collision
     * passes while the cloth stays inside them. It changes the cost only, never a frame. Chosen by measurement on the
     * bench walk (docs/SIMULATION.md, "Cost, 2026-12-02 day"): 0.25 searched afresh at 19 % of the passes at 3,785
     * vertices, 0.5 at 17 % and 1 at 13 %, each with more candidates to sift; 0.25 cost least.
     */
    static final double CANDIDATE_SKIN = 0.25;
    private final double[] detected;
    private final StrainPasses strain;
    private long crossingSearches, fullSearches, searchedEdges;
    private final boolean[] touched, inContact;
    private final FirstBodyPass firstPass;
    /** The vertices the second body pass of a substep tests. */
    private final int[] recheck;
    /** The strain-and-body rounds' candidates: marks, the vertices, and their positions before the body pass. */
    private final boolean[] roundMark;
    private final int[] roundVertices;
    private final double[] roundStart;
    private boolean skipSettled = true;
    private boolean keepClearances = true;
    private long secondPasses, secondPassVertices;
    // counters for the run report
    private long substepsTotal, framesAtBudget, contactsTotal, bodyPushesTotal, speedLimits, untangles, tangleRetries,
            tangledFrames;
    private int frames, maxSubstepsUsed;

    public XpbdSolver(ClothMesh mesh, Material material, SimulationSettings settings) {
        this.mat = material;
        this.set = settings;
        this.m = new ClothModel(mesh, material);
        this.n = m.n;
        x = m.rest.clone();
        v = new double[3 * n];
        xp = new double[3 * n];
        xs = x.clone();
        sweeps = new DistanceSweeps(m, settings.strainLimit(), settings.effectiveCompressionSoftening(),
                settings.compressionRecoverySpeed());
        strain = new StrainPasses(m);
        iterations = settings.effectiveIterations(n);
        workers = new Workers(settings.effectiveThreads());
        self = new SelfCollider(m, material.thickness(), CANDIDATE_SKIN * material.thickness(), workers);
        untangler = settings.untangleSpeed() > 0 ? new Untangler(m, workers) : null;
        chunkPushes = new int[Math.max(1, workers.threads())];
        touched = new boolean[n];
        inContact = new boolean[n];
        firstPass = new FirstBodyPass(n);
        recheck = new int[n];
        roundMark = new boolean[n];
        roundVertices = new int[n];
        roundStart = new double[3 * n];
        vertexSlice = m.slices(CONTACT_SLICES);
        sliceContacts = new int[CONTACT_SLICES];
        detected = untangler != null ? new double[3 * n] : null;
        boolean retries = untangler != null && settings.tangleRetries() > 0;
        startX = retries ? new double[3 * n] : null;
        startV = retries ? new double[3 * n] : null;
        startXs = retries ? new double[3 * n] : null;
    }

    /**
     * Tests only: off, the soft distance constraints (the bending cross edges of a garment) are solved in every
     * sweep of a substep instead of its first only ({@link DistanceSweeps#SOFT}).
     */
    public void softConstraintsOnce(boolean on) {
        sweeps.softOnce = on;
    }

    /** The distance constraints, and how many of them are stiff (solved in every sweep) for substeps of length h. */
    public int[] stiffConstraints(double h) {
        return new int[] { m.cA.length, sweeps.stiffCount(h) };
    }

    /** Tests only: makes every crossing search of the untangler a full one, which must not change the frames. */
    public void fullCrossingSearch(boolean on) {
        fullCrossingSearch = on;
    }

    /**
     * Tests only: on, wherever the untangler's test of the last pass's close pairs finds no crossing, its restricted
     * search runs as well and fails the frame if it finds one; off, the pairs' test is not used at all (every near
     * search is the restricted one). Neither may change the frames.
     */
    public void checkCloseCrossings(Boolean check) {
        closeCrossings = check;
    }

    /** null: the close pairs' test in use; true: checked against the restricted search; false: not used. */
    private Boolean closeCrossings;

    /**
     * The untangler's crossing searches restricted to the near vertices so far that the close pairs' test made
     * unnecessary (no crossing among the pairs), and those where it found a crossing (the search then ran).
     */
    public long[] closePairChecks() {
        return untangler == null ? new long[2] : untangler.pairChecks();
    }

    /**
     * Tests only: off, every collision pass searches its cloth-cloth candidates afresh instead of selecting them from
     * the kept ones, which must not change the frames.
     */
    public void reuseCandidates(boolean on) {
        self.reuse(on);
    }

    /**
     * Tests only: on, every collision pass also searches its cloth-cloth candidates afresh and fails (an
     * IllegalStateException) unless the pairs it selected from the kept ones are the same, in the same order.
     */
    public void checkCandidates(boolean on) {
        self.checkCandidates(on);
    }

    /**
     * The cloth-cloth candidate search so far: collision passes; full searches with the kept boxes; passes that added
     * the pairs of kept boxes vertices had left; kept candidates and selected pairs, each summed over the passes;
     * rebuilds of the hashes without a search. With reuse off every pass is a plain search and nothing is kept.
     */
    public long[] candidateStatistics() {
        return self.candidateStatistics();
    }

    /**
     * Tests only: off, the second body pass of a substep tests every vertex and edge instead of skipping those the first
     * pass left settled ({@link FirstBodyPass}), which must not change the frames.
     */
    public void skipSettled(boolean on) {
        skipSettled = on;
    }

    /**
     * Tests only: off, the edge passes test every edge instead of skipping those whose clearance from the capsules
     * shows them clear ({@link SmoothCapsuleCollider#keepClearances}), which must not change the frames. Set before the
     * first frame.
     */
    public void keepClearances(boolean on) {
        keepClearances = on;
    }

    /** Edges the body's edge passes skipped on their clearance so far (smooth-capsule collisions). */
    public long clearanceSkips() {
        return collider instanceof SmoothCapsuleCollider s ? s.clearanceSkips() : 0;
    }

    /**
     * The body passes after a substep's first so far ({@link #CONTACT_BODY_ROUNDS} per substep with contacts): how
     * many, the vertices they tested and the edges they skipped (summed over the passes).
     */
    public long[] secondBodyPasses() {
        return new long[] { secondPasses, secondPassVertices, firstPass.skippedEdges() };
    }

    /** The untangler's crossing searches so far, and how many of them were full ones. */
    public long[] crossingSearches() {
        return new long[] { crossingSearches, fullSearches };
    }

    /** Mean fraction of the mesh edges the untangler's crossing searches looked at (1 = all; NaN: none run). */
    public double searchedEdgeFraction() {
        return crossingSearches == 0 ? Double.NaN : (double) searchedEdges / crossingSearches / m.edges;
    }

    @Override
    public int vertexCount() {
        return n;
    }

    public int edgeCount() {
        return m.edges;
    }

    public int bendCount() {
        return m.bends();
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
        System.arraycopy(x, 0, xs, 0, x.length);
        self.clear();
        self.forget();
        searchNearOnly = false;
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

    /** When set, velocities are zeroed after every substep (pure relaxation, used by the initial drape). */
    @Override
    public void setQuasiStatic(boolean on) {
        quasiStatic = on;
    }

    @Override
    public SolverCounters counters() {
        return new SolverCounters(frames, substepsTotal, maxSubstepsUsed, framesAtBudget, contactsTotal,
                bodyPushesTotal, collider == null ? 0 : collider.deepRescues(), collider == null ? 0 : collider.pinches(),
                collider == null ? 0 : collider.depenetrationLimits(), speedLimits, untangles, tangleRetries,
                tangledFrames);
    }

    private BodyCollider collider(BodyMotion motion) {
        if (motion != colliderMotion) {
            if (set.bodyCollision() == SimulationSettings.BodyCollision.SMOOTH_CAPSULES) {
                // the capsules alone: the skinned surface (generated on first use, 0.2-2 s) is not needed here
                SmoothCapsuleCollider smooth = new SmoothCapsuleCollider(motion, mat.thickness(), mat.friction(),
                        set.separationSpeed());
                smooth.useWorkers(workers);
                smooth.trackStartShifts(n);
                if (keepClearances) {
                    smooth.keepClearances(m.eA, m.edges);
                }
                collider = smooth;
            } else {
                BodySurface s = motion.surface();
                collider = s != null ? new SurfaceCollider(motion, s, mat.thickness(), mat.friction())
                        : new CapsuleCollider(motion, mat.thickness(), mat.friction());
            }
            colliderMotion = motion;
        }
        return collider;
    }

    /** Substeps the rule gives a frame from t0 to t0 + dt (body travel and cloth speed), capped by the budget. */
    private int substepsFor(BodyCollider body, double t0, double dt) {
        double maxV2 = 0;
        for (int i = 0; i < 3 * n; i += 3) {
            maxV2 = Math.max(maxV2, v[i] * v[i] + v[i + 1] * v[i + 1] + v[i + 2] * v[i + 2]);
        }
        double move = Math.max(body.beginFrame(t0, t0 + dt), Math.sqrt(maxV2) * dt);
        double need = Math.ceil(move / set.maxSubstepMove());
        int sub = (int) Math.max(set.substeps(), Math.min(need, set.maxSubsteps()));
        if (need > set.maxSubsteps()) {
            framesAtBudget++;
        }
        return sub;
    }

    /**
     * Advances one output frame from body time t0 to t0 + dt. Returns the number of substeps used.
     * {@code frameStartNanos} is unused by the embedded solver (its budget is a substep count).
     */
    @Override
    public int advanceFrame(BodyMotion motion, double t0, double dt, int frameIndex, IProgressMonitor monitor,
            long frameStartNanos) throws SimulationFailedException {
        DrivenVertices d = driven;
        if (d == null) {
            return advanceUndriven(motion, t0, dt, frameIndex, monitor, frameStartNanos);
        }
        d.pin(m.w, x);
        try {
            return advanceUndriven(motion, t0, dt, frameIndex, monitor, frameStartNanos);
        } finally {
            d.unpin(m.w);
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
        BodyCollider body = collider(motion);
        int sub = substepsFor(body, t0, dt);
        boolean retry = untangler != null && set.tangleRetries() > 0;
        if (retry) {
            System.arraycopy(x, 0, startX, 0, x.length);
            System.arraycopy(v, 0, startV, 0, v.length);
            System.arraycopy(xs, 0, startXs, 0, xs.length);
        }
        int spent = 0;
        int startCrossings = -1; // counted when a frame first ends through itself
        for (int attempt = 0;; attempt++) {
            substeps(body, t0, dt, sub, frameIndex, monitor);
            spent += sub;
            if (!retry || untangler.countCrossings(x) == 0) {
                break;
            }
            if (startCrossings < 0) {
                startCrossings = untangler.countCrossings(startX);
            }
            if (startCrossings > 0) {
                break; // tangled already at the start: the untangler is at work on that
            }
            if (attempt == set.tangleRetries() || 2 * sub > set.maxSubsteps()) {
                tangledFrames++;
                break;
            }
            // the frame started clear of itself and ends through itself: simulated again from its start (positions,
            // velocities, collision reference; contacts and kept candidates forgotten) with twice the substeps
            tangleRetries++;
            System.arraycopy(startX, 0, x, 0, x.length);
            System.arraycopy(startV, 0, v, 0, v.length);
            System.arraycopy(startXs, 0, xs, 0, xs.length);
            self.clear();
            self.forget();
            sub *= 2;
        }
        // (the speed is checked in every substep, before the speed limit, which can only slow a vertex after it)
        SolverChecks.stretch(x, m, set.maxStretch(), frameIndex);
        frames++;
        substepsTotal += spent;
        maxSubstepsUsed = Math.max(maxSubstepsUsed, spent);
        return spent;
    }

    /** A frame's state at its start, for {@link SimulationSettings#tangleRetries()}. */
    private final double[] startX, startV, startXs;

    private void substeps(BodyCollider body, double t0, double dt, int sub, int frameIndex, IProgressMonitor monitor)
            throws SimulationFailedException {
        body.load(t0, true);
        // a frame's first crossing search is a full one: a frame does not depend on what the one before found
        searchNearOnly = false;
        double h = dt / sub;
        for (int k = 1; k <= sub; k++) {
            if (monitor != null && monitor.isCanceled()) {
                throw new OperationCanceledException();
            }
            body.load(k == sub ? t0 + dt : t0 + dt * k / sub, false);
            body.substepLength(h);
            // a frame starts with a collision pass: its contacts then hold through the frame's first substeps, and
            // a frame never depends on contacts left by the one before (a restart from a stored state equals
            // continuing)
            drivenAt = (double) k / sub;
            substep(body, h, set.selfCollision() && (k - 1) % set.selfCollisionInterval() == 0, frameIndex);
            SolverChecks.finite(x, v, frameIndex);
        }
    }

    /** The stages {@link #stageSeconds()} times, in the order a substep runs them. */
    private enum Stage {
        PREDICTION("prediction"), SWEEPS("distance sweeps"), UNTANGLING("untangling"),
        DETECTION("cloth-cloth detection"), CONTACTS("cloth-cloth contact solves"), BODY("body passes"),
        STRAIN("strain limit and its body rounds"), VELOCITIES("velocities and checks");

        final String label;

        Stage(String label) {
            this.label = label;
        }
    }

    private final long[] stageNanos = new long[Stage.values().length];

    /** Adds the time since {@code since} to the stage; returns now. */
    private long lap(Stage stage, long since) {
        long now = System.nanoTime();
        stageNanos[stage.ordinal()] += now - since;
        return now;
    }

    @Override
    public Map<String, Double> stageSeconds() {
        Map<String, Double> m = new LinkedHashMap<>();
        for (Stage s : Stage.values()) {
            m.put(s.label, stageNanos[s.ordinal()] / 1e9);
        }
        return m;
    }

    private void substep(BodyCollider body, double h, boolean selfCollide, int frameIndex)
            throws SimulationFailedException {
        long t = System.nanoTime();
        Prediction.predict(workers, n, x, v, xp, m.w, set, mat, h);
        if (driven != null) {
            driven.place(x, drivenAt);
        }
        t = lap(Stage.PREDICTION, t);
        Arrays.fill(sweeps.lambda, 0);
        // a squeezed edge pushes back only to its length at the substep's start plus the recovery speed's step
        sweeps.recoveryTargets(xp, h);
        sweeps.gather(x, m.w, h);
        for (int it = 0; it < iterations; it++) {
            sweeps.sweep(workers, h, it == 0);
        }
        sweeps.scatter(x);
        t = lap(Stage.SWEEPS, t);
        if (selfCollide) {
            self.clear();
            Untangler tangled = null;
            if (untangler != null) {
                // crossings already there (at the last pass's reference state) are undone step by step, and the
                // contacts between their vertices, which would hold them crossed, are dropped while they last
                boolean[] near = searchNearOnly && !fullCrossingSearch ? self.near : null;
                double step = set.untangleSpeed() * h * set.selfCollisionInterval();
                if (near != null && !Boolean.FALSE.equals(closeCrossings)) {
                    untangles += untangler.untangle(xs, x, step, near, self, Boolean.TRUE.equals(closeCrossings));
                } else {
                    untangles += untangler.untangle(xs, x, step, near);
                }
                crossingSearches++;
                fullSearches += near == null ? 1 : 0;
                searchedEdges += untangler.searchedEdges();
                tangled = untangler.crossings() > 0 ? untangler : null;
            }
            t = lap(Stage.UNTANGLING, t);
            self.detect(xs, x, set.separationSpeed() * h * set.selfCollisionInterval(), tangled);
            t = lap(Stage.DETECTION, t);
            if (untangler != null) {
                System.arraycopy(x, 0, detected, 0, x.length);
            }
            solveContacts();
            if (untangler != null) {
                searchNearOnly = tangled == null && self.markMoved(xs, detected, x, NEAR_ONLY_SLACK * mat.thickness());
            }
            contactsTotal += self.contacts.size;
            // the reference for the next pass is taken here, before the body pass: the body's pushes then belong
            // to the motion the next pass sweeps, so a push that carries cloth through cloth is seen and held on
            // its side (taken after the body pass, the demo lead-in went from 0 to 33 crossings as the arms came
            // down; taken here, 0)
            System.arraycopy(x, 0, xs, 0, x.length);
            t = lap(Stage.CONTACTS, t);
        }
        // between collision passes the last pass's contacts stay in force (normals, weights and targets as found,
        // multipliers restarted): dropped for a substep, the distance constraints pulled contacting cloth back
        // through the kept separation and the next pass pushed it out again, a period-two pump (measured standing
        // still: a cuff vertex circulating at 4.3 m/s, sum of v^2 190 m^2/s^2; held, 1.2 m/s at the hem and
        // falling; the demo jump and kick no longer explode)
        boolean held = !selfCollide && set.selfCollision() && self.contacts.size > 0;
        if (held) {
            self.contacts.resetMultipliers();
            solveContacts();
            t = lap(Stage.CONTACTS, t);
        }
        Arrays.fill(chunkPushes, 0);
        firstPass.begin();
        workers.forRange(n, 2048, (chunk, from, to) -> chunkPushes[chunk] += body.collide(x, xp, m.w, from, to, true, touched));
        for (int p : chunkPushes) {
            bodyPushesTotal += p;
        }
        bodyPushesTotal += body.collideEdges(x, xp, m.w, m.eA, m.eB, m.edges, firstPass);
        t = lap(Stage.BODY, t);
        if ((selfCollide || held) && self.contacts.size > 0) {
            // the body pass may have pushed cloth into other cloth: solve the contacts again, then make sure the
            // body still wins (measured on the procedural spin-flip: 4x fewer crossings than one round), twice
            // (CONTACT_BODY_ROUNDS); the later body passes test only what the first touched or something moved since
            // (FirstBodyPass: the same frames)
            firstPass.end(x);
            for (int round = 0; round < CONTACT_BODY_ROUNDS; round++) {
                solveContacts();
                if (round == 0) {
                    // friction between contacting cloth comes before the body and strain passes, which then have the
                    // last word: after them (until 2026-12-02) it stretched edges the strain passes had left within
                    // the limit to up to 1.88x rest in the demo's nine clips (its bound, the friction coefficient
                    // times the contacts' accumulated multipliers, is large where contacts and the strain limit push
                    // against each other); docs/SIMULATION.md, "Friction first, strain and body in rounds"
                    self.contacts.friction(x, xp, m.w, 0.5 * mat.friction());
                }
                t = lap(Stage.CONTACTS, t);
                int count = 0;
                for (int i = 0; i < n; i++) {
                    if (!skipSettled || touched[i] || !firstPass.settled(x, i)) {
                        recheck[count++] = i;
                    }
                }
                secondPasses++;
                secondPassVertices += count;
                body.collide(x, xp, m.w, recheck, count, false, touched);
                body.collideEdges(x, xp, m.w, m.eA, m.eB, m.edges, skipSettled ? firstPass : null);
                t = lap(Stage.BODY, t);
            }
        }
        // the substep ends within the strain limit: the body pass stretches cloth it pushes out (an edge over the
        // shoulder from 1.06x after the sweeps to 1.16x in the procedural walk), so the inequality is solved again
        // on its own, and the body pass follows for the vertices it moved and their edges, in rounds, so that the
        // body still wins
        if (set.strainLimit() > 0 && strain.limit(x, m.w, set.strainLimit(), iterations) > 0) {
            strainAndBodyRounds(body);
        }
        t = lap(Stage.STRAIN, t);
        body.trimStartShifts(x, xp);
        double inv = 1 / h;
        workers.forRange(n, 4096, (chunk, from, to) -> {
            for (int i = 3 * from; i < 3 * to; i++) {
                v[i] = quasiStatic ? 0 : (x[i] - xp[i]) * inv;
            }
        });
        // pinched vertices move with the surfaces that hold them
        body.stickPinched(v, h);
        // the runaway check sees every substep's speeds before the speed limit slows them: a vertex thrown faster
        // than maxSpeed within a frame fails the run there (in a hood-up dressing start, cloth near a hand at the side of
        // the neck reached 930-1,088 m/s in substeps of two frames that the limit brought to 20 m/s, and the frame after them never
        // ended: the collision search over boxes the thrown cloth swept grew past the memory)
        SolverChecks.speed(v, set.maxSpeed(), frameIndex, x, body.posedCapsules());
        if (quasiStatic) {
            Arrays.fill(v, 0);
        } else {
            limitSpeed();
        }
        lap(Stage.VELOCITIES, t);
    }

    /**
     * After the strain passes: the body pass for the vertices they moved and the edges at them; then, while that pass
     * moves a vertex, strain passes from the vertices it moved and the body pass again, at most {@code iterations}
     * rounds, the body having the last word. With one round an edge the body holds across a crease (an armpit in the
     * procedural spin-flip) left substeps at 1.30-1.36x rest after the strain passes had brought it to 1.10x: they
     * pull its ends into the body and the body pushes them back out along its normal. Repeated rounds let the ends
     * slide along the surfaces to where the edge fits (1.12x after six); docs/SIMULATION.md, "Friction first, strain
     * and body in rounds".
     */
    private void strainAndBodyRounds(BodyCollider body) {
        for (int round = 1;; round++) {
            int count = strain.movedVertexCount();
            int[] moved = strain.movedVertices();
            // the vertices the body pass may move: those the strain passes moved and the other ends of their edges
            int candidates = 0;
            for (int k = 0; k < count; k++) {
                int i = moved[k];
                candidates = candidate(i, candidates);
                for (int q = m.nbrStart[i]; q < m.nbrStart[i + 1]; q++) {
                    candidates = candidate(m.nbr[q], candidates);
                }
            }
            body.collide(x, xp, m.w, moved, count, false, touched);
            body.collideEdges(x, xp, m.w, strain.edgeA, strain.edgeB, strain.edgesAtMoved());
            int pushed = 0;
            for (int k = 0; k < candidates; k++) {
                int i = roundVertices[k];
                roundMark[i] = false;
                int o = 3 * i, c = 3 * k;
                if (x[o] != roundStart[c] || x[o + 1] != roundStart[c + 1] || x[o + 2] != roundStart[c + 2]) {
                    recheck[pushed++] = i;
                }
            }
            if (pushed == 0 || round >= iterations) {
                return;
            }
            Arrays.sort(recheck, 0, pushed);
            if (strain.limitAt(x, m.w, set.strainLimit(), iterations, recheck, pushed) == 0) {
                return;
            }
        }
    }

    /** Adds vertex i (once) to the round's candidates, with its position before the body pass; returns the count. */
    private int candidate(int i, int count) {
        if (roundMark[i]) {
            return count;
        }
        roundMark[i] = true;
        roundVertices[count] = i;
        System.arraycopy(x, 3 * i, roundStart, 3 * count, 3);
        return count + 1;
    }

    /**
     * The cloth-cloth contacts' Gauss-Seidel passes, each followed by the strain limit on the mesh edges at the
     * contacts' vertices: contacts are constraints like the edges, and solved after the sweeps they alone decided
     * where contacting cloth ended the substep. Where layers press together between two body parts (the upper arm
     * 1.5-2.7 cm inside the head in the demo's jumping jacks) contacts that cannot all be met stretched the hood's
     * and sleeve's edges from 1.15x after the sweeps to 2.1x every substep, growing to the 4.2x that failed the
     * nine-clip run; alternating with the strain limit, the two meet in a compromise that no edge leaves longer than
     * (1 + limit) x rest by a contact's push.
     * <p>
     * A pass goes group by group ({@link #partitionContacts(boolean)}): the contacts whose vertices all lie in one
     * group, each followed by the strain limit on that group's edges at them, the two groups at the same time, then
     * the contacts and edges that join the groups; each in contact order. The groups share no vertex, so the frames
     * are the same on one thread as on two.
     */
    private void solveContacts() {
        double limit = set.strainLimit();
        if (self.contacts.version != partitioned) {
            // the contacts found by a collision pass are solved up to four times (after the pass, after the body
            // pass, and twice in the next substep): they and so their groups are the same each time
            if (limit > 0) {
                gatherContactVertices();
            }
            partitionContacts(limit > 0);
            partitioned = self.contacts.version;
            partitions++;
        }
        self.contacts.weigh(m.w);
        boolean parallel = self.contacts.size >= PARALLEL_CONTACTS;
        groupedSolves++;
        parallelSolves += parallel && workers.threads() > 1 ? 1 : 0;
        for (int p = 0; p <= ClothModel.PARTS; p++) {
            groupedContacts[p] += partContactCount[p];
        }
        for (int it = 0; it < set.contactIterations(); it++) {
            if (parallel) {
                workers.forRange(ClothModel.PARTS, 1, (chunk, from, to) -> {
                    for (int p = from; p < to; p++) {
                        contactPass(p, limit);
                    }
                });
            } else {
                for (int p = 0; p < ClothModel.PARTS; p++) {
                    contactPass(p, limit);
                }
            }
            contactPass(ClothModel.PARTS, limit);
        }
    }

    private long groupedSolves, parallelSolves;
    /** The {@link Contacts#version} the groups were made for. */
    private long partitioned = -1, partitions;
    private final long[] groupedContacts = new long[ClothModel.PARTS + 1];

    /**
     * The contact solves so far: how many, how many ran their two groups on two threads, the contacts of group 0, of
     * group 1 and joining them (summed over the solves), and how many times the groups were made.
     */
    public long[] contactGroups() {
        return new long[] { groupedSolves, parallelSolves, groupedContacts[0], groupedContacts[1], groupedContacts[2],
                partitions };
    }

    /**
     * The body's edge passes that tested their edges on the workers first, and the edges those pretests found clear
     * (0, 0 unless the body is the smooth capsule union and the solver has two threads or more).
     */
    public long[] edgePretests() {
        return collider instanceof SmoothCapsuleCollider s ? s.pretests() : new long[2];
    }

    /** Fewest contacts for the groups' passes to run on two threads (below, one runs them one after the other). */
    private static final int PARALLEL_CONTACTS = 1024;

    /** Group p's contacts (p = PARTS: those joining the groups) and then the strain limit on its edges at them. */
    private void contactPass(int p, double limit) {
        self.contacts.solve(x, m.w, partContacts[p], partContactCount[p]);
        if (limit > 0) {
            int[] e = partEdges[p];
            double[] lim = partEdgeLimits[p];
            for (int k = 0, end = 2 * partEdgeCount[p]; k < end; k += 2) {
                StrainPasses.shortenEdge(x, m.w, e[k], e[k + 1], lim[k], lim[k + 1]);
            }
        }
    }

    /**
     * Splits the contacts, in order, into two groups and those joining them (by their four vertices), and the mesh
     * edges at the contacts' vertices (from each such vertex in turn, as {@link #gatherContactVertices()} lists them)
     * into those within a group and those between the groups. The groups are runs of {@link #CONTACT_SLICES}
     * slices across the rest shape ({@link ClothModel#slices}): the slices below a split and the others, the split
     * chosen where the contacts within one slice are shared most evenly (contacts crowd where layers lie on each other: at 28,851
     * vertices the two halves of the distance sweeps held 0.8 and 4.4 million of one bench run's contacts, on the
     * demo robe with its head whipped 0.04 and 0.85 million). It depends on the contacts alone, not on the thread
     * count.
     */
    private void partitionContacts(boolean edges) {
        Contacts c = self.contacts;
        int[] slice = vertexSlice;
        int parts = ClothModel.PARTS;
        Arrays.fill(sliceContacts, 0);
        for (int k = 0; k < c.size; k++) {
            int o = 4 * k, b = slice[c.v[o]];
            if (slice[c.v[o + 1]] == b && slice[c.v[o + 2]] == b && slice[c.v[o + 3]] == b) {
                sliceContacts[b]++;
            }
        }
        long total = 0;
        for (int b = 0; b < sliceContacts.length; b++) {
            total += sliceContacts[b];
        }
        int split = 1;
        long below = sliceContacts[0], best = Math.abs(total - 2 * below);
        for (int b = 1; b + 1 < sliceContacts.length; b++) {
            below += sliceContacts[b];
            if (Math.abs(total - 2 * below) < best) {
                best = Math.abs(total - 2 * below);
                split = b + 1;
            }
        }
        Arrays.fill(partContactCount, 0);
        Arrays.fill(partEdgeCount, 0);
        for (int k = 0; k < c.size; k++) {
            int o = 4 * k, p = slice[c.v[o]] < split ? 0 : 1;
            for (int j = 1; j < 4; j++) {
                if ((slice[c.v[o + j]] < split ? 0 : 1) != p) {
                    p = parts;
                }
            }
            if (partContactCount[p] == partContacts[p].length) {
                partContacts[p] = Arrays.copyOf(partContacts[p], 2 * partContactCount[p]);
            }
            partContacts[p][partContactCount[p]++] = k;
        }
        if (!edges) {
            return;
        }
        double limit = set.strainLimit();
        for (int k = 0; k < contactVertexCount; k++) {
            int i = contactVertices[k], gi = slice[i] < split ? 0 : 1;
            for (int q = m.nbrStart[i]; q < m.nbrStart[i + 1]; q++) {
                int p = (slice[m.nbr[q]] < split ? 0 : 1) == gi ? gi : parts;
                if (2 * partEdgeCount[p] == partEdges[p].length) {
                    partEdges[p] = Arrays.copyOf(partEdges[p], 4 * partEdgeCount[p]);
                    partEdgeLimits[p] = Arrays.copyOf(partEdgeLimits[p], 4 * partEdgeCount[p]);
                }
                double lim = (1 + limit) * m.eRest[m.nbrEdge[q]];
                int r = 2 * partEdgeCount[p];
                partEdges[p][r] = i;
                partEdges[p][r + 1] = m.nbr[q];
                partEdgeLimits[p][r] = lim;
                partEdgeLimits[p][r + 1] = StrainPasses.surelyWithin2(lim);
                partEdgeCount[p]++;
            }
        }
    }

    /** The contacts within each slice, at the last solve (which chooses the groups' split). */
    private final int[] sliceContacts;
    /** The slice of the rest shape ({@link ClothModel#slices}) each vertex lies in. */
    private final int[] vertexSlice;
    /** Slices of the rest shape the contact groups are made of. */
    static final int CONTACT_SLICES = 16;

    private final int[][] partContacts = new int[ClothModel.PARTS + 1][256];
    /** Per group, the mesh edges at its contacts' vertices: their ends (a vertex of the contacts first). */
    private final int[][] partEdges = new int[ClothModel.PARTS + 1][512];
    /** Per group, each edge's strain-limited length and {@link StrainPasses#surelyWithin2} of it, in edge order. */
    private final double[][] partEdgeLimits = new double[ClothModel.PARTS + 1][512];
    private final int[] partContactCount = new int[ClothModel.PARTS + 1], partEdgeCount = new int[ClothModel.PARTS + 1];

    /** The vertices of the current contacts, each once, in contact order. */
    private void gatherContactVertices() {
        Contacts c = self.contacts;
        contactVertexCount = 0;
        for (int k = 0; k < 4 * c.size; k++) {
            int i = c.v[k];
            if (c.c[k] == 0 || inContact[i]) {
                continue;
            }
            inContact[i] = true;
            if (contactVertexCount == contactVertices.length) {
                contactVertices = Arrays.copyOf(contactVertices, 2 * contactVertexCount);
            }
            contactVertices[contactVertexCount++] = i;
        }
        for (int k = 0; k < contactVertexCount; k++) {
            inContact[contactVertices[k]] = false;
        }
    }

    private int[] contactVertices = new int[256];
    private int contactVertexCount;

    /** The speed limit (a counted repair, {@link SimulationSettings#speedLimit()}): faster vertices are slowed to it. */
    private void limitSpeed() {
        double lim = set.speedLimit();
        if (lim <= 0) {
            return;
        }
        double lim2 = lim * lim;
        for (int i = 0; i < n; i++) {
            int o = 3 * i;
            double s2 = v[o] * v[o] + v[o + 1] * v[o + 1] + v[o + 2] * v[o + 2];
            if (s2 > lim2) {
                double f = lim / Math.sqrt(s2);
                v[o] *= f;
                v[o + 1] *= f;
                v[o + 2] *= f;
                speedLimits++;
            }
        }
    }

    /** Largest edge length / rest length ratio in the current state. */
    public double maxStretchRatio() {
        return SolverChecks.maxStretch(x, m);
    }

    @Override
    public void close() {
        workers.close();
    }
}
