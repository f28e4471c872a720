package org.clothgraph.measure;

import java.util.HashMap;
import java.util.Map;

/**
 * Signed distance of cloth vertices to a closed body surface: the closest body triangle gives the distance,
 * and the angle-weighted pseudo-normal of the closest feature (face, edge or vertex) gives the sign
 * (Baerentzen and Aanaes 2005), which is correct for any point of a closed, consistently wound mesh that does not
 * pass through itself; a vertex it puts inside is confirmed by the generalized winding number (Jacobson et al.
 * 2013), which stays correct where a skinned surface folds through itself (measured on the demo jump: a cuff 23 mm
 * outside the body's capsules, nearest to a folded shoulder triangle, was put 50 mm inside). Negative
 * inside. Triangles are wound counter-clockwise seen from outside. Closest triangles come from a bounding
 * volume hierarchy built at the first measured frame and refitted to each later one (the body deforms; building it
 * anew over the 83,406 triangles of the demo body was most of the time of measuring a frame). A body of several closed parts (ARCSim's rigid
 * obstacles, which overlap at the joints) is the union of its parts: the signed distance is the smallest over
 * the parts, so a point inside any part is inside. An instance measures one frame at a time (its trees are reused).
 */
public final class BodyPenetration {

    /**
     * One frame: the deepest penetration (m, 0 when none is inside), the number of cloth vertices inside, the
     * clearance of the cloth outside (its smallest distance to the body, m; infinite when every vertex is
     * inside), the signed distance of every cloth vertex, and how many vertices the pseudo-normal alone would have
     * put inside but the winding number puts outside (the surface folds through itself there).
     */
    public record Result(double maxDepth, int inside, double clearance, double[] signedDistances, int unfolded) {
    }

    private final int[] triangles;
    private final int vertexCount;
    /** For each undirected body edge (low << 32 | high): the two triangles that share it. */
    private final Map<Long, int[]> edgeFaces = new HashMap<>();
    /** The triangle lists of the connected parts (indices into the whole body's vertices). */
    private final int[][] parts;
    /** For each part, the body triangle index of each of its triangles. */
    private final int[][] partIds;
    /** One tree per part, built at the first measured frame; null before it. Not safe for concurrent measures. */
    private Bvh[] bvhs;

    /** A measure against a body of {@code vertexCount} vertices and these triangles. */
    public BodyPenetration(int vertexCount, int[] triangles) {
        Meshes.checkTriangles(vertexCount, triangles);
        this.triangles = triangles.clone();
        this.vertexCount = vertexCount;
        for (int t = 0; t < triangles.length / 3; t++) {
            for (int k = 0; k < 3; k++) {
                int a = triangles[3 * t + k], b = triangles[3 * t + (k + 1) % 3];
                long key = ((long) Math.min(a, b) << 32) | Math.max(a, b);
                int[] f = edgeFaces.computeIfAbsent(key, x -> new int[] { -1, -1 });
                if (f[0] < 0) {
                    f[0] = t;
                } else if (f[1] < 0) {
                    f[1] = t;
                } else {
                    throw new IllegalArgumentException("body edge " + a + "-" + b + " has more than two triangles");
                }
            }
        }
        for (Map.Entry<Long, int[]> e : edgeFaces.entrySet()) {
            if (e.getValue()[1] < 0) {
                throw new IllegalArgumentException("body surface is not closed: edge " + (e.getKey() >>> 32) + "-"
                        + (int) (long) e.getKey() + " has one triangle");
            }
        }
        partIds = split(vertexCount, triangles);
        parts = new int[partIds.length][];
        for (int k = 0; k < partIds.length; k++) {
            parts[k] = new int[3 * partIds[k].length];
            for (int i = 0; i < partIds[k].length; i++) {
                System.arraycopy(triangles, 3 * partIds[k][i], parts[k], 3 * i, 3);
            }
        }
    }

