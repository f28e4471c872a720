package org.clothgraph.motion.ui;

/** Ids of the primary graph parts. */
public final class MotionUi {
    public static final String PRIMARY_GRAPH_VIEW_ID = "org.clothgraph.motion.ui.primaryGraph";
    public static final String IMPORT_WIZARD_ID = "org.clothgraph.motion.ui.importMotion";

    private MotionUi() {
    }
}
