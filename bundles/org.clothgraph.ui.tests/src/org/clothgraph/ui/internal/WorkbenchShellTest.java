package org.clothgraph.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.model.operations.RenameProjectOperation;
import org.clothgraph.testing.Screenshots;
import org.clothgraph.testing.UiWait;
import org.clothgraph.ui.ClothGraphUi;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.core.commands.operations.IOperationHistory;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real workbench: perspective, project view on a demo project, properties, undo/redo. */
class WorkbenchShellTest {
    @TempDir
    Path dir;

    private final IWorkbench workbench = PlatformUI.getWorkbench();

    @AfterEach
    void closeProject() {
        workbench.getService(ProjectSession.class).close();
    }

    @Test
    void demoProjectShowsInTheClothGraphPerspective() throws Exception {
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        assertEquals(ClothGraphUi.PERSPECTIVE_ID, page.getPerspective().getId());
        ProjectView view = (ProjectView) page.showView(ClothGraphUi.PROJECT_VIEW_ID);
        ProjectSession session = workbench.getService(ProjectSession.class);
        assertNotNull(session, "the session is registered in the workbench context");

        OperationJob<Project> job = ProjectActions.runDemo(session, dir.resolve("demo"));
        UiWait.joinFamily(OperationJob.FAMILY, 600_000); // a wait, not a measure: the demo build is slow on a loaded machine
        assertEquals(org.clothgraph.model.jobs.JobSnapshot.State.COMPLETED, job.snapshot().state(),
                String.valueOf(job.snapshot().message()));
        Tree tree = view.viewer().getTree();
        UiWait.until("the project view to show the demo", 10_000,
                () -> tree.getItemCount() == 1 && tree.getItem(0).getText().equals("ClothGraph demo"));

        List<String> labels = new ArrayList<>();
        for (TreeItem item : tree.getItem(0).getItems()) {
            labels.add(item.getText());
        }
        assertTrue(labels.stream().anyMatch(l -> l.startsWith("Character")), labels::toString);
        assertTrue(labels.stream().anyMatch(l -> l.startsWith("Motion clips")), labels::toString);
        assertTrue(labels.stream().anyMatch(l -> l.startsWith("Primary graph (")), labels::toString);
        assertTrue(labels.stream().anyMatch(l -> l.startsWith("Secondary graph (")), labels::toString);
        assertTrue(labels.stream().anyMatch(l -> l.startsWith("Frame store")), labels::toString);

        // the tree is read again on every change (in a job) and keeps what the user expanded
        TreeItem clips = child(tree.getItem(0), "Motion clips");
        assertTrue(!clips.getExpanded() && clips.getItemCount() > 0, "two levels open at first: the clips folder is closed");
        view.viewer().setExpandedState(clips.getData(), true);
        workbench.getOperationSupport().getOperationHistory().execute(new RenameProjectOperation(session.project(),
                "renamed demo"), null, null);
        UiWait.until("the project view to read the project again", 10_000,
                () -> tree.getItem(0).getText().equals("renamed demo"));
        assertTrue(child(tree.getItem(0), "Motion clips").getExpanded(), "the clips folder is still open");
        workbench.getOperationSupport().getOperationHistory().undo(session.project().undoContext(), null, null);
        UiWait.until("the undone rename", 10_000, () -> tree.getItem(0).getText().equals("ClothGraph demo"));

        // The Properties view follows the selection.
        IViewPart properties = page.showView(IPageLayout.ID_PROP_SHEET);
        page.activate(view);
        Object settings = ((ProjectTreeContentProvider.Root) view.viewer().getInput()).node();
        view.viewer().setSelection(new StructuredSelection(settings), true);
        assertNotNull(properties);
        page.showView(IPageLayout.ID_PROGRESS_VIEW);
        page.activate(view);

        Path shot = Screenshots.of(workbench.getActiveWorkbenchWindow().getShell(), "workbench-demo-project");
        assertTrue(Files.size(shot) > 10_000, "screenshot written: " + shot);
    }

    private static TreeItem child(TreeItem parent, String prefix) {
        for (TreeItem item : parent.getItems()) {
            if (item.getText().startsWith(prefix)) {
                return item;
            }
        }
        throw new AssertionError("no item " + prefix + " under " + parent.getText());
    }

    @Test
    void renameIsUndoneAndRedoneThroughTheWorkbenchHistory() throws Exception {
        ProjectSession session = workbench.getService(ProjectSession.class);
        Project project = Project.create(dir.resolve("p"), "before");
        session.set(project);
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        ProjectView view = (ProjectView) page.showView(ClothGraphUi.PROJECT_VIEW_ID);
        Tree tree = view.viewer().getTree();
        UiWait.until("project shown", 10_000, () -> tree.getItemCount() == 1
                && tree.getItem(0).getText().equals("before"));

        IOperationHistory history = workbench.getOperationSupport().getOperationHistory();
        history.execute(new RenameProjectOperation(project, "after"), null, null);
        UiWait.until("rename shown", 10_000, () -> tree.getItem(0).getText().equals("after"));
        assertTrue(history.canUndo(project.undoContext()));
        history.undo(project.undoContext(), null, null);
        UiWait.until("undo shown", 10_000, () -> tree.getItem(0).getText().equals("before"));
        history.redo(project.undoContext(), null, null);
        UiWait.until("redo shown", 10_000, () -> tree.getItem(0).getText().equals("after"));
    }
}
