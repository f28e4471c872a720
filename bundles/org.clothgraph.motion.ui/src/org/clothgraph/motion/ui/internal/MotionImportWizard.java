package org.clothgraph.motion.ui.internal;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.model.operations.SetSettingOperation;
import org.clothgraph.motion.project.ProjectClips;
import org.clothgraph.motion.project.ProjectJointMaps;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.commands.operations.IOperationHistory;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.wizard.Wizard;
import org.eclipse.ui.IImportWizard;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.PlatformUI;

/**
 * File > Import > ClothGraph > Motion capture: BVH or ASF/AMC into the open project, with a preview, then the joint
 * mapping of each source skeleton, correctable and kept in the project for the next import of that skeleton.
 */
public final class MotionImportWizard extends Wizard implements IImportWizard {
    private ProjectSession session;
    private MotionImportPage page;
    private JointMappingPage mapping;

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
        mapping = new JointMappingPage(page);
        addPage(mapping);
    }

    @Override
    public boolean canFinish() {
        return session != null && session.project() != null && page.isPageComplete() && mapping.isPageComplete();
    }

    @Override
    public boolean performFinish() {
        Project project = session.project();
        List<Path> files = page.files();
        ProjectClips.Settings settings = page.settings();
        if (mapping.read()) {
            if (mapping.keep()) {
                // kept for the next import of each skeleton (undoable); this import reads it back
                IOperationHistory history = PlatformUI.getWorkbench().getOperationSupport().getOperationHistory();
                for (Map.Entry<String, String> e : mapping.chosenMaps().entrySet()) {
                    if (!e.getValue().equals(project.setting(ProjectJointMaps.SCOPE, e.getKey()).orElse(null))) {
                        try {
                            history.execute(new SetSettingOperation(project, ProjectJointMaps.SCOPE, e.getKey(),
                                    e.getValue()), null, null);
                        } catch (ExecutionException ex) {
                            mapping.setErrorMessage(ex.getMessage());
                            return false;
                        }
                    }
                }
            } else if (mapping.corrected()) {
                settings = new ProjectClips.Settings(settings.options(), mapping.chosenTable(), settings.amcFps());
            }
        }
        ProjectClips.Settings chosen = settings;
        new OperationJob<>("Importing " + files.size() + " motion file(s)",
                m -> ProjectClips.importInto(project, ProjectClips.sources(files), chosen, m)).schedule();
        return true;
    }
}
