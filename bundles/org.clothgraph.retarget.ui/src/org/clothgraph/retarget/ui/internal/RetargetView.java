package org.clothgraph.retarget.ui.internal;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.clothgraph.model.Aspect;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.JobSnapshot;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.motion.Motion;
import org.clothgraph.retarget.CanonicalSkeleton;
import org.clothgraph.retarget.LatentRetargeting;
import org.clothgraph.retarget.ProjectRetargeting;
import org.clothgraph.retarget.RetargetComparison;
import org.clothgraph.retarget.RetargetMeasures;
import org.clothgraph.retarget.RetargetModel;
import org.clothgraph.retarget.RetargetReport;
import org.clothgraph.retarget.RetargetSettings;
import org.clothgraph.retarget.ui.RetargetUi;
import org.clothgraph.ui.BackgroundLoad;
import org.clothgraph.ui.ProjectTracker;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.ProgressMonitorWrapper;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.ProgressBar;
import org.eclipse.swt.widgets.Scale;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.part.ViewPart;

/**
 * The Retarget view: a clip of the performer the project's retargeting model was trained on and a target skeleton are
 * chosen; Retarget runs the learned retargeting beside the copy-rotation baseline as a job (progress here and in the
 * Progress view, cancellable with Cancel); the source on the performer, the copy and the learned result are drawn side
 * by side at one frame (scrubbed or played), with the measures of each (ground penetration, foot slide, joint-angle
 * deviation from the source, jitter) and the latent optimisation's loss terms.
 */
public final class RetargetView extends ViewPart {
    static final String[] COLUMNS = {"Method", "Skeleton", "Penetration max (mm)", "Penetration mean (mm)",
        "Foot slide (mm)", "Angle deviation (deg)", "Jitter (mm)"};
    private static final RGB SOURCE = new RGB(60, 60, 60), COPY = new RGB(200, 110, 0), LEARNED = new RGB(0, 70, 170);

    private ProjectTracker tracker;
    private BackgroundLoad<Project, Loaded> loads;
    private Combo clips;
    private Combo targets;
    private Button run;
    private Button cancel;
    private ProgressBar progress;
    private Label status;
    private SkeletonsCanvas skeletons;
    private Button play;
    private Scale scrub;
    private Table table;
    private Label losses;
    private Loaded loaded;
    private RetargetComparison result;
    private OperationJob<RetargetComparison> job;
    private Button firstBuild;
    /** Settings set by {@link #setSettings} (null: the default, or the first build's when its box is ticked). */
    private RetargetSettings settings;
    private boolean playing;
    private final Runnable tick = this::advance;

    /** The project's model and the performer's clips it was trained on. */
    record Loaded(RetargetModel model, List<Motion> clips) {
    }

