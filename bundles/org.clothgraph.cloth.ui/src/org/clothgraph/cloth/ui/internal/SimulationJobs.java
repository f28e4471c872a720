package org.clothgraph.cloth.ui.internal;

import java.util.List;

import org.clothgraph.cloth.ClothRun;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.ClothSimulator;

/** Simulation runs as Eclipse Jobs (family {@link ClothRun#FAMILY}): progress in frames, cancellable. */
public final class SimulationJobs {
    private SimulationJobs() {
    }

    /** With the simulator chosen in the preferences. */
    public static OperationJob<ClothRun.Report> schedule(Project project, GarmentInfo garment, List<String> clips,
            int frames) {
        return schedule(project, garment, clips, frames, SimulatorPreferences.simulator());
    }

    /** With the simulator chosen in the preferences and the given settings (stored with the run). */
    public static OperationJob<ClothRun.Report> schedule(Project project, GarmentInfo garment, List<String> clips,
            int frames, SimulationSettings settings) {
        return schedule(project, garment, clips, frames, SimulatorPreferences.simulator(), settings);
    }

    public static OperationJob<ClothRun.Report> schedule(Project project, GarmentInfo garment, List<String> clips,
            int frames, ClothSimulator simulator) {
        return schedule(project, garment, clips, frames, simulator, SimulationSettings.defaults());
    }

    public static OperationJob<ClothRun.Report> schedule(Project project, GarmentInfo garment, List<String> clips,
            int frames, ClothSimulator simulator, SimulationSettings settings) {
        OperationJob<ClothRun.Report> job = new OperationJob<>("Simulating " + garment.name() + " along "
                + String.join(" > ", clips), ClothRun.FAMILY, m -> ClothRun.simulate(project, garment, clips, frames,
                        simulator, settings, m));
        job.schedule();
        return job;
    }
}
