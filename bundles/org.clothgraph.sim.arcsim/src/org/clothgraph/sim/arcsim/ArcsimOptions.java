package org.clothgraph.sim.arcsim;

import java.nio.file.Path;

/**
 * Configuration of the ARCSim adapter.
 *
 * @param executable the user's {@code arcsim} executable (ARCSim 0.2.1; never shipped with ClothGraph)
 * @param workRoot folder under which each call creates its work dir (null = system temp)
 * @param frameSteps ARCSim substeps per output frame (0 = enough for steps of at most 5 ms)
 * @param paddingSeconds incoming path written before the branch point (observed minimum 0.2 s)
 * @param motionOversample .mot samples per output frame (>= 1)
 * @param fabricFile an ARCSim fabric JSON to use instead of one written from the {@code Material} (null = write)
 * @param densityMult ARCSim {@code density_mult}
 * @param stretchingMult ARCSim {@code stretching_mult}
 * @param bendingMult ARCSim {@code bending_mult}
 * @param capsuleSegments facets around each capsule mesh (>= 8)
 * @param startupTimeoutSeconds extra wall-clock allowance for a run's first frame (loading, separation)
 * @param maxFramesPerRun output frames per ARCSim run (0 = as many as frame numbers up to 9999 allow);
 *        longer calls are split into resumed chunks
 * @param garmentTemplate an ARCSim OBJ of the garment (same node order) whose vt/f lines are reused when
 *        writing start states, keeping pattern seams (null = every face its own rest triangle laid flat)
 * @param keepWorkDirs keep each call's work dir (inputs, outputs, arcsim.log) instead of deleting it on success
 * @param restartCacheSize ARCSim frame files kept in memory so that a state produced by ARCSim is resumed from
 *        its exact file (with its plastic embedding and seams), 0 = off
 * @param checkStartState refuse a start state ARCSim cannot resolve (cloth crossing itself, or inside the
 *        body's capsules) with one sentence instead of launching ARCSim, which
 *        would stall in its collision response or abort; false runs such a start anyway
 */
public record ArcsimOptions(Path executable, Path workRoot, int frameSteps, double paddingSeconds,
        int motionOversample, Path fabricFile, double densityMult, double stretchingMult, double bendingMult,
        int capsuleSegments, double startupTimeoutSeconds, int maxFramesPerRun, Path garmentTemplate,
        boolean keepWorkDirs, int restartCacheSize, boolean checkStartState) {

    public ArcsimOptions {
        if (frameSteps < 0 || !(paddingSeconds >= 0) || motionOversample < 1 || !(densityMult > 0)
                || !(stretchingMult > 0) || !(bendingMult > 0) || capsuleSegments < 8 || !(startupTimeoutSeconds >= 0)
                || maxFramesPerRun < 0 || restartCacheSize < 0) {
            throw new IllegalArgumentException("invalid ARCSim options");
        }
    }

    /**
     * Defaults: auto substeps, 0.2 s padding, fabric from the Material, 16-facet capsules, 120 s start-up, start
     * states checked.
     */
    public static ArcsimOptions of(Path executable) {
        return new ArcsimOptions(executable, null, 0, 0.2, 1, null, 1, 1, 1, 16, 120, 0, null, false, 32, true);
    }

    public ArcsimOptions withWorkRoot(Path dir) {
        return new ArcsimOptions(executable, dir, frameSteps, paddingSeconds, motionOversample, fabricFile, densityMult,
                stretchingMult, bendingMult, capsuleSegments, startupTimeoutSeconds, maxFramesPerRun, garmentTemplate,
                keepWorkDirs, restartCacheSize, checkStartState);
    }

    public ArcsimOptions withFrameSteps(int n) {
        return new ArcsimOptions(executable, workRoot, n, paddingSeconds, motionOversample, fabricFile, densityMult,
                stretchingMult, bendingMult, capsuleSegments, startupTimeoutSeconds, maxFramesPerRun, garmentTemplate,
                keepWorkDirs, restartCacheSize, checkStartState);
    }

    public ArcsimOptions withFabric(Path file, double density, double stretching, double bending) {
        return new ArcsimOptions(executable, workRoot, frameSteps, paddingSeconds, motionOversample, file, density,
                stretching, bending, capsuleSegments, startupTimeoutSeconds, maxFramesPerRun, garmentTemplate,
                keepWorkDirs, restartCacheSize, checkStartState);
    }

    public ArcsimOptions withStartupTimeout(double seconds) {
        return new ArcsimOptions(executable, workRoot, frameSteps, paddingSeconds, motionOversample, fabricFile,
                densityMult, stretchingMult, bendingMult, capsuleSegments, seconds, maxFramesPerRun, garmentTemplate,
                keepWorkDirs, restartCacheSize, checkStartState);
    }

    public ArcsimOptions withMaxFramesPerRun(int n) {
        return new ArcsimOptions(executable, workRoot, frameSteps, paddingSeconds, motionOversample, fabricFile,
                densityMult, stretchingMult, bendingMult, capsuleSegments, startupTimeoutSeconds, n, garmentTemplate,
                keepWorkDirs, restartCacheSize, checkStartState);
    }

    public ArcsimOptions withGarmentTemplate(Path obj) {
        return new ArcsimOptions(executable, workRoot, frameSteps, paddingSeconds, motionOversample, fabricFile,
                densityMult, stretchingMult, bendingMult, capsuleSegments, startupTimeoutSeconds, maxFramesPerRun, obj,
                keepWorkDirs, restartCacheSize, checkStartState);
    }

    public ArcsimOptions withKeepWorkDirs(boolean keep) {
        return new ArcsimOptions(executable, workRoot, frameSteps, paddingSeconds, motionOversample, fabricFile,
                densityMult, stretchingMult, bendingMult, capsuleSegments, startupTimeoutSeconds, maxFramesPerRun,
                garmentTemplate, keep, restartCacheSize, checkStartState);
    }

    public ArcsimOptions withStartStateCheck(boolean check) {
        return new ArcsimOptions(executable, workRoot, frameSteps, paddingSeconds, motionOversample, fabricFile,
                densityMult, stretchingMult, bendingMult, capsuleSegments, startupTimeoutSeconds, maxFramesPerRun,
                garmentTemplate, keepWorkDirs, restartCacheSize, check);
    }
}
