package org.clothgraph.explore;

import java.util.List;
import java.util.Map;

/**
 * An immutable snapshot of a running (or finished) exploration, published after every commit and whenever an
 * expansion starts; views render the latest one. Errors are plain L-infinity merge errors in millimetres over
 * same-class queued merges.
 *
 * @param phase INITIALISING, EXPLORING, STOPPED
 * @param message the last thing that happened, for a status line
 * @param running labels of the expansions being simulated now
 * @param history pairs {simulatedFrames, worstErrorMm}, one per committed round
 * @param byClass live states per class (e.g. hood=UP -> 812)
 */
public record ExplorationStatus(String phase, String message, int round, long simulatedFrames, long states,
        long queue, long quarantined, double worstErrorMm, double medianErrorMm, long crossClassMerges,
        double framesPerSecond, double cpuSeconds, double bookkeepingSeconds, double wallSeconds,
        List<String> running, List<double[]> history, Map<String, Long> byClass) {

    public ExplorationStatus {
        running = List.copyOf(running);
        history = List.copyOf(history);
        byClass = Map.copyOf(byClass);
    }

    /** The same snapshot with another message and list of running expansions. */
    public ExplorationStatus with(String newMessage, List<String> nowRunning) {
        return new ExplorationStatus(phase, newMessage, round, simulatedFrames, states, queue, quarantined, worstErrorMm,
                medianErrorMm, crossClassMerges, framesPerSecond, cpuSeconds, bookkeepingSeconds, wallSeconds, nowRunning,
                history, byClass);
    }

    /** Receives every status; called on the exploring thread. */
    @FunctionalInterface
    public interface Listener {
        void status(ExplorationStatus status);
    }
}
