package org.clothgraph.ui.internal;

import org.eclipse.jface.viewers.ITreeContentProvider;

/** Tree content over immutable {@link ProjectNode} snapshots. */
final class ProjectTreeContentProvider implements ITreeContentProvider {
    /** Input holding the root node so the project itself shows as the top item. */
    static final class Root {
        private ProjectNode node;

        Root(ProjectNode node) {
            this.node = node;
        }

        ProjectNode node() {
            return node;
        }

        /** The same project read again: the viewer refreshes its items in place. */
        void replace(ProjectNode newer) {
            node = newer;
        }
    }

    static final Object EMPTY = new Object();

    @Override
    public Object[] getElements(Object input) {
        if (input instanceof Root r) {
            return new Object[] { r.node() };
        }
        return new Object[] { "No project open: File > New Demo Project... or File > Open Project..." };
    }

    @Override
    public Object[] getChildren(Object parent) {
        return parent instanceof ProjectNode n ? n.children().toArray() : new Object[0];
    }

    @Override
    public Object getParent(Object element) {
        return null;
    }

    @Override
    public boolean hasChildren(Object element) {
        return element instanceof ProjectNode n && !n.children().isEmpty();
    }
}
