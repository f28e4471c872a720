package org.clothgraph.cloth.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.clothgraph.cloth.ClothRun;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.cloth.ui.ClothUi;
import org.clothgraph.cloth.ui.gl.ClothScene;
import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.model.CheckReport;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.JobSnapshot;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.SkinnedSurface;
import org.clothgraph.testing.Screenshots;
import org.clothgraph.testing.UiWait;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The GL cloth preview on the demo project, and a simulation job cancelled like from the Progress view. */
class ClothPreviewTest {
    @TempDir
    Path dir;

    private final IWorkbench workbench = PlatformUI.getWorkbench();

    @AfterEach
    void close() {
        workbench.getService(ProjectSession.class).close();
    }

    /** A new demo project (no exploration) open in the Cloth Preview, its demo run loaded. */
    private ClothPreviewView previewOfANewDemo(String folder) throws Exception {
        Project project = DemoPipeline.run(dir.resolve(folder), DemoPipeline.Options.noExploration(), null);
        workbench.getService(ProjectSession.class).set(project);
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        ClothPreviewView view = (ClothPreviewView) page.showView(ClothUi.CLOTH_PREVIEW_VIEW_ID);
        UiWait.until("the demo run to load", 120_000, () -> view.player() != null && view.player().project() == project);
        return view;
    }

    @Test
    void previewPlaysTheDemoRunWithTheHoodUp() throws Exception {
        ClothPreviewView view = previewOfANewDemo("demo");
        assertEquals(DemoPipeline.DEMO_RUN_FRAMES, view.player().frames());
        view.seek(view.player().frames() - 1);
        assertEquals("UP", view.player().classOf(view.frame()), "a walk keeps the hood up");
        assertShowsTheSkinnedBody(view);
        ImageData up = view.capture();
        assertTrue(distinctColours(up) > 20, "the GL view draws something");
        Screenshots.save(up, "cloth-preview-walk-hood-up");

        ClothPanel panel = panelOf(view);
        // how clearly the classifier decided, re-made from the frame shown
        assertTrue(panel.classText().matches("hood: up, margin \\d\\.\\d\\d"), panel.classText());
        assertTrue(panel.classToolTip().contains("(UP: at "), panel.classToolTip());
        panel.selectGroup("hood");
        ImageData painted = view.capture();
        Screenshots.save(painted, "cloth-preview-hood-group-painted");
        assertTrue(differs(up, painted), "painting the hood group changes the picture");
        // the robe's feature loops are listed after its groups (found in a job) and painted the same way
        UiWait.until("the robe's feature loops to be listed", 30_000, () -> panel.featureNames().contains("hood rim"));
        panel.selectGroup(ClothPanel.LOOP + "hood rim");
        int[] rim = panel.highlightedGroup();
        assertTrue(rim != null && rim.length > 10, "the hood rim loop is selected");
        assertTrue(java.util.Arrays.stream(view.player().mesh().group("hood_rim")).boxed().toList()
                .containsAll(java.util.Arrays.stream(rim).boxed().toList()), "the loop lies on the hood_rim group");
        assertTrue(differs(painted, view.capture()), "painting the loop differs from painting the hood");

        view.play();
        assertTrue(view.isPlaying());
        view.stop();
    }

    /**
     * The body is the character's skinned surface, posed by the shown frame's capsules: never more than the blend's
     * fill outside them, nearly all of it on their surface (the armpits sink inside when the arms come down).
     */
    static void assertShowsTheSkinnedBody(ClothPreviewView view) {
        ClothScene scene = view.scene();
        assertTrue(scene.drawsSkinnedBody(), "the body is drawn as its skinned surface, not as capsules");
        SkinnedSurface skin = SkinnedSurface.of(view.shown().bindPose());
        float[] p = scene.bodyPositions();
        assertEquals(3 * skin.vertexCount(), p.length);
        Body pose = view.shown().body(view.frame());
        double outside = 0;
        int onSurface = 0;
        for (int v = 0; v < p.length; v += 3) {
            double d = pose.signedDistance(p[v], p[v + 1], p[v + 2]);
            outside = Math.max(outside, d);
            onSurface += Math.abs(d) < 0.015 ? 1 : 0;
        }
        assertTrue(outside < 0.02, "skinned body vertex " + outside + " m outside the frame's capsules");
        assertTrue(onSurface > 0.9 * skin.vertexCount(), onSurface + " of " + skin.vertexCount()
                + " skinned body vertices on the frame's capsules");
    }

