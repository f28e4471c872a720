package org.clothgraph.cloth.ui.internal;

import org.clothgraph.cloth.ClothRun;
import org.clothgraph.cloth.DressingRun;
import org.clothgraph.cloth.dressing.ActionQueue;
import org.clothgraph.explore.ExploredStart;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.sim.SimulationSettings;
import org.eclipse.core.runtime.SubMonitor;

/**
 * Dressing runs as Eclipse Jobs (family {@link ClothRun#FAMILY}): the same core operation as {@code clothgraph dress}
 * ({@link DressingRun#dress}), progress in frames, cancellable; the run it stores reaches the views through the
 * project's change notifications.
 */
final class DressingJobs {
    private DressingJobs() {
    }

    /** Where a dressing starts: the garment draped in the fitting pose, a frame of a stored run or an explored state. */
    record StartChoice(String run, int frame, long state) {
        static StartChoice fittingPose() {
            return new StartChoice(null, 0, 0);
        }

        static StartChoice ofRun(String run, int frame) {
            return new StartChoice(run, frame, 0);
        }

        static StartChoice ofState(long state) {
            return new StartChoice(null, 0, state);
        }

        String describe() {
            return run != null ? "run " + run + " frame " + frame : state > 0 ? "cloth state " + state
                    : "the fitting pose";
        }
    }

    static OperationJob<DressingRun.Outcome> schedule(Project project, GarmentInfo garment, ActionQueue queue,
            String source, StartChoice choice, SimulationSettings settings) {
        OperationJob<DressingRun.Outcome> job = new OperationJob<>("Dressing " + garment.name() + " (" + source
                + ") from " + choice.describe(), ClothRun.FAMILY, m -> {
                    SubMonitor sub = SubMonitor.convert(m, 100);
                    DressingRun.Start start;
                    if (choice.run() != null) {
                        ClothRun.Report run = ClothRun.runs(project).stream().filter(r -> r.runId().equals(choice.run()))
                                .findFirst().orElseThrow(() -> new InvalidInputException(project.folder().toString(),
                                        "start", "no simulation run " + choice.run()));
                        start = DressingRun.fromRun(project, run, choice.frame());
                    } else if (choice.state() > 0) {
                        start = ExploredStart.of(project, choice.state());
                    } else {
                        start = DressingRun.fittingStart(project, garment, settings, sub.split(10));
                    }
                    sub.setWorkRemaining(90);
                    return DressingRun.dress(project, garment, queue, source, start, settings, null, sub.split(90));
                });
        job.schedule();
        return job;
    }
}
