package org.clothgraph.sim;

/** A simulation that went wrong; carries the typed reason and the output frame at which it was detected. */
public class SimulationFailedException extends Exception {
    private static final long serialVersionUID = 1L;
    private final FailureReason reason;
    private final int frame;

    private final String detail;

    public SimulationFailedException(FailureReason reason, int frame, String message) {
        super(reason + " at frame " + frame + ": " + message);
        this.reason = reason;
        this.frame = frame;
        this.detail = message;
    }

    /** The same failure (reason, frame) with where it happened added to its message, e.g. a dressing queue's action. */
    public SimulationFailedException during(String where) {
        SimulationFailedException e = new SimulationFailedException(reason, frame, detail + " (" + where + ")");
        e.initCause(this);
        return e;
    }

    public FailureReason reason() {
        return reason;
    }

    /** Zero-based output frame index being computed when the failure was detected. */
    public int frame() {
        return frame;
    }
}
