package org.clothgraph.graphview.ui.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.graphview.SecondaryGraphSnapshot;
import org.eclipse.ui.views.properties.IPropertyDescriptor;
import org.eclipse.ui.views.properties.IPropertySource;
import org.eclipse.ui.views.properties.PropertyDescriptor;

/**
 * A selected cloth state as the Properties view shows it: its id, primary node, clip and frame, class, status and
 * round, and each incoming and outgoing transition with whether it is a merge and its error. Read-only.
 */
final class StateElement implements IPropertySource {
    private static final String STATE = "Cloth state", IN = "Incoming transitions", OUT = "Outgoing transitions";
    private final SecondaryGraphSnapshot graph;
    private final int index;
    private final Map<String, String[]> values = new LinkedHashMap<>();

    StateElement(SecondaryGraphSnapshot graph, int index) {
        this.graph = graph;
        this.index = index;
        SecondaryGraphSnapshot.State s = graph.state(index);
        put(STATE, "id", Long.toString(s.id()));
        put(STATE, "primary node", Long.toString(s.primaryNode()));
        put(STATE, "clip", graph.clipName(s.clipId()));
        put(STATE, "frame", Integer.toString(s.clipFrame()));
        put(STATE, "class", s.classes() == null || s.classes().isEmpty() ? "(none)" : s.classes());
        put(STATE, "status", s.live() ? "live" : "merged away (a dead end)");
        put(STATE, "round", Integer.toString(s.round()));
        int in = 0, out = 0;
        for (SecondaryGraphSnapshot.Edge e : graph.edges()) {
            if (e.to() == index) {
                put(IN, String.format(Locale.ROOT, "in %d", ++in), describe(e, graph.state(e.from()).id(), "from"));
            }
            if (e.from() == index) {
                put(OUT, String.format(Locale.ROOT, "out %d", ++out), describe(e, graph.state(e.to()).id(), "to"));
            }
        }
        put(STATE, "transitions", in + " in, " + out + " out");
    }

    static String describe(SecondaryGraphSnapshot.Edge e, long other, String dir) {
        return String.format(Locale.ROOT, "transition %d %s state %d: %s", e.transitionId(), dir, other,
                e.merged() ? String.format(Locale.ROOT, "merge, error %.1f mm%s%s", e.errorMm(),
                        e.crossClass() ? ", across classes" : "", e.quarantined() ? ", quarantined" : "") : "simulated");
    }

    private void put(String category, String name, String value) {
        values.put(category + "/" + name, new String[] { category, name, value });
    }

    int index() {
        return index;
    }

    SecondaryGraphSnapshot.State state() {
        return graph.state(index);
    }

    /** Every property as "name: value" (tests, the side panel). */
    List<String> lines() {
        List<String> l = new ArrayList<>();
        values.values().forEach(v -> l.add(v[1] + ": " + v[2]));
        return l;
    }

    @Override
    public Object getEditableValue() {
        return this;
    }

    @Override
    public IPropertyDescriptor[] getPropertyDescriptors() {
        List<IPropertyDescriptor> d = new ArrayList<>();
        for (Map.Entry<String, String[]> e : values.entrySet()) {
            PropertyDescriptor p = new PropertyDescriptor(e.getKey(), e.getValue()[1]);
            p.setCategory(e.getValue()[0]);
            d.add(p);
        }
        return d.toArray(IPropertyDescriptor[]::new);
    }

    @Override
    public Object getPropertyValue(Object id) {
        String[] v = values.get(id);
        return v == null ? null : v[2];
    }

    @Override
    public boolean isPropertySet(Object id) {
        return false;
    }

    @Override
    public void resetPropertyValue(Object id) {
    }

    @Override
    public void setPropertyValue(Object id, Object value) {
    }

    @Override
    public String toString() {
        SecondaryGraphSnapshot.State s = state();
        return "cloth state " + s.id() + " (" + graph.clipName(s.clipId()) + " " + s.clipFrame() + ")";
    }
}
