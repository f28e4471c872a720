package org.clothgraph.explore.ui.internal;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.cloth.ui.internal.SimulatorPreferences;
import org.clothgraph.explore.ExplorationSettings;
import org.clothgraph.model.GarmentInfo;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;

/**
 * What the next run uses: the garment, the simulator (embedded, or the ARCSim executable set in the preferences),
 * the worker count, the horizon and the round size. A wrapping row: narrow views get two lines, never clipped
 * fields. Disabled while a run is going; resume takes the values shown.
 */
final class SettingsBar {
    private static final String[] SIMULATORS = { SimulatorPreferences.EMBEDDED, SimulatorPreferences.ARCSIM_KIND };
    private final Composite bar;
    private final Combo garment;
    private final Combo simulator;
    private final Spinner workers;
    private final Spinner horizon;
    private final Spinner round;
    private final List<GarmentInfo> garments = new ArrayList<>();

    SettingsBar(Composite parent) {
        bar = new Composite(parent, SWT.NONE);
        RowLayout layout = new RowLayout(SWT.HORIZONTAL);
        layout.wrap = true;
        layout.center = true;
        layout.spacing = 14;
        layout.marginTop = 2;
        layout.marginBottom = 2;
        bar.setLayout(layout);
        garment = new Combo(field("Garment:"), SWT.READ_ONLY);
        simulator = new Combo(field("Simulator:"), SWT.READ_ONLY);
        simulator.setItems("embedded (XPBD)", "ARCSim");
        simulator.setToolTipText("ARCSim runs the executable set in Window > Preferences > ClothGraph Simulator");
        simulator.select(SimulatorPreferences.ARCSIM_KIND.equals(SimulatorPreferences.kind()) ? 1 : 0);
        workers = spinner(field("Workers:"), 0, 256, "Parallel simulations; 0 = one per core");
        horizon = spinner(field("Horizon (frames):"), 1, 10_000,
                "Longest branch one expansion simulates; a branch also ends at the next branching pose");
        round = spinner(field("Round size:"), 1, 1024, "Worst dead ends expanded per round (independent of workers)");
        show(ExplorationSettings.defaults());
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

    private static Spinner spinner(Composite parent, int min, int max, String tip) {
        Spinner s = new Spinner(parent, SWT.BORDER);
        s.setValues(min, min, max, 0, 1, 10);
        s.setToolTipText(tip);
        return s;
    }

    /** Shows stored settings. */
    void show(ExplorationSettings s) {
        workers.setSelection(s.workers());
        horizon.setSelection(s.horizonFrames());
        round.setSelection(s.roundSize());
    }

    /** Lists the project's garments, keeping the chosen one, else choosing the hooded robe. */
    void setGarments(List<GarmentInfo> list) {
        String chosen = garment.getSelectionIndex() >= 0 ? garments.get(garment.getSelectionIndex()).name()
                : ProjectGarments.ROBE;
        garments.clear();
        garments.addAll(list);
        garment.removeAll();
        int select = 0;
        for (int i = 0; i < list.size(); i++) {
            garment.add(list.get(i).name() + " (" + list.get(i).vertexCount() + " vertices)");
            if (list.get(i).name().equals(chosen)) {
                select = i;
            }
        }
        if (!list.isEmpty()) {
            garment.select(select);
        }
        bar.getParent().layout(true, true);
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
        return stored.withWorkers(workers.getSelection()).withHorizon(horizon.getSelection())
                .withRoundSize(round.getSelection());
    }

    void setWorkers(int k) {
        workers.setSelection(k);
    }

    void setEnabled(boolean enabled) {
        for (Control c : new Control[] { garment, simulator, workers, horizon, round }) {
            c.setEnabled(enabled);
        }
    }
}
