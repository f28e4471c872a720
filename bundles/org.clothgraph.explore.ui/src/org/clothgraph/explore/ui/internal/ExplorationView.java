package org.clothgraph.explore.ui.internal;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.clothgraph.cloth.ui.internal.SimulatorPreferences;
import org.clothgraph.explore.ExplorationSettings;
import org.clothgraph.explore.ExplorationStatus;
import org.clothgraph.explore.slurm.ExplorationBackend;
import org.clothgraph.explore.slurm.SlurmSettings;
import org.clothgraph.explore.slurm.SlurmStatus;
import org.clothgraph.explore.ui.internal.ExplorationRunner.State;
import org.clothgraph.model.Aspect;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.ui.ProjectTracker;
import org.eclipse.swt.SWT;
import org.eclipse.swt.SWTException;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.part.ViewPart;

/**
 * The Exploration view: grows the secondary cloth graph of the open project (Kim et al. 2013, section 3) and shows
 * it growing: live counters, the worst merge error against simulated frames (the paper's Figure 7), live states
 * per class, the expansion queue, and a selected dead end with its merge target on the character. Everything is
 * read off the UI thread; statuses from the exploring threads are coalesced into one refresh.
 */
public final class ExplorationView extends ViewPart implements ExplorationActions.Target {
    private static final RGB UP = new RGB(64, 115, 204);
    private static final RGB DOWN = new RGB(217, 102, 64);
    private static final RGB OTHER = new RGB(140, 140, 150);

    private final PrimarySnapshots snapshots = new PrimarySnapshots();
    private Composite root;
    private SettingsBar settings;
    private CountersPanel counters;
    private Label statusLine;
    private LineChart errorChart;
    private BarChart classChart;
    private QueueTable queue;
    private SashForm queueAndJobs;
    private SlurmPanel slurm;
    private DetailPanel detail;
    private ExplorationActions actions;
    private ExplorationRunner runner;
    private ExplorationLoader loader;
    private DeadEndLoader deadEnds;
    private ProjectTracker tracker;
    private ExplorationStatus lastStatus;
    private String runMessage = "";
    private List<GarmentInfo> garments = List.of();

