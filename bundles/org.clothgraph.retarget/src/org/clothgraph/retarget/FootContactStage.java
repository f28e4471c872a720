package org.clothgraph.retarget;

import java.util.List;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.contact.FootContact;

/**
 * The foot-contact stage after the latent optimisation (added, not in the published method; docs/RETARGETING.md): the
 * decoded motion's feet are held still while they are on the ground. The contact frames are the decoded motion's own,
 * by ClothGraph's one contact definition ({@link FootContact}: a foot point lower than 5 cm above its flat-standing
 * height and slower than 0.2 m/s); a foot is in contact when its ankle or its toe is. In each run of a foot's contact
 * frames its ankle is held at the run's mean horizontal position; between runs the correction at each end fades
 * (smoothstep) over {@code easeFrames} frames, or goes over from one run's to the next where the gap is shorter than two
 * fades. In each run of the toe's contact frames the foot also turns about the vertical through the ankle so that the
 * toe points at the run's mean (translated) toe place, the turn fading between runs in the same way. Each frame's
 * corrected ankle is reached by the leg's two-bone IK (the IK baseline's, {@link FootLockingIk#solve}); the foot keeps
 * its world orientation but for that turn about the vertical, and the correction is horizontal, so the heights of the
 * foot points, and with them the ground contact the latent optimisation reached, are the decoded motion's.
 * (Holding the feet during the source's contact frames instead was measured and costs more joint angle and
 * smoothness than the acceptance allows: docs/RETARGETING.md.)
 */
public final class FootContactStage {
    private FootContactStage() {
    }

    /** The motion with its feet held during its own contact frames (same skeleton, frame count and rate). */
    public static Motion apply(Motion motion, int easeFrames) {
        return apply(motion, FootContact.contacts(FootContact.points(motion.skeleton()), motion), easeFrames);
    }

