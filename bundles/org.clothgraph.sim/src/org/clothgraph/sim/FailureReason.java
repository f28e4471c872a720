package org.clothgraph.sim;

/** Why a simulation was rejected. */
public enum FailureReason {
    /** A position or velocity became NaN or infinite. */
    NAN,
    /** A vertex moved faster, or an edge stretched further, than any physical cloth does. */
    EXPLOSION,
    /** A frame took longer than the configured wall-clock limit. */
    TIMEOUT
}
