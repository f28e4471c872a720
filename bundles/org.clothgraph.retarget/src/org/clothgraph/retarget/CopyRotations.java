package org.clothgraph.retarget;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;

/**
 * The copy-rotation baseline (what import does today): every joint's local rotation copied unchanged onto the target,
 * the root's translation scaled by the ratio of rest hip heights (leg lengths).
 */
public final class CopyRotations {
    private CopyRotations() {
    }

    public static double rootScale(Skeleton source, Skeleton target) {
        double hs = source.restRootHeight(), ht = target.restRootHeight();
        return hs > 1e-6 && ht > 1e-6 ? ht / hs : 1;
    }

    public static Motion retarget(Motion m, Skeleton target) {
        CanonicalSkeleton.requireCanonical(m.skeleton());
        CanonicalSkeleton.requireCanonical(target);
        double k = rootScale(m.skeleton(), target);
        Motion.Builder b = new Motion.Builder(m.name(), target, m.fps(), m.frameCount());
        for (int f = 0; f < m.frameCount(); f++) {
            b.setRoot(f, m.rootPosition(f).scale(k));
            for (int j = 0; j < target.size(); j++) b.setRotation(f, j, m.rotation(f, j));
        }
        return b.build();
    }
}
