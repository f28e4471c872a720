package org.clothgraph.graphview.ui.internal;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.graphview.Colouring;
import org.clothgraph.graphview.PathToState;
import org.clothgraph.graphview.SecondaryGraphSnapshot;
import org.clothgraph.model.Aspect;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.ui.ProjectTracker;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.TabFolder;
import org.eclipse.swt.widgets.TabItem;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.part.ViewPart;

/**
 * The whole secondary graph of the project (Kim et al. 2013, Figure 6, interactive): every explored state a point
 * placed by the layout (laid out in the background, cached in the project, refreshed when exploration commits),
 * coloured by hood state, clip, merge error or age, transitions drawn by kind with high-error and cross-class merges
 * emphasised. Selecting states fills the Properties view and the side panel (class, transitions, the cloth on the
 * character, the neighbourhood, how the initial state leads here, playable in the Cloth Preview). Selecting a
 * primary node in the Primary Graph view selects its states here.
 */
public final class SecondaryGraphView extends ViewPart {
    private static final String PRIMARY_GRAPH_VIEW = "org.clothgraph.motion.ui.primaryGraph";
    private static final String EXPLORATION_VIEW = "org.clothgraph.explore.ui.exploration";
    private ControlsBar controls;
    private GraphCanvas canvas;
    private SidePanel side;
    private NeighbourhoodCanvas neighbourhood;
    private TabFolder tabs;
    private StateClothCanvas cloth;
    private ProjectTracker tracker;
    private GraphLoader loader;
    private final SelectionSupport selection = new SelectionSupport();
    private GraphData data;
    private Colouring colouring;
    private int[] selected = new int[0];
    private PathToState path;
    private final ISelectionListener primaryListener = this::primarySelected;
    private final ISelectionListener explorationListener = this::deadEndSelected;
    /** True while this view shows its selection in the Primary Graph view (whose answer is not ours to follow). */
    private boolean linking;

