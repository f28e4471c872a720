package org.clothgraph.sim;

import java.util.Locale;

/**
 * Solver settings, stored with every run and every unit of work (no other source of physics settings exists:
 * the workbench and the CLI both read them from the project).
 *
 * @param solver which embedded solver: {@link Solver#LEGACY} (the first one, the default until the rewritten one
 *        survives the demo's jump and kick) or {@link Solver#SMALL_STEPS} (the rewritten one, issue 10); the first
 *        ignores maxSubstepMove, iterations, contactIterations and separationSpeed (it raises its substeps from the
 *        capsules' motion) and keeps its wall-clock limit
 * @param substeps fewest XPBD substeps per output frame
 * @param maxSubsteps most substeps per output frame; a frame whose motion needs more fails the run with
 *        EXPLOSION (a step budget: the same on a loaded machine as on an idle one)
 * @param maxSubstepMove the substep rule: each frame gets enough substeps (at least {@code substeps}) that neither
 *        the body surface nor any cloth vertex (at its speed at the start of the frame) moves further than this
 *        in one substep, m (default 4 mm, the default cloth thickness: collisions are found by proximity within a
 *        substep)
 * @param iterations Gauss-Seidel sweeps over the distance constraints per substep (0 = automatic:
 *        ceil(10 sqrt(vertices / 4000)): 10 for the 4,000-vertex demo robe, 27 at 29,000 vertices, since a sweep carries a
 *        correction about one edge and the garment is about sqrt(vertices) edges across); the multipliers are accumulated over the sweeps of a substep (XPBD),
 *        so more sweeps converge further but do not make the cloth stiffer than its material
 * @param contactIterations Gauss-Seidel passes over the collision contacts per substep
 * @param separationSpeed the fastest two cloth layers (or cloth and body) that start a substep closer than the
 *        thickness are pushed apart, m/s: contacts restore the thickness gradually instead of throwing vertices
 * @param gravityX gravity, m/s^2
 * @param gravityY gravity, m/s^2 (default -9.81)
 * @param gravityZ gravity, m/s^2
 * @param selfCollision cloth-cloth (vertex-triangle and edge-edge) collisions on/off
 * @param selfCollisionInterval find self collisions every n-th substep, starting with each frame's first (1 = every
 *        substep); the small-step solver keeps a pass's contacts in force until the next pass, the first solver
 *        lets the cloth pass through itself between checks
 * @param threads worker threads (0 = min(2, available processors)); results do not depend on it
 * @param maxSpeed any vertex faster than this at a frame's end (m/s) fails the run with EXPLOSION; the small-step
 *        solver checks it at the end of every substep, before its speed limit
 * @param maxStretch any edge longer than this factor times its rest length fails with EXPLOSION
 * @param frameTimeoutSeconds wall-clock limit per output frame for EXTERNAL simulators (a child process that may
 *        hang); the embedded solver ignores it and is bounded by {@code maxSubsteps}
 * @param bodyCollision what the small-step solver's cloth collides with (the first solver always uses its
 *        capsules): {@link BodyCollision#SURFACE}, the skinned triangle mesh, or {@link BodyCollision#SMOOTH_CAPSULES},
 *        the implicit surface the skinned mesh is generated from (the smooth union of the posed capsules)
 * @param strainLimit small-step solver: the most a mesh edge may be stretched beyond its rest length, as a fraction
 *        (0.1 = 10 %; 0 = no limit): a rigid inequality solved with the distance constraints (strain limiting as in
 *        Provot 1995 and ARCSim's strain limits), so a garment caught on a fast limb cannot store the energy of a
 *        several-fold stretch and release it as a whip; woven cloth hardly stretches beyond a few per cent
 * @param speedLimit small-step solver: a counted repair, m/s (0 = off): a vertex leaving a substep faster than this
 *        is slowed to it (its position is kept; counted as {@code speedLimits} in {@link SolverCounters}); it bounds
 *        the energy a kinematic body feeds into cloth it pinches against another body part (see docs/SIMULATION.md)
 * @param untangleSpeed small-step solver: untangling by intersection contour minimisation (Volino and
 *        Magnenat-Thalmann 2006), m/s (0 = off): at every cloth-cloth collision pass, each place where a mesh edge
 *        passes through a triangle of the same garment moves the edge and the triangle apart along the triangle's
 *        normal, at this relative speed over the substeps until the next pass, in the sense that shortens the contour
 *        along which the two layers intersect, and contacts between the two sides of a crossing are dropped while it
 *        lasts (counted as {@code untangles} in {@link SolverCounters}); a speed, not a distance per pass, so the
 *        result does not depend on the substep count; settings stored before it existed read as 0
 * @param tangleRetries small-step solver with untangling on: a frame that starts with the cloth clear of itself and
 *        ends with it passing through itself (found by the untangler's own edge-triangle search at the frame's end)
 *        is simulated again from its start with twice the substeps, at most this many times (0 = never; within
 *        {@code maxSubsteps}); the last attempt is kept whatever it ends with. Counted as {@code tangleRetries} and
 *        {@code tangledFrames} in {@link SolverCounters}. An adaptive step, not a repair: nothing is moved that the
 *        integration did not move (ARCSim likewise halves its time step when its collision response fails). Settings
 *        stored before it existed read as 0
 * @param compressionSoftening small-step solver, part of the cloth's model: a mesh edge (stretch or shear) shorter
 *        than its rest length resists with its stiffness divided by this factor (0 or 1 = off: as stiff in
 *        compression as in stretch; the bending cross edges are never softened, since folding is what shortens
 *        them). Woven cloth buckles out of its plane under the slightest in-plane compression; a mesh cannot fold
 *        finer than its edges, so an edge shortened by a squeeze stands for cloth wrinkled below the mesh's
 *        resolution, whose resistance is its bending, not its stretch stiffness (the buckling models of Choi and Ko
 *        2002; production XPBD solvers keep a separate, low compression stiffness). As stiff as in stretch, an edge
 *        squeezed to a third of its length between an arm and the torso springs back to its rest length in one
 *        substep: a hand reaching for a fallen hood threw cloth at 67 m/s that way. Off by default: with the demo robe
 *        softened a thousandfold the hood no longer stays up in the walk (its shape leans on the edges' compression
 *        stiffness), softened tenfold it does but the dressing throws are as many as without (docs/SIMULATION.md,
 *        "Compression softening"). Settings stored before it existed read as 0
 * @param compressionRecoverySpeed small-step solver, part of the cloth's model, m/s (0 = off): a mesh edge (stretch or
 *        shear) shorter than its rest length pushes its ends apart only as far as its length at the start of the
 *        substep plus this speed times the substep (never beyond its rest length), and not at all while it is between
 *        that length and its rest length; in stretch, and everywhere for the bending cross edges, nothing changes. An
 *        edge squeezed to a quarter of its length between an arm and the torso then regains it over tens of
 *        milliseconds instead of springing back in one substep, which threw cloth at 67 m/s in the dressing traces
 *        (docs/SIMULATION.md, "Compression recovery"); an edge only slightly short (by less than the speed times the
 *        substep, 0.8 mm at 1 m/s and 40 substeps a frame) is solved exactly as before, so shapes that stand on the
 *        edges' compression stiffness (the demo hood) stand as before. Off by default, and off the arithmetic is the one
 *        before, bit for bit: at 1 m/s the nine demo clips keep no crossing and the hood up in the walk, but the strain's
 *        99th percentile reaches the 10 % limit (10.01 % in one frame, 9.8 % without; squeezed cloth that regains its
 *        length slowly leaves more of the rest at the strain limit), and on 20 held-out hood-up dressings the throws
 *        before Release went from 7 to 1 while the held-up count stayed within the run-to-run spread (4, 6 and 2 of 20
 *        without, at 1 and at 3 m/s). Settings stored before it existed read as 0
 */
