package org.clothgraph.retarget;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Vec3;

/**
 * The measures of a retargeted clip, computed with the motion's own forward kinematics (never the network's):
 * ground penetration (how far the lowest foot point, height minus its flat-standing height, is below y = 0: the
 * largest and the mean over frames, mm), foot slide ({@link FootContactMeasure}, mm), joint-angle deviation from the
 * source (mean over frames and the 22 joints of the angle between local rotations, degrees), jitter (mean magnitude
 * of the second difference of joint positions per frame, mm) and, where a reference exists, the joint-position mean
 * squared error against it (cm^2). Beside the product's foot slide, which counts only the frames in which the measured
 * motion's own feet are in contact, the travel in the source's contact frames: the largest, over the four foot points,
 * summed horizontal travel of the motion's point between consecutive frames in both of which the source's point (on
 * its own skeleton, ClothGraph's contact definition) is in contact, mm; a foot that moves faster than the contact
 * definition's 0.2 m/s while the source's is planted counts here, not in the foot slide.
 */
public record RetargetMeasures(double penetrationMaxMm, double penetrationMeanMm, double footSlideMm,
        double angleDeviationDeg, double jitterMm, Double jointPositionMseCm2, double travelInSourceContactsMm) {

    /** Measures of {@code m} against the source clip it was made from (same frame count and rate). */
    public static RetargetMeasures of(Motion m, Motion source, Motion reference) {
        if (m.frameCount() != source.frameCount()) throw new IllegalArgumentException("frame counts differ");
        FootPoints feet = FootPoints.of(m.skeleton());
        Vec3[][] fp = FootContactMeasure.positions(m, feet);
        double penMax = 0, penSum = 0;
        for (Vec3[] frame : fp) {
            double low = Double.MAX_VALUE;
            for (int i = 0; i < frame.length; i++) low = Math.min(low, frame[i].y() - feet.points().get(i).lift());
            double pen = Math.max(0, -low) * 1000;
            penMax = Math.max(penMax, pen);
            penSum += pen;
        }
        int n = m.frameCount(), j = m.skeleton().size();
        double angle = 0;
        for (int f = 0; f < n; f++) {
            for (int k = 0; k < j; k++) angle += m.rotation(f, k).angleTo(source.rotation(f, k));
        }
        double[][] p = new double[n][j * 3];
        for (int f = 0; f < n; f++) m.worldPositions(f, p[f]);
        double jit = 0;
        int jn = 0;
        for (int f = 1; f + 1 < n; f++) {
            for (int k = 0; k < j; k++) {
                double s = 0;
                for (int c = 0; c < 3; c++) {
                    double d = p[f + 1][k * 3 + c] - 2 * p[f][k * 3 + c] + p[f - 1][k * 3 + c];
                    s += d * d;
                }
                jit += Math.sqrt(s);
                jn++;
            }
        }
        Double mse = null;
        if (reference != null) {
            double[] q = new double[reference.skeleton().size() * 3];
            double sum = 0;
            int cnt = 0;
            for (int f = 0; f < Math.min(n, reference.frameCount()); f++) {
                reference.worldPositions(f, q);
                double[] r = new double[reference.skeleton().size() * 3];
                // the reference is on its own skeleton; m must be on the same one for a position error
                if (reference.skeleton().size() != j) throw new IllegalArgumentException("reference on another skeleton");
                m.worldPositions(f, r);
                for (int c = 0; c < q.length; c++) sum += (q[c] - r[c]) * (q[c] - r[c]);
                cnt += j;
            }
            mse = sum / cnt * 1e4;
        }
        return new RetargetMeasures(penMax, penSum / n, FootContactMeasure.slideMm(m), Math.toDegrees(angle / (n * j)),
                jn == 0 ? 0 : jit / jn * 1000, mse, travelInContactsMm(m, source));
    }

    /** The horizontal travel of m's foot points in the frames where the source's are in contact (see above), mm. */
    static double travelInContactsMm(Motion m, Motion source) {
        java.util.List<org.clothgraph.motion.contact.FootContact.Point> pm =
                org.clothgraph.motion.contact.FootContact.points(m.skeleton());
        java.util.List<org.clothgraph.motion.contact.FootContact.Point> ps =
                org.clothgraph.motion.contact.FootContact.points(source.skeleton());
        if (pm.size() != ps.size()) throw new IllegalArgumentException("the source has other foot points");
        boolean[][] c = org.clothgraph.motion.contact.FootContact.contacts(ps, source);
        Vec3[][] p = org.clothgraph.motion.contact.FootContact.positions(pm, m);
        double most = 0;
        for (int i = 0; i < pm.size(); i++) {
            double sum = 0;
            for (int f = 1; f < p.length; f++) {
                if (c[f][i] && c[f - 1][i]) sum += Math.hypot(p[f][i].x() - p[f - 1][i].x(), p[f][i].z() - p[f - 1][i].z());
            }
            most = Math.max(most, sum);
        }
        return most * 1000;
    }
}
