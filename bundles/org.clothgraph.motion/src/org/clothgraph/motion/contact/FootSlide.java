package org.clothgraph.motion.contact;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Vec3;

/**
 * The one foot-slide measure: the horizontal travel of a foot contact point between consecutive frames in both of
 * which it is in contact ({@link FootContact}), summed over a sequence, in millimetres; the slide of a sequence is the
 * largest over its contact points.
 */
public final class FootSlide {
    private FootSlide() {}

    /**
     * The slide of a blended transition: over the source frame, the blended frames and the next target frame (mapped by
     * align into the source clip's coordinates).
     */
    public static double transitionMm(Motion source, int fromFrame, Motion blend, Motion target, int toFrame,
            UnaryOperator<Vec3> align) {
        List<FootContact.Point> points = FootContact.points(source.skeleton());
        if (points.isEmpty()) return 0;
        List<Vec3[]> seq = new ArrayList<>();
        seq.add(FootContact.positions(points, source, fromFrame));
        for (int p = 0; p < blend.frameCount(); p++) seq.add(FootContact.positions(points, blend, p));
        if (toFrame + 1 < target.frameCount()) {
            Vec3[] next = FootContact.positions(points, target, toFrame + 1);
            for (int i = 0; i < next.length; i++) next[i] = align.apply(next[i]);
            seq.add(next);
        }
        return slideMm(points, seq.toArray(Vec3[][]::new), source.fps());
    }

    /** Largest summed in-contact horizontal travel of any point, in mm. */
    public static double slideMm(List<FootContact.Point> points, Vec3[][] pos, double fps) {
        boolean[][] c = FootContact.contacts(points, pos, fps);
        double worst = 0;
        for (int i = 0; i < points.size(); i++) {
            double sum = 0;
            for (int f = 1; f < pos.length; f++) {
                if (c[f][i] && c[f - 1][i]) {
                    double dx = pos[f][i].x() - pos[f - 1][i].x(), dz = pos[f][i].z() - pos[f - 1][i].z();
                    sum += Math.sqrt(dx * dx + dz * dz);
                }
            }
            worst = Math.max(worst, sum);
        }
        return worst * 1000;
    }
}
