package org.clothgraph.ui;

/** Ids of the ClothGraph workbench parts. */
public final class ClothGraphUi {
    public static final String PLUGIN_ID = "org.clothgraph.ui";
    public static final String PERSPECTIVE_ID = "org.clothgraph.ui.perspective";
    public static final String PROJECT_VIEW_ID = "org.clothgraph.ui.projectView";
    /** Folder ids in the perspective where later views dock. */
    public static final String EDITOR_AREA_FOLDER = "org.clothgraph.ui.folder.main";
    public static final String BOTTOM_FOLDER = "org.clothgraph.ui.folder.bottom";

    private ClothGraphUi() {
    }
}