public record SimulationSettings(Solver solver, int substeps, int maxSubsteps, double maxSubstepMove, int iterations,
        int contactIterations, double separationSpeed, double gravityX, double gravityY, double gravityZ,
        boolean selfCollision, int selfCollisionInterval, int threads, double maxSpeed, double maxStretch,
        double frameTimeoutSeconds, BodyCollision bodyCollision, double strainLimit, double speedLimit,
        double untangleSpeed, int tangleRetries, double compressionSoftening, double compressionRecoverySpeed) {

    /** The embedded solvers. */
    public enum Solver {
        /** The first embedded solver (capsule collisions, repairs as fixed constants). */
        LEGACY,
        /** The rewritten small-step solver: skinned surface, edge-edge contacts, no repairs but two counted ones. */
        SMALL_STEPS
    }

    /** What the small-step solver's cloth collides with. */
    public enum BodyCollision {
        /**
         * The skinned triangle mesh ({@code BodyMotion.surface()}): nearest-point pushes, buried triangles skipped,
         * pinches and deep rescues through the capsules (counted). Measured on the demo jump: explodes at frame 20
         * (cloth caught in the folds where linear blend skinning pushes one part of the mesh through another).
         */
        SURFACE,
        /**
         * The smooth union of the posed capsules (polynomial smooth-min, 2.5 cm blend): the implicit surface the
         * skinned mesh is polygonised from at the bind pose, defined everywhere, never folded through itself, so
         * every vertex has one way out (along its gradient). The skinned mesh stays what is drawn and measured
         * against.
         */
        SMOOTH_CAPSULES
    }

    public SimulationSettings {
        if (solver == null || bodyCollision == null || substeps < 1 || maxSubsteps < substeps || !(maxSubstepMove > 0) || iterations < 0 || contactIterations < 1
                || !(separationSpeed >= 0) || selfCollisionInterval < 1 || threads < 0 || !(maxSpeed > 0)
                || !(maxStretch > 1) || !(frameTimeoutSeconds >= 0) || !(strainLimit >= 0) || !(speedLimit >= 0)
                || !(untangleSpeed >= 0) || tangleRetries < 0 || tangleRetries > MAX_TANGLE_RETRIES
                || !(compressionSoftening >= 0) || compressionSoftening > MAX_COMPRESSION_SOFTENING
                || !(compressionRecoverySpeed >= 0) || compressionRecoverySpeed > MAX_COMPRESSION_RECOVERY_SPEED) {
            throw new IllegalArgumentException("invalid simulation settings");
        }
    }

    /** The small-step solver's strain limit (10 %). */
    public static final double SMALL_STEPS_STRAIN_LIMIT = 0.10;
    /** The small-step solver's speed limit, m/s (above the demo character's fastest hand, 17 m/s). */
    public static final double SMALL_STEPS_SPEED_LIMIT = 20;
    /** The small-step solver's untangling speed, m/s (the separation speed of contacts). */
    public static final double SMALL_STEPS_UNTANGLE_SPEED = 0.3;
    /** The small-step solver's attempts at a frame that ends through itself, each with twice the substeps (2). */
    public static final int SMALL_STEPS_TANGLE_RETRIES = 2;
    /** The largest {@link #compressionRecoverySpeed()} accepted, m/s. */
    public static final double MAX_COMPRESSION_RECOVERY_SPEED = 1000;
    /** The largest {@link #compressionSoftening()} accepted. */
    public static final double MAX_COMPRESSION_SOFTENING = 1e6;
    /** The most {@link #tangleRetries()} accepted (each doubles a frame's substeps). */
    public static final int MAX_TANGLE_RETRIES = 4;

    /** The default: the first solver with its settings (20 substeps, up to 120, self collision every substep). */
    public static SimulationSettings defaults() {
        return new SimulationSettings(Solver.LEGACY, 20, 120, 0.004, 0, 4, 0.3, 0, -9.81, 0, true, 1, 0, 60, 4.0, 300, BodyCollision.SURFACE,
                0, 0, 0, 0, 0, 0);
    }

    /**
     * The small-step solver's Gauss-Seidel passes over the cloth-cloth contacts per substep (16; was 4). Where the arms
     * press layers against the body the contacts (each pass followed by the strain limit on their edges) had not
     * converged after 4 passes and layers were left crossed. Measured on the demo's jumping jacks restarted from the
     * same stored state at frame 20 (frames 21-62, the first two arm swings, by the independent checker): 4 passes,
     * up to 580 self-crossings per frame; 8 passes, up to 48; 16 passes, up to 7 (0 in 31 of 42 frames); on the
     * nine-clip path restarted before its first jumping jacks, 669 with 4 passes and 57 with 16 (docs/SIMULATION.md).
     */
    public static final int SMALL_STEPS_CONTACT_ITERATIONS = 16;

    /** The rewritten small-step solver with its defaults (40 substeps, up to 400, self collision every 2nd). */
    public static SimulationSettings smallSteps() {
        return new SimulationSettings(Solver.SMALL_STEPS, 40, 400, 0.004, 0, SMALL_STEPS_CONTACT_ITERATIONS, 0.3, 0, -9.81, 0, true, 2, 0, 60, 4.0,
                300, BodyCollision.SMOOTH_CAPSULES, SMALL_STEPS_STRAIN_LIMIT, SMALL_STEPS_SPEED_LIMIT, SMALL_STEPS_UNTANGLE_SPEED, SMALL_STEPS_TANGLE_RETRIES,
                0, 0);
    }

    /**
     * These settings with another solver's defaults for its solver-specific fields (substeps, budget, contact passes,
     * self-collision interval, body collision, strain and speed limits, untangling and its retries); the others kept
     * as they are.
     */
    public SimulationSettings withSolver(Solver s) {
        SimulationSettings d = s == Solver.LEGACY ? defaults() : smallSteps();
        return new SimulationSettings(s, d.substeps, d.maxSubsteps, maxSubstepMove, iterations, d.contactIterations,
                separationSpeed, gravityX, gravityY, gravityZ, selfCollision, d.selfCollisionInterval, threads,
                maxSpeed, maxStretch, frameTimeoutSeconds, d.bodyCollision, d.strainLimit, d.speedLimit, d.untangleSpeed, d.tangleRetries,
                d.compressionSoftening, d.compressionRecoverySpeed);
    }

    /**
     * One line for a person: the solver and the settings that change its frames, e.g. "small-steps solver, 40-400
     * substeps a frame (at most 4.0 mm a substep), 0 sweeps (automatic), 16 contact passes, strain limit 10 %, speed
     * limit off, untangling off, tangled frames retried never, body: smooth capsules" (the first solver: its substeps
     * and contact passes).
     */
    public String summary() {
        String body = bodyCollision == BodyCollision.SMOOTH_CAPSULES ? "smooth capsules" : "surface";
        if (solver == Solver.LEGACY) {
            return String.format(Locale.ROOT, "legacy solver, %d-%d substeps a frame, %d contact passes,"
                    + " self collision %s, body: %s", substeps, maxSubsteps, contactIterations,
                    selfCollision ? "on" : "off", body);
        }
        return String.format(Locale.ROOT, "small-steps solver, %d-%d substeps a frame (at most %.1f mm a"
                + " substep), %s sweeps, %d contact passes, strain limit %s, speed limit %s, untangling %s, tangled"
                + " frames retried %s%s%s, body: %s",
                substeps, maxSubsteps, maxSubstepMove * 1000,
                iterations == 0 ? "automatic" : String.valueOf(iterations),
                contactIterations, strainLimit > 0 ? String.format(Locale.ROOT, "%.0f %%", strainLimit * 100)
                        : "off", speedLimit > 0 ? String.format(Locale.ROOT, "%.1f m/s", speedLimit) : "off",
                untangleSpeed > 0 ? String.format(Locale.ROOT, "%.2f m/s", untangleSpeed) : "off",
                tangleRetries > 0 && untangleSpeed > 0 ? "up to " + tangleRetries + "x" : "never",
                compressionSoftening > 1 ? String.format(Locale.ROOT, ", edges %.0fx softer in compression",
                        compressionSoftening) : "",
                compressionRecoverySpeed > 0 ? String.format(Locale.ROOT, ", squeezed edges recover at most %.2f m/s",
                        compressionRecoverySpeed) : "", body);
    }

    /**
     * Settings read from storage written before a field existed (Gson leaves it null or 0): the missing ones take
     * their default values; everything is validated.
     */
    public SimulationSettings completed() {
        SimulationSettings d = defaults();
        return new SimulationSettings(solver == null ? d.solver : solver, substeps, maxSubsteps,
                maxSubstepMove > 0 ? maxSubstepMove : d.maxSubstepMove, iterations,
                contactIterations > 0 ? contactIterations : d.contactIterations,
                separationSpeed > 0 ? separationSpeed : d.separationSpeed, gravityX, gravityY, gravityZ,
                selfCollision, selfCollisionInterval, threads, maxSpeed, maxStretch, frameTimeoutSeconds,
                bodyCollision == null ? (solver == Solver.SMALL_STEPS ? BodyCollision.SURFACE : d.bodyCollision) : bodyCollision,
                strainLimit, speedLimit, untangleSpeed, tangleRetries, compressionSoftening, compressionRecoverySpeed);
    }

    public SimulationSettings withSubsteps(int n) {
        return new SimulationSettings(solver, n, Math.max(n, maxSubsteps), maxSubstepMove, iterations, contactIterations,
                separationSpeed, gravityX, gravityY, gravityZ, selfCollision, selfCollisionInterval, threads, maxSpeed,
                maxStretch, frameTimeoutSeconds, bodyCollision, strainLimit, speedLimit, untangleSpeed, tangleRetries,
                compressionSoftening, compressionRecoverySpeed);
    }

    /** Fixed substep count: the substep rule is switched off (for tests of the integrator). */
    public SimulationSettings withFixedSubsteps(int n) {
        return new SimulationSettings(solver, n, n, Double.MAX_VALUE, iterations, contactIterations, separationSpeed, gravityX,
                gravityY, gravityZ, selfCollision, selfCollisionInterval, threads, maxSpeed, maxStretch,
                frameTimeoutSeconds, bodyCollision, strainLimit, speedLimit, untangleSpeed, tangleRetries,
                compressionSoftening, compressionRecoverySpeed);
    }

    public SimulationSettings withMaxSubstepMove(double metres) {
        return new SimulationSettings(solver, substeps, maxSubsteps, metres, iterations, contactIterations, separationSpeed,
                gravityX, gravityY, gravityZ, selfCollision, selfCollisionInterval, threads, maxSpeed, maxStretch,
                frameTimeoutSeconds, bodyCollision, strainLimit, speedLimit, untangleSpeed, tangleRetries,
                compressionSoftening, compressionRecoverySpeed);
    }

    public SimulationSettings withIterations(int n) {
        return new SimulationSettings(solver, substeps, maxSubsteps, maxSubstepMove, n, contactIterations, separationSpeed,
                gravityX, gravityY, gravityZ, selfCollision, selfCollisionInterval, threads, maxSpeed, maxStretch,
                frameTimeoutSeconds, bodyCollision, strainLimit, speedLimit, untangleSpeed, tangleRetries,
                compressionSoftening, compressionRecoverySpeed);
    }

    public SimulationSettings withContactIterations(int n) {
        return new SimulationSettings(solver, substeps, maxSubsteps, maxSubstepMove, iterations, n, separationSpeed,
                gravityX, gravityY, gravityZ, selfCollision, selfCollisionInterval, threads, maxSpeed, maxStretch,
                frameTimeoutSeconds, bodyCollision, strainLimit, speedLimit, untangleSpeed, tangleRetries,
                compressionSoftening, compressionRecoverySpeed);
    }

    public SimulationSettings withGravity(double x, double y, double z) {
        return new SimulationSettings(solver, substeps, maxSubsteps, maxSubstepMove, iterations, contactIterations,
                separationSpeed, x, y, z, selfCollision, selfCollisionInterval, threads, maxSpeed, maxStretch,
                frameTimeoutSeconds, bodyCollision, strainLimit, speedLimit, untangleSpeed, tangleRetries,
                compressionSoftening, compressionRecoverySpeed);
    }

    public SimulationSettings withSelfCollision(boolean on, int interval) {
        return new SimulationSettings(solver, substeps, maxSubsteps, maxSubstepMove, iterations, contactIterations,
                separationSpeed, gravityX, gravityY, gravityZ, on, interval, threads, maxSpeed, maxStretch,
                frameTimeoutSeconds, bodyCollision, strainLimit, speedLimit, untangleSpeed, tangleRetries,
                compressionSoftening, compressionRecoverySpeed);
    }

    public SimulationSettings withThreads(int n) {
        return new SimulationSettings(solver, substeps, maxSubsteps, maxSubstepMove, iterations, contactIterations,
                separationSpeed, gravityX, gravityY, gravityZ, selfCollision, selfCollisionInterval, n, maxSpeed,
                maxStretch, frameTimeoutSeconds, bodyCollision, strainLimit, speedLimit, untangleSpeed, tangleRetries,
                compressionSoftening, compressionRecoverySpeed);
    }

    public SimulationSettings withLimits(double speed, double stretch, double timeoutSeconds) {
        return new SimulationSettings(solver, substeps, maxSubsteps, maxSubstepMove, iterations, contactIterations,
                separationSpeed, gravityX, gravityY, gravityZ, selfCollision, selfCollisionInterval, threads, speed,
                stretch, timeoutSeconds, bodyCollision, strainLimit, speedLimit, untangleSpeed, tangleRetries,
                compressionSoftening, compressionRecoverySpeed);
    }

    public SimulationSettings withBodyCollision(BodyCollision b) {
        return new SimulationSettings(solver, substeps, maxSubsteps, maxSubstepMove, iterations, contactIterations,
                separationSpeed, gravityX, gravityY, gravityZ, selfCollision, selfCollisionInterval, threads, maxSpeed,
                maxStretch, frameTimeoutSeconds, b, strainLimit, speedLimit, untangleSpeed, tangleRetries,
                compressionSoftening, compressionRecoverySpeed);
    }

    public SimulationSettings withStrainLimit(double fraction) {
        return new SimulationSettings(solver, substeps, maxSubsteps, maxSubstepMove, iterations, contactIterations,
                separationSpeed, gravityX, gravityY, gravityZ, selfCollision, selfCollisionInterval, threads, maxSpeed,
                maxStretch, frameTimeoutSeconds, bodyCollision, fraction, speedLimit, untangleSpeed, tangleRetries,
                compressionSoftening, compressionRecoverySpeed);
    }

    public SimulationSettings withSpeedLimit(double metresPerSecond) {
        return new SimulationSettings(solver, substeps, maxSubsteps, maxSubstepMove, iterations, contactIterations,
                separationSpeed, gravityX, gravityY, gravityZ, selfCollision, selfCollisionInterval, threads, maxSpeed,
                maxStretch, frameTimeoutSeconds, bodyCollision, strainLimit, metresPerSecond, untangleSpeed, tangleRetries,
                compressionSoftening, compressionRecoverySpeed);
    }

    public SimulationSettings withUntangleSpeed(double metres) {
        return new SimulationSettings(solver, substeps, maxSubsteps, maxSubstepMove, iterations, contactIterations,
                separationSpeed, gravityX, gravityY, gravityZ, selfCollision, selfCollisionInterval, threads, maxSpeed,
                maxStretch, frameTimeoutSeconds, bodyCollision, strainLimit, speedLimit, metres, tangleRetries, compressionSoftening, compressionRecoverySpeed);
    }

    public SimulationSettings withTangleRetries(int n) {
        return new SimulationSettings(solver, substeps, maxSubsteps, maxSubstepMove, iterations, contactIterations,
                separationSpeed, gravityX, gravityY, gravityZ, selfCollision, selfCollisionInterval, threads, maxSpeed,
                maxStretch, frameTimeoutSeconds, bodyCollision, strainLimit, speedLimit, untangleSpeed, n, compressionSoftening, compressionRecoverySpeed);
    }

    public SimulationSettings withCompressionSoftening(double factor) {
        return new SimulationSettings(solver, substeps, maxSubsteps, maxSubstepMove, iterations, contactIterations,
                separationSpeed, gravityX, gravityY, gravityZ, selfCollision, selfCollisionInterval, threads, maxSpeed,
                maxStretch, frameTimeoutSeconds, bodyCollision, strainLimit, speedLimit, untangleSpeed, tangleRetries, factor,
                compressionRecoverySpeed);
    }

    public SimulationSettings withCompressionRecoverySpeed(double metresPerSecond) {
        return new SimulationSettings(solver, substeps, maxSubsteps, maxSubstepMove, iterations, contactIterations,
                separationSpeed, gravityX, gravityY, gravityZ, selfCollision, selfCollisionInterval, threads, maxSpeed,
                maxStretch, frameTimeoutSeconds, bodyCollision, strainLimit, speedLimit, untangleSpeed, tangleRetries,
                compressionSoftening, metresPerSecond);
    }

    /** The factor an edge's stiffness is divided by in compression (1 when compression softening is off). */
    public double effectiveCompressionSoftening() {
        return compressionSoftening > 1 ? compressionSoftening : 1;
    }

    /** Effective thread count. */
    public int effectiveThreads() {
        return threads > 0 ? threads : Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors()));
    }

    /** Distance-constraint sweeps per substep for a garment of this many vertices. */
    public int effectiveIterations(int vertices) {
        return iterations > 0 ? iterations : (int) Math.ceil(10 * Math.sqrt(vertices / 4000.0));
    }
}
