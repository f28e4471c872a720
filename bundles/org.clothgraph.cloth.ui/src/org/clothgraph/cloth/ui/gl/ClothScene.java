package org.clothgraph.cloth.ui.gl;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.Capsule;
import org.clothgraph.sim.body.SkinnedSurface;

/**
 * What one preview frame shows, as flat arrays ready for vertex arrays: the cloth (positions, smooth
 * normals, colours: the selected vertex group highlighted) and the body: its skinned surface posed by the frame's
 * capsules, smooth-shaded, or the tessellated capsules when there is no bind pose to skin.
 */
public final class ClothScene {
    private static final int RING = 12;
    private static final int STACKS = 4;

    final int[] clothTriangles;
    final float[] clothPositions;
    final float[] clothNormals;
    final float[] clothColors;
    final float[] bodyPositions;
    final float[] bodyNormals;
    /** Indices into the body arrays, three per triangle; null when they are a plain triangle list (capsules). */
    final int[] bodyTriangles;
    final float[] centre = new float[3];

    /**
     * @param positions cloth vertex positions (kept, not copied)
     * @param body the posed capsules
     * @param bind the character's bind pose (null: draw the capsules instead of the skinned surface)
     * @param highlight vertices painted in the highlight colour (null: none)
     * @param baseColor RGB of the cloth
     */
    public ClothScene(ClothMesh mesh, float[] positions, Body body, Body bind, int[] highlight, float[] baseColor) {
        this(mesh.triangles(), positions, body, bind, highlight, baseColor);
    }

    /** The same for a cloth known by its triangles only (three vertex indices each, e.g. a runtime database's). */
    public ClothScene(int[] triangles, float[] positions, Body body, Body bind, int[] highlight, float[] baseColor) {
        clothTriangles = triangles;
        clothPositions = positions;
        clothNormals = normals(positions, clothTriangles);
        clothColors = new float[positions.length];
        for (int i = 0; i < positions.length; i += 3) {
            System.arraycopy(baseColor, 0, clothColors, i, 3);
        }
        if (highlight != null) {
            for (int v : highlight) {
                clothColors[3 * v] = 0.95f;
                clothColors[3 * v + 1] = 0.75f;
                clothColors[3 * v + 2] = 0.15f;
            }
        }
        if (bind != null) {
            SkinnedSurface skin = SkinnedSurface.of(bind);
            double[] p = new double[3 * skin.vertexCount()];
            skin.pose(body, p);
            bodyTriangles = skin.triangles();
            bodyPositions = new float[p.length];
            for (int i = 0; i < p.length; i++) {
                bodyPositions[i] = (float) p[i];
            }
            bodyNormals = new float[p.length];
            SkinnedSurface.vertexNormals(bodyTriangles, p, bodyNormals);
        } else {
            int perCapsule = capsuleVertexCount();
            bodyTriangles = null;
            bodyPositions = new float[body.size() * perCapsule * 3];
            bodyNormals = new float[bodyPositions.length];
            for (int c = 0; c < body.size(); c++) {
                tessellate(body.capsule(c), bodyPositions, bodyNormals, c * perCapsule * 3);
            }
        }
        Capsule pelvis = body.find("pelvis");
        double[] ctr = pelvis != null ? pelvis.center() : body.capsule(0).center();
        centre[0] = (float) ctr[0];
        centre[1] = (float) ctr[1];
        centre[2] = (float) ctr[2];
    }

    /** True when the body is drawn as the character's skinned surface, false when as capsules. */
    public boolean drawsSkinnedBody() {
        return bodyTriangles != null;
    }

    /** Body vertex positions as drawn, xyz (shared; do not modify). */
    public float[] bodyPositions() {
        return bodyPositions;
    }

    /** The skinned body's triangles as drawn (shared; do not modify), null when capsules are drawn. */
    public int[] bodyTriangles() {
        return bodyTriangles;
    }

