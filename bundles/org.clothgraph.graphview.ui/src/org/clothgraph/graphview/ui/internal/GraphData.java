package org.clothgraph.graphview.ui.internal;

import org.clothgraph.graphview.SecondaryGraphLayout;
import org.clothgraph.graphview.SecondaryGraphSnapshot;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;

/**
 * One loaded state of the graph for the view: the project's explored graph and where its states are drawn (final,
 * from the cache or laid out now, or provisional while a stale cache is laid out again), or a message saying why
 * there is nothing to draw.
 */
record GraphData(Project project, GarmentInfo garment, SecondaryGraphSnapshot graph, SecondaryGraphLayout layout,
        boolean provisional, boolean fromCache, double layoutSeconds, double hoodShare, String message) {

    static GraphData nothing(Project project, String message) {
        return new GraphData(project, null, null, null, false, false, 0, Double.NaN, message);
    }

    boolean drawable() {
        return graph != null && graph.size() > 0 && layout != null;
    }
}
