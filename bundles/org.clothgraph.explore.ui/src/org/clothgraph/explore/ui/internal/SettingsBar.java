package org.clothgraph.explore.ui.internal;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.cloth.ui.internal.SimulatorPreferences;
import org.clothgraph.explore.ExplorationSettings;
import org.clothgraph.explore.slurm.ExplorationBackend;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.GarmentInfo;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;

/**
 * What the next run uses: the garment, the start clip (in whose first pose a new graph's initial drape is made;
 * fixed once the exploration has begun), the simulator (embedded, or the ARCSim executable set in the preferences),
 * the backend (threads here, or pilot jobs on Slurm with the project's Slurm settings, edited by "Slurm..."), the
 * worker count, the horizon, the merge window, the shortest branch, the round size and the focus (the whole queue, or
 * the dead ends on one clip first). A wrapping row: narrow views get two lines, never clipped fields. Disabled while a run is going; resume takes the values shown.
 */
final class SettingsBar {
    static final String WHOLE_QUEUE = "whole queue";
    private static final String[] SIMULATORS = { SimulatorPreferences.EMBEDDED, SimulatorPreferences.ARCSIM_KIND };
    private final Composite bar;
    private final Combo garment;
    private final Combo startClip;
    /** The stored start clip ("": the first clip), and whether the exploration has begun (the choice is then fixed). */
    private String storedStart = "";
    private boolean begun = true;
    private boolean enabled = true;
    private final Combo simulator;
    private final NumberField workers;
    private final NumberField horizon;
    private final NumberField mergeWindow;
    private final NumberField minBranch;
    private final NumberField round;
    private final Combo backend;
    private final Button slurmSettings;
    private final Combo focus;
    private final List<GarmentInfo> garments = new ArrayList<>();
    private final List<ClipInfo> clips = new ArrayList<>();

    SettingsBar(Composite parent) {
        bar = new Composite(parent, SWT.NONE);
        RowLayout layout = new RowLayout(SWT.HORIZONTAL);
        layout.wrap = true;
        layout.center = true;
        layout.spacing = 12;
        layout.marginTop = 2;
        layout.marginBottom = 2;
        bar.setLayout(layout);
        garment = new Combo(field("Garment:"), SWT.READ_ONLY);
        startClip = new Combo(field("Start clip:"), SWT.READ_ONLY);
        startClip.setToolTipText("The clip in whose first pose the initial drape is made; fixed once the exploration"
                + " has begun");
        startClip.setEnabled(false);
        simulator = new Combo(field("Simulator:"), SWT.READ_ONLY);
        simulator.setItems("embedded", "ARCSim");
        simulator.setToolTipText("ARCSim runs the executable set in Window > Preferences > ClothGraph Simulator");
        simulator.select(SimulatorPreferences.ARCSIM_KIND.equals(SimulatorPreferences.kind()) ? 1 : 0);
        workers = new NumberField(field("Workers:"), 0, 256, "Parallel simulations; 0 = one per core");
        horizon = new NumberField(field("Horizon (frames):"), 1, 10_000,
                "Longest branch one expansion simulates; a branch also ends at the next branching pose");
        mergeWindow = new NumberField(field("Merge window:"), 1, 10_000,
                "A branch ends at the state of least merge error among its last this many states (never in its first"
                        + " half); 1 = its last state");
        minBranch = new NumberField(field("Min. branch:"), 0, 10_000,
                "A branch that reaches a branching pose after fewer frames goes on along each of its edges (while the path"
                        + " is shorter than the horizon); 0 = every branch ends at the first branching pose");
        round = new NumberField(field("Round size:"), 1, 1024,
                "Worst dead ends expanded per round (independent of the workers)");
        backend = new Combo(field("Backend:"), SWT.READ_ONLY);
        backend.setItems("local", "Slurm");
        backend.select(0);
        backend.setToolTipText("local: simulations in threads of this workbench; Slurm: pilot jobs on the cluster"
                + " (the project folder must be on the file system the nodes share)");
        focus = new Combo(field("Focus:"), SWT.READ_ONLY);
        focus.setItems(WHOLE_QUEUE);
        focus.select(0);
        focus.setToolTipText("Expand first the worst dead ends on this clip (a dressing clip just added), then the whole"
                + " queue again when none is left there");
        slurmSettings = new Button(bar, SWT.PUSH);
        slurmSettings.setText("Slurm...");
        slurmSettings.setToolTipText("Partition, account, time limit, CPUs, memory, jobs, sbatch arguments, product"
                + " path on the nodes");
        show(ExplorationSettings.defaults());
    }

    /** Runs when the backend choice or the Slurm button is used (UI thread). */
    void onBackend(Runnable changed, Runnable editSlurm) {
        backend.addListener(SWT.Selection, e -> changed.run());
        slurmSettings.addListener(SWT.Selection, e -> editSlurm.run());
    }

    ExplorationBackend backend() {
        return backend.getSelectionIndex() == 1 ? ExplorationBackend.SLURM : ExplorationBackend.LOCAL;
    }

    void showBackend(ExplorationBackend b) {
        backend.select(b == ExplorationBackend.SLURM ? 1 : 0);
    }

    /** For tests: chooses a backend as a person does (the view stores it). */
    void chooseBackend(ExplorationBackend b) {
        showBackend(b);
        backend.notifyListeners(SWT.Selection, new Event());
    }

    Control control() {
        return bar;
    }

    private Composite field(String label) {
        Composite c = new Composite(bar, SWT.NONE);
        GridLayout layout = new GridLayout(2, false);
        layout.marginWidth = 0;
        layout.marginHeight = 0;
        c.setLayout(layout);
        new Label(c, SWT.NONE).setText(label);
        return c;
    }

