package org.clothgraph.retarget.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.JobSnapshot;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.motion.Motion;
import org.clothgraph.retarget.AutoencoderTraining;
import org.clothgraph.retarget.Performer;
import org.clothgraph.retarget.ProjectRetargeting;
import org.clothgraph.retarget.RetargetComparison;
import org.clothgraph.retarget.RetargetMeasures;
import org.clothgraph.retarget.RetargetModel;
import org.clothgraph.retarget.RetargetSettings;
import org.clothgraph.retarget.TrainingSettings;
import org.clothgraph.retarget.ui.RetargetUi;
import org.clothgraph.testing.LayoutChecks;
import org.clothgraph.testing.Screenshots;
import org.clothgraph.testing.SharedData;
import org.clothgraph.testing.UiWait;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Retarget view on a project whose model was trained briefly in the test (CMU subject 02's short walk, a toy
 * network over 30-frame windows: seconds): it offers the performer's clips, retargets a held-out clip onto the child's
 * proportions in a job, shows the three skeletons and the measures that the core computes, and a second job can be
 * cancelled.
 */
class RetargetViewTest {
    private static final TrainingSettings TOY = new TrainingSettings(30, 60, 10, 16, 8, 8, 3e-3, 150, 5, 7,
            TrainingSettings.Initial.FIRST_FRAME);

    @TempDir
    Path dir;

    private final IWorkbench workbench = PlatformUI.getWorkbench();

    @AfterEach
    void close() {
        workbench.getService(ProjectSession.class).close();
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        var ref = page.findViewReference(RetargetUi.RETARGET_VIEW_ID);
        if (ref != null) page.setPartState(ref, IWorkbenchPage.STATE_RESTORED);
    }