    /** Triangle indices grouped by connected part (union-find over their vertices). */
    private static int[][] split(int vertexCount, int[] triangles) {
        int[] root = new int[vertexCount];
        for (int i = 0; i < vertexCount; i++) {
            root[i] = i;
        }
        for (int i = 0; i < triangles.length; i += 3) {
            union(root, triangles[i], triangles[i + 1]);
            union(root, triangles[i], triangles[i + 2]);
        }
        Map<Integer, java.util.List<Integer>> byRoot = new java.util.LinkedHashMap<>();
        for (int t = 0; t < triangles.length / 3; t++) {
            byRoot.computeIfAbsent(find(root, triangles[3 * t]), k -> new java.util.ArrayList<>()).add(t);
        }
        int[][] parts = new int[byRoot.size()][];
        int p = 0;
        for (java.util.List<Integer> ts : byRoot.values()) {
            parts[p++] = ts.stream().mapToInt(Integer::intValue).toArray();
        }
        return parts;
    }

    private static int find(int[] root, int i) {
        while (root[i] != i) {
            root[i] = root[root[i]];
            i = root[i];
        }
        return i;
    }

    private static void union(int[] root, int a, int b) {
        root[find(root, a)] = find(root, b);
    }

    /** The number of closed parts the body is made of. */
    public int partCount() {
        return parts.length;
    }

    /** Signed distances of the cloth vertices {@code cloth} to the body at {@code body} (xyz interleaved). */
    public Result measure(double[] cloth, double[] body) {
        if (body.length != 3 * vertexCount) {
            throw new IllegalArgumentException("body has " + body.length / 3 + " vertices, expected " + vertexCount);
        }
        int tc = triangles.length / 3;
        double[] faceNormals = new double[3 * tc];
        double[] vertexNormals = new double[3 * vertexCount];
        for (int t = 0; t < tc; t++) {
            int a = triangles[3 * t], b = triangles[3 * t + 1], c = triangles[3 * t + 2];
            double[] n = unit(cross(sub(body, b, a), sub(body, c, a)));
            System.arraycopy(n, 0, faceNormals, 3 * t, 3);
            int[] v = { a, b, c };
            for (int k = 0; k < 3; k++) {
                double angle = angle(sub(body, v[(k + 1) % 3], v[k]), sub(body, v[(k + 2) % 3], v[k]));
                for (int d = 0; d < 3; d++) {
                    vertexNormals[3 * v[k] + d] += angle * n[d];
                }
            }
        }
        if (bvhs == null) {
            bvhs = new Bvh[parts.length];
            for (int k = 0; k < parts.length; k++) {
                bvhs[k] = new Bvh(body, parts[k]);
            }
        } else {
            for (Bvh bvh : bvhs) {
                bvh.refit(body);
            }
        }
        int n = cloth.length / 3;
        double[] signed = new double[n];
        double maxDepth = 0, clearance = Double.POSITIVE_INFINITY;
        int inside = 0, unfolded = 0;
        double[] closest = new double[3];
        for (int i = 0; i < n; i++) {
            double px = cloth[3 * i], py = cloth[3 * i + 1], pz = cloth[3 * i + 2];
            if (!(Double.isFinite(px) && Double.isFinite(py) && Double.isFinite(pz))) {
                signed[i] = Double.NaN;
                continue;
            }
            double s = Double.NaN;
            for (int k = 0; k < parts.length; k++) {
                // A part can lower s only if p is inside its box (then it may be inside the part) or, while p is
                // outside every part so far, if the part is nearer than s.
                double box = bvhs[k].rootDistance2(px, py, pz);
                double limit = box == 0 || Double.isNaN(s) ? Double.POSITIVE_INFINITY : s > 0 ? s * s : -1;
                if (box > limit) {
                    continue;
                }
                int[] feature = new int[1];
                int t = bvhs[k].nearest(px, py, pz, closest, feature, limit);
                if (t < 0) { // no finite triangle in this part
                    continue;
                }
                double dx = px - closest[0], dy = py - closest[1], dz = pz - closest[2];
                double dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
                double[] pn = pseudoNormal(k, t, feature[0], faceNormals, vertexNormals);
                double partSigned = dx * pn[0] + dy * pn[1] + dz * pn[2] < 0 ? -dist : dist;
                if (partSigned < 0 && windingNumber(k, body, px, py, pz) < 0.5) {
                    // the part folds through itself here (linear blend skinning does at the shoulders when the arms
                    // are raised) and the nearest feature faces away from a point that is outside
                    partSigned = dist;
                    unfolded++;
                }
                if (Double.isNaN(s) || partSigned < s) {
                    s = partSigned;
                }
            }
            signed[i] = s;
            if (Double.isNaN(s)) {
                continue;
            }
            if (s < 0) {
                inside++;
                maxDepth = Math.max(maxDepth, -s);
            } else {
                clearance = Math.min(clearance, s);
            }
        }
        return new Result(maxDepth, inside, clearance, signed, unfolded);
    }

