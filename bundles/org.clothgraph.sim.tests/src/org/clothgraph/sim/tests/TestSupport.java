package org.clothgraph.sim.tests;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.measure.BodyPenetration;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.BodySurface;
import org.junit.jupiter.api.Assumptions;

/** Shared helpers: shared test data location, penetration and layer-crossing measurements. */
final class TestSupport {

    private TestSupport() {
    }

    /** Read-only shared data (override with -Dclothgraph.testdata=...); tests are skipped if absent. */
    static Path data() {
        Path p = Path.of(System.getProperty("clothgraph.testdata", "/work/shared/data"));
        Assumptions.assumeTrue(Files.isDirectory(p), "shared test data not found at " + p);
        return p;
    }

    /**
     * Max depth (m) of any vertex inside the body's skinned surface over all frames, frame k at t0 + (k+1)/fps,
     * measured by the independent checker ({@link BodyPenetration}); the capsule measure when the motion has no
     * surface.
     */
    static double maxSurfacePenetration(List<ClothState> frames, BodyMotion motion, double t0, double fps) {
        BodySurface surface = motion.surface();
        if (surface == null) {
            return maxPenetration(frames, motion, t0, fps);
        }
        BodyPenetration check = new BodyPenetration(surface.vertexCount(), surface.triangles());
        double[] body = new double[3 * surface.vertexCount()];
        double worst = 0;
        for (int k = 0; k < frames.size(); k++) {
            surface.positionsAt(t0 + (k + 1) / fps, body);
            float[] p = frames.get(k).positions();
            double[] cloth = new double[p.length];
            for (int i = 0; i < p.length; i++) {
                cloth[i] = p[i];
            }
            worst = Math.max(worst, check.measure(cloth, body).maxDepth());
        }
        return worst;
    }

    /** Max penetration (m) of any vertex into any capsule over all frames; frame k at t0 + (k+1)/fps. */
    static double maxPenetration(List<ClothState> frames, BodyMotion motion, double t0, double fps) {
        double worst = 0;
        for (int k = 0; k < frames.size(); k++) {
            worst = Math.max(worst, motion.poseAt(t0 + (k + 1) / fps).maxPenetration(frames.get(k).positions()));
        }
        return worst;
    }

    /**
     * Counts vertices of group {@code outer} that lie on the inner side of the nearest triangle of group
     * {@code inner} (triangles whose three vertices are all in that group; outward winding), within 3 cm of it
     * and over its interior. Also returns the number of outer vertices within 2 cm of the inner layer.
     */
    static int[] crossings(ClothMesh mesh, ClothState s, String outer, String inner) {
        boolean[] in = new boolean[mesh.vertexCount()];
        for (int i : mesh.group(inner)) {
            in[i] = true;
        }
        int[] t = mesh.triangles();
        float[] p = s.positions();
        int crossings = 0, close = 0;
        double[] bc = new double[3];
        for (int v : mesh.group(outer)) {
            double best = Double.POSITIVE_INFINITY, bestSigned = 0;
            boolean interior = false;
            for (int k = 0; k < t.length; k += 3) {
                if (!in[t[k]] || !in[t[k + 1]] || !in[t[k + 2]]) {
                    continue;
                }
                double d2 = closest(p, v, t[k], t[k + 1], t[k + 2], bc);
                if (d2 < best) {
                    best = d2;
                    interior = bc[0] > 1e-3 && bc[1] > 1e-3 && bc[2] > 1e-3;
                    bestSigned = signed(p, v, t[k], t[k + 1], t[k + 2]);
                }
            }
            double d = Math.sqrt(best);
            if (d < 0.02) {
                close++;
            }
            if (d < 0.03 && interior && bestSigned < 0) {
                crossings++;
            }
        }
        return new int[] {crossings, close};
    }

    private static double signed(float[] p, int v, int a, int b, int c) {
        double e1x = p[3 * b] - p[3 * a], e1y = p[3 * b + 1] - p[3 * a + 1], e1z = p[3 * b + 2] - p[3 * a + 2];
        double e2x = p[3 * c] - p[3 * a], e2y = p[3 * c + 1] - p[3 * a + 1], e2z = p[3 * c + 2] - p[3 * a + 2];
        double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
        return (p[3 * v] - p[3 * a]) * nx + (p[3 * v + 1] - p[3 * a + 1]) * ny + (p[3 * v + 2] - p[3 * a + 2]) * nz;
    }

    private static double closest(float[] p, int v, int a, int b, int c, double[] bc) {
        // project onto the plane, clamp barycentrics by sampling the three edges when outside
        double ax = p[3 * a], ay = p[3 * a + 1], az = p[3 * a + 2];
        double e1x = p[3 * b] - ax, e1y = p[3 * b + 1] - ay, e1z = p[3 * b + 2] - az;
        double e2x = p[3 * c] - ax, e2y = p[3 * c + 1] - ay, e2z = p[3 * c + 2] - az;
        double qx = p[3 * v] - ax, qy = p[3 * v + 1] - ay, qz = p[3 * v + 2] - az;
        double d00 = e1x * e1x + e1y * e1y + e1z * e1z, d01 = e1x * e2x + e1y * e2y + e1z * e2z,
                d11 = e2x * e2x + e2y * e2y + e2z * e2z;
        double d20 = qx * e1x + qy * e1y + qz * e1z, d21 = qx * e2x + qy * e2y + qz * e2z;
        double den = d00 * d11 - d01 * d01;
        if (den <= 1e-20) {
            bc[0] = bc[1] = bc[2] = 0;
            return Double.POSITIVE_INFINITY;
        }
        double bv = (d11 * d20 - d01 * d21) / den, bw = (d00 * d21 - d01 * d20) / den;
        double bu = 1 - bv - bw;
        if (bu < 0 || bv < 0 || bw < 0) {
            bu = Math.max(0, bu);
            bv = Math.max(0, bv);
            bw = Math.max(0, bw);
            double sum = bu + bv + bw;
            bu /= sum;
            bv /= sum;
            bw /= sum;
            bc[0] = 0;
            bc[1] = 0;
            bc[2] = 0; // not interior
        } else {
            bc[0] = bu;
            bc[1] = bv;
            bc[2] = bw;
        }
        double rx = bv * e1x + bw * e2x - qx, ry = bv * e1y + bw * e2y - qy, rz = bv * e1z + bw * e2z - qz;
        return rx * rx + ry * ry + rz * rz;
    }
}
