package org.clothgraph.graphview.ui;

/** Ids of the secondary graph parts. */
public final class GraphViewUi {
    public static final String SECONDARY_GRAPH_VIEW_ID = "org.clothgraph.graphview.ui.secondaryGraph";
    /** Family of the jobs that read and lay out the graph (join it to wait for the view's layout). */
    public static final Object LAYOUT_FAMILY = "org.clothgraph.graphview.ui.layout";

    private GraphViewUi() {
    }
}
