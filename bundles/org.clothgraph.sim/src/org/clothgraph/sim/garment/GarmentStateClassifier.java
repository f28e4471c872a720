package org.clothgraph.sim.garment;

import java.util.List;

import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.body.Body;

/**
 * Classifies a garment's discrete state (e.g. hood up / down) from a cloth state and the body pose of the
 * same instant. Implementations are bound to one garment mesh (its vertex groups) at construction, are
 * deterministic and side-effect free.
 */
public interface GarmentStateClassifier {

    /** Short identifier, e.g. "hood". */
    String name();

    /** The possible classes, e.g. ["UP", "DOWN"]. */
    List<String> classes();

    /** One of {@link #classes()}. */
    String classify(ClothState state, Body body);

    /**
     * How clearly {@link #classify} decides this state: the distance of the state from the nearest boundary of its
     * class, 0 on the boundary, in the classifier's own documented units; NaN when the classifier has no such
     * measure (the default).
     */
    default double margin(ClothState state, Body body) {
        return Double.NaN;
    }
}
