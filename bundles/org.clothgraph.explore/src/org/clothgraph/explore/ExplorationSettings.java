package org.clothgraph.explore;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.sim.SimulationSettings;

import com.google.gson.Gson;
import com.google.gson.JsonParseException;

/**
 * Settings of an exploration, stored in the project (scope {@value #SCOPE}) and recorded with every run.
 *
 * @param horizonFrames the longest branch one expansion simulates: a branch runs along the primary graph from
 *        the expanded state until it reaches a branching primary node (more than one outgoing edge) or has
 *        simulated this many frames, whichever comes first; it sets the size of a unit of work
 * @param roundSize expansions per round (R): a round takes the R worst queued dead ends, simulates them in
 *        parallel and commits them in queue order; independent of the worker count, so the graph is too
 * @param workers parallel simulations (K; 0 = one per core); each simulation runs on one solver thread
 * @param velocityTimeScale seconds: velocities are multiplied by it before they enter the L-infinity error, so a
 *        velocity difference of 1 m/s weighs like a position difference of this many metres; the default is one
 *        frame at 30 fps: a velocity difference counts as the displacement it makes before the next frame
 * @param classPenalty metres added to the error of a merge between states of different classes (hood up into
 *        hood down), so that such merges rise to the head of the queue (Kim et al. 2013, section 3.2)
 * @param blendFrames frames over which playback spreads the jump of a merge transition (Kim et al.: 10)
 * @param failureWindow how many recent expansions the failure-rate stop looks at
 * @param failureStop exploration stops when more than this fraction of the last failureWindow expansions failed
 * @param minFreeDiskMb exploration stops cleanly when the project's disk has less free space than this
 * @param startClip the clip whose first kept frame is the initial pose (empty: the first clip)
 * @param mergeWindow where an expansion's branch ends: its dead end is the state, among the branch's last
 *        mergeWindow states (never its first half), whose merge into the states already at its primary node has the
 *        least error; the branch's later frames are not kept. 1: the branch's last state, as Kim et al. describe it.
 *        The merge placed at the least error along the way is Kovar et al.'s rule for motion-graph transitions (a
 *        local minimum of the distance), applied to cloth. 0 in a project stored before the setting existed: 1
 * @param minBranchFrames the shortest branch an expansion ends: a branch that reaches a branching primary node after
 *        fewer frames goes on from there along every outgoing edge (its last state stays live), as long as the path
 *        from the expanded state is shorter than horizonFrames ({@link Horizon#expansion}); 0 (a project stored before
 *        the setting existed): every branch ends at the first branching node, as Kim et al.'s horizon
 * @param simulation the solver settings (its wall-clock timeout is 0: budgets are counted in substeps)
 */
