package org.clothgraph.ui.internal;

import org.clothgraph.model.Project;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.application.ActionBarAdvisor;
import org.eclipse.ui.application.IActionBarConfigurer;
import org.eclipse.ui.application.IWorkbenchWindowConfigurer;
import org.eclipse.ui.application.WorkbenchWindowAdvisor;

/** Window size, status line with progress, and a title naming the open project. */
final class ClothGraphWindowAdvisor extends WorkbenchWindowAdvisor {
    private final ProjectSession session;
    private final ProjectSession.Listener titleUpdater = this::updateTitle;

    ClothGraphWindowAdvisor(IWorkbenchWindowConfigurer configurer, ProjectSession session) {
        super(configurer);
        this.session = session;
    }

    @Override
    public ActionBarAdvisor createActionBarAdvisor(IActionBarConfigurer configurer) {
        return new ClothGraphActionBarAdvisor(configurer);
    }

    @Override
    public void preWindowOpen() {
        IWorkbenchWindowConfigurer c = getWindowConfigurer();
        c.setInitialSize(new Point(1280, 900));
        c.setShowCoolBar(true);
        c.setShowStatusLine(true);
        c.setShowProgressIndicator(true);
        c.setShowPerspectiveBar(false);
        c.setTitle("ClothGraph");
        session.addListener(titleUpdater);
    }

    @Override
    public void postWindowClose() {
        session.removeListener(titleUpdater);
    }

    private void updateTitle(Project project) {
        // read the name now: by the time the UI runs, the project may be closed
        String title = project == null ? "ClothGraph" : "ClothGraph - " + project.name() + " (" + project.folder() + ")";
        Display display = Display.getDefault();
        display.asyncExec(() -> {
            Shell shell = getWindowConfigurer().getWindow() == null ? null : getWindowConfigurer().getWindow().getShell();
            if (shell != null && !shell.isDisposed()) {
                shell.setText(title);
            }
        });
    }
}
