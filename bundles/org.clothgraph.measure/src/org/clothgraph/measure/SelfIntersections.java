package org.clothgraph.measure;

import java.util.BitSet;

/**
 * Self-intersections of one triangle mesh: the (edge, triangle) pairs where the edge properly crosses the
 * triangle and shares no vertex with it. Two sheets passing through each other along a curve give about one
 * pair per mesh edge the curve cuts. Independent of the solver: nothing here knows how the frame was made.
 * <p>
 * A uniform grid makes a 30,000-vertex frame take a few tens of milliseconds.
 */
public final class SelfIntersections {

    /**
     * The result of {@link #find}: the number of crossing pairs and, when asked for, the sorted ids of the
     * vertices of every offending edge and triangle (to draw them), else an empty array.
     */
    public record Result(int count, int[] vertices) {
    }

    private SelfIntersections() {
    }

    /** The number of crossing (edge, triangle) pairs of the mesh at positions xyz (xyz interleaved). */
    public static int count(float[] xyz, int[] triangles) {
        return find(xyz, triangles, false).count();
    }

    /** The number of crossing (edge, triangle) pairs of the mesh at positions xyz (xyz interleaved). */
    public static int count(double[] xyz, int[] triangles) {
        return find(xyz, triangles, false).count();
    }

    /** The crossing pairs of the mesh at positions xyz, with the offending vertices when {@code withVertices}. */
    public static Result find(float[] xyz, int[] triangles, boolean withVertices) {
        return find(Meshes.toDouble(xyz), triangles, withVertices);
    }

    /** The crossing pairs of the mesh at positions xyz, with the offending vertices when {@code withVertices}. */
    public static Result find(double[] xyz, int[] triangles, boolean withVertices) {
        Meshes.checkTriangles(xyz.length / 3, triangles);
        BitSet marks = withVertices ? new BitSet(xyz.length / 3) : null;
        int n = EdgeTriangleCrossings.count(xyz, EdgeTriangleCrossings.edges(triangles), xyz, triangles, true, marks,
                marks);
        return new Result(n, marks == null ? new int[0] : marks.stream().toArray());
    }
}
