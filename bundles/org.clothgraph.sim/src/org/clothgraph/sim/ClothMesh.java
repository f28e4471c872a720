package org.clothgraph.sim;

import java.util.Map;

/**
 * A garment's fixed-topology triangle mesh: rest positions in world space (metres, Y up), material
 * (2D pattern) coordinates, triangles as vertex index triples, and named vertex groups such as
 * "hood", "hood_rim", "hem", "sleeves".
 */
public record ClothMesh(String name, float[] restPositions, float[] materialCoords, int[] triangles,
        Map<String, int[]> vertexGroups) {

    public ClothMesh {
        if (restPositions.length % 3 != 0 || triangles.length % 3 != 0) {
            throw new IllegalArgumentException("positions and triangles must be triples");
        }
        if (materialCoords != null && materialCoords.length / 2 != restPositions.length / 3) {
            throw new IllegalArgumentException("one material coordinate pair per vertex");
        }
        vertexGroups = Map.copyOf(vertexGroups);
    }

    public int vertexCount() {
        return restPositions.length / 3;
    }

    public int triangleCount() {
        return triangles.length / 3;
    }

    public int[] group(String groupName) {
        int[] g = vertexGroups.get(groupName);
        return g == null ? new int[0] : g;
    }
}
