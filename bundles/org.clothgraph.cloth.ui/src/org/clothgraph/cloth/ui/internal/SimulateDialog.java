package org.clothgraph.cloth.ui.internal;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.sim.SimulationSettings;
import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;

/**
 * Asks for a garment, the clips to play in order, a frame limit and the embedded solver: the first one (the default) or
 * the small-step one with its two counted repairs, each of which can be switched off, and its retries of frames that
 * end with the cloth through itself (as {@code clothgraph simulate --solver small-steps --speed-limit M/S
 * --untangle-speed M/S --tangle-retries N}); the settings are stored with the run.
 */
final class SimulateDialog extends Dialog {
    private final List<GarmentInfo> garments;
    private final List<ClipInfo> clips;
    private Combo garmentCombo;
    private Text clipText;
    private Spinner frames;
    private Combo solverCombo;
    private Spinner speedLimit;
    private Spinner untangleSpeed;
    private Spinner tangleRetries;
    private SimulationSettings settings;
    /** The small-step solver's entry in the solver list (the first entry, 0, is the first solver). */
    private static final int SMALL_STEPS = 1;
    private Label error;
    private GarmentInfo garment;
    private final List<String> chosen = new ArrayList<>();
    private int frameLimit;

    SimulateDialog(Shell parent, List<GarmentInfo> garments, List<ClipInfo> clips) {
        super(parent);
        this.garments = garments;
        this.clips = clips;
    }

    GarmentInfo garment() {
        return garment;
    }

    List<String> clips() {
        return chosen;
    }

    int frames() {
        return frameLimit;
    }

    /** The settings chosen (after OK). */
    SimulationSettings settings() {
        return settings;
    }

    /** Tests: the solver list, the speed limit and the untangling speed as a user sets them. */
    Combo solverCombo() {
        return solverCombo;
    }

    Spinner speedLimit() {
        return speedLimit;
    }

    Spinner untangleSpeed() {
        return untangleSpeed;
    }

    Spinner tangleRetries() {
        return tangleRetries;
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("Simulate");
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite c = (Composite) super.createDialogArea(parent);
        c.setLayout(new GridLayout(2, false));
        new Label(c, SWT.NONE).setText("Garment:");
        garmentCombo = new Combo(c, SWT.READ_ONLY);
        garments.forEach(g -> garmentCombo.add(g.name() + " (" + g.vertexCount() + " vertices)"));
        garmentCombo.select(0);
        new Label(c, SWT.NONE).setText("Clips, in order:");
        clipText = new Text(c, SWT.BORDER);
        clipText.setText(clips.isEmpty() ? "" : clips.get(0).name());
        clipText.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        Label hint = new Label(c, SWT.WRAP);
        hint.setText("Comma separated, from: " + String.join(", ", clips.stream().map(ClipInfo::name).toList()));
        GridData hd = new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1);
        hd.widthHint = 420;
        hint.setLayoutData(hd);
        new Label(c, SWT.NONE).setText("At most frames (0 = all):");
        frames = new Spinner(c, SWT.BORDER);
        frames.setValues(0, 0, 100_000, 0, 30, 300);
        new Label(c, SWT.NONE).setText("Solver:");
        solverCombo = new Combo(c, SWT.READ_ONLY);
        solverCombo.add("first embedded solver (default)");
        solverCombo.add("small-step solver");
        solverCombo.select(0);
        solverCombo.setToolTipText("The small-step solver is the rewritten one: skinned body, strain limit, edge"
                + " contacts (docs/SIMULATION.md); about 4x the CPU per frame");
        new Label(c, SWT.NONE).setText("Speed limit, m/s (0 = off):");
        speedLimit = new Spinner(c, SWT.BORDER);
        speedLimit.setValues((int) Math.round(SimulationSettings.SMALL_STEPS_SPEED_LIMIT * 10), 0, 10_000, 1, 10, 100);
        speedLimit.setToolTipText("Small-step solver: a counted repair that slows any vertex leaving a substep faster"
                + " than this");
        new Label(c, SWT.NONE).setText("Untangling, m/s (0 = off):");
        untangleSpeed = new Spinner(c, SWT.BORDER);
        untangleSpeed.setValues((int) Math.round(SimulationSettings.SMALL_STEPS_UNTANGLE_SPEED * 100), 0, 10_000, 2, 5,
                50);
        untangleSpeed.setToolTipText("Small-step solver: a counted repair that pulls apart cloth found passing through"
                + " itself, at most this fast");
        new Label(c, SWT.NONE).setText("Retries of a tangled frame (0 = none):");
        tangleRetries = new Spinner(c, SWT.BORDER);
        tangleRetries.setValues(SimulationSettings.SMALL_STEPS_TANGLE_RETRIES, 0, SimulationSettings.MAX_TANGLE_RETRIES,
                0, 1, 1);
        tangleRetries.setToolTipText("Small-step solver with untangling: a frame that starts clear of itself and ends"
                + " with the cloth through itself is simulated again with twice the substeps, at most this many times");
        solverCombo.addListener(SWT.Selection, e -> enableRepairs());
        enableRepairs();
        error = new Label(c, SWT.WRAP);
        error.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        clipText.addModifyListener(e -> validate());
        return c;
    }

    /** The value a spinner shows, with its decimals. */
    private static double value(Spinner s) {
        return s.getSelection() / Math.pow(10, s.getDigits());
    }

    private void enableRepairs() {
        boolean small = solverCombo.getSelectionIndex() == SMALL_STEPS;
        speedLimit.setEnabled(small);
        untangleSpeed.setEnabled(small);
        tangleRetries.setEnabled(small);
    }

    private void validate() {
        chosen.clear();
        String message = null;
        for (String name : clipText.getText().split(",")) {
            String n = name.strip();
            if (n.isEmpty()) {
                continue;
            }
            if (clips.stream().noneMatch(x -> x.name().equals(n))) {
                message = "No clip named '" + n + "'.";
            }
            chosen.add(n);
        }
        if (chosen.isEmpty()) {
            message = "Name at least one clip.";
        }
        error.setText(message == null ? "" : message);
        getButton(IDialogConstants.OK_ID).setEnabled(message == null && !garments.isEmpty());
    }

    @Override
    protected void okPressed() {
        validate();
        garment = garments.get(Math.max(0, garmentCombo.getSelectionIndex()));
        frameLimit = frames.getSelection();
        settings = solverCombo.getSelectionIndex() == SMALL_STEPS
                ? SimulationSettings.smallSteps()
                        .withSpeedLimit(value(speedLimit))
                        .withUntangleSpeed(value(untangleSpeed))
                        .withTangleRetries(tangleRetries.getSelection())
                : SimulationSettings.defaults();
        super.okPressed();
    }
}
