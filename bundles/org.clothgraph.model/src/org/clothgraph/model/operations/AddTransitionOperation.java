package org.clothgraph.model.operations;

import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.Project;

/** Adds a hand-made transition p -> q to the primary graph. */
public final class AddTransitionOperation extends ProjectOperation {
    private final PrimaryEdge edge;

    public AddTransitionOperation(Project project, long from, long to, double distance) {
        super("Add Transition", project);
        this.edge = new PrimaryEdge(project.nextPrimaryEdgeId(), from, to, PrimaryEdge.Kind.TRANSITION, distance);
    }

    public PrimaryEdge edge() {
        return edge;
    }

    @Override
    protected void apply() {
        project.addPrimaryEdge(edge);
    }

    @Override
    protected void revert() {
        project.removePrimaryEdge(edge.id());
    }
}
