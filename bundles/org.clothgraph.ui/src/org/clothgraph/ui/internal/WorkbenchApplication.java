package org.clothgraph.ui.internal;

import java.nio.file.Path;

import org.clothgraph.model.Project;
import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.PlatformUI;

/** The workbench application; {@code --open DIR} opens a project at start-up. */
public final class WorkbenchApplication implements IApplication {
    @Override
    public Object start(IApplicationContext context) {
        String[] args = (String[]) context.getArguments().get(IApplicationContext.APPLICATION_ARGS);
        Path open = null;
        for (int i = 0; args != null && i + 1 < args.length; i++) {
            if ("--open".equals(args[i])) {
                open = Path.of(args[i + 1]).toAbsolutePath().normalize();
            }
        }
        // other processes see this in the lock file of a project this workbench writes
        Project.describeProcess("ClothGraph workbench");
        Display display = PlatformUI.createDisplay();
        try {
            int code = PlatformUI.createAndRunWorkbench(display, new ClothGraphWorkbenchAdvisor(open));
            return code == PlatformUI.RETURN_RESTART ? IApplication.EXIT_RESTART : IApplication.EXIT_OK;
        } finally {
            display.dispose();
        }
    }

    @Override
    public void stop() {
        if (!PlatformUI.isWorkbenchRunning()) {
            return;
        }
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        display.syncExec(() -> {
            if (!display.isDisposed()) {
                workbench.close();
            }
        });
    }
}
