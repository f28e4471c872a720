package org.clothgraph.model;

import java.util.List;

/** Counts describing a project, the source of {@code stats --json}. */
public record ProjectSummary(int formatVersion, String name, String character, List<String> garments,
        List<String> clipNames, int primaryNodes, int primaryEdges, int primaryTransitions,
        int secondaryStates, int secondaryTransitions, int deadEnds, int merges, int queuedMerges,
        long framesStored, long frameBytes, int databases) {
    public ProjectSummary {
        garments = List.copyOf(garments);
        clipNames = List.copyOf(clipNames);
    }
}
