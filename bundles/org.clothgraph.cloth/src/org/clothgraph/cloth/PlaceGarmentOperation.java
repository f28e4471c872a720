package org.clothgraph.cloth;

import org.clothgraph.model.Project;
import org.clothgraph.model.operations.ProjectOperation;

/**
 * Changes an imported garment's placement on the character (the Cloth Preview's Placement controls, {@code garment
 * place}): its offset, scale and yaw about the fitted centre; undo restores the previous adjustment.
 */
public final class PlaceGarmentOperation extends ProjectOperation {
    private final String garment;
    private final GarmentPlacement.Adjustment to;
    private GarmentPlacement.Adjustment from;

    public PlaceGarmentOperation(Project project, String garment, GarmentPlacement.Adjustment to) {
        super("Place Garment", project);
        this.garment = garment;
        this.to = to;
    }

    @Override
    protected void apply() {
        from = ProjectGarments.adjust(project, garment, to);
    }

    @Override
    protected void revert() {
        ProjectGarments.adjust(project, garment, from);
    }
}
