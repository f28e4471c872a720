package org.clothgraph.model;

/**
 * One line of the exploration log, written with every committed round: the counts and errors a person
 * follows while the graph grows (the paper's Figure 7 plots worstError against simulatedFrames). Errors are
 * plain L-infinity merge errors in metres over same-class, not quarantined merges.
 */
public record ExplorationLogEntry(int round, long simulatedFrames, long states, long queue, long quarantined,
        double worstError, double medianError, long crossClassMerges, double cpuSeconds, double bookkeepingSeconds,
        double wallSeconds, String time) {
}
