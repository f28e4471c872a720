package org.clothgraph.demo;

import java.nio.file.Path;

import java.util.List;

import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.demo.DemoMotions;
import org.clothgraph.motion.project.ProjectCharacter;
import org.clothgraph.motion.project.ProjectClips;
import org.clothgraph.motion.project.ProjectPrimaryGraph;
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
        SubMonitor sub = SubMonitor.convert(monitor, "Building the demo project", 100);
        Project project = Project.create(folder, PROJECT_NAME);
        try {
            sub.split(1).subTask("Default settings");
            DemoSettings.apply(project);
            sub.split(4).subTask("Demo character");
            ProjectCharacter.ensure(project);
            sub.subTask("Generating the demo clips");
            List<Motion> clips = DemoMotions.all();
            ProjectClips.store(project, clips, sub.split(15));
            sub.subTask("Primary motion graph");
            ProjectPrimaryGraph.build(project, Double.NaN, 0, sub.split(80));
            return project;
        } catch (RuntimeException e) {
            project.close();
            throw e;
        }
    }
}
