package org.clothgraph.sim;

/**
 * Solver settings.
 *
 * @param substeps XPBD substeps per output frame (each with max(2, ceil(sqrt(vertices / 4000))) Gauss-Seidel
 *        sweeps over the distance constraints and one collision pass); raised automatically
 *        per frame, up to {@code maxSubsteps}, so that no capsule end point moves more than 40% of the
 *        smallest capsule radius within one substep (anti-tunnelling)
 * @param maxSubsteps upper bound for the automatic raise
 * @param gravityX gravity, m/s^2
 * @param gravityY gravity, m/s^2 (default -9.81)
 * @param gravityZ gravity, m/s^2
 * @param selfCollision cloth-cloth (vertex-triangle) collisions on/off
 * @param selfCollisionInterval resolve self collisions every n-th substep (1 = every substep)
 * @param threads worker threads (0 = min(2, available processors)); results do not depend on it
 * @param maxSpeed any vertex faster than this (m/s) fails the run with EXPLOSION
 * @param maxStretch any edge longer than this factor times its rest length fails with EXPLOSION
 * @param frameTimeoutSeconds wall-clock limit per output frame (0 = none), fails with TIMEOUT
 */
public record SimulationSettings(int substeps, int maxSubsteps, double gravityX, double gravityY,
        double gravityZ, boolean selfCollision, int selfCollisionInterval, int threads, double maxSpeed,
        double maxStretch, double frameTimeoutSeconds) {

    public SimulationSettings {
        if (substeps < 1 || maxSubsteps < substeps || selfCollisionInterval < 1 || threads < 0
                || !(maxSpeed > 0) || !(maxStretch > 1) || !(frameTimeoutSeconds >= 0)) {
            throw new IllegalArgumentException("invalid simulation settings");
        }
    }

    public static SimulationSettings defaults() {
        return new SimulationSettings(20, 120, 0, -9.81, 0, true, 1, 0, 60, 4.0, 300);
    }

    public SimulationSettings withSubsteps(int n) {
        return new SimulationSettings(n, Math.max(n, maxSubsteps), gravityX, gravityY, gravityZ, selfCollision,
                selfCollisionInterval, threads, maxSpeed, maxStretch, frameTimeoutSeconds);
    }

    public SimulationSettings withSelfCollision(boolean on, int interval) {
        return new SimulationSettings(substeps, maxSubsteps, gravityX, gravityY, gravityZ, on, interval, threads,
                maxSpeed, maxStretch, frameTimeoutSeconds);
    }

    public SimulationSettings withThreads(int n) {
        return new SimulationSettings(substeps, maxSubsteps, gravityX, gravityY, gravityZ, selfCollision,
                selfCollisionInterval, n, maxSpeed, maxStretch, frameTimeoutSeconds);
    }

    public SimulationSettings withLimits(double speed, double stretch, double timeoutSeconds) {
        return new SimulationSettings(substeps, maxSubsteps, gravityX, gravityY, gravityZ, selfCollision,
                selfCollisionInterval, threads, speed, stretch, timeoutSeconds);
    }

    /** Effective thread count. */
    public int effectiveThreads() {
        return threads > 0 ? threads : Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors()));
    }
}
