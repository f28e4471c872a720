package org.clothgraph.explore.ui.internal;

import java.util.List;

import org.clothgraph.explore.ExplorationStatus;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;

/**
 * What the view shows of a project when read in the background: the queue (worst queued dead ends first, then
 * the quarantined ones), the status as stored (counters and error history from the exploration log), the
 * garments, the clips, the stored start clip and whether the exploration has begun (the start clip is then fixed:
 * {@code Explorer.begun}), and a problem to report instead (an unreadable project), if any.
 */
record ExplorationData(Project project, List<QueueRow> rows, ExplorationStatus stored, List<GarmentInfo> garments,
        List<ClipInfo> clips, String startClip, boolean begun, String problem) {
    ExplorationData {
        rows = List.copyOf(rows);
        garments = List.copyOf(garments);
        clips = List.copyOf(clips);
    }
}
