package org.clothgraph.cloth.ui.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;

import org.clothgraph.cloth.ClothRun;
import org.clothgraph.cloth.DressingRun;
import org.clothgraph.cloth.EditedActionQueue;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.cloth.dressing.ActionQueue;
import org.clothgraph.cloth.dressing.DressingAction;
import org.clothgraph.cloth.dressing.DressingAction.Align;
import org.clothgraph.cloth.dressing.DressingAction.Drag;
import org.clothgraph.cloth.dressing.DressingAction.FeaturePoint;
import org.clothgraph.cloth.dressing.DressingAction.Grip;
import org.clothgraph.cloth.dressing.DressingAction.Hand;
import org.clothgraph.cloth.dressing.DressingAction.HandKey;
import org.clothgraph.cloth.dressing.DressingAction.Idle;
import org.clothgraph.cloth.dressing.DressingAction.Release;
import org.clothgraph.cloth.dressing.DressingAction.Track;
import org.clothgraph.cloth.dressing.DressingController;
import org.clothgraph.cloth.ui.ClothUi;
import org.clothgraph.model.Aspect;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.JobSnapshot;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.model.operations.ProjectOperation;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.garment.FeatureLoop;
import org.clothgraph.sim.garment.GarmentFeatures;
import org.clothgraph.ui.BackgroundLoad;
import org.clothgraph.ui.ProjectTracker;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.part.ViewPart;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * The dressing action editor (Clegg et al. 2015): the ordered action queue of the project (type, hand, feature,
 * duration or keys, parameters) with a timeline of the actions' time spans; add, remove, reorder and edit are undoable
 * operations in the project's history, and the queue loads from and saves to the queue file of {@code clothgraph
 * dress} (the same format and the same one-line errors). Run dresses the chosen garment from the chosen start (the
 * fitting pose, a frame of a stored run, an explored cloth state) with the same core operation as {@code dress}, in a
 * job with progress and cancel; the stored run reaches the Cloth Preview through the model's change notifications, and
 * the view opens the preview on it.
 */
public final class DressingView extends ViewPart {
    static final String[] TYPES = { "track", "align", "grip", "drag", "release", "idle" };
    private static final String[] COLUMNS = { "#", "Action", "Hand", "Feature", "Time (s)", "Duration / keys",
            "Parameters" };
    private static final int[] WIDTHS = { 36, 64, 56, 170, 100, 210, 0 };
    private static final String FITTING = "the garment draped in the fitting pose";
    private static final String EXPLORED = "an explored cloth state (id)";

    private ProjectTracker tracker;
    private BackgroundLoad<Project, Listing> listing;
    private BackgroundLoad<FeatureRequest, List<FeatureLoop>> featureLoad;
    private Composite root;
    private Table table;
    private Canvas timeline;
    private Text actionText;
    private Combo addType;
    private Combo garments;
    private Combo start;
    private Spinner frame;
    private Text state;
    private Combo solver;
    private Button run;
    private Button cancel;
    private Label featuresLabel;
    private Label status;

    /** The queue shown (from the project; empty when none is stored). */
    private ActionQueue queue = new ActionQueue(List.of());
    /** What names the queue in errors and in the runs it makes: the file it was loaded from, else "dressing queue". */
    private String source = "dressing queue";
    private List<ClothRun.Report> runs = List.of();
    private List<FeatureLoop> features = List.of();
    private OperationJob<DressingRun.Outcome> job;
    /** The last run made here (null: none yet), for the timeline's result strip. */
    private DressingRun.Outcome outcome;

