package org.clothgraph.ui.internal;

import java.nio.file.Path;

import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;

/** File menu actions on the workbench's project session. */
public final class ProjectActions {
    private final IWorkbenchWindow window;

    ProjectActions(IWorkbenchWindow window) {
        this.window = window;
    }

    private ProjectSession session() {
        return window.getService(ProjectSession.class);
    }

    IAction newProject() {
        Action a = action("&New Project...", () -> newProjectDialog(window.getShell(), session()).open());
        a.setImageDescriptor(PlatformUI.getWorkbench().getSharedImages().getImageDescriptor(ISharedImages.IMG_OBJ_FOLDER));
        return a;
    }

    /** The New Project wizard in its dialog (not yet open): folder, name and character. */
    public static WizardDialog newProjectDialog(Shell shell, ProjectSession session) {
        WizardDialog d = new WizardDialog(shell, new NewProjectWizard(session));
        d.setPageSize(820, 540);
        return d;
    }

    IAction newDemoProject() {
        return action("New &Demo Project...", () -> {
            Path folder = chooseFolder("Choose an empty folder for the demo project");
            if (folder != null) {
                runDemo(session(), folder);
            }
        });
    }

    /**
     * Builds the demo project in a job and opens it when done; used by the menu and by tests. The workbench's demo
     * does not explore: the Exploration view starts that, with its progress and plots in sight.
     */
    public static OperationJob<Project> runDemo(ProjectSession session, Path folder) {
        OperationJob<Project> job = new OperationJob<>("Building demo project",
                m -> DemoPipeline.run(folder, DemoPipeline.Options.noExploration(), m));
        job.addJobChangeListener(new JobChangeAdapter() {
            @Override
            public void done(IJobChangeEvent event) {
                Project p = job.snapshot().result();
                if (p != null) {
                    session.set(p);
                }
            }
        });
        job.schedule();
        return job;
    }

    IAction openProject() {
        return action("&Open Project...", () -> {
            Path folder = chooseFolder("Choose a ClothGraph project folder");
            if (folder != null) {
                guarded("Cannot open project", () -> session().open(folder));
            }
        });
    }

    IAction closeProject() {
        return action("&Close Project", () -> session().close());
    }

    private Path chooseFolder(String message) {
        DirectoryDialog d = new DirectoryDialog(window.getShell());
        d.setMessage(message);
        String s = d.open();
        return s == null ? null : Path.of(s);
    }

    private void guarded(String title, Runnable r) {
        try {
            r.run();
        } catch (InvalidInputException e) {
            MessageDialog.openError(window.getShell(), title, e.getMessage());
        }
    }

    private static Action action(String text, Runnable run) {
        return new Action(text) {
            @Override
            public void run() {
                run.run();
            }
        };
    }
}