    /**
     * The generalized winding number of part k at p (Jacobson et al. 2013): the solid angles of its triangles
     * summed over 4 pi (Van Oosterom and Strackee 1983). 1 inside a closed part, 0 outside, and still a correct
     * inside test where the part passes through itself.
     */
    private double windingNumber(int k, double[] body, double px, double py, double pz) {
        int[] tri = parts[k];
        double sum = 0;
        for (int i = 0; i < tri.length; i += 3) {
            int a = 3 * tri[i], b = 3 * tri[i + 1], c = 3 * tri[i + 2];
            double ax = body[a] - px, ay = body[a + 1] - py, az = body[a + 2] - pz;
            double bx = body[b] - px, by = body[b + 1] - py, bz = body[b + 2] - pz;
            double cx = body[c] - px, cy = body[c + 1] - py, cz = body[c + 2] - pz;
            double la = Math.sqrt(ax * ax + ay * ay + az * az), lb = Math.sqrt(bx * bx + by * by + bz * bz),
                    lc = Math.sqrt(cx * cx + cy * cy + cz * cz);
            double det = ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
            double den = la * lb * lc + (ax * bx + ay * by + az * bz) * lc + (bx * cx + by * cy + bz * cz) * la
                    + (cx * ax + cy * ay + cz * az) * lb;
            sum += 2 * Math.atan2(det, den);
        }
        return sum / (4 * Math.PI);
    }

    /** Feature codes from {@link Geometry#closestPointOnTriangle}: 0 face, 1..3 vertex a/b/c, 4..6 edge ab/bc/ca. */
    private double[] pseudoNormal(int k, int t, int feature, double[] faceNormals, double[] vertexNormals) {
        int a = parts[k][3 * t], b = parts[k][3 * t + 1], c = parts[k][3 * t + 2];
        return switch (feature) {
        case 0 -> vec(faceNormals, partIds[k][t]);
        case 1 -> vec(vertexNormals, a);
        case 2 -> vec(vertexNormals, b);
        case 3 -> vec(vertexNormals, c);
        case 4 -> edgeNormal(a, b, faceNormals);
        case 5 -> edgeNormal(b, c, faceNormals);
        default -> edgeNormal(c, a, faceNormals);
        };
    }

    private double[] edgeNormal(int a, int b, double[] faceNormals) {
        int[] f = edgeFaces.get(((long) Math.min(a, b) << 32) | Math.max(a, b));
        return new double[] { faceNormals[3 * f[0]] + faceNormals[3 * f[1]],
                faceNormals[3 * f[0] + 1] + faceNormals[3 * f[1] + 1],
                faceNormals[3 * f[0] + 2] + faceNormals[3 * f[1] + 2] };
    }

    private static double[] vec(double[] a, int i) {
        return new double[] { a[3 * i], a[3 * i + 1], a[3 * i + 2] };
    }

    private static double[] sub(double[] xyz, int i, int j) {
        return new double[] { xyz[3 * i] - xyz[3 * j], xyz[3 * i + 1] - xyz[3 * j + 1], xyz[3 * i + 2] - xyz[3 * j + 2] };
    }

    private static double[] cross(double[] u, double[] v) {
        return new double[] { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0] };
    }

    private static double[] unit(double[] v) {
        double l = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        return l > 0 ? new double[] { v[0] / l, v[1] / l, v[2] / l } : new double[3];
    }

    private static double angle(double[] u, double[] v) {
        double c = u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
        double s = Math.sqrt(Math.max(0, (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]) * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2])));
        return s > 0 ? Math.acos(Math.max(-1, Math.min(1, c / s))) : 0;
    }
}
