package org.clothgraph.motion.internal;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.io.ImportOptions;

/** Unit, up-axis and frame-rate normalisation shared by the readers (raw file units in, metres Y-up out). */
public final class Normalizer {
    /** Candidate file units in metres: m, cm, mm, dm, inch, CMU (inch / 0.45, used by the cgspeed BVH conversion). */
    private static final double[] UNITS = {1, 0.01, 0.001, 0.1, 0.0254, 0.0254 / 0.45};
    private static final double ADULT_HEIGHT = 1.7;

    private Normalizer() {}

    /** True when the rest pose is taller along Z than along Y (a Z-up file). */
    public static boolean looksZUp(Skeleton raw) {
        double[] lo = {1e300, 1e300, 1e300}, hi = {-1e300, -1e300, -1e300};
        Vec3[] p = raw.restPositions(), e = raw.restEndSites();
        for (int i = 0; i < p.length; i++) {
            for (Vec3 v : new Vec3[] {p[i], e[i]}) {
                if (v == null) continue;
                double[] c = {v.x(), v.y(), v.z()};
                for (int k = 0; k < 3; k++) { lo[k] = Math.min(lo[k], c[k]); hi[k] = Math.max(hi[k], c[k]); }
            }
        }
        return hi[2] - lo[2] > 1.2 * (hi[1] - lo[1]);
    }

    /**
     * Unit scale to metres chosen among common mocap units so that the standing height is closest (in ratio) to
     * an adult's; a skeleton with no height keeps scale 1.
     */
    public static double detectScale(double restHeight) {
        if (!(restHeight > 1e-9) || !Double.isFinite(restHeight)) return 1;
        double best = 1, err = Double.MAX_VALUE;
        for (double u : UNITS) {
            double e = Math.abs(Math.log(u * restHeight / ADULT_HEIGHT));
            if (e < err) { err = e; best = u; }
        }
        return best;
    }

    /** Rotation taking the input frame to Y-up (identity for Y-up input). */
    public static Quat upRotation(Skeleton raw, ImportOptions.UpAxis up) {
        boolean z = up == ImportOptions.UpAxis.Z || (up == ImportOptions.UpAxis.AUTO && looksZUp(raw));
        return z ? Quat.rotX(-Math.PI / 2) : Quat.IDENTITY;
    }

    /** Applies scale and up rotation to skeleton and motion and resamples to the target frame rate. */
    public static Motion normalize(Motion raw, ImportOptions opt) {
        Skeleton rs = raw.skeleton();
        Quat up = upRotation(rs, opt.upAxis());
        Skeleton upright = rs.transformed(1, up);
        double s = Double.isNaN(opt.scale()) ? detectScale(upright.restHeight()) : opt.scale();
        Skeleton sk = rs.transformed(s, up);
        Quat upInv = up.conj();
        Motion.Builder b = new Motion.Builder(raw.name(), sk, raw.fps(), raw.frameCount());
        for (int f = 0; f < raw.frameCount(); f++) {
            b.setRoot(f, up.rotate(raw.rootPosition(f)).scale(s));
            for (int j = 0; j < sk.size(); j++) {
                // conjugating every local rotation by the up rotation rotates the whole posed body
                b.setRotation(f, j, up.mul(raw.rotation(f, j)).mul(upInv));
                if (j > 0 && sk.joint(j).hasPositionChannels()) {
                    b.setTranslation(f, j, up.rotate(raw.localTranslation(f, j)).scale(s));
                }
            }
        }
        Motion m = b.build();
        return opt.targetFps() > 0 ? m.resample(opt.targetFps()) : m;
    }
}
