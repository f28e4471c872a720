package org.clothgraph.ui.internal;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.Project;
import org.clothgraph.model.operations.ProjectOperation;
import org.clothgraph.model.operations.RenameClipOperation;
import org.clothgraph.model.operations.RenameProjectOperation;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.dialogs.InputDialog;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.window.Window;
import org.eclipse.ui.IActionBars;
import org.eclipse.ui.PlatformUI;

/** Toolbar and context-menu actions of the project view; edits run as undoable operations. */
final class ProjectViewActions {
    private final ProjectView view;

    ProjectViewActions(ProjectView view) {
        this.view = view;
    }

    void contribute(IActionBars bars) {
        Action refresh = new Action("Refresh") {
            @Override
            public void run() {
                view.refresh();
            }
        };
        Action rename = new Action("Rename...") {
            @Override
            public void run() {
                renameSelection();
            }
        };
        bars.getToolBarManager().add(refresh);
        bars.getMenuManager().add(rename);
        MenuManager context = new MenuManager();
        context.setRemoveAllWhenShown(true);
        context.addMenuListener((IMenuManager m) -> {
            if (view.session().project() != null) {
                m.add(rename);
            }
            m.add(refresh);
        });
        view.viewer().getControl().setMenu(context.createContextMenu(view.viewer().getControl()));
    }

    private void renameSelection() {
        Project project = view.session().project();
        if (project == null) {
            return;
        }
        Object sel = ((IStructuredSelection) view.viewer().getSelection()).getFirstElement();
        ClipInfo clip = sel instanceof ProjectNode n && n.model() instanceof ClipInfo c ? c : null;
        String current = clip != null ? clip.name() : project.name();
        InputDialog d = new InputDialog(view.getSite().getShell(), clip != null ? "Rename Clip" : "Rename Project",
                "New name:", current, s -> s.isBlank() ? "A name must not be empty" : null);
        if (d.open() != Window.OK) {
            return;
        }
        execute(clip != null ? new RenameClipOperation(project, clip, d.getValue())
                : new RenameProjectOperation(project, d.getValue()));
    }

    static void execute(ProjectOperation op) {
        try {
            PlatformUI.getWorkbench().getOperationSupport().getOperationHistory().execute(op, null, null);
        } catch (ExecutionException | RuntimeException e) {
            ErrorDialog.openError(null, op.getLabel(), e.getMessage(), org.eclipse.core.runtime.Status.error(
                    String.valueOf(e.getMessage()), e));
        }
    }
}
