package org.clothgraph.model;

import java.util.Map;

/**
 * A garment: mesh file (relative to the project), its material as JSON, vertex count and named
 * vertex groups (hood, hood_rim, hem, sleeves...).
 */
public record GarmentInfo(long id, String name, String meshFile, String materialJson, int vertexCount,
        Map<String, int[]> vertexGroups) {
    public GarmentInfo {
        vertexGroups = Map.copyOf(vertexGroups);
    }
}
