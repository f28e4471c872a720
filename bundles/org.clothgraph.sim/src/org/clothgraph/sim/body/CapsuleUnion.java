package org.clothgraph.sim.body;

import org.clothgraph.sim.internal.Geometry;

/**
 * The body's collision surface as the small-step solver defines it: the union of the posed capsules, each capsule
 * blended (polynomial smooth-min over the blend radius) with the capsules <em>joined</em> to it at the bind pose,
 * other parts meeting with a hard minimum. The solver's body collider ({@code SmoothCapsuleCollider}) evaluates the
 * same function (with its boxes to skip far capsules and its pinch test); the generated skinned surface keeps its
 * vertices within it ({@link SkinnedSurface}), so the cloth the solver holds outside it is outside what is drawn and
 * measured.
 */
public final class CapsuleUnion {

    private CapsuleUnion() {
    }

    /**
     * Which capsules blend into each other (n x n, row-major): those whose surfaces are closer than the blend at the
     * bind pose (the parts meeting at a joint, where the skinned mesh is polygonised from the smooth union). Other
     * parts meet with a hard minimum: an arm raised against the head is not bridged to it by 2.5 cm of virtual flesh
     * that sweeps the hood between them off the head (measured on the demo's jumping jacks: the bridge dragged the
     * hood at the arm's 17 m/s and stretched it 6x).
     */
    public static boolean[] joined(Body bind, double blend) {
        int n = bind.size();
        boolean[] j = new boolean[n * n];
        double[] seg = new double[12], st = new double[2];
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n; b++) {
                Capsule p = bind.capsule(a), q = bind.capsule(b);
                seg[0] = p.ax(); seg[1] = p.ay(); seg[2] = p.az(); seg[3] = p.bx(); seg[4] = p.by(); seg[5] = p.bz();
                seg[6] = q.ax(); seg[7] = q.ay(); seg[8] = q.az(); seg[9] = q.bx(); seg[10] = q.by(); seg[11] = q.bz();
                double d = Math.sqrt(Geometry.closestSegments(seg, 0, 1, 2, 3, st)) - p.radiusAt(st[0]) - q.radiusAt(st[1]);
                j[a * n + b] = j[b * n + a] = d < blend;
            }
        }
        return j;
    }

    /**
     * The signed distance (negative inside) of (x, y, z) to the union, its unit gradient in g (and, when g has a fourth
     * element, the gradient's length there): the nearest capsule
     * blended with the capsules joined to it, the gradient blended with the same weights as the values (along the
     * nearest capsule's normal where opposite gradients cancel).
     */
    public static double distance(Body posed, boolean[] joined, double blend, double x, double y, double z, double[] g) {
        return distance(posed, joined, blend, x, y, z, g, new double[4 * posed.size()]);
    }

    /** {@link #distance(Body, boolean[], double, double, double, double, double[])} with scratch space (4 x capsules). */
    public static double distance(Body posed, boolean[] joined, double blend, double x, double y, double z, double[] g,
            double[] scratch) {
        int n = posed.size();
        double[] dist = scratch;
        double[] nrm = scratch;
        int no = n; // the normals follow the distances in the scratch array
        int a = 0;
        for (int i = 0; i < n; i++) {
            dist[i] = posed.capsule(i).surfaceDistance(x, y, z, nrm, no + 3 * i);
            if (dist[i] < dist[a]) {
                a = i;
            }
        }
        double d = dist[a], gx = nrm[no + 3 * a], gy = nrm[no + 3 * a + 1], gz = nrm[no + 3 * a + 2];
        for (int k = 0; k < n; k++) {
            if (k == a || !joined[a * n + k]) {
                continue;
            }
            double di = dist[k];
            double w = Math.max(0, Math.min(1, 0.5 + 0.5 * (di - d) / blend));
            d = di * (1 - w) + d * w - blend * w * (1 - w);
            gx = nrm[no + 3 * k] * (1 - w) + gx * w;
            gy = nrm[no + 3 * k + 1] * (1 - w) + gy * w;
            gz = nrm[no + 3 * k + 2] * (1 - w) + gz * w;
        }
        double gl = Math.sqrt(gx * gx + gy * gy + gz * gz);
        if (gl < 1e-9) {
            gx = nrm[no + 3 * a];
            gy = nrm[no + 3 * a + 1];
            gz = nrm[no + 3 * a + 2];
            gl = 1;
        }
        g[0] = gx / gl;
        g[1] = gy / gl;
        g[2] = gz / gl;
        if (g.length > 3) {
            g[3] = gl; // the gradient's length (below 1 in the joints' blend)
        }
        return d;
    }
}
