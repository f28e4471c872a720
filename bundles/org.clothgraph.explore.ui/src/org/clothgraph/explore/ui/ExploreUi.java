package org.clothgraph.explore.ui;

/** Ids of the exploration parts. */
public final class ExploreUi {
    public static final String EXPLORATION_VIEW_ID = "org.clothgraph.explore.ui.exploration";

    private ExploreUi() {
    }
}
