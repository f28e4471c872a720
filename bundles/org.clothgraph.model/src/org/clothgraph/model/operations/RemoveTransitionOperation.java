package org.clothgraph.model.operations;

import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.Project;

/** Removes a transition from the primary graph. */
public final class RemoveTransitionOperation extends ProjectOperation {
    private final PrimaryEdge edge;

    public RemoveTransitionOperation(Project project, PrimaryEdge edge) {
        super("Remove Transition", project);
        if (edge.kind() != PrimaryEdge.Kind.TRANSITION) {
            throw new IllegalArgumentException("only transitions can be removed; clip edges follow the clip");
        }
        this.edge = edge;
    }

    @Override
    protected void apply() {
        project.removePrimaryEdge(edge.id());
    }

    @Override
    protected void revert() {
        project.addPrimaryEdge(edge);
    }
}
