package org.clothgraph.model.operations;

import org.clothgraph.model.Project;

/** Renames the project. */
public final class RenameProjectOperation extends ProjectOperation {
    private final String oldName;
    private final String newName;

    public RenameProjectOperation(Project project, String newName) {
        super("Rename Project", project);
        this.oldName = project.name();
        this.newName = newName;
    }

    @Override
    protected void apply() {
        project.setName(newName);
    }

    @Override
    protected void revert() {
        project.setName(oldName);
    }
}
