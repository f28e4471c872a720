package org.clothgraph.model.operations;

import org.clothgraph.model.Project;

/** Changes one project setting (simulator, motion graph, compression parameters). */
public final class SetSettingOperation extends ProjectOperation {
    private final String scope;
    private final String key;
    private final String oldValue;
    private final String newValue;

    public SetSettingOperation(Project project, String scope, String key, String newValue) {
        super("Set " + scope + "." + key, project);
        this.scope = scope;
        this.key = key;
        this.oldValue = project.setting(scope, key).orElse(null);
        this.newValue = newValue;
    }

    @Override
    protected void apply() {
        project.setSetting(scope, key, newValue);
    }

    @Override
    protected void revert() {
        project.setSetting(scope, key, oldValue);
    }
}
