package org.clothgraph.motion.ui.internal;

import java.util.Locale;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.PrimaryGraphChange;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.model.operations.AddTransitionOperation;
import org.clothgraph.model.operations.ExcludeClipOperation;
import org.clothgraph.model.operations.ProjectOperation;
import org.clothgraph.model.operations.RemoveClipOperation;
import org.clothgraph.model.operations.RemoveTransitionOperation;
import org.clothgraph.model.operations.RenameClipOperation;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.project.ProjectPrimaryGraph;
import org.clothgraph.motion.project.RebuildPrimaryGraphOperation;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.commands.operations.IOperationHistory;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.dialogs.InputDialog;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.window.Window;
import org.eclipse.ui.IActionBars;
import org.eclipse.ui.PlatformUI;

/** Toolbar actions and click handling of the primary graph editor; every edit is an undoable operation. */
final class PrimaryGraphActions {
    private final PrimaryGraphView view;
    private GraphCanvas.FrameTarget source;
    private final Action rebuild = new Action("Rebuild...") {
        @Override
        public void run() {
            rebuild();
        }
    };
    private final Action addTransition = new Action("Add Transition", IAction.AS_CHECK_BOX) {
        @Override
        public void run() {
            source = null;
            view.graph().setPendingSource(null);
            view.setInfo(isChecked() ? "Add transition: click the source frame, then the target frame." : "");
        }
    };
    private final Action removeTransition = new Action("Remove Transition") {
        @Override
        public void run() {
            PrimaryEdge e = view.selectedTransition();
            if (e != null) {
                execute(new RemoveTransitionOperation(view.project(), e));
                view.select(null);
            }
        }
    };
    private final Action excludeClip = new Action("Exclude Clip") {
        @Override
        public void run() {
            ClipInfo c = selectedClip();
            if (c != null) {
                execute(new ExcludeClipOperation(view.project(), c, !c.excluded()));
                view.setInfo(c.name() + (c.excluded() ? " included" : " excluded") + ": Rebuild to apply.");
            }
        }
    };
    private final Action removeClip = new Action("Remove Clip") {
        @Override
        public void run() {
            ClipInfo c = selectedClip();
            if (c != null && MessageDialog.openConfirm(view.getSite().getShell(), "Remove Clip", "Remove " + c.name()
                    + " and its file from the project? (Edit > Undo brings it back.)")) {
                removeClip(c);
            }
        }
    };
    private final Action renameClip = new Action("Rename Clip...") {
        @Override
        public void run() {
            ClipInfo c = selectedClip();
            if (c == null) {
                return;
            }
            InputDialog d = new InputDialog(view.getSite().getShell(), "Rename Clip", "New name:", c.name(),
                    s -> s.isBlank() ? "A name must not be empty" : null);
            if (d.open() == Window.OK) {
                execute(new RenameClipOperation(view.project(), c, d.getValue().strip()));
            }
        }
    };

    PrimaryGraphActions(PrimaryGraphView view) {
        this.view = view;
    }

    void contribute(IActionBars bars) {
        IToolBarManager tb = bars.getToolBarManager();
        tb.add(rebuild);
        tb.add(addTransition);
        tb.add(removeTransition);
        tb.add(excludeClip);
        tb.add(renameClip);
        tb.add(removeClip);
        update();
    }

    void update() {
        boolean open = view.project() != null;
        rebuild.setEnabled(open);
        addTransition.setEnabled(open && view.snapshot() != null);
        removeTransition.setEnabled(view.selectedTransition() != null);
        ClipInfo c = selectedClip();
        excludeClip.setEnabled(c != null);
        excludeClip.setText(c != null && c.excluded() ? "Include Clip" : "Exclude Clip");
        renameClip.setEnabled(c != null);
        removeClip.setEnabled(c != null);
    }

    /** Removes a clip through the undoable operation (refused while the stored graph has its frames). */
    RemoveClipOperation removeClip(ClipInfo c) {
        RemoveClipOperation op = new RemoveClipOperation(view.project(), c);
        if (execute(op)) {
            view.select(null);
            view.setInfo(c.name() + " removed (Edit > Undo brings it back).");
        }
        return op;
    }

    /** Excludes or includes a clip through the undoable operation (tests; the toolbar toggles). */
    ExcludeClipOperation exclude(ClipInfo c, boolean excluded) {
        ExcludeClipOperation op = new ExcludeClipOperation(view.project(), c, excluded);
        execute(op);
        return op;
    }

    private ClipInfo selectedClip() {
        Object s = view.selected();
        if (s instanceof ClipInfo c) {
            return c;
        }
        return s instanceof GraphCanvas.FrameTarget t ? t.clip() : null;
    }

