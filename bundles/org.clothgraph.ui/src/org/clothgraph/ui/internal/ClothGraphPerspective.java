package org.clothgraph.ui.internal;

import org.clothgraph.ui.ClothGraphUi;
import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;

/** Project on the left, the main area for graph editors and GL views, Properties and Progress below. */
public final class ClothGraphPerspective implements IPerspectiveFactory {
    @Override
    public void createInitialLayout(IPageLayout layout) {
        layout.setEditorAreaVisible(false);
        String area = layout.getEditorArea();
        layout.addView(ClothGraphUi.PROJECT_VIEW_ID, IPageLayout.LEFT, 0.3f, area);
        IFolderLayout bottom = layout.createFolder(ClothGraphUi.BOTTOM_FOLDER, IPageLayout.BOTTOM, 0.68f, area);
        bottom.addView(IPageLayout.ID_PROP_SHEET);
        bottom.addView(IPageLayout.ID_PROGRESS_VIEW);
        IFolderLayout main = layout.createFolder(ClothGraphUi.EDITOR_AREA_FOLDER, IPageLayout.TOP, 0.68f, area);
        main.addPlaceholder("org.clothgraph.*");
        layout.getViewLayout(ClothGraphUi.PROJECT_VIEW_ID).setCloseable(false);
    }
}