    /** Smooth vertex normals (area-weighted, unit length) of a triangle mesh. */
    public static float[] normals(float[] p, int[] t) {
        float[] n = new float[p.length];
        for (int i = 0; i < t.length; i += 3) {
            int a = 3 * t[i];
            int b = 3 * t[i + 1];
            int c = 3 * t[i + 2];
            float ux = p[b] - p[a];
            float uy = p[b + 1] - p[a + 1];
            float uz = p[b + 2] - p[a + 2];
            float vx = p[c] - p[a];
            float vy = p[c + 1] - p[a + 1];
            float vz = p[c + 2] - p[a + 2];
            float nx = uy * vz - uz * vy;
            float ny = uz * vx - ux * vz;
            float nz = ux * vy - uy * vx;
            for (int k : new int[] { a, b, c }) {
                n[k] += nx;
                n[k + 1] += ny;
                n[k + 2] += nz;
            }
        }
        for (int i = 0; i < n.length; i += 3) {
            float len = (float) Math.sqrt(n[i] * n[i] + n[i + 1] * n[i + 1] + n[i + 2] * n[i + 2]);
            if (len > 0) {
                n[i] /= len;
                n[i + 1] /= len;
                n[i + 2] /= len;
            }
        }
        return n;
    }

    /** Triangles (as a flat list of vertices) of a capsule: a cylinder and two hemispherical caps. */
    static int capsuleVertexCount() {
        return RING * 6 * (1 + 2 * STACKS);
    }

    private static void tessellate(Capsule c, float[] pos, float[] nrm, int offset) {
        double ax = c.ax();
        double ay = c.ay();
        double az = c.az();
        double dx = c.bx() - ax;
        double dy = c.by() - ay;
        double dz = c.bz() - az;
        double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double[] w = len > 1e-9 ? new double[] { dx / len, dy / len, dz / len } : new double[] { 0, 1, 0 };
        double[] u = Math.abs(w[1]) < 0.9 ? cross(w, new double[] { 0, 1, 0 }) : cross(w, new double[] { 1, 0, 0 });
        normalize(u);
        double[] v = cross(w, u);
        int[] o = { offset };
        // rows of (height along w, radius factor, normal w component) from the bottom pole to the top pole
        int rows = 2 * STACKS + 2;
        double[][] row = new double[rows][];
        for (int s = 0; s <= STACKS; s++) {
            double phi = -Math.PI / 2 + s * (Math.PI / 2) / STACKS;
            row[s] = new double[] { 0, Math.cos(phi), Math.sin(phi), c.ra() };
        }
        for (int s = 0; s <= STACKS; s++) {
            double phi = s * (Math.PI / 2) / STACKS;
            row[STACKS + 1 + s] = new double[] { len, Math.cos(phi), Math.sin(phi), c.rb() };
        }
        for (int r = 0; r + 1 < rows; r++) {
            for (int k = 0; k < RING; k++) {
                double t0 = 2 * Math.PI * k / RING;
                double t1 = 2 * Math.PI * (k + 1) / RING;
                double[][] quad = { point(row[r], t0), point(row[r], t1), point(row[r + 1], t1), point(row[r + 1], t0) };
                for (int idx : new int[] { 0, 1, 2, 0, 2, 3 }) {
                    double[] q = quad[idx];
                    double nx = q[1] * u[0] + q[2] * v[0] + q[3] * w[0];
                    double ny = q[1] * u[1] + q[2] * v[1] + q[3] * w[1];
                    double nz = q[1] * u[2] + q[2] * v[2] + q[3] * w[2];
                    double radius = q[4];
                    pos[o[0]] = (float) (ax + w[0] * q[0] + nx * radius);
                    pos[o[0] + 1] = (float) (ay + w[1] * q[0] + ny * radius);
                    pos[o[0] + 2] = (float) (az + w[2] * q[0] + nz * radius);
                    nrm[o[0]] = (float) nx;
                    nrm[o[0] + 1] = (float) ny;
                    nrm[o[0] + 2] = (float) nz;
                    o[0] += 3;
                }
            }
        }
    }

    /** {height, normal u, normal v, normal w, radius} of a ring point. */
    private static double[] point(double[] row, double theta) {
        return new double[] { row[0], row[1] * Math.cos(theta), row[1] * Math.sin(theta), row[2], row[3] };
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[] { a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0] };
    }

    private static void normalize(double[] a) {
        double l = Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
        a[0] /= l;
        a[1] /= l;
        a[2] /= l;
    }
}
