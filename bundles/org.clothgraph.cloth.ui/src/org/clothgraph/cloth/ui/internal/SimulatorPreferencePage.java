package org.clothgraph.cloth.ui.internal;

import org.clothgraph.model.InvalidInputException;
import org.eclipse.jface.preference.FieldEditorPreferencePage;
import org.eclipse.jface.preference.FileFieldEditor;
import org.eclipse.jface.preference.RadioGroupFieldEditor;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;

/**
 * Window > Preferences > ClothGraph Simulator: the embedded simulator (default) or a user-supplied
 * ARCSim executable (research licence: ClothGraph never ships it), checked when applied.
 */
public final class SimulatorPreferencePage extends FieldEditorPreferencePage implements IWorkbenchPreferencePage {
    private RadioGroupFieldEditor kind;
    private FileFieldEditor executable;

    public SimulatorPreferencePage() {
        super(GRID);
        setDescription("The cloth simulator that simulation runs use. ARCSim is not distributed with ClothGraph:"
                + " point to your own arcsim executable.");
    }

    @Override
    public void init(IWorkbench workbench) {
        setPreferenceStore(SimulatorPreferences.store());
    }

    @Override
    protected void createFieldEditors() {
        kind = new RadioGroupFieldEditor(SimulatorPreferences.KIND, "Simulator", 1, new String[][] {
            { "Embedded (XPBD, built in)", SimulatorPreferences.EMBEDDED },
            { "ARCSim (your executable)", SimulatorPreferences.ARCSIM_KIND } }, getFieldEditorParent(), true);
        addField(kind);
        executable = new FileFieldEditor(SimulatorPreferences.ARCSIM, "ARCSim executable:", true, getFieldEditorParent());
        addField(executable);
    }

    @Override
    public boolean performOk() {
        boolean ok = super.performOk();
        if (ok && SimulatorPreferences.ARCSIM_KIND.equals(getPreferenceStore().getString(SimulatorPreferences.KIND))) {
            try {
                SimulatorPreferences.arcsim(getPreferenceStore().getString(SimulatorPreferences.ARCSIM));
                setErrorMessage(null);
            } catch (InvalidInputException e) {
                setErrorMessage(e.getMessage());
                return false;
            }
        }
        return ok;
    }
}
