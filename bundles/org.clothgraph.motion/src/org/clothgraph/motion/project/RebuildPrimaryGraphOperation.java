package org.clothgraph.motion.project;

import org.clothgraph.model.PrimaryGraph;
import org.clothgraph.model.Project;
import org.clothgraph.model.operations.ProjectOperation;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;

/**
 * Rebuilds the primary graph with a threshold and window; undo restores the previous graph and
 * settings, redo restores the rebuilt one without recomputing it.
 */
public final class RebuildPrimaryGraphOperation extends ProjectOperation {
    private final double threshold;
    private final int window;
    private final PrimaryGraph before;
    private final String thresholdBefore;
    private final String windowBefore;
    private ProjectPrimaryGraph.Result result;
    private String thresholdAfter;
    private String windowAfter;

    public RebuildPrimaryGraphOperation(Project project, double threshold, int window) {
        super("Rebuild Primary Graph", project);
        this.threshold = threshold;
        this.window = window;
        this.before = project.primaryGraph();
        this.thresholdBefore = project.setting(ProjectPrimaryGraph.SCOPE, "threshold").orElse(null);
        this.windowBefore = project.setting(ProjectPrimaryGraph.SCOPE, "window").orElse(null);
    }

    public ProjectPrimaryGraph.Result result() {
        return result;
    }

    @Override
    public IStatus execute(IProgressMonitor monitor, IAdaptable info) throws ExecutionException {
        result = ProjectPrimaryGraph.build(project, threshold, window, monitor);
        thresholdAfter = project.setting(ProjectPrimaryGraph.SCOPE, "threshold").orElse(null);
        windowAfter = project.setting(ProjectPrimaryGraph.SCOPE, "window").orElse(null);
        return Status.OK_STATUS;
    }

    @Override
    protected void apply() {
        project.batch(() -> {
            project.replacePrimaryGraph(result.stored());
            project.setSetting(ProjectPrimaryGraph.SCOPE, "threshold", thresholdAfter);
            project.setSetting(ProjectPrimaryGraph.SCOPE, "window", windowAfter);
        });
    }

    @Override
    protected void revert() {
        project.batch(() -> {
            project.replacePrimaryGraph(before);
            project.setSetting(ProjectPrimaryGraph.SCOPE, "threshold", thresholdBefore);
            project.setSetting(ProjectPrimaryGraph.SCOPE, "window", windowBefore);
        });
    }
}
