package org.clothgraph.cloth;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.operations.ProjectOperation;

/**
 * Removes a garment, its mesh and its placement (refused while a kept simulation run or explored cloth states use
 * it, see {@link ProjectGarments#remove}); undo writes the mesh back from memory and registers the garment again
 * with its vertex groups, material and placement.
 */
public final class RemoveGarmentOperation extends ProjectOperation {
    /** The garment as it is stored now (undo registers it again under a new id). */
    private GarmentInfo garment;
    private byte[] mesh;
    private String placement;

    public RemoveGarmentOperation(Project project, GarmentInfo garment) {
        super("Remove Garment", project);
        this.garment = garment;
    }

    @Override
    protected void apply() {
        Path file = project.file("garment " + garment.name() + ", field mesh_file", garment.meshFile());
        try {
            mesh = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new InvalidInputException(file, null, "cannot read the garment's mesh: " + e.getMessage());
        }
        placement = project.setting(GarmentPlacement.SCOPE, garment.name()).orElse(null);
        ProjectGarments.remove(project, garment.name());
    }

    @Override
    protected void revert() {
        Path file = project.file("garment " + garment.name() + ", field mesh_file", garment.meshFile());
        if (Files.exists(file) || ProjectGarments.find(project, garment.name()) != null) {
            throw new InvalidInputException(file, null, "a garment of this name exists again; it cannot be restored");
        }
        byte[] bytes = mesh;
        project.writeFile(garment.meshFile(), f -> Files.write(f, bytes));
        try {
            project.batch(() -> {
                long id = project.addGarment(garment);
                if (placement != null) {
                    project.setSetting(GarmentPlacement.SCOPE, garment.name(), placement);
                }
                garment = new GarmentInfo(id, garment.name(), garment.meshFile(), garment.materialJson(),
                        garment.vertexCount(), garment.vertexGroups());
            });
        } catch (RuntimeException e) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }
}
