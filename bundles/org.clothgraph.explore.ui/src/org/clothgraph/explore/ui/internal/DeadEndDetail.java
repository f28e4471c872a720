package org.clothgraph.explore.ui.internal;

import org.clothgraph.cloth.ui.gl.ClothScene;

/**
 * A selected queued dead end, ready to show: a description (primary node, clip and frame, merge target, errors,
 * quarantine reason) and the two cloth states on the body at that node's pose, in its root frame.
 *
 * @param row the table row it was read for
 * @param deadEnd the dead end's cloth (null when the merged transition was never simulated)
 * @param target the merge target's cloth
 */
record DeadEndDetail(QueueRow row, String title, String description, String deadEndLabel, String targetLabel,
        ClothScene deadEnd, ClothScene target) {
}
