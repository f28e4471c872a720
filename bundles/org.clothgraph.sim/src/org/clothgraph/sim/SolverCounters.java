package org.clothgraph.sim;

import java.util.Locale;

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
 * @param pinches vertices found pinched between two body parts pressed together (left where the cloth put them,
 *        moving with the two surfaces; summed over substeps)
 * @param depenetrationLimits body pushes whose velocity along the normal was limited to the separation speed (the
 *        rest of the push moved the vertex without velocity; a counted repair)
 * @param speedLimits substep ends at which a vertex was slowed to the speed limit (a counted repair,
 *        {@link SimulationSettings#speedLimit()})
 * @param untangles edge-triangle crossings of the cloth with itself moved by the untangling step (a counted repair,
 *        {@link SimulationSettings#untangleSpeed()}; summed over collision passes)
 * @param tangleRetries frames simulated again because they ended with the cloth through itself after starting clear
 *        of it ({@link SimulationSettings#tangleRetries()}; a frame retried twice counts twice); their substeps are in
 *        {@code substeps}
 * @param tangledFrames frames kept although they ended through themselves after starting clear (every retry spent)
 */
public record SolverCounters(int frames, long substeps, int maxSubstepsPerFrame, long framesAtBudget,
        long selfContacts, long bodyPushes, long deepRescues, long pinches, long depenetrationLimits, long speedLimits,
        long untangles, long tangleRetries, long tangledFrames) {

    /** One line for a person: the substeps, then how often each counted repair acted. */
    public String summary() {
        return String.format(Locale.ROOT, "%,d substeps over %,d frames (up to %d per frame, %,d frames at the budget),"
                + " %,d cloth contacts, %,d body pushes; repairs: %,d speed limits, %,d depenetration limits, %,d pinches,"
                + " %,d deep rescues, %,d untangles; %,d frames retried for tangling, %,d kept tangled", substeps, frames,
                maxSubstepsPerFrame, framesAtBudget, selfContacts, bodyPushes, speedLimits, depenetrationLimits, pinches,
                deepRescues, untangles, tangleRetries, tangledFrames);
    }
}
