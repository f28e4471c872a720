package org.clothgraph.graphview.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.explore.ExploredPath;
import org.clothgraph.graphview.Colouring;
import org.clothgraph.graphview.GraphFilter;
import org.clothgraph.graphview.LayoutCache;
import org.clothgraph.graphview.PathToState;
import org.clothgraph.graphview.SecondaryGraphSnapshot;
import org.clothgraph.graphview.ui.GraphViewUi;
import org.clothgraph.model.Project;
import org.clothgraph.testing.Screenshots;
import org.clothgraph.testing.UiWait;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.views.properties.PropertySheet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Secondary Graph view on a small explored demo: every state drawn, a picked state in the Properties view and on
 * the character, a filter that changes what is drawn, "how did we get here" ending at the state, the layout cached in
 * the project.
 */
class SecondaryGraphViewTest {
    private static final long TIMEOUT = 240_000;

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
        UiWait.until("the graph laid out", TIMEOUT, () -> view.data() != null && view.data().drawable()
                && !view.data().provisional());
        SecondaryGraphSnapshot graph = view.data().graph();
        assertTrue(graph.size() > 100, "states: " + graph.size());
        assertEquals(graph.size(), view.canvas().scene().shownStates, "every state is drawn");
        assertEquals(graph.edges().size(), view.canvas().scene().shownEdges);
        assertTrue(LayoutCache.load(project, view.data().garment(), graph).isPresent(), "the layout is cached");
        assertTrue(view.side().statusText().contains(String.format("%,d states", graph.size())),
                view.side().statusText());
        int before = colouredPixels(view.canvas().capture());
        assertTrue(before > 300, "coloured pixels " + before);

        // pick a state where it is drawn: a live one far from the initial state
        int target = farthestLiveState(graph);
        view.canvas().centreOn(target);
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
        Screenshots.save(composite(shell, view), "secondary-graph-view");

        // a filter changes what is drawn
        long merges = graph.edges().stream().filter(SecondaryGraphSnapshot.Edge::merged).count();
        view.controls().set(Colouring.By.CLASS, GraphFilter.ALL.withMergesOnly(true));
        assertEquals(merges, view.canvas().scene().shownEdges);
        assertTrue(merges < graph.edges().size());
        int after = colouredPixels(view.canvas().capture());
        assertTrue(after != before, "the picture changes: " + before + " -> " + after);
        assertTrue(view.side().shownText().startsWith("Filtered"), view.side().shownText());
        Screenshots.save(composite(shell, view), "secondary-graph-view-merges-only");
        view.controls().set(Colouring.By.CLASS, GraphFilter.ALL);
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

    /** The window as on screen with the GL canvas content read back from GL drawn over it. */
    private static ImageData composite(Shell shell, SecondaryGraphView view) throws Exception {
        shell.forceActive();
        UiWait.settle(800);
        Rectangle b = shell.getBounds();
        Image image = new Image(shell.getDisplay(), b.width, b.height);
        GC gc = new GC(shell.getDisplay());
        try {
            gc.copyArea(image, b.x, b.y);
        } finally {
            gc.dispose();
        }
        ImageData gl = view.canvas().capture();
        Point at = shell.getDisplay().map(view.canvas().control(), null, 0, 0);
        Image glImage = new Image(shell.getDisplay(), gl);
        GC draw = new GC(image);
        draw.drawImage(glImage, at.x - b.x, at.y - b.y);
        draw.dispose();
        glImage.dispose();
        ImageData data = image.getImageData();
        image.dispose();
        return data;
    }

}
