package org.clothgraph.cloth;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.motion.project.ProjectPrimaryGraph;
import org.clothgraph.motion.project.StoredMotion;

/**
 * What a simulation run needs to replay itself: the character motion it was simulated along, stored with the run
 * ({@code runs/<run id>.bvh}, digest recorded). Replaying from it (Cloth Preview, {@code measure}) does not depend on
 * the clips' names, on which clips are excluded or on how the primary graph was rebuilt since.
 */
public final class RunMotion {
    /** The project folder runs keep their motion in. */
    public static final String FOLDER = "runs";

    private RunMotion() {
    }

    /** The project-relative file a run's motion is stored in. */
    public static String file(String runId) {
        return FOLDER + "/" + runId + ".bvh";
    }

    /**
     * The motion {@code run} was simulated along. A run stored before runs kept their motion is played again
     * through the current primary graph, which is the same motion only while its clips and the graph are unchanged;
     * when its clips no longer play, that is one line naming the run.
     */
    public static Motion of(Project project, ClothRun.Report run) {
        if (run.motionFile() != null) {
            return StoredMotion.read(project, "run " + run.runId() + ", field motionFile", run.motionFile());
        }
        PrimaryGraphSnapshot snapshot = PrimaryGraphSnapshot.of(project);
        int window = ProjectPrimaryGraph.options(project, Double.NaN, 0).window();
        try {
            return PrimaryPath.through(snapshot, run.clips(), run.frames(), window).motion();
        } catch (InvalidInputException e) {
            throw new InvalidInputException(project.folder().toString(), "run " + run.runId(), "it was stored before"
                    + " runs kept their motion and its clips no longer play (" + e.getMessage() + ")");
        }
    }
}