    @Override
    public void createPartControl(Composite parent) {
        root = new Composite(parent, SWT.NONE);
        GridLayout layout = new GridLayout(1, false);
        layout.marginWidth = 4;
        layout.marginHeight = 4;
        layout.verticalSpacing = 4;
        root.setLayout(layout);
        settings = new SettingsBar(root);
        settings.control().setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        counters = new CountersPanel(root);
        counters.control().setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        statusLine = new Label(root, SWT.WRAP);
        GridData statusData = new GridData(SWT.FILL, SWT.TOP, true, false);
        statusData.widthHint = 300;
        statusData.heightHint = 2 * lineHeight(statusLine);
        statusLine.setLayoutData(statusData);
        SashForm sash = new SashForm(root, SWT.HORIZONTAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        SashForm charts = new SashForm(sash, SWT.VERTICAL);
        errorChart = new LineChart(charts, "Worst merge error (mm)", "simulated frames", "no committed round yet");
        classChart = new BarChart(charts, "Live states per class", "no states yet");
        charts.setWeights(58, 42);
        queueAndJobs = new SashForm(sash, SWT.VERTICAL);
        queue = new QueueTable(queueAndJobs, this::selected);
        slurm = new SlurmPanel(queueAndJobs, this::cancelAllJobs);
        queueAndJobs.setWeights(35, 65);
        queueAndJobs.setMaximizedControl(queue.control());
        settings.onBackend(this::backendChosen, this::editSlurmSettings);
        getSite().setSelectionProvider(queue.viewer());
        detail = new DetailPanel(sash);
        sash.setWeights(25, 41, 34);

        actions = new ExplorationActions(this);
        actions.fill(getViewSite().getActionBars().getToolBarManager());
        UiLatest<ExplorationStatus> statuses = new UiLatest<>(root, this::showStatus);
        UiLatest<ExplorationData> data = new UiLatest<>(root, this::showData);
        UiLatest<DeadEndDetail> details = new UiLatest<>(root, this::showDetail);
        UiLatest<SlurmStatus> slurmStatuses = new UiLatest<>(root, slurm::show);
        Display display = root.getDisplay();
        runner = new ExplorationRunner(new ExplorationRunner.Listener() {
            @Override
            public void status(ExplorationStatus status) {
                statuses.post(status);
            }

            @Override
            public void slurm(SlurmStatus status) {
                slurmStatuses.post(status);
            }

            @Override
            public void state(State state, String message) {
                try {
                    display.asyncExec(() -> showState(message)); // in order: every state change is shown
                } catch (SWTException e) {
                    // the workbench is gone: nothing to show it in
                }
            }
        });
        loader = new ExplorationLoader(snapshots, data::post);
        deadEnds = new DeadEndLoader(snapshots, details::post);
        root.addDisposeListener(e -> {
            runner.pause(); // a closed view lets the round in flight commit, then the exploration rests
            loader.cancel();
            deadEnds.cancel();
        });
        tracker = new ProjectTracker(getViewSite(), root, EnumSet.of(Aspect.SECONDARY_GRAPH, Aspect.PRIMARY_GRAPH,
                Aspect.GARMENTS, Aspect.SETTINGS), this::refresh);
        tracker.flush();
    }

    private static int lineHeight(Label label) {
        GC gc = new GC(label);
        try {
            return gc.getFontMetrics().getHeight();
        } finally {
            gc.dispose();
        }
    }

    private void refresh(Project project, Set<Aspect> changed, boolean switched) {
        if (switched) {
            // a run of another project ends: a paused one too (else the view offered Resume, not Start, for a
            // project it had never explored)
            if ((runner.state().active() || runner.state() == State.PAUSED) && runner.project() != project) {
                runner.stop();
            }
            lastStatus = null;
            runMessage = "";
            settings.clearFocus();
            settings.setBegun(true, ""); // until the project is read
            queue.setRows(List.of());
            detail.clear("Select a dead end in the queue to see it and its merge target on the character.");
            showStatus(null);
            if (project != null) {
                try {
                    settings.show(ExplorationSettings.of(project));
                    settings.showBackend(ExplorationBackend.of(project));
                    showBackend();
                } catch (InvalidInputException e) {
                    runMessage = e.getMessage();
                }
            }
        }
        if (changed.contains(Aspect.PRIMARY_GRAPH)) {
            snapshots.invalidate();
        }
        loader.request(project);
        updateActions();
    }

    private void showBackend() {
        queueAndJobs.setMaximizedControl(settings.backend() == ExplorationBackend.SLURM ? null : queue.control());
    }

    private void backendChosen() {
        Project project = tracker.project();
        if (project != null) {
            try {
                settings.backend().store(project);
            } catch (RuntimeException e) {
                showState("cannot store the backend: " + e.getMessage());
            }
        }
        showBackend();
    }

    private void editSlurmSettings() {
        Project project = tracker.project();
        if (project == null) {
            return;
        }
        try {
            SlurmSettingsDialog d = new SlurmSettingsDialog(root.getShell(), SlurmSettings.of(project));
            if (d.open() == org.eclipse.jface.window.Window.OK) {
                d.settings().store(project);
            }
        } catch (InvalidInputException e) {
            showState("Slurm settings: " + e.getMessage());
        }
    }

    private void cancelAllJobs() {
        Project project = tracker.project();
        if (project != null) {
            runner.cancelAllJobs(project);
            showState("cancelling every Slurm pilot job of the project");
        }
    }

    private void showData(ExplorationData data) {
        if (data.project() != tracker.project()) {
            return; // read before the project was switched
        }
        if (!data.garments().equals(garments)) {
            garments = data.garments();
            settings.setGarments(garments);
        }
        settings.setClips(data.clips());
        settings.setBegun(data.begun() || runner.state().active(), data.startClip());
        QueueRow shown = queue.selected();
        queue.setRows(data.rows());
        if (shown != null && queue.selected() == null) {
            // the selected merge left the queue (undone by a round, or no longer among the worst): read it again
            deadEnds.request(tracker.project(), shown);
        }
        if (data.problem() != null) {
            runMessage = "cannot read the project: " + data.problem();
        }
        if (data.stored() != null && (!runner.state().active() || lastStatus == null)) {
            showStatus(data.stored());
        } else {
            updateStatusLine();
        }
        updateActions();
    }

    private void showStatus(ExplorationStatus s) {
        lastStatus = s;
        counters.show(s);
        List<double[]> history = s == null ? List.of() : s.history();
        double[] xs = new double[history.size()];
        double[] ys = new double[history.size()];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = history.get(i)[0];
            ys[i] = history.get(i)[1];
        }
        errorChart.setSeries(xs, ys);
        List<BarChart.Bar> bars = new ArrayList<>();
        if (s != null) {
            for (Map.Entry<String, Long> e : s.byClass().entrySet()) {
                String k = e.getKey();
                bars.add(new BarChart.Bar(Formats.classes(k), e.getValue(),
                        k.endsWith("=UP") ? UP : k.endsWith("=DOWN") ? DOWN : OTHER));
            }
        }
        classChart.setBars(bars);
        updateStatusLine();
    }

