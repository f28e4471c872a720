package org.clothgraph.motion.ui.internal;

import org.clothgraph.motion.project.PrimaryLaneLayout;

import java.util.EnumSet;


import org.clothgraph.model.Aspect;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.ui.BackgroundLoad;
import org.clothgraph.ui.ProjectSession;
import org.clothgraph.ui.ProjectTracker;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.ISelectionChangedListener;
import org.eclipse.jface.viewers.ISelectionProvider;
import org.eclipse.jface.viewers.SelectionChangedEvent;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.core.runtime.ListenerList;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.List;
import org.eclipse.ui.part.ViewPart;

/**
 * The primary graph editor: clips as lanes laid out by ELK, transitions as arcs, a pose preview that
 * follows the mouse and plays selected transitions, live validation, and undoable edits (toolbar).
 */
public final class PrimaryGraphView extends ViewPart implements ISelectionProvider {
    private final ListenerList<ISelectionChangedListener> selectionListeners = new ListenerList<>();
    private ProjectTracker tracker;
    private PrimaryGraphSnapshot snapshot;
    private GraphCanvas graph;
    private PosePreview preview;
    private Label info;
    private Label validationSummary;
    private List problems;
    private Object selection;
    private PrimaryGraphActions actions;
    private BackgroundLoad<Load, Loaded> loads;

    @Override
    public void createPartControl(Composite parent) {
        SashForm sash = new SashForm(parent, SWT.HORIZONTAL);
        graph = new GraphCanvas(sash, new GraphCanvas.Listener() {
            @Override
            public void hovered(ClipInfo clip, int frame, PrimaryNode node) {
                if (snapshot != null && !preview.isPlaying()) {
                    preview.show(snapshot.motion(clip), frame, clip.name());
                }
            }

            @Override
            public void clicked(Object target) {
                actions.clicked(target);
            }
        });
        Composite side = new Composite(sash, SWT.NONE);
        side.setLayout(new GridLayout(1, false));
        preview = new PosePreview(side);
        preview.control().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        info = new Label(side, SWT.WRAP);
        info.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        validationSummary = new Label(side, SWT.WRAP);
        validationSummary.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        problems = new List(side, SWT.BORDER | SWT.V_SCROLL);
        GridData pd = new GridData(SWT.FILL, SWT.FILL, true, false);
        pd.heightHint = 80;
        problems.setLayoutData(pd);
        sash.setWeights(70, 30);
        getSite().setSelectionProvider(this);
        loads = new BackgroundLoad<>(graph.control(), "Reading and laying out the primary graph",
                load -> load == null ? null : load(load), this::show, this::failed);
        tracker = new ProjectTracker(getViewSite(), graph.control(), EnumSet.of(Aspect.CLIPS, Aspect.CHARACTER,
                Aspect.PRIMARY_GRAPH, Aspect.SETTINGS), (project, changed, switched) -> reload(project,
                        switched || changed.contains(Aspect.CLIPS) || changed.contains(Aspect.CHARACTER)));
        actions = new PrimaryGraphActions(this);
        actions.contribute(getViewSite().getActionBars());
        tracker.flush();
    }

    ProjectSession session() {
        return tracker.session();
    }

    Project project() {
        return tracker.project();
    }

    PrimaryGraphSnapshot snapshot() {
        return snapshot;
    }

    GraphCanvas graph() {
        return graph;
    }

    PosePreview preview() {
        return preview;
    }

    void setInfo(String text) {
        info.setText(text);
        info.getParent().layout();
    }

    /** What a load reads: the project, and the snapshot whose clip motions can be kept (null: read the clips). */
    private record Load(Project project, PrimaryGraphSnapshot previous) {
    }

    /** A loaded graph and its lanes. */
    private record Loaded(PrimaryGraphSnapshot snapshot, PrimaryLaneLayout layout) {
    }

    private static Loaded load(Load load) {
        PrimaryGraphSnapshot next = load.previous() == null ? PrimaryGraphSnapshot.of(load.project())
                : load.previous().withGraph(load.project().primaryGraph(), load.project().clips());
        return new Loaded(next, PrimaryLaneLayout.of(next));
    }

