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
 * fades. Each frame's corrected ankle is reached by the leg's two-bone IK (the IK baseline's,
 * {@link FootLockingIk#solve}); the foot keeps its world orientation and the correction is horizontal, so the heights of
 * the foot points, and with them the ground contact the latent optimisation reached, are the decoded motion's.
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
            for (int f = 0; f < n; f++) {
                if (Math.abs(cx[f]) + Math.abs(cz[f]) < 1e-9) continue;
                Vec3 goal = world[f][ankle].add(new Vec3(cx[f], 0, cz[f]));
                FootLockingIk.solve(s, b, rot[f], world[f], f, up, knee, ankle, goal);
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
        int n = cx.length;
        boolean hasEnd = end >= 0, hasStart = start < n;
        if (hasEnd && hasStart && start - end <= 2 * ease + 1) {
            for (int f = end + 1; f < start; f++) {
                double w = smoothstep((f - end) / (double) (start - end));
                cx[f] = cx[end] * (1 - w) + cx[start] * w;
                cz[f] = cz[end] * (1 - w) + cz[start] * w;
            }
            return;
        }
        if (hasEnd) {
            for (int k = 1; k <= ease && end + k < start; k++) {
                double w = 1 - smoothstep(k / (ease + 1.0));
                cx[end + k] = cx[end] * w;
                cz[end + k] = cz[end] * w;
            }
        }
        if (hasStart) {
            for (int k = 1; k <= ease && start - k > end; k++) {
                double w = 1 - smoothstep(k / (ease + 1.0));
                cx[start - k] = cx[start] * w;
                cz[start - k] = cz[start] * w;
            }
        }
    }

    private static double smoothstep(double t) {
        return t * t * (3 - 2 * t);
    }

}