    private void showState(String message) {
        if (root.isDisposed()) {
            return;
        }
        runMessage = message;
        settings.setEnabled(!runner.state().active());
        updateStatusLine();
        updateActions();
        loader.request(tracker.project());
    }

    private void updateStatusLine() {
        String text;
        if (runner.state().active() && lastStatus != null) {
            text = lastStatus.phase().toLowerCase(java.util.Locale.ROOT) + ": " + lastStatus.message();
            if (!lastStatus.running().isEmpty()) {
                text += " (" + lastStatus.running().size() + " simulating)";
            }
            if (runner.state() != State.RUNNING) {
                text = runMessage + "; " + text;
            }
        } else if (!runMessage.isEmpty()) {
            text = runMessage;
        } else {
            text = lastStatus == null ? "" : lastStatus.message();
        }
        if (!text.equals(statusLine.getText())) {
            statusLine.setText(text);
            statusLine.setToolTipText(text);
        }
    }

    private void updateActions() {
        actions.update(runner.state(), tracker.project() != null && settings.garment() != null);
    }

    private void selected(QueueRow row) {
        deadEnds.request(tracker.project(), row);
    }

    private void showDetail(DeadEndDetail d) {
        QueueRow selected = queue.selected();
        if (selected == null || selected.merge().id() == d.row().merge().id()) {
            detail.show(d);
        }
    }

    // ---- actions ------------------------------------------------------------------------------------

    @Override
    public void start() {
        run();
    }

    @Override
    public void resume() {
        run();
    }

    private void run() {
        Project project = tracker.project();
        GarmentInfo garment = settings.garment();
        if (project == null || garment == null || runner.state().active()) {
            return;
        }
        try {
            ExplorationSettings s = settings.applyTo(ExplorationSettings.of(project));
            runner.start(new ExplorationRunner.Request(project, garment,
                    SimulatorPreferences.simulator(settings.simulatorKind()), s, settings.backend(), settings.focus()));
        } catch (InvalidInputException e) {
            showState("cannot explore: " + e.getMessage());
        }
    }

    @Override
    public void pause() {
        runner.pause();
    }

    @Override
    public void stop() {
        runner.stop();
    }

    @Override
    public void setFocus() {
        queue.control().setFocus();
    }

    // ---- for tests ----------------------------------------------------------------------------------

    ExplorationRunner runner() {
        return runner;
    }

    ExplorationActions actions() {
        return actions;
    }

    SettingsBar settingsBar() {
        return settings;
    }

    CountersPanel counters() {
        return counters;
    }

    LineChart errorChart() {
        return errorChart;
    }

    BarChart classChart() {
        return classChart;
    }

    QueueTable queue() {
        return queue;
    }

    SlurmPanel slurmPanel() {
        return slurm;
    }

    boolean slurmPanelShown() {
        return queueAndJobs.getMaximizedControl() == null;
    }

    DetailPanel detail() {
        return detail;
    }

    String statusText() {
        return statusLine.getText();
    }

    boolean loaderIdle() {
        return loader.idle();
    }
}
