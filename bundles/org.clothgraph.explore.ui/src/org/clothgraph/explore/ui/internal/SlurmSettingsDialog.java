package org.clothgraph.explore.ui.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.clothgraph.explore.slurm.SlurmSettings;
import org.clothgraph.model.InvalidInputException;
import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;

/**
 * Edits the project's Slurm settings (the same ones {@code explore --partition ... --max-jobs ...} sets). A bad
 * value is named in one line under the fields and the dialog stays open.
 */
final class SlurmSettingsDialog extends Dialog {
    private SlurmSettings settings;
    private final Map<String, Text> fields = new LinkedHashMap<>();
    private Label problem;

    SlurmSettingsDialog(Shell parent, SlurmSettings settings) {
        super(parent);
        this.settings = settings;
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("Slurm settings of this project");
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        Composite grid = new Composite(area, SWT.NONE);
        grid.setLayout(new GridLayout(2, false));
        grid.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        field(grid, "Partition:", settings.partition(), "Empty: the cluster's default partition");
        field(grid, "Account:", settings.account(), "Empty: your default account");
        field(grid, "Time limit:", settings.timeLimit(), "Of one pilot job: minutes, HH:MM:SS or D-HH:MM; empty: the"
                + " partition's default");
        field(grid, "CPUs per task:", Integer.toString(settings.cpusPerTask()), "Units one pilot runs at once");
        field(grid, "Memory (MB):", Integer.toString(settings.memoryMb()), "Memory of one pilot job");
        field(grid, "Max jobs:", Integer.toString(settings.maxJobs()), "Pilot jobs in flight at most");
        field(grid, "Extra sbatch args:", settings.extraArgs(), "e.g. --qos=low --constraint=avx2");
        field(grid, "Product on nodes:", settings.productPath(), "The ClothGraph product folder on the nodes; empty:"
                + " this product's folder (on the shared file system)");
        field(grid, "Max attempts:", Integer.toString(settings.maxAttempts()), "Placements of a unit before it is"
                + " quarantined");
        field(grid, "Idle seconds:", Integer.toString(settings.idleSeconds()), "A pilot with nothing to do exits after"
                + " this long");
        problem = new Label(area, SWT.WRAP);
        problem.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        return area;
    }

    private void field(Composite grid, String label, String value, String tip) {
        new Label(grid, SWT.NONE).setText(label);
        Text t = new Text(grid, SWT.BORDER);
        t.setText(value);
        t.setToolTipText(tip);
        GridData d = new GridData(SWT.FILL, SWT.CENTER, true, false);
        d.widthHint = 320;
        t.setLayoutData(d);
        fields.put(label, t);
    }

    private String text(String label) {
        return fields.get(label).getText().trim();
    }

    private int number(String label, String field) {
        try {
            return Integer.parseInt(text(label));
        } catch (NumberFormatException e) {
            throw new InvalidInputException("slurm settings", field, "must be a whole number (was '" + text(label) + "')");
        }
    }

    @Override
    protected void okPressed() {
        try {
            settings = new SlurmSettings(text("Partition:"), text("Account:"), text("Time limit:"),
                    number("CPUs per task:", "cpusPerTask"), number("Memory (MB):", "memoryMb"),
                    number("Max jobs:", "maxJobs"), text("Extra sbatch args:"), text("Product on nodes:"),
                    number("Max attempts:", "maxAttempts"), number("Idle seconds:", "idleSeconds"));
        } catch (InvalidInputException e) {
            problem.setText(e.getMessage());
            problem.getParent().layout(true, true);
            return;
        }
        super.okPressed();
    }

    SlurmSettings settings() {
        return settings;
    }
}
