package org.clothgraph.ui.internal;

import java.util.concurrent.atomic.AtomicBoolean;

import org.clothgraph.model.ModelChangeListener;
import org.clothgraph.model.Project;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.core.commands.operations.IUndoContext;
import org.eclipse.jface.viewers.TreePath;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.operations.UndoRedoActionGroup;
import org.eclipse.ui.part.ViewPart;

/**
 * The project's contents as a tree: character, garments, clips, graphs, frames, databases, settings.
 * Provides the selection for the Properties view and the Undo/Redo handlers of the open project.
 */
public final class ProjectView extends ViewPart {
    private TreeViewer viewer;
    private ProjectSession session;
    private Project shown;
    private UndoRedoActionGroup undoRedo;
    private final AtomicBoolean refreshQueued = new AtomicBoolean();
    private final ModelChangeListener modelListener = change -> queueRefresh();
    private final ProjectSession.Listener sessionListener = project -> queueRefresh();

    @Override
    public void createPartControl(Composite parent) {
        viewer = new TreeViewer(parent, SWT.SINGLE | SWT.H_SCROLL | SWT.V_SCROLL);
        viewer.setContentProvider(new ProjectTreeContentProvider());
        viewer.setLabelProvider(new ProjectTreeLabelProvider());
        getSite().setSelectionProvider(viewer);
        new ProjectViewActions(this).contribute(getViewSite().getActionBars());
        session = getSite().getService(ProjectSession.class);
        session.addListener(sessionListener);
        refresh();
    }

    ProjectSession session() {
        return session;
    }

    TreeViewer viewer() {
        return viewer;
    }

    /** Coalesces model changes from any thread into one refresh on the UI thread. */
    private void queueRefresh() {
        if (refreshQueued.compareAndSet(false, true)) {
            Display display = PlatformUI.getWorkbench().getDisplay();
            display.asyncExec(() -> {
                refreshQueued.set(false);
                if (viewer != null && !viewer.getControl().isDisposed()) {
                    refresh();
                }
            });
        }
    }

    /** Rebuilds the tree from the session's project. */
    public void refresh() {
        Project project = session.project();
        if (project != shown) {
            if (shown != null) {
                shown.removeModelChangeListener(modelListener);
            }
            shown = project;
            if (project != null) {
                project.addModelChangeListener(modelListener);
            }
            installUndoRedo(project);
        }
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

    private void installUndoRedo(Project project) {
        if (undoRedo != null) {
            undoRedo.dispose();
        }
        IUndoContext context = project != null ? project.undoContext()
                : PlatformUI.getWorkbench().getOperationSupport().getUndoContext();
        undoRedo = new UndoRedoActionGroup(getSite(), context, true);
        undoRedo.fillActionBars(getViewSite().getActionBars());
        getViewSite().getActionBars().updateActionBars();
    }

    @Override
    public void setFocus() {
        viewer.getControl().setFocus();
    }

    @Override
    public void dispose() {
        if (session != null) {
            session.removeListener(sessionListener);
        }
        if (shown != null) {
            shown.removeModelChangeListener(modelListener);
        }
        if (undoRedo != null) {
            undoRedo.dispose();
        }
        super.dispose();
    }
}