    void clicked(Object target) {
        if (addTransition.isChecked() && target instanceof GraphCanvas.FrameTarget t) {
            pick(t);
            return;
        }
        view.select(target);
        if (target instanceof PrimaryEdge e) {
            play(e);
        } else if (target instanceof GraphCanvas.FrameTarget t) {
            view.preview().show(view.snapshot().motion(t.clip()), t.frame(), t.clip().name());
            view.setInfo(t.node() == null ? t.clip().name() + " frame " + (t.frame() + 1) + " was pruned"
                    : view.describe(t.node()));
        } else if (target instanceof ClipInfo c) {
            view.setInfo(String.format(Locale.ROOT, "%s: %d frames at %.0f fps%s", c.name(), c.frameCount(), c.fps(),
                    c.excluded() ? " (excluded)" : ""));
        }
    }

    private void pick(GraphCanvas.FrameTarget t) {
        if (t.node() == null) {
            view.setInfo("That frame was pruned; pick a frame that is in the graph.");
            return;
        }
        if (source == null) {
            source = t;
            view.graph().setPendingSource(t);
            view.setInfo("Source " + view.describe(t.node()) + "; now click the target frame.");
            return;
        }
        addTransition(source.node(), t.node());
        source = null;
        addTransition.setChecked(false);
        view.graph().setPendingSource(null);
    }

    /** Adds a hand-made transition; its distance is computed like the builder's. */
    AddTransitionOperation addTransition(PrimaryNode from, PrimaryNode to) {
        Project project = view.project();
        int window = ProjectPrimaryGraph.options(project, Double.NaN, 0).window();
        double distance = ProjectPrimaryGraph.distance(view.snapshot(), from, to, window);
        AddTransitionOperation op = new AddTransitionOperation(project, from.id(), to.id(), distance);
        execute(op);
        view.setInfo(String.format(Locale.ROOT, "Added transition %s -> %s (distance %.3f m).", view.describe(from),
                view.describe(to), distance));
        return op;
    }

    private void play(PrimaryEdge e) {
        try {
            int window = ProjectPrimaryGraph.options(view.project(), Double.NaN, 0).window();
            Motion blend = ProjectPrimaryGraph.blend(view.snapshot(), e, window);
            view.preview().play(blend, "transition " + e.id());
            double slide = ProjectPrimaryGraph.footSlideMm(view.snapshot(), e, window);
            view.setInfo(String.format(Locale.ROOT, "Transition %s -> %s, distance %.3f m, foot slide %.1f mm (%d blended frames).",
                    view.describe(view.snapshot().node(e.from())), view.describe(view.snapshot().node(e.to())),
                    e.distance(), slide, blend.frameCount()));
        } catch (InvalidInputException ex) {
            view.setInfo(ex.getMessage());
        }
    }

    private void rebuild() {
        Project project = view.project();
        var current = ProjectPrimaryGraph.options(project, Double.NaN, 0);
        RebuildDialog d = new RebuildDialog(view.getSite().getShell(), current.threshold(), current.window());
        if (d.open() != Window.OK) {
            return;
        }
        RebuildPrimaryGraphOperation op = new RebuildPrimaryGraphOperation(project, d.threshold(), d.window());
        IOperationHistory history = PlatformUI.getWorkbench().getOperationSupport().getOperationHistory();
        Runnable rebuild = () -> new OperationJob<>("Rebuilding the primary graph", m -> history.execute(op, m, null))
                .schedule();
        if (project.summary().secondaryStates() == 0) {
            rebuild.run();
            return;
        }
        // under an explored cloth graph, say beforehand what the rebuild keeps and loses
        var shell = view.getSite().getShell();
        double threshold = d.threshold();
        int window = d.window();
        Job.create("Checking what a rebuild keeps of the cloth graph", m -> {
            PrimaryGraphChange change = ProjectPrimaryGraph.build(project, threshold, window, true, m).change();
            shell.getDisplay().asyncExec(() -> {
                if (!shell.isDisposed() && (!change.touchesSecondaryGraph() || MessageDialog.openConfirm(shell,
                        "Rebuild Primary Graph", "Rebuilding changes the " + change.describe() + ".\n\nRebuild?"))) {
                    rebuild.run();
                }
            });
        }).schedule();
    }

    static boolean execute(ProjectOperation op) {
        try {
            return PlatformUI.getWorkbench().getOperationSupport().getOperationHistory().execute(op, null, null).isOK();
        } catch (ExecutionException | InvalidInputException e) {
            // the history wraps what the operation threw (a refusal naming what stands in the way)
            MessageDialog.openError(null, op.getLabel(), e.getCause() != null ? e.getCause().getMessage() : e.getMessage());
            return false;
        }
    }
}