    @Override
    public void createPartControl(Composite parent) {
        parent.setLayout(new GridLayout(1, false));
        controls = new ControlsBar(parent, this::rebuild, () -> canvas.fit());
        controls.control().setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        SashForm sash = new SashForm(parent, SWT.HORIZONTAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        canvas = new GraphCanvas(sash, this::select);
        // beside the graph: the information column (scrolls when short) and the neighbourhood / cloth tabs
        ScrolledComposite scroller = new ScrolledComposite(sash, SWT.V_SCROLL);
        scroller.setExpandHorizontal(true);
        scroller.setExpandVertical(true);
        Composite info = new Composite(scroller, SWT.NONE);
        info.setLayout(new GridLayout(1, false));
        scroller.setContent(info);
        scroller.addListener(SWT.Resize, e -> SidePanel.fitWidth(scroller));
        Composite statusLine = new Composite(parent, SWT.NONE);
        statusLine.setLayoutData(new GridData(SWT.FILL, SWT.BOTTOM, true, false));
        side = new SidePanel(info, statusLine, this::showPath, this::playPath);
        tabs = new TabFolder(sash, SWT.TOP);
        TabItem hoodTab = new TabItem(tabs, SWT.NONE);
        hoodTab.setText("Neighbourhood");
        neighbourhood = new NeighbourhoodCanvas(tabs, s -> select(new int[] { s }));
        hoodTab.setControl(neighbourhood.control());
        TabItem clothTab = new TabItem(tabs, SWT.NONE);
        clothTab.setText("Cloth on the character");
        cloth = new StateClothCanvas(tabs);
        clothTab.setControl(cloth.control());
        sash.setWeights(47, 25, 28);
        getSite().setSelectionProvider(selection);
        getSite().getPage().addPostSelectionListener(PRIMARY_GRAPH_VIEW, primaryListener);
        getSite().getPage().addPostSelectionListener(EXPLORATION_VIEW, explorationListener);
        Display display = parent.getDisplay();
        loader = new GraphLoader(d -> display.asyncExec(() -> apply(d)));
        tracker = new ProjectTracker(getViewSite(), canvas.control(), EnumSet.of(Aspect.SECONDARY_GRAPH,
                Aspect.PRIMARY_GRAPH, Aspect.GARMENTS), this::refresh);
        tracker.flush();
    }

    private void refresh(Project project, java.util.Set<Aspect> changed, boolean switched) {
        if (changed.contains(Aspect.PRIMARY_GRAPH)) {
            cloth.forgetPrimary();
        }
        if (switched) {
            data = null;
            side.setStatus(project == null ? "No project open." : "Reading the secondary graph...");
        }
        loader.request(project, switched ? 0 : GraphLoader.COALESCE_MILLIS);
    }

    /** A loaded graph arrives (UI thread): draw it, keeping the camera and the selected states where they still are. */
    private void apply(GraphData d) {
        if (canvas.control().isDisposed() || d.project() != tracker.project()) {
            return;
        }
        boolean refit = data == null || !data.drawable();
        List<Long> ids = new ArrayList<>();
        if (data != null && data.drawable()) {
            for (int s : selected) {
                ids.add(data.graph().state(s).id());
            }
        }
        data = d;
        // indices of the previous graph mean nothing in this one: the selection comes back by state id below
        selected = new int[0];
        path = null;
        if (!d.drawable()) {
            canvas.show(null, true);
            side.setStatus(d.message() != null ? d.message() : "Nothing explored yet.");
            select(new int[0]);
            return;
        }
        controls.setClips(d.graph());
        rebuild();
        if (refit) {
            canvas.fit();
        }
        side.setStatus(status(d));
        select(ids.stream().mapToInt(id -> d.graph().indexOf(id)).filter(i -> i >= 0).toArray());
    }

    private static String status(GraphData d) {
        long merges = d.graph().edges().stream().filter(SecondaryGraphSnapshot.Edge::merged).count();
        String how = d.provisional() ? "laying out (new states placed provisionally)..."
                : d.fromCache() ? "layout from the project's cache"
                        : String.format(Locale.ROOT, "laid out in %.1f s", d.layoutSeconds());
        String share = Double.isNaN(d.hoodShare()) ? ""
                : String.format(Locale.ROOT, "; hood state shared by %.0f %% of the 10 nearest", 100 * d.hoodShare());
        return String.format(Locale.ROOT, "%s: %,d states, %,d transitions, %,d merges; %s%s", d.garment().name(),
                d.graph().size(), d.graph().edges().size(), merges, how, share);
    }

    /** Colouring or filters changed (or a new graph): rebuild what the canvas draws. */
    private void rebuild() {
        if (data == null || !data.drawable()) {
            return;
        }
        colouring = Colouring.of(data.graph(), controls.colourBy(), "hood");
        GraphScene scene = new GraphScene(data.graph(), data.layout(), colouring, controls.filter());
        canvas.show(scene, false);
        side.legend().show(colouring);
        side.setShown(scene);
        highlight();
        if (selected.length > 0) {
            neighbourhood.show(data.graph(), colouring, selected[0]);
        }
    }

    /** Selects states (indices of the shown graph): side panel, Properties view, neighbourhood, cloth. */
    void select(int[] states) {
        selected = states;
        path = null;
        highlight();
        if (data == null || !data.drawable() || states.length == 0) {
            side.showSelection(null, 0);
            neighbourhood.show(null, null, -1);
            cloth.show(null, null, null);
            selection.set(StructuredSelection.EMPTY);
            return;
        }
        List<StateElement> elements = new ArrayList<>();
        for (int i = 0; i < Math.min(states.length, 1000); i++) {
            elements.add(new StateElement(data.graph(), states[i]));
        }
        side.showSelection(elements.get(0), states.length);
        showInPrimaryGraph(data.graph().state(states[0]).primaryNode());
        neighbourhood.show(data.graph(), colouring, states[0]);
        cloth.show(data.project(), data.garment(), data.graph().state(states[0]));
        selection.set(new StructuredSelection(elements));
    }

    private void highlight() {
        float[] segments = new float[0];
        if (path != null && data != null) {
            segments = new float[4 * path.edges().size()];
            int o = 0;
            for (SecondaryGraphSnapshot.Edge e : path.edges()) {
                segments[o++] = (float) data.layout().x(e.from());
                segments[o++] = (float) data.layout().y(e.from());
                segments[o++] = (float) data.layout().x(e.to());
                segments[o++] = (float) data.layout().y(e.to());
            }
        }
        canvas.highlight(selected, segments);
    }

    /** "How did we get here": the shortest transitions from the initial state to the selected state, drawn. */
    void showPath() {
        if (data == null || !data.drawable() || selected.length == 0) {
            return;
        }
        int target = selected[0];
        PathToState p = PathToState.of(data.graph(), target);
        path = p;
        highlight();
        side.showPath(p, data.graph(), target);
    }

    private void playPath() {
        if (path != null && data != null) {
            PathPlayback.play(getSite().getPage(), data.project(), data.graph(), path, side::setPathNote);
        }
    }

    /** Selects the state's primary node in the Primary Graph view when that view is open. */
    private void showInPrimaryGraph(long nodeId) {
        IViewPart primary = getSite().getPage().findView(PRIMARY_GRAPH_VIEW);
        if (primary == null || primary.getSite().getSelectionProvider() == null) {
            return;
        }
        PrimaryNode node = data.project().primaryGraph().nodes().stream().filter(n -> n.id() == nodeId).findFirst()
                .orElse(null);
        if (node != null) {
            linking = true;
            try {
                primary.getSite().getSelectionProvider().setSelection(new StructuredSelection(node));
            } finally {
                linking = false;
            }
        }
    }

    private void primarySelected(IWorkbenchPart part, ISelection s) {
        if (linking || data == null || !data.drawable() || !(s instanceof IStructuredSelection ss)
                || !(ss.getFirstElement() instanceof PrimaryNode node)
                || selected.length > 0 && data.graph().state(selected[0]).primaryNode() == node.id()) {
            return; // our own selection shown there, or already ours
        }
        select(data.graph().states().stream().filter(st -> st.primaryNode() == node.id())
                .mapToInt(SecondaryGraphSnapshot.State::index).toArray());
    }

    /** A dead end selected in the Exploration view's queue: select it and its merge target here, and show it. */
    private void deadEndSelected(IWorkbenchPart part, ISelection s) {
        if (data == null || !data.drawable() || !(s instanceof IStructuredSelection ss)
                || !(ss.getFirstElement() instanceof org.clothgraph.explore.ui.internal.QueueRow row)) {
            return;
        }
        int[] states = data.graph().edges().stream().filter(e -> e.transitionId() == row.merge().transitionId())
                .flatMapToInt(e -> e.deadEnd() >= 0 ? java.util.stream.IntStream.of(e.deadEnd(), e.to())
                        : java.util.stream.IntStream.of(e.to()))
                .toArray();
        if (states.length > 0) {
            select(states);
            canvas.centreOn(states[0]);
        }
    }

    // ---- for tests ----

    GraphData data() {
        return data;
    }

    GraphCanvas canvas() {
        return canvas;
    }

    ControlsBar controls() {
        return controls;
    }

    SidePanel side() {
        return side;
    }

    NeighbourhoodCanvas neighbourhood() {
        return neighbourhood;
    }

    StateClothCanvas cloth() {
        return cloth;
    }

    /** Shows the neighbourhood (0) or the cloth on the character (1). */
    void showTab(int i) {
        tabs.setSelection(i);
    }

    PathToState path() {
        return path;
    }

    int[] selected() {
        return selected;
    }

    /** Selected state ids by index (tests). */
    Map<Integer, Long> selectedIds() {
        Map<Integer, Long> m = new HashMap<>();
        for (int s : selected) {
            m.put(s, data.graph().state(s).id());
        }
        return m;
    }

    @Override
    public void dispose() {
        getSite().getPage().removePostSelectionListener(PRIMARY_GRAPH_VIEW, primaryListener);
        getSite().getPage().removePostSelectionListener(EXPLORATION_VIEW, explorationListener);
        if (loader != null) {
            loader.cancel();
        }
        super.dispose();
    }

    @Override
    public void setFocus() {
        canvas.control().setFocus();
    }
}
