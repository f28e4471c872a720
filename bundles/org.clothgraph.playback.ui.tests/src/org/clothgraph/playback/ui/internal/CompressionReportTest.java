package org.clothgraph.playback.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.compress.Compressor;
import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.JobSnapshot;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.playback.ui.PlaybackUi;
import org.clothgraph.testing.Screenshots;
import org.clothgraph.testing.UiWait;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compression from the workbench: the Playback view's Compress... runs the compression as a job on an explored demo,
 * the view opens the new database, and Report... shows the report the compression stored (the figures of
 * `compress --json`, the paper's scheme beside them) with the energy per basis vector plotted.
 */
class CompressionReportTest {
    @TempDir
    Path dir;

    private final IWorkbench workbench = PlatformUI.getWorkbench();

    @AfterEach
    void close() {
        UiWait.joinFamily(Compressor.FAMILY, 120_000);
        workbench.getService(ProjectSession.class).close();
    }

    @Test
    void compressesFromThePlaybackViewAndShowsTheReport() throws Exception {
        Project project = DemoPipeline.run(dir.resolve("demo"), DemoPipeline.Options.small(300), null);
        workbench.getService(ProjectSession.class).set(project);
        Shell shell = workbench.getActiveWorkbenchWindow().getShell();
        shell.setBounds(0, 0, 1280, 800);
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        PlaybackView view = (PlaybackView) page.showView(PlaybackUi.PLAYBACK_VIEW_ID);
        UiWait.until("the view to say there is no database yet", 30_000,
                () -> view.panel().message().startsWith("No compressed database"));
        assertTrue(view.panel().compress.isEnabled());

        // what the Compress... dialog's OK does, with 40 basis vectors
        Compressor.Options options = Compressor.Options.defaults().withGarment("hooded robe").withBasis(40);
        OperationJob<Compressor.Report> job = view.compression().compress(project, options);
        UiWait.joinFamily(Compressor.FAMILY, 600_000);
        assertEquals(JobSnapshot.State.COMPLETED, job.snapshot().state(), String.valueOf(job.snapshot().message()));
        UiWait.until("the new database to open", 120_000, () -> view.frame() != null);
        Map<String, Object> report = job.snapshot().result().toMap();

        CompressionReportDialog dialog = view.compression().report(shell, project, view.selectedDatabase());
        assertNotNull(dialog, view.panel().message());
        dialog.setBlockOnOpen(false);
        dialog.open();
        try {
            UiWait.settle(500);
            List<String> cells = dialog.cellTexts();
            String bytes = String.format(Locale.ROOT, "%,d B", ((Number) report.get("compressedBytes")).longValue());
            assertTrue(cells.contains(bytes), "the report's size " + bytes + " in " + cells);
            @SuppressWarnings("unchecked")
            Map<String, Object> paper = (Map<String, Object>) report.get("paperScheme");
            String paperBytes = String.format(Locale.ROOT, "%,d B", ((Number) paper.get("bytes")).longValue());
            assertTrue(cells.contains(paperBytes), "the paper's scheme " + paperBytes + " in " + cells);
            assertTrue(cells.stream().anyMatch(c -> c.startsWith(String.format(Locale.ROOT, "%.3f mm",
                    ((Number) report.get("maxErrorMm")).doubleValue()))), "the max error in " + cells);
            double[] energy = dialog.chart().energy();
            assertEquals(40, energy.length, "one bar per basis vector");
            assertTrue(energy[0] > energy[energy.length - 1], "the spectrum falls");
            Screenshots.of(dialog.getShell(), "compression-report");
        } finally {
            dialog.close();
        }
    }
}
