package org.clothgraph.sim;

/**
 * What the embedded solver did over a run, for the run's report.
 *
 * @param frames output frames simulated
 * @param substeps substeps over all frames
 * @param maxSubstepsPerFrame the most substeps one frame used
 * @param framesAtBudget frames whose motion asked for more substeps than the budget (maxSubsteps) allowed
 * @param selfContacts cloth-cloth contacts summed over substeps
 * @param bodyPushes vertex pushes out of the body summed over substeps
 * @param deepRescues repairs: vertices found deep inside the body (near no surface triangle) moved out through
 *        the capsules; zero in a healthy run
 * @param pinches vertex pushes that found the vertex pinched between two overlapping parts of the body (it is left
 *        midway, inside the body)
 * @param depenetrationLimits body pushes whose velocity along the normal was limited to the separation speed (the
 *        rest of the push moved the vertex without velocity; a counted repair)
 */
public record SolverCounters(int frames, long substeps, int maxSubstepsPerFrame, long framesAtBudget,
        long selfContacts, long bodyPushes, long deepRescues, long pinches, long depenetrationLimits) {
}
