package org.clothgraph.measure;

/** Small helpers over interleaved xyz arrays and triangle lists. */
final class Meshes {

    private Meshes() {
    }

    static double[] toDouble(float[] xyz) {
        double[] d = new double[xyz.length];
        for (int i = 0; i < xyz.length; i++) {
            d[i] = xyz[i];
        }
        return d;
    }

    /** Refuses triangle lists that are not triples or name a vertex that does not exist. */
    static void checkTriangles(int vertexCount, int[] triangles) {
        if (triangles.length % 3 != 0) {
            throw new IllegalArgumentException("triangle list length " + triangles.length + " is not a multiple of 3");
        }
        for (int i = 0; i < triangles.length; i++) {
            if (triangles[i] < 0 || triangles[i] >= vertexCount) {
                throw new IllegalArgumentException("triangle " + i / 3 + " names vertex " + triangles[i] + " of "
                        + vertexCount);
            }
        }
    }
}
