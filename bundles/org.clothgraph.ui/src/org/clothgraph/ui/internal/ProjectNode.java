package org.clothgraph.ui.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.ui.views.properties.IPropertyDescriptor;
import org.eclipse.ui.views.properties.IPropertySource;
import org.eclipse.ui.views.properties.PropertyDescriptor;

/**
 * An immutable node of the project tree: a label, an icon key, children, and the properties the
 * Properties view shows for it. {@code model} is the model object it stands for, if any.
 */
final class ProjectNode implements IAdaptable {
    enum Kind {
        PROJECT, CHARACTER, FOLDER, GARMENT, CLIP, PRIMARY_GRAPH, SECONDARY_GRAPH, FRAMES, DATABASE, SETTING
    }

    private final Kind kind;
    private final String label;
    private final Object model;
    private final Map<String, Object> properties = new LinkedHashMap<>();
    private final List<ProjectNode> children = new ArrayList<>();

    ProjectNode(Kind kind, String label, Object model) {
        this.kind = kind;
        this.label = label;
        this.model = model;
    }

    ProjectNode property(String name, Object value) {
        properties.put(name, value);
        return this;
    }

    ProjectNode add(ProjectNode child) {
        children.add(child);
        return this;
    }

    Kind kind() {
        return kind;
    }

    /**
     * What the node stands for across re-reads of the project: its kind and its label without the counts in
     * parentheses (the root: its kind alone), so that the tree keeps what the user expanded when it is read again.
     */
    String key() {
        if (kind == Kind.PROJECT) {
            return kind.name(); // the one root, whatever the project is called
        }
        int counts = label.indexOf(" (");
        return kind + ":" + (counts > 0 ? label.substring(0, counts) : label);
    }

    String label() {
        return label;
    }

    Object model() {
        return model;
    }

    List<ProjectNode> children() {
        return children;
    }

    Map<String, Object> properties() {
        return properties;
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        if (adapter == IPropertySource.class) {
            return adapter.cast(new Source());
        }
        if (model != null && adapter.isInstance(model)) {
            return adapter.cast(model);
        }
        return null;
    }

    @Override
    public String toString() {
        return label;
    }

    /** Read-only properties of the node. */
    private final class Source implements IPropertySource {
        @Override
        public Object getEditableValue() {
            return null;
        }

        @Override
        public IPropertyDescriptor[] getPropertyDescriptors() {
            List<IPropertyDescriptor> d = new ArrayList<>();
            for (String name : properties.keySet()) {
                PropertyDescriptor p = new PropertyDescriptor(name, name);
                p.setCategory(kind.name().charAt(0) + kind.name().substring(1).toLowerCase().replace('_', ' '));
                d.add(p);
            }
            return d.toArray(IPropertyDescriptor[]::new);
        }

        @Override
        public Object getPropertyValue(Object id) {
            return String.valueOf(properties.get(id));
        }

        @Override
        public boolean isPropertySet(Object id) {
            return false;
        }

        @Override
        public void resetPropertyValue(Object id) {
            // read-only
        }

        @Override
        public void setPropertyValue(Object id, Object value) {
            // read-only: edits go through undoable operations
        }
    }
}
