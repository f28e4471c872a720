package org.clothgraph.motion.ui.internal;

import java.nio.file.Path;
import java.util.List;

import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.motion.project.ProjectClips;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.wizard.Wizard;
import org.eclipse.ui.IImportWizard;
import org.eclipse.ui.IWorkbench;

/** File > Import > ClothGraph > Motion capture: BVH or ASF/AMC into the open project, with a preview. */
public final class MotionImportWizard extends Wizard implements IImportWizard {
    private ProjectSession session;
    private MotionImportPage page;

    @Override
    public void init(IWorkbench workbench, IStructuredSelection selection) {
        session = workbench.getService(ProjectSession.class);
        setWindowTitle("Import Motion Capture");
        setNeedsProgressMonitor(false);
    }

    @Override
    public void addPages() {
        page = new MotionImportPage(session);
        addPage(page);
    }

    @Override
    public boolean canFinish() {
        return session != null && session.project() != null && page.isPageComplete();
    }

    @Override
    public boolean performFinish() {
        Project project = session.project();
        List<Path> files = page.files();
        ProjectClips.Settings settings = page.settings();
        new OperationJob<>("Importing " + files.size() + " motion file(s)",
                m -> ProjectClips.importInto(project, ProjectClips.sources(files), settings, m)).schedule();
        return true;
    }
}