    /** Shows stored settings. */
    void show(ExplorationSettings s) {
        workers.set(s.workers());
        horizon.set(s.horizonFrames());
        mergeWindow.set(s.mergeWindow());
        minBranch.set(s.minBranchFrames());
        round.set(s.roundSize());
    }

    /** Lists the project's garments, keeping the chosen one, else choosing the hooded robe. */
    void setGarments(List<GarmentInfo> list) {
        if (list.stream().map(g -> g.id() + ":" + g.name()).toList()
                .equals(garments.stream().map(g -> g.id() + ":" + g.name()).toList())) {
            return; // every refresh passes the list: relaying out the bar each time costs the UI thread
        }
        String chosen = garment.getSelectionIndex() >= 0 ? garments.get(garment.getSelectionIndex()).name()
                : ProjectGarments.ROBE;
        garments.clear();
        garments.addAll(list);
        garment.removeAll();
        int select = 0;
        for (int i = 0; i < list.size(); i++) {
            garment.add(list.get(i).name());
            if (list.get(i).name().equals(chosen)) {
                select = i;
            }
        }
        if (!list.isEmpty()) {
            garment.select(select);
        }
        bar.getParent().layout(true, true);
    }

    /** Lists the project's clips as focus choices, keeping the chosen one (else the whole queue). */
    void setClips(List<ClipInfo> list) {
        if (list.stream().map(c -> c.id() + ":" + c.name()).toList()
                .equals(clips.stream().map(c -> c.id() + ":" + c.name()).toList())) {
            return;
        }
        String chosen = focus.getText();
        clips.clear();
        clips.addAll(list);
        focus.removeAll();
        focus.add(WHOLE_QUEUE);
        int select = 0;
        for (int i = 0; i < list.size(); i++) {
            focus.add(list.get(i).name());
            if (list.get(i).name().equals(chosen)) {
                select = i + 1;
            }
        }
        focus.select(select);
        startClip.removeAll();
        for (ClipInfo c : list) {
            if (!c.excluded()) {
                startClip.add(c.name());
            }
        }
        selectStart();
        bar.getParent().layout(true, true);
    }

    /** Shows the start clip the loader named (the first clip when it names none of the choices). */
    private void selectStart() {
        if (startClip.getItemCount() > 0) {
            startClip.select(Math.max(0, startClip.indexOf(storedStart)));
        }
    }

    /**
     * Whether the exploration has begun, and its start clip (stored, or the default {@code Explorer.startClip} gives):
     * shown, and once begun it cannot be changed.
     */
    void setBegun(boolean b, String start) {
        storedStart = start;
        selectStart();
        if (b != begun) {
            begun = b;
            startClip.setEnabled(enabled && !begun);
        }
    }

    /** The start clips offered (the clips not excluded), as shown. */
    String[] startClipChoices() {
        return startClip.getItems();
    }

    /** For tests: chooses the start clip by name as a person does. */
    void chooseStartClip(String clip) {
        int i = startClip.indexOf(clip);
        if (i < 0 || !startClip.isEnabled()) {
            throw new IllegalArgumentException("no start clip " + clip + " to choose in " + List.of(startClip.getItems())
                    + (startClip.isEnabled() ? "" : " (the choice is fixed)"));
        }
        startClip.select(i);
    }

    boolean startClipEditable() {
        return startClip.isEnabled();
    }

    String startClipShown() {
        return startClip.getText();
    }

    /** Back to the whole queue (another project: its clips are other clips, whatever their names). */
    void clearFocus() {
        clips.clear();
        focus.setItems(WHOLE_QUEUE);
        focus.select(0);
    }

    /** The clip ids the next run focuses on: empty for the whole queue. */
    List<Long> focus() {
        int i = focus.getSelectionIndex();
        return i <= 0 ? List.of() : List.of(clips.get(i - 1).id());
    }

    /** The focus choices as shown: the whole queue, then the clips. */
    String[] focusChoices() {
        return focus.getItems();
    }

    /** For tests: chooses the focus clip by name as a person does. */
    void chooseFocus(String clip) {
        int i = focus.indexOf(clip);
        if (i < 0) {
            throw new IllegalArgumentException("no focus choice " + clip + " in " + List.of(focus.getItems()));
        }
        focus.select(i);
    }

    /** The chosen garment, or null when the project has none. */
    GarmentInfo garment() {
        int i = garment.getSelectionIndex();
        return i < 0 ? null : garments.get(i);
    }

    String simulatorKind() {
        return SIMULATORS[Math.max(0, simulator.getSelectionIndex())];
    }

    /** The stored settings with the values shown here. */
    ExplorationSettings applyTo(ExplorationSettings stored) {
        ExplorationSettings s = stored.withWorkers(workers.value()).withHorizon(horizon.value())
                .withMergeWindow(mergeWindow.value()).withMinBranchFrames(minBranch.value())
                .withRoundSize(round.value());
        // a begun exploration keeps its start clip whatever is shown
        return begun || startClip.getSelectionIndex() < 0 ? s : s.withStartClip(startClip.getText());
    }

    void setWorkers(int k) {
        workers.set(k);
    }

    void setEnabled(boolean enabled) {
        this.enabled = enabled;
        startClip.setEnabled(enabled && !begun);
        for (Control c : new Control[] { garment, simulator, workers.control(), horizon.control(),
                mergeWindow.control(), minBranch.control(), round.control(),
                focus, backend, slurmSettings }) {
            c.setEnabled(enabled);
        }
    }
}