    /**
     * Issue 15: an old run replays the same frames after its clip is renamed and another clip excluded and the graph
     * rebuilt (through the editor's undoable operations), because the run keeps the motion it was simulated along.
     */
    @Test
    void anOldRunShowsTheSameFramesAfterClipsAreRenamedAndExcluded() throws Exception {
        ClothPreviewView view = previewOfANewDemo("rename");
        Project project = view.player().project();
        ClothRun.Report run = view.player().report;
        int[] frames = { 0, run.frames() / 2, run.frames() - 1 };
        float[][] cloth = new float[frames.length][];
        float[][] body = new float[frames.length][];
        for (int i = 0; i < frames.length; i++) {
            view.seek(frames[i]);
            cloth[i] = view.shown().cloth(frames[i]);
            body[i] = view.scene().bodyPositions().clone();
        }
        view.seek(frames[1]);
        Screenshots.save(view.capture(), "cloth-preview-run-before-clips-renamed");

        var history = workbench.getOperationSupport().getOperationHistory();
        org.clothgraph.model.ClipInfo clip = project.clips().stream().filter(c -> c.name().equals(run.clips().get(0)))
                .findFirst().orElseThrow();
        org.clothgraph.model.ClipInfo other = project.clips().stream().filter(c -> c.id() != clip.id()).findFirst()
                .orElseThrow();
        history.execute(new org.clothgraph.model.operations.RenameClipOperation(project, clip, "stroll"), null, null);
        history.execute(new org.clothgraph.model.operations.ExcludeClipOperation(project, other, true), null, null);
        org.clothgraph.motion.project.ProjectPrimaryGraph.build(project, Double.NaN, 0, null);
        assertTrue(project.clips().stream().noneMatch(c -> c.name().equals(run.clips().get(0))), "the clip is renamed");

        view.show(ClothRun.runs(project).get(0)); // what choosing the run in the panel does
        UiWait.until("the old run to load again", 60_000, () -> view.player() != null
                && view.player().project() == project && view.player().report.runId().equals(run.runId()));
        for (int i = 0; i < frames.length; i++) {
            view.seek(frames[i]);
            assertTrue(java.util.Arrays.equals(cloth[i], view.shown().cloth(frames[i])), "cloth of frame " + frames[i]);
            float[] now = view.scene().bodyPositions();
            assertEquals(body[i].length, now.length);
            for (int k = 0; k < now.length; k++) {
                assertEquals(body[i][k], now[k], 0f, "body vertex coordinate " + k + " of frame " + frames[i]);
            }
        }
        view.seek(frames[1]);
        Screenshots.save(view.capture(), "cloth-preview-run-after-clips-renamed");
        CheckReport report = project.check(null);
        assertTrue(report.clean(), report.violations().toString());
    }

    @Test
    void aJumpThrowsTheHoodOff() throws Exception {
        Project project = DemoPipeline.run(dir.resolve("jump"), DemoPipeline.Options.noExploration(), null);
        workbench.getService(ProjectSession.class).set(project);
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        ClothPreviewView view = (ClothPreviewView) page.showView(ClothUi.CLOTH_PREVIEW_VIEW_ID);
        GarmentInfo robe = ProjectGarments.find(project, ProjectGarments.ROBE);
        OperationJob<ClothRun.Report> job = SimulationJobs.schedule(project, robe, List.of("jump"), 0,
                new org.clothgraph.sim.XpbdClothSimulator());
        UiWait.until("the jump simulation", 600_000, () -> job.getState() == Job.NONE);
        assertEquals(JobSnapshot.State.COMPLETED, job.snapshot().state(), String.valueOf(job.snapshot().message()));
        UiWait.until("the run to show", 60_000, () -> view.player() != null && view.player().project() == project
                && view.player().report.runId().equals(job.snapshot().result().runId()));
        view.seek(view.player().frames() - 1);
        assertEquals("DOWN", view.player().classOf(view.frame()));
        assertShowsTheSkinnedBody(view);
        Screenshots.save(view.capture(), "cloth-preview-jump-hood-down");
        int upFrame = view.player().report.classes().indexOf("UP");
        view.seek(Math.max(0, upFrame));
        Screenshots.save(view.capture(), "cloth-preview-jump-start-hood-up");
    }

