package org.clothgraph.cloth.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.clothgraph.cloth.ui.ClothUi;
import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.explore.ExploredPath;
import org.clothgraph.model.Project;
import org.clothgraph.testing.Screenshots;
import org.clothgraph.testing.UiWait;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Cloth Preview plays an explored path of the small explored demo and marks the merge blends. */
class ExploredPathPreviewTest {
    @TempDir
    Path dir;

    private final IWorkbench workbench = PlatformUI.getWorkbench();

    @AfterEach
    void close() {
        workbench.getService(ProjectSession.class).close();
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        var preview = page.findViewReference(ClothUi.CLOTH_PREVIEW_VIEW_ID);
        if (preview != null) {
            page.setPartState(preview, IWorkbenchPage.STATE_RESTORED);
        }
    }

    @Test
    void theExploredPathPlaysWithTheCharacterAndMarksMergeBlends() throws Exception {
        Project project = DemoPipeline.run(dir.resolve("explored"), DemoPipeline.Options.small(600), null);
        workbench.getService(ProjectSession.class).set(project);
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        ClothPreviewView view = (ClothPreviewView) page.showView(ClothUi.CLOTH_PREVIEW_VIEW_ID);
        UiWait.until("the demo run to load", 120_000, () -> view.player() != null && view.player().project() == project);
        ClothPanel panel = panelOf(view);

        // the user picks the explored path in the run list; it is built in a job, the UI stays live
        panel.selectExploredPath();
        UiWait.joinFamily(ExploredPath.FAMILY, 120_000);
        UiWait.until("the explored path to show", 30_000, () -> view.shown() instanceof ExploredPathPlayer);
        ExploredPathPlayer shown = (ExploredPathPlayer) view.shown();
        ExploredPath path = shown.path;
        assertTrue(path.frames() >= ExploredPathPlayer.FRAMES, path.frames() + " frames");
        assertEquals(path.frames(), path.motion().frameCount(), "the character plays the walk's primary nodes");
        assertEquals(0, view.frame());
        assertEquals("hood: up", panel.classText());
        assertFalse(path.merges().isEmpty(), "the walk of seed " + ExploredPathPlayer.SEED + " crosses a merge");

        // play into the first merge: the frame counter advances and the blend marker appears on the merge frame
        int merge = path.merges().get(0).frame();
        int blend = path.blend().blendFrames();
        view.seek(Math.max(0, merge - 6));
        String before = panel.frameText();
        assertEquals("", panel.noteText(), "no blend before the merge");
        view.play();
        UiWait.until("playback to reach the merge at frame " + merge, 60_000, () -> view.frame() >= merge);
        assertNotEquals(before, panel.frameText());
        assertTrue(view.frame() < merge + blend, "playback passed the blend window before it was seen: frame "
                + view.frame());
        assertTrue(panel.noteText().startsWith("blending merge ("), panel.noteText());
        view.stop();
        view.seek(merge);
        assertEquals(String.format(java.util.Locale.ROOT, "blending merge (%.0f mm)", path.offset(merge) * 1000),
                panel.noteText());
        assertEquals(Math.round(path.merges().get(0).jump() * 1000), Math.round(path.offset(merge) * 1000),
                "at the merge frame the offset is the whole jump");

        // the cloth is drawn in the world, where the character is
        float[] world = shown.cloth(merge);
        double[] centre = shown.body(merge).find("pelvis").center();
        double dx = world[0] - centre[0];
        double dz = world[2] - centre[2];
        assertTrue(Math.sqrt(dx * dx + dz * dz) < 1.0, "cloth vertex 0 is on the character");

        ImageData gl = view.capture();
        Screenshots.save(gl, "explored-path-merge-gl");
        Shell shell = workbench.getActiveWorkbenchWindow().getShell();
        shell.setBounds(0, 0, 1280, 800);
        page.setPartState(page.findViewReference(ClothUi.CLOTH_PREVIEW_VIEW_ID), IWorkbenchPage.STATE_MAXIMIZED);
        view.seek(merge + 2);
        ClothPreviewTest.assertShowsTheSkinnedBody(view);
        Path shot = Screenshots.of(shell, "explored-path");
        assertTrue(Files.size(shot) > 10_000, "screenshot written: " + shot);
        Combo runs = runListOf(panel);
        GC gc = new GC(runs);
        try {
            int text = gc.textExtent(runs.getText()).x;
            assertTrue(runs.getSize().x > text + 30, "the run list shows '" + runs.getText() + "' untruncated: "
                    + runs.getSize().x + " px for " + text + " px of text");
        } finally {
            gc.dispose();
        }

        // after B frames the blend is over
        view.seek(merge + blend);
        if (!path.blend().blending(merge + blend)) {
            assertEquals("", panel.noteText());
        }
    }

    private static Combo runListOf(ClothPanel panel) throws Exception {
        var f = ClothPanel.class.getDeclaredField("runs");
        f.setAccessible(true);
        return (Combo) f.get(panel);
    }

    private static ClothPanel panelOf(ClothPreviewView view) throws Exception {
        var f = ClothPreviewView.class.getDeclaredField("panel");
        f.setAccessible(true);
        return (ClothPanel) f.get(view);
    }
}
