package org.clothgraph.graphview.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.explore.ui.ExploreUi;
import org.clothgraph.explore.ui.internal.QueueRow;
import org.clothgraph.explore.ExplorationSettings;
import org.clothgraph.explore.ExploredPath;
import org.clothgraph.explore.Explorer;
import org.clothgraph.explore.ThreadUnitExecutor;
import org.clothgraph.graphview.Colouring;
import org.clothgraph.graphview.GraphFilter;
import org.clothgraph.graphview.LayoutCache;
import org.clothgraph.graphview.PathToState;
import org.clothgraph.graphview.SecondaryGraphSnapshot;
import org.clothgraph.graphview.ui.GraphViewUi;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.testing.Screenshots;
import org.clothgraph.testing.UiWait;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.StructuredViewer;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.views.properties.PropertySheet;
import org.clothgraph.ui.ClothGraphUi;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Secondary Graph view on a small explored demo: every state drawn, a picked state in the Properties view and on
 * the character, a filter that changes what is drawn, "how did we get here" ending at the state, the layout cached in
 * the project.
 */
class SecondaryGraphViewTest {
    private static final long TIMEOUT = 240_000;
    private static final String PRIMARY_GRAPH_VIEW = "org.clothgraph.motion.ui.primaryGraph";

    @TempDir
    Path dir;

    private final IWorkbench workbench = PlatformUI.getWorkbench();

    @AfterEach
    void close() {
        UiWait.joinFamily(GraphViewUi.LAYOUT_FAMILY, 120_000);
        UiWait.joinFamily(ExploredPath.FAMILY, 120_000);
        workbench.getService(ProjectSession.class).close();
    }

