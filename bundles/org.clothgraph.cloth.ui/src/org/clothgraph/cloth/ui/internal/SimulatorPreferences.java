package org.clothgraph.cloth.ui.internal;

import java.nio.file.Path;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.sim.ClothSimulator;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.arcsim.ArcsimClothSimulator;
import org.clothgraph.sim.arcsim.ArcsimOptions;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.jface.preference.IPreferenceStore;
import org.eclipse.ui.preferences.ScopedPreferenceStore;

/**
 * The workbench user's simulator choice: the embedded simulator, or their own ARCSim executable. Other workbench
 * parts that run simulations (the Exploration view) build their simulator here too.
 */
public final class SimulatorPreferences {
    static final String KIND = "simulator";
    static final String ARCSIM = "arcsimExecutable";
    public static final String EMBEDDED = "embedded";
    public static final String ARCSIM_KIND = "arcsim";
    private static IPreferenceStore store;

    private SimulatorPreferences() {
    }

    static synchronized IPreferenceStore store() {
        if (store == null) {
            store = new ScopedPreferenceStore(InstanceScope.INSTANCE, "org.clothgraph.cloth.ui");
            store.setDefault(KIND, EMBEDDED);
            store.setDefault(ARCSIM, System.getenv("ARCSIM") == null ? "" : System.getenv("ARCSIM"));
        }
        return store;
    }

    /** The configured simulator; a missing or broken ARCSim executable is an {@link InvalidInputException}. */
    public static ClothSimulator simulator() {
        return simulator(kind());
    }

    /** The chosen kind: {@link #EMBEDDED} or {@link #ARCSIM_KIND}. */
    public static String kind() {
        return store().getString(KIND);
    }

    /** A simulator of the given kind; ARCSim runs the configured executable. */
    public static ClothSimulator simulator(String kind) {
        if (!ARCSIM_KIND.equals(kind)) {
            return new XpbdClothSimulator();
        }
        return arcsim(store().getString(ARCSIM));
    }

    static ArcsimClothSimulator arcsim(String path) {
        if (path == null || path.isBlank()) {
            throw new InvalidInputException("preferences", "ARCSim executable", "no ARCSim executable configured");
        }
        ArcsimClothSimulator a = new ArcsimClothSimulator(ArcsimOptions.of(Path.of(path).toAbsolutePath()));
        a.validate();
        return a;
    }
}
