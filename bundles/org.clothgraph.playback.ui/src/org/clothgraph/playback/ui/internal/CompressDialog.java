package org.clothgraph.playback.ui.internal;

import java.util.List;
import java.util.Locale;

import org.clothgraph.compress.Compressor;
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

/** Asks how to compress an explored garment (as `clothgraph compress` does): garment, basis size, tolerance. */
final class CompressDialog extends Dialog {
    private final List<String> garments;
    private Combo garment;
    private Spinner basis;
    private Text tolerance;
    private Label problem;
    private Compressor.Options options;

    CompressDialog(Shell parent, List<String> garments) {
        super(parent);
        this.garments = garments;
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("Compress the Secondary Graph");
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        ((GridLayout) area.getLayout()).numColumns = 2;
        Compressor.Options defaults = Compressor.Options.defaults();
        new Label(area, SWT.NONE).setText("Garment:");
        garment = new Combo(area, SWT.READ_ONLY);
        garments.forEach(garment::add);
        garment.select(0);
        garment.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        new Label(area, SWT.NONE).setText("Basis vectors:");
        basis = new Spinner(area, SWT.BORDER);
        basis.setValues(defaults.basis(), 1, 5000, 0, 10, 50);
        new Label(area, SWT.NONE).setText("Quantisation tolerance (mm, or 'paper'):");
        tolerance = new Text(area, SWT.BORDER);
        tolerance.setText(String.format(Locale.ROOT, "%s", defaults.toleranceMm()));
        tolerance.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        tolerance.addListener(SWT.Modify, e -> validate());
        problem = new Label(area, SWT.WRAP);
        GridData pd = new GridData(SWT.FILL, SWT.TOP, true, false, 2, 1);
        pd.widthHint = 380;
        problem.setLayoutData(pd);
        problem.setText("Out-of-core SVD over the frame store, quantised basis and coefficients; every frame is"
                + " decoded to measure the error. Runs in the background (Progress view, cancellable).");
        return area;
    }

    private Double toleranceMm() {
        try {
            double mm = Double.parseDouble(tolerance.getText().strip());
            return mm > 0 && mm <= 1000 ? mm : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private boolean fromPaper() {
        return tolerance.getText().strip().equalsIgnoreCase("paper");
    }

    private void validate() {
        boolean ok = fromPaper() || toleranceMm() != null;
        getButton(IDialogConstants.OK_ID).setEnabled(ok);
        if (!ok) {
            problem.setText("The tolerance is a number of millimetres above 0, or 'paper' (the paper's scheme's own"
                    + " quantisation error on the same data).");
        }
    }

    @Override
    protected void okPressed() {
        Compressor.Options chosen = Compressor.Options.defaults().withGarment(garment.getText())
                .withBasis(basis.getSelection());
        options = fromPaper() ? chosen.withToleranceFromPaper() : chosen.withTolerance(toleranceMm());
        super.okPressed();
    }

    /** The options chosen (null until OK). */
    Compressor.Options options() {
        return options;
    }
}