    @Test
    void drawsTheExploredGraphAndDebugsAState() throws Exception {
        Project project = DemoPipeline.run(dir.resolve("demo"), DemoPipeline.Options.small(600), null);
        workbench.getService(ProjectSession.class).set(project);
        Shell shell = workbench.getActiveWorkbenchWindow().getShell();
        shell.setSize(1280, 800);
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        IViewPart properties = page.showView(IPageLayout.ID_PROP_SHEET);
        SecondaryGraphView view = (SecondaryGraphView) page.showView(GraphViewUi.SECONDARY_GRAPH_VIEW_ID);
        UiWait.until("the graph laid out", TIMEOUT, () -> view.data() != null && view.data().project() == project && view.data().drawable()
                && !view.data().provisional());
        SecondaryGraphSnapshot graph = view.data().graph();
        assertTrue(graph.size() > 100, "states: " + graph.size());
        assertEquals(graph.size(), view.canvas().scene().shownStates, "every state is drawn");
        assertEquals(graph.edges().size(), view.canvas().scene().shownEdges);
        assertTrue(LayoutCache.load(project, view.data().garment(), graph).isPresent(), "the layout is cached");
        assertTrue(view.side().statusText().contains(String.format("%,d states", graph.size())),
                view.side().statusText());
        screenshot(shell, view, "secondary-graph-view-laid-out");
        int before = colouredPixels(view.canvas().capture());
        // sampled every other pixel both ways: a state drawn as 2x2 pixels counts about once
        assertTrue(before > Math.min(100, graph.size() / 4), "coloured pixels " + before + " for " + graph.size()
                + " states");

        // pick a state where it is drawn: a live one far from the initial state
        int target = farthestLiveState(graph);
        view.canvas().centreOn(target);
        // zoomed in about it as with the wheel until no other state is drawn within 3 pixels of it
        Point size = view.canvas().control().getSize();
        for (int i = 0; i < 40 && nearestOtherPixels(view.canvas(), graph, target) < 3; i++) {
            Point at = view.canvas().pixelOf(target);
            view.canvas().camera.zoomAt(1.25, at.x, at.y, size.x, size.y);
        }
        assertTrue(nearestOtherPixels(view.canvas(), graph, target) >= 3, "the state stands apart when zoomed in");
        Point p = view.canvas().pixelOf(target);
        assertEquals(target, view.canvas().pick(p.x, p.y));
        page.activate(view);
        view.select(new int[] { target });
        long id = graph.state(target).id();
        UiWait.until("the Properties view to show the state", 30_000,
                () -> treeText(properties).contains(Long.toString(id)));
        String props = treeText(properties);
        assertTrue(props.contains(graph.clipName(graph.state(target).clipId())), props);
        assertTrue(props.contains("transition"), props);
        assertTrue(view.side().stateText().contains("cloth state " + id), view.side().stateText());
        UiWait.until("the cloth on the character", 60_000, () -> view.cloth().shownState() == id);
        assertNotNull(view.neighbourhood().shown());
        assertEquals(target, view.neighbourhood().shown().centre());

        // how did we get here: transitions from the initial state ending at the state
        view.showPath();
        PathToState path = view.path();
        assertNotNull(path);
        assertTrue(!path.edges().isEmpty());
        assertEquals(graph.initial(), path.edges().get(0).from());
        assertEquals(target, path.edges().get(path.edges().size() - 1).to());
        assertTrue(view.side().pathText().contains(path.edges().size() + " transitions"), view.side().pathText());
        // the Project view minimised: the graph view takes the window's width, the Properties view stays below
        page.setPartState(page.findViewReference(ClothGraphUi.PROJECT_VIEW_ID), IWorkbenchPage.STATE_MINIMIZED);
        UiWait.settle(500);
        view.canvas().fit();
        screenshot(shell, view, "secondary-graph-view");
        assertShownWhole(view.side().statusLabel(), view.canvas().control().getParent().getParent());
        assertTrue(view.neighbourhood().diagram().overlaps().isEmpty(),
                "neighbourhood labels clear: " + view.neighbourhood().diagram().overlaps());

        // linked selection with the Primary Graph view, both ways
        IViewPart primary = page.showView(PRIMARY_GRAPH_VIEW, null, IWorkbenchPage.VIEW_CREATE);
        page.activate(view);
        view.select(new int[] { target });
        long node = graph.state(target).primaryNode();
        UiWait.until("the Primary Graph view to show the state's node", 30_000, () -> primary.getSite()
                .getSelectionProvider().getSelection() instanceof IStructuredSelection ss
                && ss.getFirstElement() instanceof PrimaryNode n && n.id() == node);
        PrimaryNode other = project.primaryGraph().nodes().stream()
                .filter(n -> n.id() != node && graph.states().stream().anyMatch(st -> st.primaryNode() == n.id()))
                .findFirst().orElseThrow();
        page.activate(primary);
        primary.getSite().getSelectionProvider().setSelection(new StructuredSelection(other));
        UiWait.until("the node's states selected here", 30_000, () -> view.selected().length > 0
                && java.util.Arrays.stream(view.selected()).allMatch(i -> graph.state(i).primaryNode() == other.id()));

        // a dead end picked in the Exploration view's queue selects it and its merge target here
        IViewPart exploration = page.showView(ExploreUi.EXPLORATION_VIEW_ID, null, IWorkbenchPage.VIEW_CREATE);
        StructuredViewer queue = (StructuredViewer) exploration.getSite().getSelectionProvider();
        UiWait.until("the Exploration view's queue", 60_000,
                () -> queue.getInput() instanceof List<?> rows && !rows.isEmpty());
        QueueRow row = (QueueRow) ((List<?>) queue.getInput()).get(0);
        SecondaryGraphSnapshot.Edge merge = graph.edges().stream()
                .filter(e -> e.transitionId() == row.merge().transitionId()).findFirst().orElseThrow();
        page.activate(exploration);
        queue.setSelection(new StructuredSelection(row), true);
        UiWait.until("the queued dead end and its merge target selected here", 30_000,
                () -> java.util.Arrays.stream(view.selected()).anyMatch(i -> i == merge.to()) && (merge.deadEnd() < 0
                        || java.util.Arrays.stream(view.selected()).anyMatch(i -> i == merge.deadEnd())));

        page.activate(view);
        view.select(new int[] { target });
        view.showPath();
        // the queue's dead end was centred on: the whole graph again, as the Fit button does
        view.canvas().fit();

        // a filter changes what is drawn
        long merges = graph.edges().stream().filter(SecondaryGraphSnapshot.Edge::merged).count();
        view.controls().set(Colouring.By.CLASS, GraphFilter.ALL.withMergesOnly(true));
        assertEquals(merges, view.canvas().scene().shownEdges);
        assertTrue(merges < graph.edges().size());
        int after = colouredPixels(view.canvas().capture());
        assertTrue(after != before, "the picture changes: " + before + " -> " + after);
        assertTrue(view.side().shownText().startsWith("Filtered"), view.side().shownText());
        screenshot(shell, view, "secondary-graph-view-merges-only");
        assertShownWhole(view.side().statusLabel(), view.canvas().control().getParent().getParent());
        view.controls().set(Colouring.By.CLASS, GraphFilter.ALL);

        // exploration goes on while the view is open: its commits reach the view, which lays the grown graph out
        // again in the background and caches it, the selected state still selected
        GarmentInfo robe = view.data().garment();
        CompletableFuture<Explorer.Report> more = CompletableFuture.supplyAsync(() -> {
            try (ThreadUnitExecutor executor = new ThreadUnitExecutor()) {
                return new Explorer(project, robe, new XpbdClothSimulator(), ExplorationSettings.defaults(), executor)
                        .run(Explorer.Limits.frames(60), null);
            }
        });
        UiWait.until("more exploration", TIMEOUT, more::isDone);
        assertTrue(more.join().framesThisRun() > 0, more.join().stopReason());
        long grown = project.secondary().states().stream().filter(st -> st.garmentId() == robe.id()).count();
        assertTrue(grown > graph.size(), grown + " states after exploring on, " + graph.size() + " before");
        UiWait.until("the grown graph laid out", TIMEOUT, () -> view.data().graph().size() == grown
                && !view.data().provisional());
        assertTrue(LayoutCache.load(project, robe, view.data().graph()).isPresent(), "the new layout is cached");
        assertEquals(id, view.data().graph().state(view.selected()[0]).id(), "the selection survives");
        assertTrue(view.side().statusText().contains(String.format("%,d states", grown)), view.side().statusText());
    }