    /**
     * The Simulate dialog offers the small-step solver with its two counted repairs, each switchable off, and the run
     * keeps the settings it ran with.
     */
    @Test
    void theSimulateDialogRunsTheSmallStepSolverWithItsRepairsOffAndTheRunKeepsItsSettings() throws Exception {
        // the small demo (700-vertex robe, 40 frames a clip): the dialog and the settings do not depend on its size
        Project project = DemoPipeline.run(dir.resolve("dialog"), DemoPipeline.Options.small(0), null);
        workbench.getService(ProjectSession.class).set(project);
        Shell parent = workbench.getActiveWorkbenchWindow().getShell();
        SimulateDialog first = new SimulateDialog(parent, project.garments(), project.clips());
        first.setBlockOnOpen(false);
        first.open();
        assertFalse(first.speedLimit().isEnabled(), "the first solver's repairs are built in");
        first.okPressed();
        assertEquals(SimulationSettings.Solver.LEGACY, first.settings().solver(), "the default");

        SimulateDialog d = new SimulateDialog(parent, project.garments(), project.clips());
        d.setBlockOnOpen(false);
        d.open();
        d.solverCombo().select(1);
        d.solverCombo().notifyListeners(SWT.Selection, new Event());
        assertTrue(d.speedLimit().isEnabled() && d.untangleSpeed().isEnabled() && d.tangleRetries().isEnabled());
        assertEquals(20.0, d.speedLimit().getSelection() / 10.0, "the small-step solver's default");
        assertEquals(2, d.tangleRetries().getSelection(), "the small-step solver's default");
        d.speedLimit().setSelection(0);
        d.untangleSpeed().setSelection(0);
        d.tangleRetries().setSelection(1);
        d.getShell().layout(true, true);
        Screenshots.of(d.getShell(), "simulate-dialog-small-steps-repairs-off");
        d.okPressed();
        SimulationSettings chosen = d.settings();
        assertEquals(SimulationSettings.Solver.SMALL_STEPS, chosen.solver());
        assertEquals(0.0, chosen.speedLimit());
        assertEquals(0.0, chosen.untangleSpeed());
        assertEquals(1, chosen.tangleRetries());

        GarmentInfo robe = ProjectGarments.find(project, ProjectGarments.ROBE);
        OperationJob<ClothRun.Report> job = SimulationJobs.schedule(project, robe, List.of("walk"), 3,
                new org.clothgraph.sim.XpbdClothSimulator(), chosen.withThreads(1));
        UiWait.until("the small-step run", 600_000, () -> job.getState() == Job.NONE);
        assertEquals(JobSnapshot.State.COMPLETED, job.snapshot().state(), String.valueOf(job.snapshot().message()));
        String runId = job.snapshot().result().runId();
        ClothRun.Report stored = ClothRun.runs(project).stream().filter(r -> r.runId().equals(runId)).findFirst()
                .orElseThrow();
        assertEquals(chosen.withThreads(1), stored.settings(), "read back from the project");
        assertEquals(0, stored.solver().speedLimits());
    }

    @Test
    void cancelledSimulationStopsWithinASecondAndLeavesTheStoreConsistent() throws Exception {
        // the small demo: what is checked is the cancel and the store, not the cloth
        Project project = DemoPipeline.run(dir.resolve("cancel"), DemoPipeline.Options.small(0), null);
        workbench.getService(ProjectSession.class).set(project);
        long before = project.frames().count();
        GarmentInfo robe = ProjectGarments.find(project, ProjectGarments.ROBE);
        OperationJob<ClothRun.Report> job = SimulationJobs.schedule(project, robe, List.of("walk", "jog", "walk"), 0);
        UiWait.until("the simulation to store frames", 120_000, () -> project.frames().count() > before + 20);
        long t0 = System.nanoTime();
        job.cancel(); // what the Progress view's stop button does
        UiWait.until("the job to stop", 120_000, () -> job.getState() == Job.NONE);
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertTrue(seconds < 1.0, "stopped after " + seconds + " s");
        assertEquals(JobSnapshot.State.CANCELLED, job.snapshot().state());
        CheckReport report = project.check(null);
        assertTrue(report.clean(), report.violations().toString());
        assertEquals(1, ClothRun.runs(project).size(), "a cancelled run records no report");
    }

    private static ClothPanel panelOf(ClothPreviewView view) throws Exception {
        var f = ClothPreviewView.class.getDeclaredField("panel");
        f.setAccessible(true);
        return (ClothPanel) f.get(view);
    }

    private static int distinctColours(ImageData image) {
        java.util.Set<Integer> colours = new java.util.HashSet<>();
        for (int y = 0; y < image.height; y += 4) {
            for (int x = 0; x < image.width; x += 4) {
                colours.add(image.getPixel(x, y));
            }
        }
        return colours.size();
    }

    private static boolean differs(ImageData a, ImageData b) {
        for (int y = 0; y < a.height; y += 2) {
            for (int x = 0; x < a.width; x += 2) {
                if (a.getPixel(x, y) != b.getPixel(x, y)) {
                    return true;
                }
            }
        }
        return false;
    }

}
