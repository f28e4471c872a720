package org.clothgraph.cloth.ui.internal;

import java.util.List;

import org.clothgraph.cloth.ClothRun;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.XpbdClothSimulator;

/** Simulation runs as Eclipse Jobs (family {@link ClothRun#FAMILY}): progress in frames, cancellable. */
public final class SimulationJobs {
    private SimulationJobs() {
    }

    public static OperationJob<ClothRun.Report> schedule(Project project, GarmentInfo garment, List<String> clips,
            int frames) {
        OperationJob<ClothRun.Report> job = new OperationJob<>("Simulating " + garment.name() + " along "
                + String.join(" > ", clips), ClothRun.FAMILY, m -> ClothRun.simulate(project, garment, clips, frames,
                        new XpbdClothSimulator(), SimulationSettings.defaults(), m));
        job.schedule();
        return job;
    }
}
