package org.clothgraph.graphview.ui.internal;

import java.util.List;
import java.util.function.Consumer;

import org.clothgraph.cloth.ui.ClothUi;
import org.clothgraph.cloth.ui.internal.ClothPreviewView;
import org.clothgraph.explore.ExploredPath;
import org.clothgraph.explore.SecondaryWalk;
import org.clothgraph.graphview.PathToState;
import org.clothgraph.graphview.SecondaryGraphSnapshot;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.JobSnapshot;
import org.clothgraph.model.jobs.OperationJob;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;

/**
 * Plays "how did we get here" in the Cloth Preview: the path's transitions as a walk from the initial state, its
 * frames read and merges blended in a job of family {@link ExploredPath#FAMILY}, then shown and played.
 */
final class PathPlayback {
    private PathPlayback() {
    }

    static OperationJob<ExploredPath> play(IWorkbenchPage page, Project project, SecondaryGraphSnapshot graph,
            PathToState path, Consumer<String> note) {
        long start = graph.state(graph.initial()).id();
        List<Long> ids = path.edges().stream().map(SecondaryGraphSnapshot.Edge::transitionId).toList();
        String text = "How did we get here: " + path;
        Display display = page.getWorkbenchWindow().getShell().getDisplay();
        OperationJob<ExploredPath> job = new OperationJob<>("Reading the path to a cloth state", ExploredPath.FAMILY,
                m -> ExploredPath.of(project, SecondaryWalk.of(project, start, ids), m));
        job.addJobChangeListener(new JobChangeAdapter() {
            @Override
            public void done(IJobChangeEvent event) {
                display.asyncExec(() -> {
                    JobSnapshot<ExploredPath> s = job.snapshot();
                    if (s.state() != JobSnapshot.State.COMPLETED) {
                        note.accept("Cannot play it: " + s.message());
                        return;
                    }
                    try {
                        ClothPreviewView v = (ClothPreviewView) page.showView(ClothUi.CLOTH_PREVIEW_VIEW_ID, null,
                                IWorkbenchPage.VIEW_VISIBLE);
                        v.play(s.result(), text);
                        note.accept("Playing in the Cloth Preview (" + s.result().frames() + " frames).");
                    } catch (PartInitException e) {
                        note.accept("Cannot open the Cloth Preview: " + e.getMessage());
                    }
                });
            }
        });
        job.schedule();
        return job;
    }
}
