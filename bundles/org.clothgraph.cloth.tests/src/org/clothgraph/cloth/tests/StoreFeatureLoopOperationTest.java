package org.clothgraph.cloth.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.clothgraph.cloth.EditedActionQueue;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.cloth.StoreFeatureLoopOperation;
import org.clothgraph.cloth.dressing.ActionQueue;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.garment.BoundaryLoops;
import org.clothgraph.sim.garment.FeatureLoop;
import org.clothgraph.sim.garment.GarmentFeatures;
import org.eclipse.core.commands.operations.DefaultOperationHistory;
import org.eclipse.core.commands.operations.IOperationHistory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A border loop stored as a feature of a garment without vertex groups becomes the same feature the generated robe
 * has (the Cloth Preview's Store Feature); and the Dressing view's queue kept in the project, both undoable.
 */
class StoreFeatureLoopOperationTest {
    @TempDir
    Path dir;

    @Test
    void aStoredLoopIsTheFeatureTheGeneratedRobeHas() throws Exception {
        try (Project p = Project.create(dir.resolve("p"), "p")) {
            GarmentInfo robe = ProjectGarments.ensureRobe(p, 700);
            ClothMesh mesh = ProjectGarments.mesh(p, robe);
            Body rest = ProjectGarments.restBody(p);
            ProjectGarments.add(p, "plain", new ClothMesh("plain", mesh.restPositions(), mesh.materialCoords(),
                    mesh.triangles(), Map.of()), Material.defaults());
            List<FeatureLoop> robeFeatures = GarmentFeatures.of(mesh, rest);
            IOperationHistory history = new DefaultOperationHistory();
            for (String name : List.of("hood rim", "left cuff", "hem")) {
                FeatureLoop f = GarmentFeatures.named(robeFeatures, name);
                assertNotNull(f, name);
                int[] shuffled = f.vertices().clone();
                Arrays.sort(shuffled); // any order: the border order is stored
                history.execute(new StoreFeatureLoopOperation(p, "plain", name, shuffled), null, null);
            }
            GarmentInfo plain = ProjectGarments.find(p, "plain");
            List<FeatureLoop> stored = GarmentFeatures.of(ProjectGarments.mesh(p, plain), rest);
            for (String name : List.of("hood rim", "left cuff", "hem")) {
                assertArrayEquals(GarmentFeatures.named(robeFeatures, name).vertices(),
                        GarmentFeatures.named(stored, name).vertices(), name);
            }
            assertTrue(plain.vertexGroups().containsKey("left_cuff"));

            // not a border loop; a name taken; a bad name: one line each, nothing stored
            int[] notALoop = Arrays.copyOf(BoundaryLoops.of(mesh).get(0), 5);
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> new StoreFeatureLoopOperation(p,
                    "plain", "collar", notALoop).executeNow());
            assertEquals("garment plain:feature collar: the vertices are not one border loop of the mesh", e.getMessage());
            int[] hem = GarmentFeatures.named(robeFeatures, "hem").vertices();
            e = assertThrows(InvalidInputException.class, () -> new StoreFeatureLoopOperation(p, "plain", "Hem", hem)
                    .executeNow());
            assertTrue(e.getMessage().contains("exists already"), e.getMessage());
            assertThrows(InvalidInputException.class, () -> StoreFeatureLoopOperation.groupName("hood-rim!"));
            assertEquals(3, ProjectGarments.find(p, "plain").vertexGroups().size());

            history.undo(p.undoContext(), null, null);
            assertFalse(ProjectGarments.find(p, "plain").vertexGroups().containsKey("hem"));
            assertNull(GarmentFeatures.named(GarmentFeatures.of(ProjectGarments.mesh(p, ProjectGarments.find(p,
                    "plain")), rest), "hem"));
            history.redo(p.undoContext(), null, null);
            assertArrayEquals(hem, ProjectGarments.find(p, "plain").vertexGroups().get("hem"));
            assertTrue(p.check(null).clean(), p.check(null).violations().toString());
        }
    }

    @Test
    void theEditedQueueIsKeptInTheProjectAndEditsUndo() throws Exception {
        try (Project p = Project.create(dir.resolve("q"), "q")) {
            assertNull(EditedActionQueue.of(p));
            ActionQueue one = ActionQueue.parse("one", "{\"actions\": [{\"type\": \"idle\", \"duration\": 1}]}");
            ActionQueue two = ActionQueue.parse("two", "{\"actions\": [{\"type\": \"idle\", \"duration\": 1},"
                    + " {\"type\": \"release\", \"hand\": \"left\"}]}");
            IOperationHistory history = new DefaultOperationHistory();
            history.execute(new EditedActionQueue.Edit(p, "Load", one), null, null);
            history.execute(new EditedActionQueue.Edit(p, "Add", two), null, null);
            assertEquals(two.toJson(), EditedActionQueue.of(p).toJson());
            history.undo(p.undoContext(), null, null);
            assertEquals(one.toJson(), EditedActionQueue.of(p).toJson());
            history.execute(new EditedActionQueue.Edit(p, "Remove", new ActionQueue(List.of())), null, null);
            assertNull(EditedActionQueue.of(p), "an empty queue is no setting");
            history.undo(p.undoContext(), null, null);
            history.undo(p.undoContext(), null, null);
            assertNull(EditedActionQueue.of(p));
        }
    }
}
