package org.clothgraph.measure;

/**
 * The measures of one cloth frame. Body measures are absent when the frame has no body to measure against:
 * {@code bodyCrossings} is -1 without a body surface, and the penetration fields are NaN without any body.
 *
 * @param frame          frame index in its run
 * @param selfCrossings  {@link SelfIntersections} count
 * @param bodyCrossings  {@link BodyCrossings} count, -1 when there is no body surface
 * @param maxPenetration deepest cloth vertex inside the body (m), 0 when none is inside
 * @param inside         number of cloth vertices inside the body
 * @param clearance      smallest distance of the cloth outside the body (m)
 * @param strainP99      99th percentile of edge stretch (0.10 = 10 %)
 * @param strainMax      largest edge stretch
 */
public record FrameMeasure(int frame, int selfCrossings, int bodyCrossings, double maxPenetration, int inside,
        double clearance, double strainP99, double strainMax) {

    /** Whether the frame has a self or body crossing. */
    public boolean crosses() {
        return selfCrossings > 0 || bodyCrossings > 0;
    }
}