    /**
     * Re-reads the graph (and the clip files when they changed) and lays it out in a job, then shows it: reading clip
     * files and the ELK layout take seconds on a large graph, which the UI thread must not wait for.
     */
    private void reload(Project project, boolean clips) {
        if (project == null) {
            loads.request(null);
            snapshot = null;
            graph.setSnapshot(null, null);
            validationSummary.setText("No project open.");
            problems.removeAll();
            return;
        }
        if (clips || snapshot == null) {
            validationSummary.setText("Reading the primary graph...");
        }
        loads.request(new Load(project, clips ? null : snapshot));
    }

    private void show(Load load, Loaded loaded) {
        if (load == null || tracker.project() != load.project()) {
            return;
        }
        snapshot = loaded.snapshot();
        graph.setSnapshot(snapshot, loaded.layout());
        showValidation();
        actions.update();
    }

    private void failed(Load load, RuntimeException e) {
        if (load != null && tracker.project() == load.project()) {
            snapshot = null;
            graph.setSnapshot(null, null);
            validationSummary.setText(e.getMessage());
        }
    }

    private void showValidation() {
        PrimaryGraphSnapshot.Validation v = snapshot.validation();
        validationSummary.setText(String.format("%d poses, %d transitions. %s", snapshot.graph().nodes().size(),
                snapshot.transitions().size(), v.summary()));
        problems.removeAll();
        int shown = 0;
        for (PrimaryNode n : v.deadEnds()) {
            if (shown++ < 200) {
                problems.add("dead end: " + describe(n));
            }
        }
        for (PrimaryNode n : v.outsideLargestComponent()) {
            if (shown++ < 200) {
                problems.add("unreachable / no way back: " + describe(n));
            }
        }
        validationSummary.getParent().layout();
    }

    String describe(PrimaryNode n) {
        ClipInfo c = snapshot.clip(n.clipId());
        return (c == null ? "clip " + n.clipId() : c.name()) + " frame " + (n.frame() + 1) + " (node " + n.id() + ")";
    }

    String validationText() {
        return validationSummary.getText();
    }

    /** Selects a frame target, transition or clip; null clears. */
    void select(Object target) {
        selection = target;
        graph.setSelection(target);
        Object element = target instanceof GraphCanvas.FrameTarget t ? (t.node() != null ? t.node() : t.clip()) : target;
        ISelection s = element == null ? StructuredSelection.EMPTY : new StructuredSelection(element);
        SelectionChangedEvent event = new SelectionChangedEvent(this, s);
        for (ISelectionChangedListener l : selectionListeners) {
            l.selectionChanged(event);
        }
        actions.update();
    }

    Object selected() {
        return selection;
    }

    PrimaryEdge selectedTransition() {
        return selection instanceof PrimaryEdge e ? e : null;
    }

    @Override
    public void addSelectionChangedListener(ISelectionChangedListener l) {
        selectionListeners.add(l);
    }

    @Override
    public void removeSelectionChangedListener(ISelectionChangedListener l) {
        selectionListeners.remove(l);
    }

    @Override
    public ISelection getSelection() {
        Object element = selection instanceof GraphCanvas.FrameTarget t ? (t.node() != null ? t.node() : t.clip()) : selection;
        return element == null ? StructuredSelection.EMPTY : new StructuredSelection(element);
    }

    @Override
    public void setSelection(ISelection s) {
        Object first = s instanceof StructuredSelection ss ? ss.getFirstElement() : null;
        // a primary node from another view (the Secondary Graph's selected state) is shown as its frame
        if (first instanceof org.clothgraph.model.PrimaryNode n && snapshot != null && snapshot.clip(n.clipId()) != null) {
            first = new GraphCanvas.FrameTarget(snapshot.clip(n.clipId()), n.frame(), n);
        }
        select(first);
    }

    @Override
    public void setFocus() {
        graph.control().setFocus();
    }

}
