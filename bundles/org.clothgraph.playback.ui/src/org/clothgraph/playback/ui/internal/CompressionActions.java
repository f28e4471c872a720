package org.clothgraph.playback.ui.internal;

import java.util.List;

import org.clothgraph.compress.Compressor;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.JobSnapshot;
import org.clothgraph.model.jobs.OperationJob;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;

/**
 * The Playback view's compression buttons: Compress... runs {@link Compressor} as a job (the same core operation as
 * `clothgraph compress`; the view opens the new database when it is recorded), Report... shows the compression report
 * of the database chosen in the list.
 */
final class CompressionActions {
    private final PlaybackView view;

    CompressionActions(PlaybackView view) {
        this.view = view;
    }

    /** Asks for the options and compresses. */
    void compress(Shell shell, Project project) {
        if (project == null) {
            return;
        }
        List<String> garments = project.garments().stream().map(GarmentInfo::name).toList();
        if (garments.isEmpty()) {
            view.panel().setMessage("The project has no garment to compress.");
            return;
        }
        CompressDialog dialog = new CompressDialog(shell, garments);
        if (dialog.open() == Window.OK) {
            compress(project, dialog.options());
        }
    }

    /** Compresses in a job (family {@link Compressor#FAMILY}); a failure is the panel's message. */
    OperationJob<Compressor.Report> compress(Project project, Compressor.Options options) {
        OperationJob<Compressor.Report> job = Compressor.job(project, options);
        Display display = view.panel().control().getDisplay();
        job.addJobChangeListener(new JobChangeAdapter() {
            @Override
            public void done(IJobChangeEvent event) {
                JobSnapshot<Compressor.Report> s = job.snapshot();
                if (s.state() == JobSnapshot.State.FAILED && !display.isDisposed()) {
                    display.asyncExec(() -> {
                        if (!view.panel().control().isDisposed()) {
                            view.panel().setMessage("Compression failed: " + s.message());
                        }
                    });
                }
            }
        });
        view.panel().setMessage("Compressing " + options.garment() + " (" + options.basis() + " basis vectors, "
                + (options.toleranceFromPaper() ? "at the paper scheme's precision" : options.toleranceMm() + " mm")
                + "): see the Progress view.");
        job.schedule();
        return job;
    }

    /** The report of a recorded database (null: none recorded); refused with one line in the panel. */
    CompressionReportDialog report(Shell shell, Project project, String database) {
        if (project == null || database == null) {
            view.panel().setMessage("Choose a database the project recorded to see its compression report.");
            return null;
        }
        try {
            return CompressionReportDialog.of(shell, project, database);
        } catch (InvalidInputException e) {
            view.panel().setMessage(e.getMessage());
            return null;
        }
    }
}
