package org.clothgraph.cloth.ui;

/** Ids of the cloth parts. */
public final class ClothUi {
    public static final String CLOTH_PREVIEW_VIEW_ID = "org.clothgraph.cloth.ui.clothPreview";
    /** The dressing action editor. */
    public static final String DRESSING_VIEW_ID = "org.clothgraph.cloth.ui.dressing";

    private ClothUi() {
    }
}
