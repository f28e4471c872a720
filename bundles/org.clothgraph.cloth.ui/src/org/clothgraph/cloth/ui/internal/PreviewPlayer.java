package org.clothgraph.cloth.ui.internal;

import org.clothgraph.model.GarmentInfo;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.garment.HoodStateClassifier;

/** What the cloth preview plays frame by frame: a simulated run, or an explored path of the secondary graph. */
interface PreviewPlayer {
    int frames();

    double fps();

    GarmentInfo garment();

    ClothMesh mesh();

    /** Cloth positions of a frame in the world (a fresh array: scenes keep it). */
    float[] cloth(int frame);

    Body body(int frame);

    /** The character's bind pose, which its skinned surface is generated from (null: draw the capsules). */
    Body bindPose();

    /** The classifier's result of a frame ("UP", "DOWN"; empty when unknown). */
    String classOf(int frame);

    /**
     * How clearly the classifier decided a frame ({@link HoodStateClassifier#decide}), null when not known: the
     * preview shows its margin beside the class and its deciding criterion as the class's tooltip.
     */
    default HoodStateClassifier.Decision decision(int frame) {
        return null;
    }

    /** A remark on the frame shown under the hood state (e.g. that a merge is being blended); empty for none. */
    default String note(int frame) {
        return "";
    }
}
