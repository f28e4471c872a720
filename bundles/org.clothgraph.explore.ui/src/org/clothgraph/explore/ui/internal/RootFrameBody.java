package org.clothgraph.explore.ui.internal;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.explore.RootFrame;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.sim.body.Body;

/**
 * The character body at a primary node's pose, in that pose's root frame: cloth states are stored there (yaw and
 * horizontal root translation removed), so the body must be too for the cloth to sit on it.
 */
public final class RootFrameBody {
    private RootFrameBody() {
    }

    public static Body at(PrimaryGraphSnapshot snapshot, PrimaryNode node) {
        Motion motion = snapshot.motionOfClip(node.clipId());
        Body world = CharacterBody.of(motion.skeleton()).pose(motion, node.frame());
        return RootFrame.of(motion, node.frame()).toLocal(world);
    }

    /** The character's bind pose, which its skinned surface is generated from (any frame: it is per character). */
    public static Body bindPose(PrimaryGraphSnapshot snapshot, PrimaryNode node) {
        return CharacterBody.of(snapshot.motionOfClip(node.clipId()).skeleton()).bindPose();
    }
}
