package org.clothgraph.motion.ui.internal;

import java.util.Locale;

import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;

/** Asks for the transition threshold and window of a primary graph rebuild, validating as the user types. */
final class RebuildDialog extends Dialog {
    private double threshold;
    private int window;
    private Text thresholdText;
    private Text windowText;
    private Label error;

    RebuildDialog(Shell parent, double threshold, int window) {
        super(parent);
        this.threshold = threshold;
        this.window = window;
    }

    double threshold() {
        return threshold;
    }

    int window() {
        return window;
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("Rebuild Primary Graph");
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite c = (Composite) super.createDialogArea(parent);
        c.setLayout(new GridLayout(2, false));
        new Label(c, SWT.NONE).setText("Transition threshold (m, RMS over the window):");
        thresholdText = new Text(c, SWT.BORDER);
        thresholdText.setText(String.format(Locale.ROOT, "%.3f", threshold));
        thresholdText.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        new Label(c, SWT.NONE).setText("Window (frames):");
        windowText = new Text(c, SWT.BORDER);
        windowText.setText(Integer.toString(window));
        windowText.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        error = new Label(c, SWT.WRAP);
        error.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        thresholdText.addModifyListener(e -> validate());
        windowText.addModifyListener(e -> validate());
        return c;
    }

    private void validate() {
        String message = null;
        try {
            threshold = Double.parseDouble(thresholdText.getText().trim());
            if (!(threshold > 0 && threshold <= 10)) {
                message = "The threshold must be in (0, 10] metres.";
            }
        } catch (NumberFormatException e) {
            message = "The threshold must be a number.";
        }
        try {
            window = Integer.parseInt(windowText.getText().trim());
            if (window < 2 || window > 120) {
                message = "The window must be 2 to 120 frames.";
            }
        } catch (NumberFormatException e) {
            message = "The window must be a whole number.";
        }
        error.setText(message == null ? "" : message);
        getButton(IDialogConstants.OK_ID).setEnabled(message == null);
    }
}