public record ExplorationSettings(int horizonFrames, int roundSize, int workers, double velocityTimeScale,
        double classPenalty, int blendFrames, int failureWindow, double failureStop, long minFreeDiskMb,
        String startClip, int mergeWindow, int minBranchFrames, SimulationSettings simulation) {

    public static final String SCOPE = "exploration";
    private static final String KEY = "settings";
    /** The default {@link #mergeWindow}. */
    public static final int DEFAULT_MERGE_WINDOW = 8;
    /** The default {@link #minBranchFrames}: Kim et al.'s blend length, 10 frames. */
    public static final int DEFAULT_MIN_BRANCH_FRAMES = 10;

    public ExplorationSettings {
        require(horizonFrames >= 1 && horizonFrames <= 10_000, "horizonFrames", "1..10000 frames");
        require(roundSize >= 1 && roundSize <= 1024, "roundSize", "1..1024");
        require(workers >= 0 && workers <= 256, "workers", "0..256");
        require(velocityTimeScale >= 0 && Double.isFinite(velocityTimeScale), "velocityTimeScale", ">= 0 seconds");
        require(classPenalty >= 0 && Double.isFinite(classPenalty), "classPenalty", ">= 0 metres");
        require(blendFrames >= 0 && blendFrames <= 1000, "blendFrames", "0..1000");
        require(failureWindow >= 1, "failureWindow", ">= 1");
        require(failureStop > 0 && failureStop <= 1, "failureStop", "in (0, 1]");
        require(minFreeDiskMb >= 0, "minFreeDiskMb", ">= 0");
        require(mergeWindow >= 0 && mergeWindow <= 10_000, "mergeWindow", "1..10000 frames");
        require(minBranchFrames >= 0 && minBranchFrames <= 10_000, "minBranchFrames", "0..10000 frames");
        startClip = startClip == null ? "" : startClip;
        mergeWindow = Math.max(1, mergeWindow);
        if (simulation == null) {
            simulation = defaultSimulation();
        }
    }

    private static void require(boolean ok, String field, String range) {
        if (!ok) {
            throw new InvalidInputException("exploration settings", field, "must be " + range);
        }
    }

    /** Solver settings for exploration: one solver thread per simulation, no wall-clock timeout. */
    public static SimulationSettings defaultSimulation() {
        return simulation(SimulationSettings.defaults());
    }

    /**
     * A solver's settings ({@code solver}: its defaults) made fit for exploration: one solver thread per simulation, no
     * wall-clock timeout.
     */
    public static SimulationSettings simulation(SimulationSettings solver) {
        return solver.withThreads(1).withLimits(solver.maxSpeed(), solver.maxStretch(), 0);
    }

    public static ExplorationSettings defaults() {
        return new ExplorationSettings(60, 8, 0, 1 / 30.0, 1000.0, 10, 10, 0.8, 512, "", DEFAULT_MERGE_WINDOW,
                DEFAULT_MIN_BRANCH_FRAMES, defaultSimulation());
    }

    public int effectiveWorkers() {
        return workers > 0 ? workers : Math.max(1, Runtime.getRuntime().availableProcessors());
    }

    public ExplorationSettings withWorkers(int k) {
        return new ExplorationSettings(horizonFrames, roundSize, k, velocityTimeScale, classPenalty, blendFrames,
                failureWindow, failureStop, minFreeDiskMb, startClip, mergeWindow, minBranchFrames, simulation);
    }

    public ExplorationSettings withHorizon(int frames) {
        return new ExplorationSettings(frames, roundSize, workers, velocityTimeScale, classPenalty, blendFrames,
                failureWindow, failureStop, minFreeDiskMb, startClip, mergeWindow, minBranchFrames, simulation);
    }

    public ExplorationSettings withMergeWindow(int frames) {
        return new ExplorationSettings(horizonFrames, roundSize, workers, velocityTimeScale, classPenalty, blendFrames,
                failureWindow, failureStop, minFreeDiskMb, startClip, frames, minBranchFrames, simulation);
    }

    public ExplorationSettings withMinBranchFrames(int frames) {
        return new ExplorationSettings(horizonFrames, roundSize, workers, velocityTimeScale, classPenalty, blendFrames,
                failureWindow, failureStop, minFreeDiskMb, startClip, mergeWindow, frames, simulation);
    }

    public ExplorationSettings withStartClip(String clip) {
        return new ExplorationSettings(horizonFrames, roundSize, workers, velocityTimeScale, classPenalty, blendFrames,
                failureWindow, failureStop, minFreeDiskMb, clip, mergeWindow, minBranchFrames, simulation);
    }

    public ExplorationSettings withRoundSize(int r) {
        return new ExplorationSettings(horizonFrames, r, workers, velocityTimeScale, classPenalty, blendFrames,
                failureWindow, failureStop, minFreeDiskMb, startClip, mergeWindow, minBranchFrames, simulation);
    }

    public ExplorationSettings withSimulation(SimulationSettings s) {
        return new ExplorationSettings(horizonFrames, roundSize, workers, velocityTimeScale, classPenalty, blendFrames,
                failureWindow, failureStop, minFreeDiskMb, startClip, mergeWindow, minBranchFrames, s);
    }

    public ExplorationSettings withMinFreeDiskMb(long mb) {
        return new ExplorationSettings(horizonFrames, roundSize, workers, velocityTimeScale, classPenalty, blendFrames,
                failureWindow, failureStop, mb, startClip, mergeWindow, minBranchFrames, simulation);
    }

    public String toJson() {
        return new Gson().toJson(this);
    }

    /** The project's settings, or the defaults when none are stored. */
    public static ExplorationSettings of(Project project) {
        return project.setting(SCOPE, KEY).map(json -> {
            try {
                ExplorationSettings s = new Gson().fromJson(json, ExplorationSettings.class);
                // records through Gson skip the canonical constructor: validate by constructing again
                return new ExplorationSettings(s.horizonFrames, s.roundSize, s.workers, s.velocityTimeScale,
                        s.classPenalty, s.blendFrames, s.failureWindow, s.failureStop, s.minFreeDiskMb, s.startClip,
                        s.mergeWindow, s.minBranchFrames, s.simulation == null ? defaultSimulation() : s.simulation.completed());
            } catch (JsonParseException | NullPointerException | IllegalArgumentException e) {
                throw new InvalidInputException(project.folder().resolve("clothgraph.db").toString(),
                        "setting." + SCOPE + "." + KEY, "unreadable exploration settings: " + e.getMessage());
            }
        }).orElse(defaults());
    }

    public void store(Project project) {
        project.setSetting(SCOPE, KEY, toJson());
    }
}