    @Override
    public void createPartControl(Composite parent) {
        root = new Composite(parent, SWT.NONE);
        root.setLayout(new GridLayout(1, false));

        Composite bar = new Composite(root, SWT.NONE);
        bar.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        bar.setLayout(new GridLayout(9, false));
        button(bar, "Load...", "Load an action queue file (the JSON of clothgraph dress --actions)", this::loadDialog);
        button(bar, "Save...", "Save the queue as an action queue file", this::saveDialog);
        new Label(bar, SWT.SEPARATOR | SWT.VERTICAL).setLayoutData(new GridData(SWT.CENTER, SWT.FILL, false, false));
        addType = new Combo(bar, SWT.READ_ONLY);
        addType.setItems(TYPES);
        addType.select(0);
        addType.setToolTipText("The kind of action Add inserts after the selected one");
        button(bar, "Add", "Insert an action of the chosen kind after the selected one", () -> add(addType.getText()));
        button(bar, "Remove", "Remove the selected action", this::remove);
        button(bar, "Move Up", "Move the selected action one place earlier", () -> move(-1));
        button(bar, "Move Down", "Move the selected action one place later", () -> move(1));
        featuresLabel = new Label(bar, SWT.NONE);
        featuresLabel.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));

        table = new Table(root, SWT.BORDER | SWT.FULL_SELECTION | SWT.SINGLE);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        table.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        for (int i = 0; i < COLUMNS.length; i++) {
            TableColumn c = new TableColumn(table, SWT.LEFT);
            c.setText(COLUMNS[i]);
            c.setWidth(WIDTHS[i]);
        }
        table.addListener(SWT.Resize, e -> fitLastColumn());
        table.addListener(SWT.Selection, e -> selected());

        Composite edit = new Composite(root, SWT.NONE);
        edit.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        edit.setLayout(new GridLayout(3, false));
        new Label(edit, SWT.NONE).setText("Selected action:");
        actionText = new Text(edit, SWT.BORDER | SWT.SINGLE);
        actionText.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        actionText.setToolTipText("The selected action as in the queue file; Apply (or Enter) checks it like dress does");
        actionText.addListener(SWT.DefaultSelection, e -> apply(actionText.getText()));
        button(edit, "Apply", "Replace the selected action with the text (an undoable edit)", () -> apply(actionText.getText()));

        timeline = new Canvas(root, SWT.BORDER | SWT.DOUBLE_BUFFERED);
        GridData td = new GridData(SWT.FILL, SWT.CENTER, true, false);
        td.heightHint = 78;
        timeline.setLayoutData(td);
        timeline.addListener(SWT.Paint, e -> paintTimeline(e.gc));
        timeline.addListener(SWT.Resize, e -> timeline.redraw());
        timeline.addListener(SWT.MouseDown, e -> selectAt(e.x));
        timeline.setToolTipText("The actions on the queue's time axis (boxes: actions with a duration; marks: grip red,"
                + " release blue; a click selects one); after a run, the thin strip is the run's hood per frame (blue"
                + " up, orange down) with a tick at each grip event");

        Composite runBar = new Composite(root, SWT.NONE);
        runBar.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        runBar.setLayout(new GridLayout(12, false));
        new Label(runBar, SWT.NONE).setText("Garment:");
        garments = new Combo(runBar, SWT.READ_ONLY);
        garments.addListener(SWT.Selection, e -> readFeatures());
        new Label(runBar, SWT.NONE).setText("Start from:");
        start = new Combo(runBar, SWT.READ_ONLY);
        GridData sd = new GridData(SWT.FILL, SWT.CENTER, true, false);
        sd.widthHint = 260;
        start.setLayoutData(sd);
        start.addListener(SWT.Selection, e -> startChanged());
        new Label(runBar, SWT.NONE).setText("frame");
        frame = new Spinner(runBar, SWT.BORDER);
        frame.setMinimum(0);
        new Label(runBar, SWT.NONE).setText("state");
        state = new Text(runBar, SWT.BORDER | SWT.SINGLE);
        GridData stateData = new GridData(SWT.LEFT, SWT.CENTER, false, false);
        stateData.widthHint = 70;
        state.setLayoutData(stateData);
        new Label(runBar, SWT.NONE).setText("Solver:");
        solver = new Combo(runBar, SWT.READ_ONLY);
        solver.setItems("legacy", "small-steps");
        solver.select(0);
        run = button(runBar, "Run", "Dress the character with this queue (clothgraph dress), in a job", this::run);
        cancel = button(runBar, "Cancel", "Stop the dressing run", this::cancel);
        cancel.setEnabled(false);

        status = new Label(root, SWT.NONE);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));

        listing = new BackgroundLoad<>(root, "Reading the dressing queue and runs", Listing::read, this::showListing,
                (project, e) -> setStatus(e.getMessage()));
        featureLoad = new BackgroundLoad<>(root, "Reading a garment's feature loops", FeatureRequest::read,
                this::showFeatures, (request, e) -> setStatus(e.getMessage()));
        tracker = new ProjectTracker(getViewSite(), root, EnumSet.of(Aspect.SETTINGS, Aspect.GARMENTS,
                Aspect.SECONDARY_GRAPH), (project, changed, switched) -> refresh(project, changed, switched));
        tracker.flush();
    }

    private Button button(Composite parent, String text, String tip, Runnable action) {
        Button b = new Button(parent, SWT.PUSH);
        b.setText(text);
        b.setToolTipText(tip);
        b.addListener(SWT.Selection, e -> action.run());
        return b;
    }

    private void fitLastColumn() {
        int used = 0;
        for (int i = 0; i < COLUMNS.length - 1; i++) {
            used += table.getColumn(i).getWidth();
        }
        table.getColumn(COLUMNS.length - 1).setWidth(Math.max(120, table.getClientArea().width - used));
    }

    // ---- the project's state -------------------------------------------------------------------------------------

    /** What the view reads from the project (in a job): the queue (or why it cannot be read), garments and runs. */
    private record Listing(Project project, ActionQueue queue, String queueError, List<String> garments,
            List<ClothRun.Report> runs, boolean explored) {
        static Listing read(Project project) {
            ActionQueue q = null;
            String error = null;
            try {
                q = EditedActionQueue.of(project);
            } catch (InvalidInputException e) {
                error = e.getMessage(); // reported, not lost: the setting stays until the next edit
            }
            return new Listing(project, q == null ? new ActionQueue(List.of()) : q, error,
                    project.garments().stream().map(GarmentInfo::name).toList(), ClothRun.runs(project),
                    !project.secondary().liveStatesByClass().isEmpty());
        }
    }

    /** A garment's feature loops to read (in a job). */
    private record FeatureRequest(Project project, String garment) {
        List<FeatureLoop> read() {
            GarmentInfo g = ProjectGarments.find(project, garment);
            return g == null ? List.of() : GarmentFeatures.of(ProjectGarments.mesh(project, g),
                    ProjectGarments.restBody(project));
        }
    }

    private void refresh(Project project, java.util.Set<Aspect> changed, boolean switched) {
        if (switched) {
            outcome = null;
            source = "dressing queue";
        }
        if (project == null) {
            queue = new ActionQueue(List.of());
            runs = List.of();
            garments.removeAll();
            start.removeAll();
            features = List.of();
            showQueue(-1);
            setStatus("Open a project to edit and run dressing action queues.");
            return;
        }
        if (switched || changed.contains(Aspect.GARMENTS)) {
            features = null; // read again once the garments are listed
        }
        listing.request(project);
    }

    private void showListing(Project project, Listing l) {
        if (tracker.project() != project || root.isDisposed()) {
            return;
        }
        if (!l.queue().toJson().equals(queue.toJson())) {
            queue = l.queue();
            showQueue(table.getSelectionIndex());
        }
        if (l.queueError() != null) {
            setStatus(l.queueError());
        }
        String garment = garments.getText();
        garments.setItems(l.garments().toArray(String[]::new));
        int g = garments.indexOf(garment.isEmpty() ? ProjectGarments.ROBE : garment);
        garments.select(Math.max(0, g));
        if (features == null || !garments.getText().equals(garment)) {
            readFeatures();
        }
        listStarts(l);
        root.layout(true, true);
    }

    private void readFeatures() {
        Project project = tracker.project();
        if (project != null && !garments.getText().isEmpty()) {
            featureLoad.request(new FeatureRequest(project, garments.getText()));
        }
    }

    private void showFeatures(FeatureRequest request, List<FeatureLoop> loops) {
        if (tracker.project() != request.project() || !garments.getText().equals(request.garment())) {
            return;
        }
        features = loops;
        featuresLabel.setText(features.isEmpty() ? "" : "Features: " + String.join(", ", featureNames()));
        featuresLabel.setToolTipText("The garment's feature loops, which grip and align name (pick more in the Cloth"
                + " Preview)");
        featuresLabel.getParent().layout();
    }

    List<String> featureNames() {
        return features == null ? List.of() : features.stream().map(FeatureLoop::name).toList();
    }

    private void listStarts(Listing l) {
        String was = start.getText();
        runs = l.runs();
        start.removeAll();
        start.add(FITTING);
        for (ClothRun.Report r : runs) {
            start.add(String.format(Locale.ROOT, "%s: %s (%d frames)", r.runId(), String.join(" > ", r.clips()),
                    r.frames()));
        }
        if (l.explored()) {
            start.add(EXPLORED);
        }
        int i = start.indexOf(was);
        start.select(i < 0 ? 0 : i);
        startChanged();
    }

    private void startChanged() {
        int i = start.getSelectionIndex();
        boolean isRun = i >= 1 && i <= runs.size();
        frame.setEnabled(isRun);
        if (isRun) {
            frame.setMaximum(Math.max(0, runs.get(i - 1).frames() - 1));
        }
        state.setEnabled(EXPLORED.equals(start.getText()));
    }

    // ---- the table and the timeline ------------------------------------------------------------------------------

    private void showQueue(int select) {
        table.removeAll();
        double t = 0;
        for (int i = 0; i < queue.actions().size(); i++) {
            DressingAction a = queue.actions().get(i);
            TableItem item = new TableItem(table, SWT.NONE);
            item.setText(new String[] { Integer.toString(i + 1), a.type(), hand(a), feature(a),
                    a.duration() > 0 ? String.format(Locale.ROOT, "%.2f - %.2f", t, t + a.duration())
                            : String.format(Locale.ROOT, "%.2f", t), timing(a), parameters(a) });
            t += a.duration();
        }
        if (select >= 0 && select < queue.actions().size()) {
            table.select(select);
        }
        selected();
        timeline.redraw();
    }

    private void selected() {
        int i = table.getSelectionIndex();
        actionText.setText(i < 0 ? "" : actionJson(queue.actions().get(i)));
        timeline.redraw();
    }

    /** One action as in the queue file, on one line. */
    static String actionJson(DressingAction a) {
        JsonObject o = JsonParser.parseString(new ActionQueue(List.of(a)).toJson()).getAsJsonObject();
        return o.getAsJsonArray("actions").get(0).toString();
    }

    static String hand(DressingAction a) {
        if (a instanceof Grip g) {
            return g.hand().id();
        } else if (a instanceof Align al) {
            return al.hand().id();
        } else if (a instanceof Drag d) {
            return d.hand().id();
        } else if (a instanceof Release r) {
            return r.hand().id();
        } else if (a instanceof Track tr) {
            return tr.bothHands() ? "both" : tr.hand() == null ? "body" : tr.hand().id();
        }
        return "";
    }

    private static String point(FeaturePoint p) {
        return p.feature() + " (" + p.at() + (p.onCloth() ? " on the cloth" : "") + ")";
    }

    static String feature(DressingAction a) {
        if (a instanceof Grip g) {
            return point(g.target());
        } else if (a instanceof Align al) {
            return point(al.target());
        } else if (a instanceof Drag d) {
            return "along " + String.join(", ", d.segments());
        }
        return "";
    }

    static String timing(DressingAction a) {
        if (a instanceof Track tr) {
            return tr.clip() != null ? String.format(Locale.ROOT, "%.2f s of %s", tr.duration(), tr.clip())
                    : String.format(Locale.ROOT, "%.2f s, %d key%s", tr.duration(), tr.keys().size(),
                            tr.keys().size() == 1 ? "" : "s");
        }
        if (a instanceof Grip || a instanceof Release) {
            return "instant";
        }
        return String.format(Locale.ROOT, "%.2f s", a.duration());
    }

    static String parameters(DressingAction a) {
        if (a instanceof Grip g) {
            return String.format(Locale.ROOT, "radius %.3f m, at most %d vertices, reach %.2f m", g.radius(),
                    g.maxVertices(), g.reach());
        } else if (a instanceof Align al) {
            return String.format(Locale.ROOT, "approach %.2f m", al.approach());
        } else if (a instanceof Drag d) {
            return String.format(Locale.ROOT, "clearance %.3f m", d.clearance());
        } else if (a instanceof Track tr && tr.clip() == null) {
            List<String> keys = new ArrayList<>();
            for (HandKey k : tr.keys()) {
                keys.add(String.format(Locale.ROOT, "%.2f s: %s %+.2f %+.2f %+.2f", k.time(), k.relativeTo(),
                        k.offset()[0], k.offset()[1], k.offset()[2]));
            }
            return String.join("; ", keys);
        }
        return "";
    }

    /** Blue-grey boxes for actions with a duration, marks for grips and releases; under them the last run's hood. */
    private void paintTimeline(GC gc) {
        Rectangle r = timeline.getClientArea();
        gc.setBackground(timeline.getDisplay().getSystemColor(SWT.COLOR_WHITE));
        gc.fillRectangle(r);
        double total = Math.max(0.5, queue.duration());
        int left = 8, right = r.width - 8, top = 4, boxH = 30;
        java.util.function.DoubleToIntFunction x = t -> left + (int) Math.round(t / total * (right - left));
        int fontH = gc.getFontMetrics().getHeight();
        int selectedIndex = table.getSelectionIndex();
        double t = 0;
        List<Color> made = new ArrayList<>();
        try {
            for (int i = 0; i < queue.actions().size(); i++) {
                DressingAction a = queue.actions().get(i);
                int x0 = x.applyAsInt(t), x1 = x.applyAsInt(t + a.duration());
                Color c = new Color(colour(a.type()));
                made.add(c);
                if (a.duration() > 0) {
                    gc.setBackground(c);
                    gc.fillRectangle(x0, top, Math.max(1, x1 - x0), boxH);
                    gc.setForeground(timeline.getDisplay().getSystemColor(SWT.COLOR_WIDGET_DARK_SHADOW));
                    gc.drawRectangle(x0, top, Math.max(1, x1 - x0), boxH);
                    String label = (i + 1) + " " + a.type();
                    if (gc.textExtent(label).x + 6 > x1 - x0) {
                        label = Integer.toString(i + 1);
                    }
                    if (gc.textExtent(label).x + 4 <= x1 - x0) {
                        gc.setForeground(timeline.getDisplay().getSystemColor(SWT.COLOR_BLACK));
                        gc.drawText(label, x0 + 3, top + (boxH - fontH) / 2, true);
                    }
                } else {
                    gc.setForeground(c);
                    gc.setLineWidth(3);
                    gc.drawLine(x0, top - 2, x0, top + boxH + 2);
                    gc.setLineWidth(1);
                }
                if (i == selectedIndex) {
                    gc.setForeground(timeline.getDisplay().getSystemColor(SWT.COLOR_LIST_SELECTION));
                    gc.setLineWidth(2);
                    gc.drawRectangle(x0 - 2, top - 2, Math.max(1, x1 - x0) + 4, boxH + 4);
                    gc.setLineWidth(1);
                }
                t += a.duration();
            }
            // seconds along the bottom
            gc.setForeground(timeline.getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY));
            int axis = top + boxH + 14;
            int lastLabel = -100;
            for (int s = 0; s <= (int) total; s++) {
                int xs = x.applyAsInt(s);
                gc.drawLine(xs, axis - 4, xs, axis);
                String label = s + " s";
                int w = gc.textExtent(label).x;
                int at = xs + w + 4 < r.width ? xs + 2 : xs - w - 2; // the last one inside the strip
                if (at - lastLabel > 12) {
                    gc.drawText(label, at, axis - 2, true);
                    lastLabel = at + w;
                }
            }
            if (outcome != null) {
                paintOutcome(gc, x, top + boxH + 4, total);
            }
        } finally {
            made.forEach(Color::dispose);
        }
    }

    /** The last run's hood class per frame (blue up, orange down) and its grip events, on the queue's time axis. */
    private void paintOutcome(GC gc, java.util.function.DoubleToIntFunction x, int y, double total) {
        List<String> classes = outcome.run().classes();
        double fps = outcome.run().fps();
        Color up = new Color(64, 115, 204), down = new Color(217, 102, 64);
        try {
            for (int f = 1; f < classes.size(); f++) {
                double t0 = (f - 1) / fps, t1 = f / fps;
                if (t0 > total) {
                    break;
                }
                gc.setBackground("DOWN".equals(classes.get(f)) ? down : up);
                gc.fillRectangle(x.applyAsInt(t0), y, Math.max(1, x.applyAsInt(t1) - x.applyAsInt(t0)), 5);
            }
            gc.setForeground(timeline.getDisplay().getSystemColor(SWT.COLOR_BLACK));
            for (DressingController.GripEvent e : outcome.result().events()) {
                int xe = x.applyAsInt(e.frame() / fps);
                gc.drawLine(xe, y - 2, xe, y + 7);
            }
        } finally {
            up.dispose();
            down.dispose();
        }
    }

    private static org.eclipse.swt.graphics.RGB colour(String type) {
        return switch (type) {
            case "track" -> new org.eclipse.swt.graphics.RGB(176, 196, 222);
            case "align" -> new org.eclipse.swt.graphics.RGB(160, 210, 170);
            case "drag" -> new org.eclipse.swt.graphics.RGB(220, 200, 150);
            case "idle" -> new org.eclipse.swt.graphics.RGB(215, 215, 215);
            case "grip" -> new org.eclipse.swt.graphics.RGB(200, 40, 40);
            default -> new org.eclipse.swt.graphics.RGB(40, 40, 200);
        };
    }

    /** A click on the timeline selects the action there. */
    private void selectAt(int px) {
        Rectangle r = timeline.getClientArea();
        double total = Math.max(0.5, queue.duration());
        double t = (px - 8) / (double) Math.max(1, r.width - 16) * total;
        double at = 0;
        for (int i = 0; i < queue.actions().size(); i++) {
            double d = queue.actions().get(i).duration();
            if (t >= at && t <= at + d || d == 0 && Math.abs(t - at) < total * 0.01) {
                table.select(i);
                selected();
                return;
            }
            at += d;
        }
    }

    // ---- edits: undoable operations in the project's history -----------------------------------------------------

    /** Replaces the queue through the workbench's operation history; selects {@code select} after. */
    private boolean edit(String label, List<DressingAction> actions, int select) {
        Project project = tracker.project();
        if (project == null) {
            return false;
        }
        if (actions.size() > ActionQueue.MAX_ACTIONS) {
            setStatus("A queue holds at most " + ActionQueue.MAX_ACTIONS + " actions.");
            return false;
        }
        ActionQueue next = new ActionQueue(actions);
        if (!execute(new EditedActionQueue.Edit(project, label, next))) {
            return false;
        }
        queue = next; // what the model now holds; its change notification re-reads it in a job too
        showQueue(select);
        if (select >= 0 && select < queue.actions().size()) {
            table.select(select);
            selected();
        }
        return true;
    }

    private boolean execute(ProjectOperation op) {
        try {
            var s = getSite().getWorkbenchWindow().getWorkbench().getOperationSupport().getOperationHistory()
                    .execute(op, null, null);
            if (!s.isOK()) {
                setStatus(s.getMessage());
            }
            return s.isOK();
        } catch (org.eclipse.core.commands.ExecutionException | InvalidInputException e) {
            setStatus(e.getMessage());
            return false;
        }
    }

    /** Inserts a new action of this kind after the selected one (at the end when none is selected). */
    boolean add(String type) {
        int at = table.getSelectionIndex() < 0 ? queue.actions().size() : table.getSelectionIndex() + 1;
        List<DressingAction> a = new ArrayList<>(queue.actions());
        a.add(at, defaultAction(type));
        setStatus("");
        return edit("Add " + type + " Action", a, at);
    }

    /** A new action of a kind, ready to edit: the right hand, the garment's first feature loop, a second. */
    private DressingAction defaultAction(String type) {
        List<String> names = featureNames();
        String feature = names.isEmpty() || names.contains("hood rim") ? "hood rim" : names.get(0);
        FeaturePoint p = new FeaturePoint(feature, "top");
        return switch (type) {
            case "track" -> new Track("fitting pose", null, List.of(), 1.0);
            case "align" -> new Align(Hand.RIGHT, p, 0.12, 1.0);
            case "grip" -> new Grip(Hand.RIGHT, p, 0.03, 30, 0.1);
            case "drag" -> new Drag(Hand.RIGHT, List.of("forearm_r", "upperarm_r"), 0.04, 1.0);
            case "release" -> new Release(Hand.RIGHT);
            case "idle" -> new Idle(1.0);
            default -> throw new IllegalArgumentException(type);
        };
    }

    boolean remove() {
        int i = table.getSelectionIndex();
        if (i < 0) {
            return false;
        }
        List<DressingAction> a = new ArrayList<>(queue.actions());
        DressingAction gone = a.remove(i);
        return edit("Remove " + gone.type() + " Action", a, Math.min(i, a.size() - 1));
    }

    boolean move(int by) {
        int i = table.getSelectionIndex();
        int j = i + by;
        if (i < 0 || j < 0 || j >= queue.actions().size()) {
            return false;
        }
        List<DressingAction> a = new ArrayList<>(queue.actions());
        a.add(j, a.remove(i));
        return edit("Move " + a.get(j).type() + " Action", a, j);
    }

    /**
     * Replaces the selected action with one given as in the queue file; refused with the same one-line error as
     * {@code dress} for the queue file (naming {@code actions[i]} and the field).
     */
    boolean apply(String json) {
        int i = table.getSelectionIndex();
        if (i < 0) {
            setStatus("Select the action to change.");
            return false;
        }
        JsonObject whole = JsonParser.parseString(queue.toJson()).getAsJsonObject();
        try {
            JsonElement one = JsonParser.parseString(json);
            whole.getAsJsonArray("actions").set(i, one);
        } catch (JsonParseException e) {
            setStatus(new InvalidInputException(source, "actions[" + i + "]", "not JSON").getMessage());
            return false;
        }
        ActionQueue parsed;
        try {
            parsed = ActionQueue.parse(source, whole.toString());
        } catch (InvalidInputException e) {
            setStatus(e.getMessage());
            return false;
        }
        setStatus("");
        return edit("Change " + parsed.actions().get(i).type() + " Action", parsed.actions(), i);
    }

    /** Loads a queue file (an undoable edit); a bad file is one line naming it and the field, the queue unchanged. */
    boolean load(Path file) {
        ActionQueue q;
        try {
            q = ActionQueue.read(file);
        } catch (InvalidInputException e) {
            setStatus(e.getMessage());
            return false;
        }
        if (!edit("Load Action Queue", q.actions(), 0)) {
            return false;
        }
        source = file.getFileName().toString();
        setStatus(String.format(Locale.ROOT, "Loaded %s: %d actions, %.1f s.", file, q.actions().size(), q.duration()));
        return true;
    }

    boolean save(Path file) {
        try {
            queue.write(file);
            source = file.getFileName().toString();
            setStatus("Saved " + file + ".");
            return true;
        } catch (java.io.IOException e) {
            setStatus(file + ": cannot write: " + e.getMessage());
            return false;
        }
    }

    private void loadDialog() {
        FileDialog d = new FileDialog(root.getShell(), SWT.OPEN);
        d.setFilterExtensions(new String[] { "*.json", "*" });
        String f = d.open();
        if (f != null) {
            load(Path.of(f));
        }
    }

    private void saveDialog() {
        if (queue.actions().isEmpty()) {
            setStatus("The queue is empty: add actions first.");
            return;
        }
        FileDialog d = new FileDialog(root.getShell(), SWT.SAVE);
        d.setFilterExtensions(new String[] { "*.json", "*" });
        d.setOverwrite(true);
        String f = d.open();
        if (f != null) {
            save(Path.of(f));
        }
    }

    // ---- run -----------------------------------------------------------------------------------------------------

    /** Chooses the start as a user would: a stored run and frame, an explored state, or null for the fitting pose. */
    boolean chooseStart(String runId, int f, long stateId) {
        for (int i = 0; i < runs.size(); i++) {
            if (runs.get(i).runId().equals(runId)) {
                start.select(i + 1);
                startChanged();
                frame.setSelection(f);
                return frame.getSelection() == f;
            }
        }
        if (stateId > 0 && start.indexOf(EXPLORED) >= 0) {
            start.select(start.indexOf(EXPLORED));
            startChanged();
            state.setText(Long.toString(stateId));
            return true;
        }
        start.select(0);
        startChanged();
        return runId == null && stateId <= 0;
    }

    private DressingJobs.StartChoice startChoice() {
        int i = start.getSelectionIndex();
        if (i >= 1 && i <= runs.size()) {
            return DressingJobs.StartChoice.ofRun(runs.get(i - 1).runId(), frame.getSelection());
        }
        if (EXPLORED.equals(start.getText())) {
            try {
                long id = Long.parseLong(state.getText().strip());
                if (id > 0) {
                    return DressingJobs.StartChoice.ofState(id);
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new InvalidInputException("start", "state", "expected a cloth state id (a positive whole number), got '"
                    + state.getText().strip() + "'");
        }
        return DressingJobs.StartChoice.fittingPose();
    }

    /** Runs the queue in a job (null when it cannot start: no project, an empty queue, a run going on). */
    OperationJob<DressingRun.Outcome> run() {
        Project project = tracker.project();
        if (project == null || job != null) {
            return null;
        }
        if (queue.actions().isEmpty()) {
            setStatus("The queue is empty: load a queue file or add actions.");
            return null;
        }
        GarmentInfo garment = ProjectGarments.find(project, garments.getText());
        if (garment == null) {
            setStatus("Choose a garment.");
            return null;
        }
        DressingJobs.StartChoice choice;
        try {
            choice = startChoice();
        } catch (InvalidInputException e) {
            setStatus(e.getMessage());
            return null;
        }
        SimulationSettings settings = "small-steps".equals(solver.getText()) ? SimulationSettings.smallSteps()
                : SimulationSettings.defaults();
        OperationJob<DressingRun.Outcome> j = DressingJobs.schedule(project, garment, queue, source, choice, settings);
        job = j;
        run.setEnabled(false);
        cancel.setEnabled(true);
        setStatus("Dressing " + garment.name() + " from " + choice.describe() + " (" + String.format(Locale.ROOT,
                "%.1f", queue.duration()) + " s of actions)...");
        org.eclipse.swt.widgets.Display display = root.getDisplay();
        j.addJobChangeListener(new JobChangeAdapter() {
            @Override
            public void done(IJobChangeEvent event) {
                if (!display.isDisposed()) {
                    display.asyncExec(() -> finished(project, j));
                }
            }
        });
        return j;
    }

    private void finished(Project project, OperationJob<DressingRun.Outcome> j) {
        if (job == j) {
            job = null;
        }
        if (root.isDisposed()) {
            return;
        }
        run.setEnabled(true);
        cancel.setEnabled(false);
        JobSnapshot<DressingRun.Outcome> s = j.snapshot();
        switch (s.state()) {
            case COMPLETED -> {
                outcome = s.result();
                ClothRun.Report r = outcome.run();
                long grips = outcome.result().events().stream().filter(e -> e.kind().equals("grip")).count();
                long missed = outcome.result().events().stream().filter(e -> e.kind().equals("missed")).count();
                String last = r.classes().isEmpty() ? "" : r.classes().get(r.classes().size() - 1);
                setStatus(String.format(Locale.ROOT, "%s stored: %d frames at %.0f fps, %.3f s/frame, %d grip%s, %d"
                        + " missed%s; shown in the Cloth Preview.", r.runId(), r.frames(), r.fps(), r.secondsPerFrame(),
                        grips, grips == 1 ? "" : "s", missed, last.isEmpty() ? "" : ", hood " + last.toLowerCase(
                                Locale.ROOT) + " at the end"));
                timeline.redraw();
                if (tracker.project() == project) {
                    showPreview();
                }
            }
            case CANCELLED -> setStatus("Cancelled; nothing was stored.");
            default -> setStatus(s.message() == null ? "The dressing run failed." : s.message());
        }
    }

    /** Opens the Cloth Preview (or brings it up); it shows the new run, told by the model's change notifications. */
    private void showPreview() {
        try {
            getSite().getPage().showView(ClothUi.CLOTH_PREVIEW_VIEW_ID, null, IWorkbenchPage.VIEW_VISIBLE);
        } catch (PartInitException e) {
            setStatus(e.getMessage());
        }
    }

    void cancel() {
        if (job != null) {
            job.cancel();
        }
    }

    /** A job is running. */
    boolean busy() {
        return job != null;
    }

    // ---- what tests read -----------------------------------------------------------------------------------------

    ActionQueue queue() {
        return queue;
    }

    Table table() {
        return table;
    }

    Composite root() {
        return root;
    }

    Canvas timeline() {
        return timeline;
    }

    DressingRun.Outcome outcome() {
        return outcome;
    }

    String statusText() {
        return status.getText();
    }

    void select(int i) {
        table.select(i);
        selected();
    }

    private void setStatus(String text) {
        if (!status.isDisposed()) {
            status.setText(text == null ? "" : text);
            status.setToolTipText(text);
        }
    }

    /** The start chooser's entries (tests). */
    List<String> startEntries() {
        return List.of(start.getItems());
    }

    /** The preferred size of the whole view's controls (tests check nothing is squeezed). */
    Point preferred() {
        return root.computeSize(SWT.DEFAULT, SWT.DEFAULT);
    }

    @Override
    public void setFocus() {
        table.setFocus();
    }
}
