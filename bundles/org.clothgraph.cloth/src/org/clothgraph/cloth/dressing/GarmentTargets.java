package org.clothgraph.cloth.dressing;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.cloth.dressing.DressingAction.FeaturePoint;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Vec3;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.garment.FeatureLoop;
import org.clothgraph.sim.garment.GarmentFeatures;
import org.clothgraph.sim.garment.Geodesics;

/**
 * The garment's places the actions name, resolved on its rest mesh: feature loops ({@link GarmentFeatures}), the
 * point of a loop ("top" = its highest vertex at rest, ...) and grip patches (the vertices within a radius of that
 * point along the cloth, nearest first, {@link Geodesics}).
 */
final class GarmentTargets {
    private final ClothMesh mesh;
    private final List<FeatureLoop> features;
    private final Geodesics geodesics;
    private final String source;

    GarmentTargets(ClothMesh mesh, Body rest, String source) {
        this.mesh = mesh;
        this.features = GarmentFeatures.of(mesh, rest);
        this.geodesics = new Geodesics(mesh);
        this.source = source;
    }

    Geodesics geodesics() {
        return geodesics;
    }

    List<String> featureNames() {
        List<String> n = new ArrayList<>();
        features.forEach(f -> n.add(f.name()));
        return n;
    }

    FeatureLoop feature(String name, String field) {
        FeatureLoop f = GarmentFeatures.named(features, name);
        if (f == null) {
            throw new InvalidInputException(source, field, "garment " + mesh.name() + " has no feature '" + name
                    + "' (it has: " + String.join(", ", featureNames()) + ")");
        }
        return f;
    }

    /**
     * The vertices a hand aims at or grips for this point, a point chosen on the rest mesh: the loop itself for
     * "centre", else the patch.
     */
    int[] patch(FeaturePoint p, double radius, int maxVertices, String field) {
        FeatureLoop loop = feature(p.feature(), field);
        if (p.at().equals("centre")) {
            return loop.vertices();
        }
        return patchAround(pointVertex(loop, p.at(), mesh.restPositions(), loop.centre(), 0), radius, maxVertices);
    }

    /** The grip patch round a vertex: the vertices within {@code radius} of it along the rest mesh, nearest first. */
    int[] patchAround(int centre, double radius, int maxVertices) {
        int[] near = geodesics.patch(centre, radius, mesh.restPositions());
        return java.util.Arrays.copyOf(near, Math.min(near.length, maxVertices));
    }

    /**
     * The loop vertex of a point ({@code at}: a direction, not "centre") on the cloth {@code x} of a character facing
     * {@code heading} (radians about +Y; 0 at rest).
     */
    int pointVertex(FeaturePoint p, float[] x, double heading, String field) {
        FeatureLoop loop = feature(p.feature(), field);
        return pointVertex(loop, p.at(), x, FeatureLoop.of(loop.name(), loop.vertices(), x).centre(), heading);
    }

    /**
     * The loop vertex furthest in the named direction (+Y up, +Z the character's front, +X its left: at rest; turned
     * by the heading), and near the loop's middle across it.
     */
    private static int pointVertex(FeatureLoop loop, String at, float[] x, double[] c, double heading) {
        double[] dir = switch (at) {
            case "top" -> new double[] { 0, 1, 0 };
            case "bottom" -> new double[] { 0, -1, 0 };
            case "front" -> new double[] { 0, 0, 1 };
            case "back" -> new double[] { 0, 0, -1 };
            case "left" -> new double[] { 1, 0, 0 };
            case "right" -> new double[] { -1, 0, 0 };
            default -> throw new IllegalArgumentException(at);
        };
        // furthest that way, and near the loop's middle across it (the top of a face opening, not a corner of it)
        double[] across = dir[0] != 0 ? new double[] { 0, 0, 1 } : new double[] { 1, 0, 0 };
        if (heading != 0) {
            Quat turn = Quat.rotY(heading);
            dir = turned(turn, dir);
            across = turned(turn, across);
        }
        int best = loop.vertices()[0];
        double bestD = Double.NEGATIVE_INFINITY;
        for (int v : loop.vertices()) {
            double d = x[3 * v] * dir[0] + x[3 * v + 1] * dir[1] + x[3 * v + 2] * dir[2]
                    - 0.5 * Math.abs((x[3 * v] - c[0]) * across[0] + (x[3 * v + 2] - c[2]) * across[2]);
            if (d > bestD) {
                bestD = d;
                best = v;
            }
        }
        return best;
    }

    private static double[] turned(Quat turn, double[] d) {
        Vec3 v = turn.rotate(new Vec3(d[0], d[1], d[2]));
        return new double[] { v.x(), v.y(), v.z() };
    }
}
