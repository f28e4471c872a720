package org.clothgraph.ui;

import java.util.EnumSet;
import java.util.Set;

import org.clothgraph.model.Aspect;
import org.clothgraph.model.ModelChange;
import org.clothgraph.model.ModelChangeListener;
import org.clothgraph.model.Project;
import org.eclipse.core.commands.operations.IUndoContext;
import org.eclipse.swt.widgets.Control;
import org.eclipse.ui.IViewSite;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.operations.UndoRedoActionGroup;

/**
 * Follows the session's project for one view: subscribes to the model's one change path, coalesces
 * changes from any thread into one refresh on the UI thread, and installs the project's Undo/Redo
 * handlers. Unsubscribes when the view's control is disposed.
 */
public final class ProjectTracker {
    /** The view's side: called on the UI thread. */
    @FunctionalInterface
    public interface Client {
        /**
         * @param project the session's project (null: none)
         * @param changed the aspects changed since the last call (all of them when the project was switched)
         * @param switched a different project than at the last call
         */
        void refresh(Project project, Set<Aspect> changed, boolean switched);
    }

    private final IViewSite site;
    private final Control control;
    private final Set<Aspect> interest;
    private final Client client;
    private final ProjectSession session;
    private final EnumSet<Aspect> pending = EnumSet.noneOf(Aspect.class);
    private final ModelChangeListener modelListener = this::modelChanged;
    private final ProjectSession.Listener sessionListener = p -> queue(EnumSet.allOf(Aspect.class));
    private boolean queued;
    private Project shown;
    private UndoRedoActionGroup undoRedo;

    /** Starts tracking; the view calls {@link #flush()} once its fields are set, for the first refresh. */
    public ProjectTracker(IViewSite site, Control control, Set<Aspect> interest, Client client) {
        this.site = site;
        this.control = control;
        this.interest = EnumSet.copyOf(interest);
        this.client = client;
        this.session = site.getService(ProjectSession.class);
        session.addListener(sessionListener);
        control.addDisposeListener(e -> dispose());
        synchronized (pending) {
            pending.addAll(EnumSet.allOf(Aspect.class));
        }
    }

    public ProjectSession session() {
        return session;
    }

    public Project project() {
        return session.project();
    }

    private void modelChanged(ModelChange change) {
        EnumSet<Aspect> relevant = EnumSet.noneOf(Aspect.class);
        for (Aspect a : change.aspects()) {
            if (interest.contains(a)) {
                relevant.add(a);
            }
        }
        if (!relevant.isEmpty()) {
            queue(relevant);
        }
    }

    private void queue(Set<Aspect> aspects) {
        synchronized (pending) {
            pending.addAll(aspects);
            if (queued) {
                return;
            }
            queued = true;
        }
        PlatformUI.getWorkbench().getDisplay().asyncExec(this::flush);
    }

    /** Runs the client's refresh now for everything pending (UI thread). */
    public void flush() {
        Set<Aspect> changed;
        synchronized (pending) {
            queued = false;
            changed = EnumSet.copyOf(pending.isEmpty() ? EnumSet.noneOf(Aspect.class) : pending);
            pending.clear();
        }
        if (control.isDisposed()) {
            return;
        }
        Project project = session.project();
        boolean switched = project != shown;
        if (switched) {
            if (shown != null) {
                shown.removeModelChangeListener(modelListener);
            }
            shown = project;
            if (project != null) {
                project.addModelChangeListener(modelListener);
            }
            installUndoRedo(project);
            changed = EnumSet.allOf(Aspect.class);
        }
        client.refresh(project, changed, switched);
    }

    private void installUndoRedo(Project project) {
        if (undoRedo != null) {
            undoRedo.dispose();
        }
        IUndoContext context = project != null ? project.undoContext()
                : PlatformUI.getWorkbench().getOperationSupport().getUndoContext();
        undoRedo = new UndoRedoActionGroup(site, context, true);
        undoRedo.fillActionBars(site.getActionBars());
        site.getActionBars().updateActionBars();
    }

    private void dispose() {
        session.removeListener(sessionListener);
        if (shown != null) {
            shown.removeModelChangeListener(modelListener);
        }
        if (undoRedo != null) {
            undoRedo.dispose();
        }
    }
}
