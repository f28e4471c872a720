package org.clothgraph.sim;

/** A simulation that went wrong; carries the typed reason and the output frame at which it was detected. */
public class SimulationFailedException extends Exception {
    private static final long serialVersionUID = 1L;
    private final FailureReason reason;
    private final int frame;

    public SimulationFailedException(FailureReason reason, int frame, String message) {
        super(reason + " at frame " + frame + ": " + message);
        this.reason = reason;
        this.frame = frame;
    }

    public FailureReason reason() {
        return reason;
    }

    /** Zero-based output frame index being computed when the failure was detected. */
    public int frame() {
        return frame;
    }
}
