package org.clothgraph.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.cloth.DressingRun;
import org.clothgraph.cloth.DressingRun.ClipGrip;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.sim.HandGrip;

/**
 * The grips of the dressing clips in the primary graph (clips added by {@code dress --add-clip}, whose dressing record
 * keeps the grip and release events), placed on a branch of exploration: a grip of clip D from frame g to its Release
 * at frame r is in force for every frame n -> n + 1 of the branch that plays D's own frames f -> f + 1 (a clip edge)
 * with g <= f < r. So a branch that starts inside the span (its start node is a frame of D between the Grip and the
 * Release) grips from its first frame, one that enters D through a blended transition inside the span grips from the
 * transition's arrival frame, and one that leaves D through a transition before the Release lets go where the blend
 * begins; blended frames never grip. Each span becomes a {@link HandGrip} with the wrist joint's world place at its
 * frames, from the branch's own played motion (the motion its body is sampled from).
 */
final class DressingGrips {
    private final PrimaryGraphSnapshot snapshot;
    private final Map<Long, List<ClipGrip>> byClip = new HashMap<>();

    private DressingGrips(PrimaryGraphSnapshot snapshot) {
        this.snapshot = snapshot;
    }

    /** The grips of every dressing clip of the snapshot's clips. */
    static DressingGrips of(Project project, PrimaryGraphSnapshot snapshot) {
        DressingGrips g = new DressingGrips(snapshot);
        for (ClipInfo c : snapshot.clips()) {
            List<ClipGrip> grips = DressingRun.clipGrips(project, c.name(), c.frameCount());
            if (!grips.isEmpty()) {
                g.byClip.put(c.id(), grips);
            }
        }
        return g;
    }

    /** Clips with grips (for people). */
    int clips() {
        return byClip.size();
    }

    /**
     * The grips along a branch: {@code nodes[n]} is the primary node of output frame n (-1 inside a blend),
     * {@code played} the branch's played motion (frame n = output frame n).
     */
    List<HandGrip> along(long[] nodes, Motion played) {
        if (byClip.isEmpty()) {
            return List.of();
        }
        List<HandGrip> out = new ArrayList<>();
        for (Map.Entry<Long, List<ClipGrip>> e : byClip.entrySet().stream()
                .sorted(Map.Entry.comparingByKey()).toList()) {
            for (ClipGrip g : e.getValue()) {
                int n = 0;
                while (n < nodes.length - 1) {
                    if (!inForce(g, e.getKey(), nodes, n)) {
                        n++;
                        continue;
                    }
                    int first = n;
                    while (n < nodes.length - 1 && inForce(g, e.getKey(), nodes, n)) {
                        n++;
                    }
                    out.add(grip(g, played, first, n));
                }
            }
        }
        return out;
    }

    /** Whether grip g of clip {@code clip} holds during output frame n -> n + 1. */
    private boolean inForce(ClipGrip g, long clip, long[] nodes, int n) {
        if (nodes[n] < 0 || nodes[n + 1] < 0) {
            return false;
        }
        PrimaryNode a = snapshot.node(nodes[n]);
        PrimaryNode b = snapshot.node(nodes[n + 1]);
        return a.clipId() == clip && b.clipId() == clip && b.frame() == a.frame() + 1 && a.frame() >= g.from()
                && a.frame() < g.until();
    }

    /** The grip over output frames first..last of the played motion. */
    private static HandGrip grip(ClipGrip g, Motion played, int first, int last) {
        int wrist = played.skeleton().indexOf(g.hand().wristJoint);
        if (wrist < 0) {
            throw new IllegalStateException("the character has no joint " + g.hand().wristJoint);
        }
        // the palm: the centre of the hand's capsule, as the dressing controller measures its reach
        Vec3 end = played.skeleton().joint(wrist).endSite();
        Vec3 palm = end == null ? new Vec3(0, 0, 0) : end.scale(0.3);
        double[] w = new double[7 * (last - first + 1)];
        for (int f = first; f <= last; f++) {
            Vec3 p = played.worldPositions(f)[wrist];
            Quat q = played.worldRotations(f)[wrist];
            double norm = Math.sqrt(q.w() * q.w() + q.x() * q.x() + q.y() * q.y() + q.z() * q.z());
            int o = 7 * (f - first);
            w[o] = p.x();
            w[o + 1] = p.y();
            w[o + 2] = p.z();
            w[o + 3] = q.w() / norm;
            w[o + 4] = q.x() / norm;
            w[o + 5] = q.y() / norm;
            w[o + 6] = q.z() / norm;
        }
        return new HandGrip(g.hand().id(), g.vertices(), g.reach(), new double[] { palm.x(), palm.y(), palm.z() }, first,
                w);
    }
}