    @Test
    void showsTheThreeSkeletonsAndTheMeasuresAndCancels() throws Exception {
        Path data = SharedData.resolve("mocap/cmu-asfamc/02");
        List<Path> files = List.of(data.resolve("02.asf"), data.resolve("02_01.amc"), data.resolve("02_03.amc"));
        Performer performer = Performer.read(files, 60, null);
        RetargetModel model = AutoencoderTraining.train(List.of(performer.clips().get(0)), List.of(performer.clips().get(1)),
                files.stream().map(Path::toString).toList(), performer.floorOffset(), TOY, null, new NullProgressMonitor());
        Project project = Project.create(dir.resolve("p"), "p");
        ProjectRetargeting.store(project, model);
        workbench.getService(ProjectSession.class).set(project);
        Shell shell = workbench.getActiveWorkbenchWindow().getShell();
        shell.setBounds(0, 0, 1280, 800);
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        RetargetView view = (RetargetView) page.showView(RetargetUi.RETARGET_VIEW_ID);
        page.setPartState(page.findViewReference(RetargetUi.RETARGET_VIEW_ID), IWorkbenchPage.STATE_MAXIMIZED);
        UiWait.until("the model and the performer's clips", 60_000, () -> view.loaded() != null);
        assertEquals(List.of("02_01", "02_03"), view.loaded().clips().stream().map(Motion::name).sorted().toList());

        assertTrue(view.choose("02_03", "child"));
        RetargetSettings settings = RetargetSettings.DEFAULT.withIterations(60).withLearningRate(0.05).withThreshold(0);
        view.setSettings(settings);
        OperationJob<RetargetComparison> job = view.retarget();
        assertNotNull(job);
        assertTrue(view.busy());
        UiWait.until("the retargeting job", 120_000, () -> !view.busy());
        assertEquals(JobSnapshot.State.COMPLETED, job.snapshot().state(), job.snapshot().message());
        RetargetComparison r = view.result();
        assertEquals("02_03", r.clip());
        assertTrue(r.heldOut());
        assertEquals(60, r.optimisation().iterations());

        // three skeletons: the source on the performer, copy and learned on the child, one frame count
        List<SkeletonsCanvas.Panel> panels = view.skeletons().panels();
        assertEquals(3, panels.size());
        assertEquals(performer.skeleton().size(), panels.get(0).motion().skeleton().size());
        assertNotSame(panels.get(0).motion().skeleton(), panels.get(1).motion().skeleton());
        assertTrue(panels.get(1).motion().skeleton() == panels.get(2).motion().skeleton()
                && panels.get(2).motion().skeleton().restHeight() < 0.85 * panels.get(0).motion().skeleton().restHeight(),
                "the child is shorter than the performer");
        // the table shows the measures, recomputed here from the shown motions and, in the fourth row, from the learned
        // result before the foot-contact stage (the shown learned motion is the one after it)
        TableItem[] rows = view.table().getItems();
        assertEquals(4, rows.length);
        String[] methods = {"source", "copy", "learned", "learned before the stage"};
        for (int i = 0; i < 4; i++) {
            RetargetMeasures m = RetargetMeasures.of(i < 3 ? panels.get(i).motion() : r.optimisation().decoded(), r.source(), null);
            assertEquals(String.format(java.util.Locale.ROOT, "%.2f", m.angleDeviationDeg()), rows[i].getText(5), methods[i]);
            assertEquals(String.format(java.util.Locale.ROOT, "%.2f", m.jitterMm()), rows[i].getText(6), methods[i]);
            assertEquals(String.format(java.util.Locale.ROOT, "%.1f", m.penetrationMaxMm()), rows[i].getText(2), methods[i]);
            assertEquals(String.format(java.util.Locale.ROOT, "%.1f", m.footSlideMm()), rows[i].getText(4), methods[i]);
        }
        assertEquals("0.00", rows[0].getText(5), "the source deviates from itself by nothing");
        assertEquals("0.00", rows[1].getText(5), "copying keeps every rotation");
        assertTrue(Double.parseDouble(rows[2].getText(5)) > 0, "the learned result is decoded, not copied");
        assertTrue(rows[3].getText(0).contains("before the foot-contact stage"), rows[3].getText(0));
        assertTrue(view.lossesText().contains("foot-contact stage"), view.lossesText());
        assertTrue(view.lossesText().contains("held out") && view.lossesText().contains("60 iterations"), view.lossesText());

        view.showFrame(r.source().frameCount() / 2);
        assertEquals(r.source().frameCount() / 2, view.skeletons().frame());
        assertLaidOut(view.root());
        Path shot = Screenshots.of(shell, "retarget-view");
        assertTrue(Files.size(shot) > 10_000, shot.toString());

        // a long run is cancelled through the view; the shown result stays
        view.setSettings(RetargetSettings.DEFAULT.withIterations(100_000).withThreshold(0));
        OperationJob<RetargetComparison> second = view.retarget();
        UiWait.until("the job to start", 30_000, () -> second.getState() == org.eclipse.core.runtime.jobs.Job.RUNNING);
        view.cancel();
        UiWait.until("the cancelled job to end", 30_000, () -> !view.busy());
        assertEquals(JobSnapshot.State.CANCELLED, second.snapshot().state());
        assertEquals("Cancelled.", view.statusText());
        assertTrue(view.result() == r);
    }

    /** {@link LayoutChecks#assertLaidOut}, and the measures' table's columns fit in it. */
    private static void assertLaidOut(Composite root) {
        List<Control> controls = LayoutChecks.assertLaidOut(root);
        // the measures' columns are as wide as their headers and values
        org.eclipse.swt.widgets.Table t = (org.eclipse.swt.widgets.Table) controls.stream()
                .filter(c -> c instanceof org.eclipse.swt.widgets.Table).findFirst().orElseThrow();
        int columns = 0;
        for (var col : t.getColumns()) columns += col.getWidth();
        assertTrue(columns <= t.getClientArea().width, "columns " + columns + " px in a table of " + t.getClientArea().width);
    }
}