    /** The stage with given contact flags [frame][point of {@link FootContact#points}]. */
    static Motion apply(Motion motion, boolean[][] contact, int easeFrames) {
        if (contact.length != motion.frameCount()) throw new IllegalArgumentException("frame counts differ");
        if (easeFrames < 1) throw new IllegalArgumentException("easeFrames must be at least 1, got " + easeFrames);
        Skeleton s = motion.skeleton();
        List<FootContact.Point> points = FootContact.points(s);
        int n = motion.frameCount();
        Vec3[][] fp = FootContact.positions(points, motion);
        Motion.Builder b = new Motion.Builder(motion.name(), s, motion.fps(), n);
        Vec3[][] world = new Vec3[n][];
        Quat[][] rot = new Quat[n][];
        for (int f = 0; f < n; f++) {
            b.setRoot(f, motion.rootPosition(f));
            for (int j = 0; j < s.size(); j++) b.setRotation(f, j, motion.rotation(f, j));
            world[f] = motion.worldPositions(f);
            rot[f] = motion.worldRotations(f);
        }
        for (String side : new String[] {"Left", "Right"}) {
            int up = s.indexOf(side + "UpLeg"), knee = s.indexOf(side + "Leg"), ankle = s.indexOf(side + "Foot");
            if (up < 0 || knee < 0 || ankle < 0) continue;
            boolean[] c = new boolean[n];
            for (int i = 0; i < points.size(); i++) {
                if (!points.get(i).name().startsWith(side)) continue;
                for (int f = 0; f < n; f++) c[f] |= contact[f][i];
            }
            // the horizontal correction of the ankle per frame: in a run of contact frames the ankle is held at the run's
            // mean; between runs the corrections at the runs' ends fade out (and in, before a run) over easeFrames
            // frames, or, where the gap is shorter than two fades, go over from one to the other
            double[] cx = new double[n], cz = new double[n];
            int prevEnd = -1;
            for (int f0 = 0; f0 <= n; ) {
                int p0 = f0;
                while (p0 < n && !c[p0]) p0++;
                if (p0 < n) {
                    int p1 = p0;
                    while (p1 + 1 < n && c[p1 + 1]) p1++;
                    double ax = 0, az = 0;
                    for (int f = p0; f <= p1; f++) {
                        ax += world[f][ankle].x();
                        az += world[f][ankle].z();
                    }
                    ax /= p1 - p0 + 1;
                    az /= p1 - p0 + 1;
                    for (int f = p0; f <= p1; f++) {
                        cx[f] = ax - world[f][ankle].x();
                        cz[f] = az - world[f][ankle].z();
                    }
                    fill(cx, cz, prevEnd, p0, easeFrames);
                    prevEnd = p1;
                    f0 = p1 + 1;
                } else {
                    fill(cx, cz, prevEnd, n, easeFrames);
                    break;
                }
            }
            // the toe: in a run of its contact frames the foot turns about the vertical through the held ankle so that
            // the toe points at the run's mean place of the (translated) toe; between runs the turn fades as above
            double[] yaw = new double[n];
            int toeP = index(points, side + " toe");
            if (toeP >= 0) {
                int prev = -1;
                for (int f0 = 0; f0 <= n; ) {
                    int p0 = f0;
                    while (p0 < n && !contact[p0][toeP]) p0++;
                    if (p0 >= n) {
                        fill(yaw, null, prev, n, easeFrames);
                        break;
                    }
                    int p1 = p0;
                    while (p1 + 1 < n && contact[p1 + 1][toeP]) p1++;
                    double tx = 0, tz = 0;
                    for (int f = p0; f <= p1; f++) {
                        tx += fp[f][toeP].x() + cx[f];
                        tz += fp[f][toeP].z() + cz[f];
                    }
                    tx /= p1 - p0 + 1;
                    tz /= p1 - p0 + 1;
                    for (int f = p0; f <= p1; f++) {
                        double vx = fp[f][toeP].x() - world[f][ankle].x(), vz = fp[f][toeP].z() - world[f][ankle].z();
                        double ux = tx - world[f][ankle].x() - cx[f], uz = tz - world[f][ankle].z() - cz[f];
                        yaw[f] = Math.atan2(vz * ux - vx * uz, vx * ux + vz * uz);
                    }
                    fill(yaw, null, prev, p0, easeFrames);
                    prev = p1;
                    f0 = p1 + 1;
                }
            }
            for (int f = 0; f < n; f++) {
                if (Math.abs(cx[f]) + Math.abs(cz[f]) + Math.abs(yaw[f]) < 1e-9) continue;
                Quat[] q = rot[f];
                if (yaw[f] != 0) {
                    q = q.clone();
                    q[ankle] = Quat.rotY(yaw[f]).mul(q[ankle]);
                }
                Vec3 goal = world[f][ankle].add(new Vec3(cx[f], 0, cz[f]));
                FootLockingIk.solve(s, b, q, world[f], f, up, knee, ankle, goal);
            }
        }
        return b.build();
    }

    /**
     * The corrections in the gap of free frames between a run ending at {@code end} (-1: none) and one starting at
     * {@code start} (n: none): each end's correction fades over ease frames; a gap shorter than two fades goes over
     * from one end's correction to the other's.
     */
    private static void fill(double[] cx, double[] cz, int end, int start, int ease) {
        fill(cx, end, start, ease);
        if (cz != null) fill(cz, end, start, ease);
    }

    private static void fill(double[] c, int end, int start, int ease) {
        int n = c.length;
        boolean hasEnd = end >= 0, hasStart = start < n;
        if (hasEnd && hasStart && start - end <= 2 * ease + 1) {
            for (int f = end + 1; f < start; f++) c[f] = c[end] + (c[start] - c[end]) * smoothstep((f - end) / (double) (start - end));
            return;
        }
        if (hasEnd) {
            for (int k = 1; k <= ease && end + k < start; k++) c[end + k] = c[end] * (1 - smoothstep(k / (ease + 1.0)));
        }
        if (hasStart) {
            for (int k = 1; k <= ease && start - k > end; k++) c[start - k] = c[start] * (1 - smoothstep(k / (ease + 1.0)));
        }
    }

    private static int index(List<FootContact.Point> points, String name) {
        for (int i = 0; i < points.size(); i++) if (points.get(i).name().equals(name)) return i;
        return -1;
    }

    private static double smoothstep(double t) {
        return t * t * (3 - 2 * t);
    }

}
