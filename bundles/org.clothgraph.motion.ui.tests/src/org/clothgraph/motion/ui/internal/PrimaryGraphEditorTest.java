package org.clothgraph.motion.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.PrimaryGraph;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.model.operations.AddTransitionOperation;
import org.clothgraph.motion.ui.MotionUi;
import org.clothgraph.testing.Screenshots;
import org.clothgraph.testing.UiWait;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.core.commands.operations.IOperationHistory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The primary graph editor on the demo graph: it shows, validates, plays, and adds/undoes a transition. */
class PrimaryGraphEditorTest {
    @TempDir
    Path dir;

    private final IWorkbench workbench = PlatformUI.getWorkbench();

    @AfterEach
    void close() {
        workbench.getService(ProjectSession.class).close();
    }

    @Test
    void addingATransitionAndUndoingItRestoresTheGraph() throws Exception {
        ProjectSession session = workbench.getService(ProjectSession.class);
        Project project = DemoPipeline.run(dir.resolve("demo"), DemoPipeline.Options.noExploration(), null);
        session.set(project);
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        PrimaryGraphView view = (PrimaryGraphView) page.showView(MotionUi.PRIMARY_GRAPH_VIEW_ID);
        UiWait.until("the graph to load", 30_000, () -> view.snapshot() != null);
        PrimaryGraph before = project.primaryGraph();
        assertTrue(before.transitionCount() >= 20);
        assertTrue(view.validationText().contains("strongly connected"), view.validationText());

        // Clicking a transition arc selects it and plays its blend in the pose preview.
        PrimaryEdge some = view.snapshot().transitions().get(0);
        view.select(some);
        assertEquals(some, view.selectedTransition());

        // Clicking a lane frame selects that frame's node (to within a pixel: lanes hold several frames per pixel).
        PrimaryNode walk40 = before.nodes().stream().filter(n -> n.frame() == 40).findFirst().orElseThrow();
        int[] p = view.graph().pointOf(walk40.clipId(), 40);
        click(view, p[0], p[1]);
        assertTrue(view.selected() instanceof GraphCanvas.FrameTarget t && t.clip().id() == walk40.clipId()
                && Math.abs(t.frame() - 40) <= 2 && t.node() != null, String.valueOf(view.selected()));

        // Add a hand-made transition, then undo it through the workbench history.
        List<PrimaryNode> nodes = before.nodes();
        PrimaryNode from = nodes.get(100);
        PrimaryNode to = nodes.get(nodes.size() - 100);
        AddTransitionOperation op = new PrimaryGraphActions(view).addTransition(from, to);
        UiWait.until("the new transition to show", 30_000, () -> view.snapshot().transitions().size() == before.transitionCount() + 1);
        assertEquals(before.transitionCount() + 1, project.primaryGraph().transitionCount());
        assertTrue(op.edge().distance() >= 0);

        IOperationHistory history = workbench.getOperationSupport().getOperationHistory();
        history.undo(project.undoContext(), null, null);
        UiWait.until("the undo to show", 30_000, () -> view.snapshot().transitions().size() == before.transitionCount());
        assertEquals(before, project.primaryGraph(), "undo restores the graph exactly");

        view.select(some);
        Path shot = Screenshots.of(workbench.getActiveWorkbenchWindow().getShell(), "primary-graph-editor");
        assertTrue(Files.size(shot) > 10_000);
        assertNotNull(view.graph());
    }

    private static void click(PrimaryGraphView view, int x, int y) {
        Event e = new Event();
        e.button = 1;
        e.x = x;
        e.y = y;
        view.graph().control().notifyListeners(SWT.MouseDown, e);
    }

}
