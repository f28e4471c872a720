package org.clothgraph.cloth.ui.internal;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.GarmentInfo;
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

/** Asks for a garment, the clips to play in order and a frame limit. */
final class SimulateDialog extends Dialog {
    private final List<GarmentInfo> garments;
    private final List<ClipInfo> clips;
    private Combo garmentCombo;
    private Text clipText;
    private Spinner frames;
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
        error = new Label(c, SWT.WRAP);
        error.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        clipText.addModifyListener(e -> validate());
        return c;
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
        super.okPressed();
    }
}
