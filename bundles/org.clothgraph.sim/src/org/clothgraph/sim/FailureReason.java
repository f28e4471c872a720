package org.clothgraph.sim;

/** Why a simulation was rejected. */
public enum FailureReason {
    /** A position or velocity became NaN or infinite. */
    NAN,
    /** A vertex moved faster, or an edge stretched further, than any physical cloth does. */
    EXPLOSION,
    /** A frame took longer than the configured wall-clock limit. */
    TIMEOUT,
    /** The solver's collision response did not converge (ARCSim: "Collision resolution failed to converge!"). */
    COLLISION_FAILED,
    /** An external solver stopped with an error of its own (a non-zero exit that is none of the above). */
    SOLVER_ERROR,
    /** The start state is one the solver cannot start from (it intersects itself or lies within the body). */
    BAD_START
}
