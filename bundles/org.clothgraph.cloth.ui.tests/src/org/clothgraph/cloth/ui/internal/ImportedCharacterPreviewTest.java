package org.clothgraph.cloth.ui.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.clothgraph.cloth.ClothRun;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.cloth.ui.ClothUi;
import org.clothgraph.cloth.ui.gl.ClothScene;
import org.clothgraph.demo.NewProject;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;
import org.clothgraph.motion.demo.DemoMotions;
import org.clothgraph.motion.io.BvhWriter;
import org.clothgraph.motion.project.ProjectCharacter;
import org.clothgraph.motion.project.ProjectClips;
import org.clothgraph.motion.project.ProjectPrimaryGraph;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.body.Body;
import org.clothgraph.testing.Screenshots;
import org.clothgraph.testing.SkinnedGltf;
import org.clothgraph.testing.UiWait;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11, acceptance 5: a character imported from a skinned glTF (written by the test) is drawn in the Cloth Preview
 * as its own surface (the file's triangles, posed with the run), not as the surface generated from capsules.
 */
class ImportedCharacterPreviewTest {
    @TempDir
    Path dir;

    private final IWorkbench workbench = PlatformUI.getWorkbench();

    @AfterEach
    void close() {
        workbench.getService(ProjectSession.class).close();
    }

    @Test
    void clothPreviewDrawsTheImportedSurface() throws Exception {
        Path gltf = SkinnedGltf.write(dir, "own", SkinnedGltf.Variant.HUMANOID);
        Project project = NewProject.create(dir.resolve("own"), "own", gltf, null);
        List<Path> clips = List.of(dir.resolve("walk.bvh"), dir.resolve("jog.bvh"));
        BvhWriter.write(DemoMotions.walk(), clips.get(0));
        BvhWriter.write(DemoMotions.jog(), clips.get(1));
        ProjectClips.importInto(project, ProjectClips.sources(clips),
                ProjectClips.Settings.defaults(DemoMotions.FPS), null);
        ProjectPrimaryGraph.build(project, Double.NaN, 0, null);
        GarmentInfo robe = ProjectGarments.ensureRobe(project, 700);
        ClothRun.simulate(project, robe, List.of("walk"), 20, new XpbdClothSimulator(), SimulationSettings.defaults(), null);

        workbench.getService(ProjectSession.class).set(project);
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        ClothPreviewView view = (ClothPreviewView) page.showView(ClothUi.CLOTH_PREVIEW_VIEW_ID);
        UiWait.until("the run to load", 120_000, () -> view.player() != null && view.player().project() == project);
        view.seek(view.player().frames() - 1);

        ClothScene scene = view.scene();
        assertTrue(scene.drawsSkinnedBody(), "the body is drawn as a surface, not as capsules");
        SkinnedGltf fixture = SkinnedGltf.humanoid();
        float[] p = scene.bodyPositions();
        assertEquals(3 * fixture.vertexCount(), p.length, "the file's vertices are drawn, not a generated surface");
        assertArrayEquals(ProjectCharacter.skin(project).orElseThrow().triangles(), scene.bodyTriangles());
        // posed with the frame: every vertex near the frame's body capsules (the file's boxes are a little wider)
        Body pose = view.shown().body(view.frame());
        double outside = 0;
        for (int v = 0; v < p.length; v += 3) {
            outside = Math.max(outside, pose.signedDistance(p[v], p[v + 1], p[v + 2]));
        }
        assertTrue(outside < 0.12, "drawn surface vertex " + outside + " m off the frame's capsules");
        ImageData image = view.capture();
        Screenshots.save(image, "cloth-preview-imported-gltf-character");
    }
}
