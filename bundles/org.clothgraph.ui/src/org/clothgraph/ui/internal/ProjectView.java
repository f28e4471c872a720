package org.clothgraph.ui.internal;

import java.util.EnumSet;

import org.clothgraph.model.Aspect;
import org.clothgraph.model.Project;
import org.clothgraph.ui.ProjectSession;
import org.clothgraph.ui.ProjectTracker;
import org.eclipse.jface.viewers.TreePath;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.part.ViewPart;

/**
 * The project's contents as a tree: character, garments, clips, graphs, runs, frames, databases,
 * settings. Provides the selection for the Properties view and the Undo/Redo handlers of the open project.
 */
public final class ProjectView extends ViewPart {
    private TreeViewer viewer;
    private ProjectTracker tracker;

    @Override
    public void createPartControl(Composite parent) {
        viewer = new TreeViewer(parent, SWT.SINGLE | SWT.H_SCROLL | SWT.V_SCROLL);
        viewer.setContentProvider(new ProjectTreeContentProvider());
        viewer.setLabelProvider(new ProjectTreeLabelProvider());
        getSite().setSelectionProvider(viewer);
        tracker = new ProjectTracker(getViewSite(), viewer.getControl(), EnumSet.allOf(Aspect.class),
                (project, changed, switched) -> show(project));
        new ProjectViewActions(this).contribute(getViewSite().getActionBars());
        tracker.flush();
    }

    ProjectSession session() {
        return tracker.session();
    }

    TreeViewer viewer() {
        return viewer;
    }

    /** Rebuilds the tree from the session's project now. */
    public void refresh() {
        show(tracker.project());
    }

    private void show(Project project) {
        TreePath[] expanded = viewer.getExpandedTreePaths();
        viewer.setInput(project == null ? ProjectTreeContentProvider.EMPTY
                : new ProjectTreeContentProvider.Root(ProjectTreeBuilder.build(project)));
        if (project != null) {
            viewer.expandToLevel(2);
        }
        if (expanded.length > 0) {
            viewer.setExpandedTreePaths(expanded);
        }
    }

    @Override
    public void setFocus() {
        viewer.getControl().setFocus();
    }
}
