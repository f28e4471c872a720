package org.clothgraph.cloth.ui.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.clothgraph.cloth.GarmentFit;
import org.clothgraph.cloth.GarmentPlacement;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.cloth.ui.ClothUi;
import org.clothgraph.demo.NewProject;
import org.clothgraph.model.Project;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.io.Axes;
import org.clothgraph.sim.io.ObjGarmentReader;
import org.clothgraph.testing.Screenshots;
import org.clothgraph.testing.SharedData;
import org.clothgraph.testing.UiWait;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.core.commands.operations.IOperationHistory;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Cloth Preview's Garments dialog on a new project with the imported Berkeley robe: it shows how the robe was
 * placed, moves it (undo and redo through the workbench history) while the preview shows it as placed, and removes it
 * (undone too).
 */
class GarmentDialogTest {
    @TempDir
    Path dir;

    private final IWorkbench workbench = PlatformUI.getWorkbench();

    @AfterEach
    void close() {
        workbench.getService(ProjectSession.class).close();
    }

    @Test
    void placementAndRemovalFromTheClothPreviewUndo() throws Exception {
        Path robe = SharedData.resolve("meshes/berkeley-garment-library/robe/coarse");
        assertNotNull(robe, "../shared/data/meshes/berkeley-garment-library/robe/coarse is missing");
        Project project = NewProject.create(dir.resolve("mine"), "mine");
        ProjectGarments.importGarment(project, "berkeley robe", ObjGarmentReader.readBerkeley(robe.resolve("robe-m.obj"),
                robe.resolve("robe-w.obj"), Axes.Y_UP).mesh(), Material.defaults(), GarmentFit.Options.AUTO, Double.NaN,
                true);
        workbench.getService(ProjectSession.class).set(project);
        ClothPreviewView view = (ClothPreviewView) workbench.getActiveWorkbenchWindow().getActivePage()
                .showView(ClothUi.CLOTH_PREVIEW_VIEW_ID);
        float[] fitted = ProjectGarments.mesh(project, ProjectGarments.find(project, "berkeley robe")).restPositions();

        GarmentDialog d = view.panel().garments();
        d.setBlockOnOpen(false);
        d.open();
        d.select("berkeley robe");
        d.set(new double[] { 0, 20, -10 }, 100, 0);
        d.apply();
        GarmentPlacement.Adjustment a = ProjectGarments.placement(project, "berkeley robe").adjustment();
        assertArrayEquals(new double[] { 0, 0.02, -0.01 }, a.offset(), 1e-9);
        assertTrue(d.messageText().contains("placed"), d.messageText());
        // the preview shows the robe as placed now, on the character in the fitting pose, before any simulation
        float[] placed = ProjectGarments.mesh(project, ProjectGarments.find(project, "berkeley robe")).restPositions();
        assertEquals(0.02, placed[1] - fitted[1], 1e-4);
        UiWait.until("the Cloth Preview shows the robe as placed", 60_000, () -> shows(view, placed));
        assertEquals(ProjectGarments.restBody(project), view.shown().body(0));
        Path shot = Screenshots.of(d.getShell(), "cloth-preview-garments-dialog");
        assertTrue(Files.size(shot) > 5_000);

        IOperationHistory history = workbench.getOperationSupport().getOperationHistory();
        history.undo(project.undoContext(), null, null);
        float[] undone = ProjectGarments.mesh(project, ProjectGarments.find(project, "berkeley robe")).restPositions();
        assertArrayEquals(fitted, undone, 1e-5f);
        UiWait.until("the Cloth Preview follows the undo", 60_000, () -> shows(view, undone));
        history.redo(project.undoContext(), null, null);
        assertEquals(0.02, ProjectGarments.placement(project, "berkeley robe").adjustment().offset()[1], 1e-9);

        d.select("berkeley robe");
        d.remove();
        assertNull(ProjectGarments.find(project, "berkeley robe"));
        assertTrue(d.messageText().contains("removed"), d.messageText());
        history.undo(project.undoContext(), null, null);
        assertNotNull(ProjectGarments.find(project, "berkeley robe"));
        assertEquals(0.02, ProjectGarments.placement(project, "berkeley robe").adjustment().offset()[1], 1e-9);
        assertTrue(project.check(null).clean(), () -> project.check(null).violations().toString());
        d.close();
        Path preview = Screenshots.of(workbench.getActiveWorkbenchWindow().getShell(), "cloth-preview-with-garments-button");
        assertTrue(Files.size(preview) > 10_000);
    }

    private static boolean shows(ClothPreviewView view, float[] cloth) {
        return view.shown() instanceof PlacementPlayer p && Arrays.equals(p.cloth(0), cloth) && view.scene() != null;
    }
}
