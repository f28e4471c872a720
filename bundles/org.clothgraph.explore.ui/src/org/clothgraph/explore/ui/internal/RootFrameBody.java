package org.clothgraph.explore.ui.internal;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.explore.RootFrame;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.Capsule;

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
        float[] ends = new float[6 * world.size()];
        for (int i = 0; i < world.size(); i++) {
            Capsule c = world.capsule(i);
            float[] e = { c.ax(), c.ay(), c.az(), c.bx(), c.by(), c.bz() };
            System.arraycopy(e, 0, ends, 6 * i, 6);
        }
        float[] local = RootFrame.of(motion, node.frame()).toLocal(new ClothState(ends, new float[ends.length]))
                .positions();
        List<Capsule> capsules = new ArrayList<>();
        for (int i = 0; i < world.size(); i++) {
            Capsule c = world.capsule(i);
            int o = 6 * i;
            capsules.add(Capsule.of(c.name(), new double[] { local[o], local[o + 1], local[o + 2] },
                    new double[] { local[o + 3], local[o + 4], local[o + 5] }, c.ra(), c.rb()));
        }
        return new Body(capsules);
    }

    /** The character's bind pose, which its skinned surface is generated from (any frame: it is per character). */
    public static Body bindPose(PrimaryGraphSnapshot snapshot, PrimaryNode node) {
        return CharacterBody.of(snapshot.motionOfClip(node.clipId()).skeleton()).bindPose();
    }
}