    @Override
    public void createPartControl(Composite parent) {
        Composite root = new Composite(parent, SWT.NONE);
        root.setLayout(new GridLayout(1, false));

        Composite bar = new Composite(root, SWT.NONE);
        bar.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        GridLayout bl = new GridLayout(9, false);
        bl.marginWidth = 0;
        bl.marginHeight = 0;
        bar.setLayout(bl);
        new Label(bar, SWT.NONE).setText("Clip:");
        clips = new Combo(bar, SWT.READ_ONLY);
        GridData cd = new GridData(SWT.LEFT, SWT.CENTER, false, false);
        cd.widthHint = 200;
        clips.setLayoutData(cd);
        new Label(bar, SWT.NONE).setText("Target:");
        targets = new Combo(bar, SWT.READ_ONLY);
        for (String t : CanonicalSkeleton.targets().keySet()) targets.add(t);
        targets.select(0);
        GridData td = new GridData(SWT.LEFT, SWT.CENTER, false, false);
        td.widthHint = 130;
        targets.setLayoutData(td);
        firstBuild = new Button(bar, SWT.CHECK);
        firstBuild.setText("First build");
        firstBuild.setToolTipText("The first build's latent optimisation (RetargetSettings.FIRST_BUILD: key offsets, windows"
                + " that do not overlap, no smoothness term), for comparison: its windows' seams jitter (docs/RETARGETING.md)");
        run = new Button(bar, SWT.PUSH);
        run.setText("Retarget");
        run.addListener(SWT.Selection, e -> retarget());
        cancel = new Button(bar, SWT.PUSH);
        cancel.setText("Cancel");
        cancel.setEnabled(false);
        cancel.addListener(SWT.Selection, e -> cancel());
        progress = new ProgressBar(bar, SWT.HORIZONTAL | SWT.SMOOTH);
        GridData pd = new GridData(SWT.LEFT, SWT.CENTER, false, false);
        pd.widthHint = 160;
        progress.setLayoutData(pd);
        status = new Label(bar, SWT.NONE);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));

        skeletons = new SkeletonsCanvas(root);
        skeletons.control().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));

        Composite frames = new Composite(root, SWT.NONE);
        frames.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        GridLayout fl = new GridLayout(2, false);
        fl.marginWidth = 0;
        fl.marginHeight = 0;
        frames.setLayout(fl);
        play = new Button(frames, SWT.PUSH);
        play.setText("Play");
        play.addListener(SWT.Selection, e -> {
            if (playing) stop(); else play();
        });
        scrub = new Scale(frames, SWT.HORIZONTAL);
        scrub.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        scrub.addListener(SWT.Selection, e -> skeletons.setFrame(scrub.getSelection()));

        table = new Table(root, SWT.BORDER | SWT.FULL_SELECTION | SWT.SINGLE);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        for (String c : COLUMNS) {
            TableColumn col = new TableColumn(table, c.equals("Method") || c.equals("Skeleton") ? SWT.LEFT : SWT.RIGHT);
            col.setText(c);
        }
        GridData tg = new GridData(SWT.FILL, SWT.TOP, true, false);
        tg.heightHint = table.getHeaderHeight() + 4 * table.getItemHeight() + 6;
        table.setLayoutData(tg);
        losses = new Label(root, SWT.WRAP);
        GridData lg = new GridData(SWT.FILL, SWT.TOP, true, false);
        lg.widthHint = 400;
        losses.setLayoutData(lg);
        packColumns();
        enableControls();

        loads = new BackgroundLoad<>(root, "Reading the retargeting model and the performer's clips", this::load, this::show,
                (p, e) -> showMessage(e.getMessage()));
        tracker = new ProjectTracker(getViewSite(), root, EnumSet.of(Aspect.SETTINGS),
                (project, changed, switched) -> reload(project));
        root.addDisposeListener(e -> {
            stop();
            if (job != null) job.cancel();
        });
        tracker.flush();
    }

    private void reload(Project project) {
        loaded = null;
        clips.removeAll();
        enableControls();
        if (project == null) {
            showMessage("Open a project to retarget its performer's motion.");
            return;
        }
        skeletons.setEmptyText("Reading the retargeting model...");
        loads.request(project);
    }

    private Loaded load(Project project) {
        if (project == null) return null;
        RetargetModel model = ProjectRetargeting.load(project);
        return new Loaded(model, RetargetComparison.performerClips(model, null));
    }

    private void show(Project project, Loaded l) {
        loaded = l;
        clips.removeAll();
        if (l != null) {
            // the held-out clips first: those are the ones the measures are about
            List<Motion> ordered = new ArrayList<>(l.clips());
            ordered.sort((a, b) -> Boolean.compare(!heldOut(a), !heldOut(b)));
            for (Motion m : ordered) {
                clips.add(m.name() + (heldOut(m) ? " (held out)" : " (trained on)"));
                clips.setData(Integer.toString(clips.getItemCount() - 1), m);
            }
            clips.select(0);
            skeletons.setEmptyText("Choose a clip and a target, then Retarget.");
            status.setText(String.format(Locale.ROOT, "Model: %d steps, held-out reconstruction %.1f deg, seed %d",
                    l.model().record().stepsMade(), l.model().record().heldOutAngleDeg(), l.model().record().settings().seed()));
        }
        enableControls();
    }

    private boolean heldOut(Motion m) {
        return loaded != null && loaded.model().record().heldOutClips().contains(m.name());
    }

    private void showMessage(String text) {
        if (skeletons.control().isDisposed()) return;
        skeletons.setPanels(List.of());
        skeletons.setEmptyText(text);
        status.setText("");
        enableControls();
    }

    private void enableControls() {
        boolean busy = job != null;
        run.setEnabled(loaded != null && !busy);
        clips.setEnabled(loaded != null && !busy);
        targets.setEnabled(!busy);
        cancel.setEnabled(busy);
        play.setEnabled(result != null);
        scrub.setEnabled(result != null);
    }

    /** Chooses a clip (by name) and a target (UI thread); false when the clip is not offered. */
    boolean choose(String clip, String target) {
        for (int i = 0; i < clips.getItemCount(); i++) {
            Motion m = (Motion) clips.getData(Integer.toString(i));
            if (m.name().equals(clip)) {
                clips.select(i);
                targets.select(targets.indexOf(target));
                return targets.getSelectionIndex() >= 0;
            }
        }
        return false;
    }

    /** The latent optimisation's settings the view runs with, whatever the First build box says. */
    void setSettings(RetargetSettings s) {
        settings = s;
    }

    /** Retargets the chosen clip onto the chosen target in a job (null: nothing chosen or a job runs already). */
    OperationJob<RetargetComparison> retarget() {
        if (loaded == null || job != null || clips.getSelectionIndex() < 0) return null;
        Motion clip = (Motion) clips.getData(Integer.toString(clips.getSelectionIndex()));
        String target = targets.getText();
        RetargetModel model = loaded.model();
        RetargetSettings s = settings != null ? settings
                : firstBuild.getSelection() ? RetargetSettings.FIRST_BUILD : RetargetSettings.DEFAULT;
        Display display = skeletons.control().getDisplay();
        OperationJob<RetargetComparison> j = new OperationJob<>("Retargeting " + clip.name() + " onto " + target,
                RetargetUi.FAMILY, monitor -> RetargetComparison.run(model, clip, target, s, new ViewProgress(monitor, display)));
        j.addJobChangeListener(new JobChangeAdapter() {
            @Override
            public void done(IJobChangeEvent event) {
                if (display.isDisposed()) return;
                display.asyncExec(() -> finished(j));
            }
        });
        job = j;
        stop();
        progress.setSelection(0);
        status.setText("Retargeting " + clip.name() + " onto " + target + "...");
        enableControls();
        j.schedule();
        return j;
    }

    /** Cancels the running job (its monitor stops the latent optimisation at the next iteration). */
    void cancel() {
        if (job != null) job.cancel();
    }

    private void finished(OperationJob<RetargetComparison> j) {
        if (skeletons.control().isDisposed() || j != job) return;
        job = null;
        JobSnapshot<RetargetComparison> s = j.snapshot();
        switch (s.state()) {
            case COMPLETED -> {
                showResult(s.result());
                status.setText(String.format(Locale.ROOT, "Retargeted in %.1f s", s.result().optimisation().seconds()));
            }
            case CANCELLED -> status.setText("Cancelled.");
            default -> status.setText("Failed: " + s.message());
        }
        progress.setSelection(0);
        enableControls();
        status.getParent().layout();
    }

    private void showResult(RetargetComparison r) {
        result = r;
        skeletons.setPanels(List.of(
                new SkeletonsCanvas.Panel("Source: " + r.clip() + " on the performer", r.source(), SOURCE),
                new SkeletonsCanvas.Panel("Copy rotations onto " + r.target(), r.copy(), COPY),
                new SkeletonsCanvas.Panel("Learned onto " + r.target(), r.learned(), LEARNED)));
        scrub.setMinimum(0);
        scrub.setMaximum(Math.max(1, r.source().frameCount() - 1));
        scrub.setPageIncrement(Math.max(1, (int) Math.round(r.source().fps())));
        scrub.setSelection(0);
        skeletons.setFrame(0);
        table.removeAll();
        for (Map.Entry<String, RetargetMeasures> e : r.measures().entrySet()) {
            String method = e.getKey();
            RetargetMeasures m = e.getValue();
            TableItem it = new TableItem(table, SWT.NONE);
            it.setText(new String[] {switch (method) {
                case "source" -> "source";
                case "copy" -> "copy rotations";
                case RetargetReport.BEFORE_STAGE -> "learned, before the foot-contact stage";
                default -> r.settings().contactStage() ? "learned (with the foot-contact stage)" : "learned";
            }, method.equals("source") ? "performer" : r.target(), f1(m.penetrationMaxMm()), f2(m.penetrationMeanMm()),
                f1(m.footSlideMm()), f2(m.angleDeviationDeg()), f2(m.jitterMm())});
        }
        packColumns();
        LatentRetargeting.Result o = r.optimisation();
        RetargetSettings st = r.settings();
        losses.setText(String.format(Locale.ROOT, "%s %s. Latent optimisation: %d windows, %d iterations; angle loss %.5f"
                + " -> %.5f, contact loss %.5f -> %.5f%s (weights: angle %s, contact %s%s; threshold %s).%s Measures by the"
                + " motions' own forward kinematics at %.0f fps.", r.clip(), r.heldOut() ? "is held out of training"
                        : "was trained on", o.windows(), o.iterations(), o.angleLossStart(), o.angleLoss(), o.footLossStart(),
                o.footLoss(), smoothText(o), g(st.lambdaAngle()), g(st.lambdaFoot()), smoothWeight(st), g(st.threshold()),
                st.contactStage() ? " Then the foot-contact stage: feet held still in their contact frames by the legs' IK,"
                        + " corrections eased over " + st.contactEase() + " frames." : " No foot-contact stage.",
                r.source().fps()));
        losses.getParent().layout();
    }

    /** The smoothness term's start and end (computed only when it is weighed). */
    private static String smoothText(LatentRetargeting.Result o) {
        if (Double.isNaN(o.smoothLoss())) return "";
        return String.format(Locale.ROOT, ", smoothness loss %.2e -> %.2e", o.smoothLossStart(), o.smoothLoss());
    }

    private static String smoothWeight(RetargetSettings s) {
        return (s.lambdaSmooth() > 0 ? ", smoothness " + g(s.lambdaSmooth()) + " per mm^2" : "") + "; "
                + (s.codePath() == RetargetSettings.CodePath.SPLINE ? "codes a cubic B-spline with knots" : "code offsets at keys")
                + " every " + s.keySpacing() + " frame" + (s.keySpacing() == 1 ? "" : "s");
    }

    private void packColumns() {
        GC gc = new GC(table);
        try {
            for (int c = 0; c < COLUMNS.length; c++) {
                int w = gc.textExtent(COLUMNS[c]).x;
                for (TableItem it : table.getItems()) w = Math.max(w, gc.textExtent(it.getText(c)).x);
                table.getColumn(c).setWidth(w + 28);
            }
        } finally {
            gc.dispose();
        }
    }

    private void play() {
        if (result == null) return;
        if (scrub.getSelection() >= scrub.getMaximum()) scrub.setSelection(0);
        playing = true;
        play.setText("Stop");
        skeletons.control().getDisplay().timerExec(frameMillis(), tick);
    }

    private void stop() {
        playing = false;
        if (!play.isDisposed()) play.setText("Play");
        if (!skeletons.control().isDisposed()) skeletons.control().getDisplay().timerExec(-1, tick);
    }

    private int frameMillis() {
        return (int) Math.round(1000 / result.source().fps());
    }

    private void advance() {
        if (!playing || scrub.isDisposed() || result == null) return;
        int f = scrub.getSelection() + 1;
        if (f > scrub.getMaximum()) {
            stop();
            return;
        }
        scrub.setSelection(f);
        skeletons.setFrame(f);
        if (skeletons.control().isVisible()) skeletons.control().getDisplay().timerExec(frameMillis(), tick);
        else stop();
    }

    /** Shows frame f of the result (as scrubbing does). */
    void showFrame(int f) {
        scrub.setSelection(f);
        skeletons.setFrame(scrub.getSelection());
    }

    RetargetComparison result() {
        return result;
    }

    Loaded loaded() {
        return loaded;
    }

    boolean busy() {
        return job != null;
    }

    String statusText() {
        return status.getText();
    }

    String lossesText() {
        return losses.getText();
    }

    Table table() {
        return table;
    }

    SkeletonsCanvas skeletons() {
        return skeletons;
    }

    int progressSelection() {
        return progress.getSelection();
    }

    Composite root() {
        return table.getParent();
    }

    private static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String f2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String g(double v) {
        return String.format(Locale.ROOT, "%g", v).replaceAll("\\.?0+(e|$)", "$1");
    }

    @Override
    public void setFocus() {
        run.setFocus();
    }

    /** Forwards to the job's monitor and shows the progress in the view's bar (coalesced on the UI thread). */
    private final class ViewProgress extends ProgressMonitorWrapper {
        private final Display display;
        private final AtomicBoolean queued = new AtomicBoolean();
        private volatile double total = 1;
        private volatile double done;
        private volatile String task = "";

        ViewProgress(IProgressMonitor monitor, Display display) {
            super(monitor);
            this.display = display;
        }

        @Override
        public void beginTask(String name, int totalWork) {
            super.beginTask(name, totalWork);
            total = Math.max(1, totalWork);
            task = name;
            post();
        }

        @Override
        public void internalWorked(double work) {
            super.internalWorked(work);
            done += work;
            post();
        }

        @Override
        public void worked(int work) {
            internalWorked(work);
        }

        @Override
        public void subTask(String name) {
            super.subTask(name);
            task = name;
            post();
        }

        private void post() {
            if (display.isDisposed() || !queued.compareAndSet(false, true)) return;
            display.asyncExec(() -> {
                queued.set(false);
                if (progress.isDisposed() || job == null) return;
                progress.setSelection((int) Math.round(100 * Math.min(1, done / total)));
                if (task != null && !task.isEmpty()) status.setText(task);
            });
        }
    }
}
