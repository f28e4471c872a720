package org.clothgraph.ui.internal;

import java.nio.file.Path;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.ui.ClothGraphUi;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.e4.core.contexts.IEclipseContext;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.application.IWorkbenchConfigurer;
import org.eclipse.ui.application.IWorkbenchWindowConfigurer;
import org.eclipse.ui.application.WorkbenchAdvisor;
import org.eclipse.ui.application.WorkbenchWindowAdvisor;

/** Registers the project session in the workbench context and opens the ClothGraph perspective. */
final class ClothGraphWorkbenchAdvisor extends WorkbenchAdvisor {
    private final Path openAtStart;
    private final ProjectSession session = new ProjectSession();

    ClothGraphWorkbenchAdvisor(Path openAtStart) {
        this.openAtStart = openAtStart;
    }

    @Override
    public void initialize(IWorkbenchConfigurer configurer) {
        configurer.setSaveAndRestore(false);
    }

    @Override
    public void preStartup() {
        PlatformUI.getWorkbench().getService(IEclipseContext.class).set(ProjectSession.class, session);
    }

    @Override
    public void postStartup() {
        if (openAtStart != null) {
            try {
                session.open(openAtStart);
            } catch (InvalidInputException e) {
                MessageDialog.openError(null, "Cannot open project", e.getMessage());
            }
        }
    }

    @Override
    public boolean preShutdown() {
        session.close();
        return true;
    }

    @Override
    public WorkbenchWindowAdvisor createWorkbenchWindowAdvisor(IWorkbenchWindowConfigurer configurer) {
        return new ClothGraphWindowAdvisor(configurer, session);
    }

    @Override
    public String getInitialWindowPerspectiveId() {
        return ClothGraphUi.PERSPECTIVE_ID;
    }
}
