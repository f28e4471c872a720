package org.clothgraph.ui.internal;

import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;

import org.clothgraph.demo.NewProject;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.motion.character.ImportedCharacter;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.jface.wizard.Wizard;

/**
 * File > New Project...: the same core operation as {@code clothgraph new [--character FILE]} ({@link NewProject}),
 * run in the wizard's progress area; the new project becomes the session's project.
 */
final class NewProjectWizard extends Wizard {
    private final ProjectSession session;
    private final NewProjectPage page = new NewProjectPage();

    NewProjectWizard(ProjectSession session) {
        this.session = session;
        setWindowTitle("New Project");
        setNeedsProgressMonitor(true);
    }

    @Override
    public void addPages() {
        addPage(page);
    }

    NewProjectPage page() {
        return page;
    }

    @Override
    public boolean performFinish() {
        Project[] created = new Project[1];
        String[] error = new String[1];
        // read on the UI thread: the operation runs in the wizard's progress thread
        Path folder = page.folder();
        String name = page.projectName();
        ImportedCharacter character = page.character();
        try {
            getContainer().run(true, false, m -> {
                try {
                    created[0] = NewProject.create(folder, name, character, m);
                } catch (InvalidInputException e) {
                    error[0] = e.getMessage();
                }
            });
        } catch (InvocationTargetException e) {
            error[0] = "cannot create the project: " + e.getCause();
        } catch (InterruptedException e) {
            return false;
        }
        if (created[0] == null) {
            page.setErrorMessage(error[0]);
            return false;
        }
        session.set(created[0]);
        return true;
    }
}