    /**
     * A big explored project when one is named (system property cg.graphview.project: a copy, the view caches its
     * layout there): laid out in the background, a fallen-hood state picked and its path drawn, screenshot.
     */
    @Test
    void drawsABigExploredProjectWhenOneIsNamed() throws Exception {
        String folder = System.getProperty("cg.graphview.project");
        Assumptions.assumeTrue(folder != null, "no cg.graphview.project");
        Project project = Project.open(Path.of(folder));
        workbench.getService(ProjectSession.class).set(project);
        Shell shell = workbench.getActiveWorkbenchWindow().getShell();
        shell.setSize(1280, 800);
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        page.showView(IPageLayout.ID_PROP_SHEET);
        SecondaryGraphView view = (SecondaryGraphView) page.showView(GraphViewUi.SECONDARY_GRAPH_VIEW_ID);
        page.setPartState(page.findViewReference(ClothGraphUi.PROJECT_VIEW_ID), IWorkbenchPage.STATE_MINIMIZED);
        UiWait.until("the graph laid out", 600_000, () -> view.data() != null && view.data().project() == project && view.data().drawable()
                && !view.data().provisional());
        SecondaryGraphSnapshot graph = view.data().graph();
        assertEquals(graph.size(), view.canvas().scene().shownStates);
        int target = -1;
        for (int i = graph.size() - 1; i >= 0 && target < 0; i--) {
            if (graph.state(i).live() && "DOWN".equals(graph.state(i).classOf("hood"))
                    && PathToState.of(graph, i) != null) {
                target = i;
            }
        }
        Assumptions.assumeTrue(target >= 0, "no reachable fallen-hood state");
        page.activate(view);
        view.canvas().fit();
        view.select(new int[] { target });
        view.showPath();
        long id = graph.state(target).id();
        UiWait.until("the cloth on the character", 60_000, () -> view.cloth().shownState() == id);
        screenshot(shell, view, "secondary-graph-view-big");
        view.showTab(1);
        screenshot(shell, view, "secondary-graph-view-big-cloth");
        view.showTab(0);
    }

    /** The label's whole text fits its bounds, and the label lies inside the view's area on screen. */
    private static void assertShownWhole(Label label, Composite viewArea) {
        assertTrue(label.isVisible(), "visible");
        Point want = label.computeSize(SWT.DEFAULT, SWT.DEFAULT);
        Rectangle has = label.getBounds();
        assertTrue(has.width >= want.x && has.height >= want.y, "'" + label.getText() + "' needs " + want + ", has "
                + has);
        Rectangle onScreen = label.getDisplay().map(label.getParent(), null, has);
        Rectangle area = label.getDisplay().map(viewArea, null, viewArea.getClientArea());
        assertTrue(area.contains(onScreen.x, onScreen.y) && area.contains(onScreen.x + onScreen.width - 1,
                onScreen.y + onScreen.height - 1), "label " + onScreen + " inside the view " + area);
    }

    private static double nearestOtherPixels(GraphCanvas canvas, SecondaryGraphSnapshot graph, int state) {
        Point a = canvas.pixelOf(state);
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < graph.size(); i++) {
            if (i != state) {
                Point b = canvas.pixelOf(i);
                best = Math.min(best, Math.hypot(a.x - b.x, a.y - b.y));
            }
        }
        return best;
    }

    private static int farthestLiveState(SecondaryGraphSnapshot graph) {
        int best = -1, bestLength = -1;
        for (int i = 0; i < graph.size(); i += Math.max(1, graph.size() / 200)) {
            if (!graph.state(i).live()) {
                continue;
            }
            PathToState p = PathToState.of(graph, i);
            if (p != null && p.edges().size() > bestLength) {
                best = i;
                bestLength = p.edges().size();
            }
        }
        return best;
    }

    private static int colouredPixels(ImageData image) {
        int n = 0;
        for (int y = 0; y < image.height; y += 2) {
            for (int x = 0; x < image.width; x += 2) {
                int c = image.getPixel(x, y);
                int r = (c >> 16) & 255, g = (c >> 8) & 255, b = c & 255;
                if (Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 60) {
                    n++;
                }
            }
        }
        return n;
    }

    private static String treeText(IViewPart properties) {
        Control c = ((PropertySheet) properties).getCurrentPage().getControl();
        if (!(c instanceof Tree tree)) {
            return "";
        }
        List<String> out = new ArrayList<>();
        for (TreeItem item : tree.getItems()) {
            collect(item, out);
        }
        return String.join("\n", out);
    }

    private static void collect(TreeItem item, List<String> out) {
        out.add(item.getText(0) + "=" + item.getText(1));
        item.setExpanded(true);
        for (TreeItem child : item.getItems()) {
            collect(child, out);
        }
    }

    private static void screenshot(Shell shell, SecondaryGraphView view, String name) throws Exception {
        Screenshots.of(shell, name, view.canvas().control(), () -> view.canvas().capture());
    }

}
