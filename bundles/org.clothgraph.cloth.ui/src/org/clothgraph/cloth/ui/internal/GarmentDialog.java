package org.clothgraph.cloth.ui.internal;

import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import org.clothgraph.cloth.GarmentPlacement;
import org.clothgraph.cloth.PlaceGarmentOperation;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.cloth.RemoveGarmentOperation;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.operations.ProjectOperation;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.ui.PlatformUI;

/**
 * The project's garments from the Cloth Preview: an imported garment's placement on the character (how it was fitted,
 * its seams, and the offset, scale and yaw the user sets on top of the fit) and Remove Garment; both are undoable
 * operations in the workbench's history ({@code garment place|remove} run the same ones).
 */
final class GarmentDialog extends Dialog {
    static final int APPLY_ID = IDialogConstants.CLIENT_ID + 1;
    static final int REMOVE_ID = IDialogConstants.CLIENT_ID + 2;
    private final Project project;
    private Combo garments;
    private Label info;
    private Label message;
    private final Spinner[] offset = new Spinner[3];
    private Spinner scale;
    private Spinner yaw;
    private List<GarmentInfo> shown = List.of();
    private Consumer<String> preview = name -> {
    };

    GarmentDialog(Shell parent, Project project) {
        super(parent);
        this.project = project;
    }

    /** Where the selected garment is shown as placed (by name), whenever it is selected or placed again. */
    GarmentDialog previewingIn(Consumer<String> show) {
        this.preview = show;
        return this;
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("Garments");
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite c = (Composite) super.createDialogArea(parent);
        c.setLayout(new GridLayout(2, false));
        new Label(c, SWT.NONE).setText("Garment:");
        garments = new Combo(c, SWT.READ_ONLY);
        garments.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        info = new Label(c, SWT.WRAP);
        GridData id = new GridData(SWT.FILL, SWT.TOP, true, false, 2, 1);
        id.widthHint = 520;
        info.setLayoutData(id);
        Group g = new Group(c, SWT.NONE);
        g.setText("Placement on top of the fit");
        g.setLayout(new GridLayout(4, false));
        g.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, 2, 1));
        new Label(g, SWT.NONE).setText("Offset (mm) x, y, z:");
        for (int k = 0; k < 3; k++) {
            offset[k] = new Spinner(g, SWT.BORDER);
            offset[k].setValues(0, -1000, 1000, 0, 5, 50);
        }
        new Label(g, SWT.NONE).setText("Scale (%):");
        scale = new Spinner(g, SWT.BORDER);
        scale.setValues(100, 50, 200, 0, 1, 10);
        new Label(g, SWT.NONE).setText("Yaw (degrees):");
        yaw = new Spinner(g, SWT.BORDER);
        yaw.setValues(0, -180, 180, 0, 5, 45);
        message = new Label(c, SWT.WRAP);
        GridData md = new GridData(SWT.FILL, SWT.TOP, true, false, 2, 1);
        md.widthHint = 520;
        message.setLayoutData(md);
        message.setForeground(c.getDisplay().getSystemColor(SWT.COLOR_DARK_RED));
        garments.addListener(SWT.Selection, e -> show());
        fill(null);
        return c;
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, APPLY_ID, "Apply Placement", false);
        createButton(parent, REMOVE_ID, "Remove Garment", false);
        createButton(parent, IDialogConstants.CLOSE_ID, IDialogConstants.CLOSE_LABEL, true);
        show();
    }

    @Override
    protected void buttonPressed(int id) {
        if (id == APPLY_ID) {
            apply();
        } else if (id == REMOVE_ID) {
            remove();
        } else {
            close();
        }
    }

    private void fill(String select) {
        shown = project.garments();
        garments.removeAll();
        shown.forEach(x -> garments.add(x.name() + " (" + x.vertexCount() + " vertices)"));
        int i = 0;
        for (int k = 0; k < shown.size(); k++) {
            if (shown.get(k).name().equals(select)) {
                i = k;
            }
        }
        if (!shown.isEmpty()) {
            garments.select(i);
        }
    }

    private GarmentInfo selected() {
        int i = garments.getSelectionIndex();
        return i < 0 || i >= shown.size() ? null : shown.get(i);
    }

    private void show() {
        GarmentInfo g = selected();
        GarmentPlacement p = g == null ? null : ProjectGarments.placement(project, g.name());
        if (g == null) {
            info.setText("The project has no garments.");
        } else if (p == null) {
            info.setText(g.name() + " was generated on the character: it has no placement to adjust.");
        } else {
            GarmentPlacement.Seams s = p.seams();
            info.setText(String.format(Locale.ROOT, "Unit %s, up %s. Fit: %s.%nSeams: %d panels, %d vertices on unjoined"
                    + " seams, %d welded. %d vertices inside the body at rest. Feature loops: %s.", p.unit(), p.up(),
                    p.anchor(), s.panels(), s.seamVertices(), s.welded(), p.insideAtRest(), String.join(", ",
                            p.features().stream().map(GarmentPlacement.Feature::name).toList())));
            GarmentPlacement.Adjustment a = p.adjustment();
            for (int k = 0; k < 3; k++) {
                offset[k].setSelection((int) Math.round(a.offset()[k] * 1000));
            }
            scale.setSelection((int) Math.round(a.scale() * 100));
            yaw.setSelection((int) Math.round(a.yawDegrees()));
        }
        boolean placeable = p != null;
        for (Spinner sp : offset) {
            sp.setEnabled(placeable);
        }
        scale.setEnabled(placeable);
        yaw.setEnabled(placeable);
        if (getButton(APPLY_ID) != null) {
            getButton(APPLY_ID).setEnabled(placeable);
            getButton(REMOVE_ID).setEnabled(g != null);
        }
        info.getParent().layout(true);
        if (g != null) {
            preview.accept(g.name());
        }
    }

    /** Sets the placement controls as a user would (tests). */
    void set(double[] offsetMm, int scalePercent, int yawDegrees) {
        for (int k = 0; k < 3; k++) {
            offset[k].setSelection((int) Math.round(offsetMm[k]));
        }
        scale.setSelection(scalePercent);
        yaw.setSelection(yawDegrees);
    }

    /** Selects a garment by name (tests). */
    void select(String name) {
        fill(name);
        show();
    }

    String messageText() {
        return message.getText();
    }

    void apply() {
        GarmentInfo g = selected();
        GarmentPlacement p = g == null ? null : ProjectGarments.placement(project, g.name());
        if (p == null) {
            return;
        }
        double[] o = { offset[0].getSelection() / 1000.0, offset[1].getSelection() / 1000.0,
                offset[2].getSelection() / 1000.0 };
        if (execute(new PlaceGarmentOperation(project, g.name(), p.adjustment().with(o, scale.getSelection() / 100.0,
                yaw.getSelection())))) {
            message.setText(g.name() + " placed (Edit > Undo puts it back).");
            show();
        }
    }

    void remove() {
        GarmentInfo g = selected();
        if (g != null && execute(new RemoveGarmentOperation(project, g))) {
            fill(null);
            message.setText(g.name() + " removed (Edit > Undo brings it back).");
            show();
        }
    }

    private boolean execute(ProjectOperation op) {
        try {
            return PlatformUI.getWorkbench().getOperationSupport().getOperationHistory().execute(op, null, null).isOK();
        } catch (ExecutionException | InvalidInputException e) {
            message.setText(e.getCause() != null ? e.getCause().getMessage() : e.getMessage());
            message.getParent().layout(true);
            return false;
        }
    }
}
