package org.clothgraph.explore;

import java.util.List;
import java.util.Random;

import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.PrimaryEdge;

/**
 * A character controller for walks of the secondary graph: at each cloth state it chooses the primary edge the
 * character takes next, i.e. one of the state's outgoing transitions (Kim et al. 2013: the cloth follows
 * whatever the controller plays). Choices are offered in primary edge order, so a seeded controller is
 * deterministic.
 */
@FunctionalInterface
public interface WalkController {

    /** Picks one of {@code choices} (never empty) at {@code state}. */
    SecondaryWalk.Step choose(ClothStateRecord state, List<SecondaryWalk.Step> choices);

    /** Uniformly random among the outgoing transitions. */
    static WalkController random(long seed) {
        Random random = new Random(seed);
        return (state, choices) -> choices.get(random.nextInt(choices.size()));
    }

    /** Takes a blended transition into another clip whenever one leaves the state (random among them). */
    static WalkController preferClipChanges(long seed) {
        Random random = new Random(seed);
        return (state, choices) -> {
            List<SecondaryWalk.Step> changes = choices.stream()
                    .filter(s -> s.edge().kind() == PrimaryEdge.Kind.TRANSITION).toList();
            List<SecondaryWalk.Step> from = changes.isEmpty() ? choices : changes;
            return from.get(random.nextInt(from.size()));
        };
    }

    /** A controller by name: {@code random} or {@code clip-changes}. */
    static WalkController named(String name, long seed) {
        return switch (name) {
        case "random" -> random(seed);
        case "clip-changes" -> preferClipChanges(seed);
        default -> throw new org.clothgraph.model.InvalidInputException("walk", "controller", "unknown controller '"
                + name + "' (random or clip-changes)");
        };
    }
}
