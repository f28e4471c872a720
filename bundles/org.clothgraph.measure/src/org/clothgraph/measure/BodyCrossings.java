package org.clothgraph.measure;

import java.util.BitSet;

/**
 * Crossings between the cloth and a closed body surface: cloth edges that properly cross body triangles plus
 * body edges that properly cross cloth triangles (a body edge through a cloth triangle is cloth passing over a
 * ridge of the body, which no cloth edge shows). The two meshes share no vertices. Topologies are fixed per
 * instance; positions come per frame.
 */
public final class BodyCrossings {

    /** Crossing counts of one frame and, when asked for, the sorted ids of the offending cloth vertices. */
    public record Result(int clothEdges, int bodyEdges, int[] clothVertices) {

        /** Cloth edges through body triangles plus body edges through cloth triangles. */
        public int count() {
            return clothEdges + bodyEdges;
        }
    }

    private final int[] clothTriangles;
    private final int[] bodyTriangles;
    private final int[] clothEdges;
    private final int[] bodyEdges;

    /** A measure for a cloth and a body with these triangle lists (vertex index triples). */
    public BodyCrossings(int[] clothTriangles, int[] bodyTriangles) {
        this.clothTriangles = clothTriangles.clone();
        this.bodyTriangles = bodyTriangles.clone();
        this.clothEdges = EdgeTriangleCrossings.edges(clothTriangles);
        this.bodyEdges = EdgeTriangleCrossings.edges(bodyTriangles);
    }

    /** Counts the crossings with the cloth at {@code cloth} and the body at {@code body} (xyz interleaved). */
    public Result measure(double[] cloth, double[] body, boolean withVertices) {
        Meshes.checkTriangles(cloth.length / 3, clothTriangles);
        Meshes.checkTriangles(body.length / 3, bodyTriangles);
        BitSet marks = withVertices ? new BitSet(cloth.length / 3) : null;
        int a = EdgeTriangleCrossings.count(cloth, clothEdges, body, bodyTriangles, false, marks, null);
        int b = EdgeTriangleCrossings.count(body, bodyEdges, cloth, clothTriangles, false, null, marks);
        return new Result(a, b, marks == null ? new int[0] : marks.stream().toArray());
    }
}
