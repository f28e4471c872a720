package org.clothgraph.model.operations;

import org.clothgraph.model.Project;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.commands.operations.AbstractOperation;
import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;

/** Base of undoable edits: each applies and reverts one change through the project's own writes. */
public abstract class ProjectOperation extends AbstractOperation {
    protected final Project project;

    protected ProjectOperation(String label, Project project) {
        super(label);
        this.project = project;
        addContext(project.undoContext());
    }

    protected abstract void apply();

    protected abstract void revert();

    /**
     * Applies the edit outside an operation history, as the command line does (the same change as the workbench's
     * undoable action; a command-line process has nothing to undo into).
     */
    public final void executeNow() {
        apply();
    }

    @Override
    public IStatus execute(IProgressMonitor monitor, IAdaptable info) throws ExecutionException {
        apply();
        return Status.OK_STATUS;
    }

    @Override
    public IStatus redo(IProgressMonitor monitor, IAdaptable info) throws ExecutionException {
        apply();
        return Status.OK_STATUS;
    }

    @Override
    public IStatus undo(IProgressMonitor monitor, IAdaptable info) throws ExecutionException {
        revert();
        return Status.OK_STATUS;
    }
}
