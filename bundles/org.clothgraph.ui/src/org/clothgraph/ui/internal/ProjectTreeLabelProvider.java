package org.clothgraph.ui.internal;

import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.swt.graphics.Image;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;

/** Labels and shared workbench icons for project tree nodes. */
final class ProjectTreeLabelProvider extends LabelProvider {
    @Override
    public String getText(Object element) {
        return element instanceof ProjectNode n ? n.label() : String.valueOf(element);
    }

    @Override
    public Image getImage(Object element) {
        ISharedImages images = PlatformUI.getWorkbench().getSharedImages();
        if (!(element instanceof ProjectNode n)) {
            return images.getImage(ISharedImages.IMG_OBJS_INFO_TSK);
        }
        return switch (n.kind()) {
            case PROJECT -> images.getImage(ISharedImages.IMG_OBJ_ELEMENT);
            case FOLDER -> images.getImage(ISharedImages.IMG_OBJ_FOLDER);
            case PRIMARY_GRAPH, SECONDARY_GRAPH -> images.getImage(ISharedImages.IMG_OBJ_ELEMENT);
            default -> images.getImage(ISharedImages.IMG_OBJ_FILE);
        };
    }
}
