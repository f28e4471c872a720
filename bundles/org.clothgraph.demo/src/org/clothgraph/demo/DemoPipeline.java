package org.clothgraph.demo;

import java.nio.file.Path;

import org.clothgraph.model.Project;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * Creates the demo project from the project's own generated defaults. Each pipeline stage adds a step
 * here; the result is the open project.
 */
public final class DemoPipeline {
    public static final String PROJECT_NAME = "ClothGraph demo";

    private DemoPipeline() {
    }

    /** Runs the demo pipeline into a new project folder and returns the open project (caller closes it). */
    public static Project run(Path folder, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Building the demo project", 10);
        Project project = Project.create(folder, PROJECT_NAME);
        try {
            sub.split(1).subTask("Default settings");
            DemoSettings.apply(project);
            sub.worked(9);
            return project;
        } catch (RuntimeException e) {
            project.close();
            throw e;
        }
    }
}
