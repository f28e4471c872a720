package org.clothgraph.ui.internal;

import java.util.EnumSet;

import org.clothgraph.model.Aspect;
import org.clothgraph.model.Project;
import org.clothgraph.ui.BackgroundLoad;
import org.clothgraph.ui.ProjectSession;
import org.clothgraph.ui.ProjectTracker;
import org.eclipse.jface.viewers.IElementComparer;
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
    private BackgroundLoad<Project, ProjectNode> trees;
    /** The project whose tree is shown (UI thread). */
    private Project shown;

    @Override
    public void createPartControl(Composite parent) {
        viewer = new TreeViewer(parent, SWT.SINGLE | SWT.H_SCROLL | SWT.V_SCROLL);
        viewer.setContentProvider(new ProjectTreeContentProvider());
        // nodes are made anew on every read: the same node is the one with the same key
        viewer.setComparer(new IElementComparer() {
            @Override
            public boolean equals(Object a, Object b) {
                return a instanceof ProjectNode x && b instanceof ProjectNode y ? x.key().equals(y.key())
                        : java.util.Objects.equals(a, b);
            }

            @Override
            public int hashCode(Object e) {
                return e instanceof ProjectNode n ? n.key().hashCode() : java.util.Objects.hashCode(e);
            }
        });
        viewer.setLabelProvider(new ProjectTreeLabelProvider());
        getSite().setSelectionProvider(viewer);
        // the tree reads the whole project (counts, the primary graph): never on the UI thread
        trees = new BackgroundLoad<>(viewer.getControl(), "Reading the project", p -> p == null ? null
                : ProjectTreeBuilder.build(p), this::setInput, (p, e) -> setInput(p, new ProjectNode(
                        ProjectNode.Kind.FOLDER, e.getMessage(), null)));
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

    /** Rebuilds the tree from the session's project (read in a job, shown when ready). */
    public void refresh() {
        show(tracker.project());
    }

    private void show(Project project) {
        if (project == null) {
            trees.request(null);
            setInput(null, null);
            return;
        }
        trees.request(project);
    }

    private void setInput(Project project, ProjectNode tree) {
        if (tracker.project() != project) {
            return;
        }
        // the same project read again is refreshed in place (items matched by key: what the user expanded, selected
        // and scrolled to stays, and an exploration's frequent commits cost only the labels that changed); another
        // project opens two levels deep
        if (project == shown && tree != null && viewer.getInput() instanceof ProjectTreeContentProvider.Root root) {
            root.replace(tree);
            viewer.refresh();
            return;
        }
        shown = project;
        viewer.setInput(tree == null ? ProjectTreeContentProvider.EMPTY : new ProjectTreeContentProvider.Root(tree));
        if (tree != null) {
            viewer.expandToLevel(2);
        }
    }

    @Override
    public void setFocus() {
        viewer.getControl().setFocus();
    }
}
