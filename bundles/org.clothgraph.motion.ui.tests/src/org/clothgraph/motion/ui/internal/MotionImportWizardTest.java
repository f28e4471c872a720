package org.clothgraph.motion.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.clothgraph.demo.NewProject;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.project.ProjectClips;
import org.clothgraph.motion.project.ProjectJointMaps;
import org.clothgraph.motion.retarget.JointMapper;
import org.clothgraph.motion.ui.MotionUi;
import org.clothgraph.testing.Screenshots;
import org.clothgraph.testing.SharedData;
import org.clothgraph.testing.UiWait;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.core.commands.operations.IOperationHistory;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The motion import wizard's joint mapping page on real CMU ASF/AMC data in a new project: it shows what the automatic
 * mapping found and how, takes a correction, keeps it in the project, and the next import of the same skeleton uses
 * it; then the Primary Graph view's clip actions (exclude, include, remove) undo and redo.
 */
class MotionImportWizardTest {
    @TempDir
    Path dir;

    private final IWorkbench workbench = PlatformUI.getWorkbench();

    @AfterEach
    void close() {
        workbench.getService(ProjectSession.class).close();
    }

    @Test
    void theMappingPageShowsCorrectsAndKeepsTheMappingForTheNextImport() throws Exception {
        Path cmu = SharedData.resolve("mocap/cmu-asfamc/02");
        assertNotNull(cmu, "../shared/data/mocap/cmu-asfamc/02 is missing");
        ProjectSession session = workbench.getService(ProjectSession.class);
        Project project = NewProject.create(dir.resolve("mine"), "mine");
        session.set(project);

        // first import: the automatic mapping, one correction, kept
        Wizard first = open(List.of(cmu.resolve("02.asf"), cmu.resolve("02_01.amc")));
        first.dialog.showPage(first.mapping);
        assertEquals(List.of("lfemur", "synonym"), List.of(first.mapping.row("LeftUpLeg")));
        assertEquals(List.of("rhumerus", "synonym"), List.of(first.mapping.row("RightArm")));
        assertEquals("name", first.mapping.row("Head")[1]);
        assertEquals("lwrist", first.mapping.row("LeftHand")[0]);
        Path auto = Screenshots.of(first.dialog.getShell(), "motion-import-mapping-found");
        first.mapping.choose("LeftHand", "lhand");
        assertEquals(List.of("lhand", "chosen by you"), List.of(first.mapping.row("LeftHand")));
        first.mapping.choose("LeftArm", null); // an essential joint cleared: the page refuses to finish
        assertFalse(first.mapping.isPageComplete());
        assertTrue(first.mapping.getErrorMessage().contains("LeftArm"), first.mapping.getErrorMessage());
        Path refused = Screenshots.of(first.dialog.getShell(), "motion-import-mapping-incomplete");
        first.mapping.choose("LeftArm", "lhumerus");
        assertTrue(first.mapping.isPageComplete());
        Path corrected = Screenshots.of(first.dialog.getShell(), "motion-import-mapping-corrected");
        finish(first);

        assertEquals(1, project.clips().size());
        Skeleton asf = ProjectClips.readSource(ProjectClips.Source.asfAmc(cmu.resolve("02.asf"), cmu.resolve("02_01.amc")),
                ProjectClips.Settings.defaults(30)).skeleton();
        assertTrue(project.setting(ProjectJointMaps.SCOPE, ProjectJointMaps.key(asf)).isPresent());
        JointMapper.Mapping kept = ProjectClips.mapping(project, asf, ProjectClips.Settings.defaults(30));
        assertEquals("lhand", kept.source("LeftHand"));
        assertEquals(JointMapper.Basis.SAVED, kept.entries().get("LeftHand").basis());

        // second import of the same skeleton: the page shows the kept mapping
        Wizard second = open(List.of(cmu.resolve("02.asf"), cmu.resolve("02_02.amc")));
        second.dialog.showPage(second.mapping);
        assertEquals(List.of("lhand", "saved in the project"), List.of(second.mapping.row("LeftHand")));
        assertEquals(List.of("lfemur", "saved in the project"), List.of(second.mapping.row("LeftUpLeg")));
        Path saved = Screenshots.of(second.dialog.getShell(), "motion-import-mapping-saved");
        finish(second);
        assertEquals(2, project.clips().size());
        for (Path shot : List.of(auto, refused, corrected, saved)) {
            assertTrue(Files.size(shot) > 10_000, shot.toString());
        }

        // the Primary Graph view's clip actions go through undoable operations
        PrimaryGraphView view = (PrimaryGraphView) workbench.getActiveWorkbenchWindow().getActivePage()
                .showView(MotionUi.PRIMARY_GRAPH_VIEW_ID);
        PrimaryGraphActions actions = new PrimaryGraphActions(view);
        IOperationHistory history = workbench.getOperationSupport().getOperationHistory();
        ClipInfo clip = project.clips().get(0);
        actions.exclude(clip, true);
        assertTrue(project.clips().get(0).excluded());
        history.undo(project.undoContext(), null, null);
        assertFalse(project.clips().get(0).excluded());
        history.redo(project.undoContext(), null, null);
        assertTrue(project.clips().get(0).excluded());
        actions.removeClip(project.clips().get(0));
        assertEquals(1, project.clips().size());
        history.undo(project.undoContext(), null, null);
        assertEquals(2, project.clips().size());
        assertTrue(project.clips().stream().anyMatch(c -> c.name().equals(clip.name()) && c.excluded()));
        history.redo(project.undoContext(), null, null);
        assertEquals(1, project.clips().size());
        assertTrue(project.check(null).clean(), () -> project.check(null).violations().toString());
    }

    private record Wizard(WizardDialog dialog, MotionImportWizard wizard, MotionImportPage files,
            JointMappingPage mapping) {
    }

    private Wizard open(List<Path> files) {
        MotionImportWizard w = new MotionImportWizard();
        w.init(workbench, StructuredSelection.EMPTY);
        WizardDialog d = new WizardDialog(workbench.getActiveWorkbenchWindow().getShell(), w);
        d.setBlockOnOpen(false);
        d.create();
        d.getShell().setSize(760, 720);
        d.open();
        MotionImportPage page = (MotionImportPage) w.getPage("motion");
        page.addFiles(files);
        assertTrue(page.isPageComplete(), page.getErrorMessage());
        return new Wizard(d, w, page, (JointMappingPage) w.getPage("mapping"));
    }

    private static void finish(Wizard w) {
        assertTrue(w.wizard.canFinish());
        assertTrue(w.wizard.performFinish());
        w.dialog.close();
        UiWait.joinFamily(OperationJob.FAMILY, 60_000);
    }
}
