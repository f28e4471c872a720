package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.explore.ExplorationSettings;
import org.clothgraph.explore.ExplorationStatus;
import org.clothgraph.explore.Explorer;
import org.clothgraph.explore.GraphFingerprint;
import org.clothgraph.explore.ThreadUnitExecutor;
import org.clothgraph.explore.UnitExecutor;
import org.clothgraph.explore.slurm.SlurmSettings;
import org.clothgraph.explore.slurm.SlurmUnitExecutor;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.garment.Garments;

/**
 * {@code bench explore}: builds the demo in a scratch folder and explores N frames on the local backend, on Slurm,
 * or on both from copies of the same demo ({@code --backend both}): frames per second, CPU seconds per frame, the
 * bookkeeping share of the wall time, and for Slurm the pilot jobs, the time from sbatch to a pilot's first unit,
 * the handling time per unit on the node and the overhead against local, with a digest of the explored graph so
 * that the two runs are seen to give the same graph.
 */
final class ExploreBench {
    private ExploreBench() {
    }

    static Map<String, Object> run(Args args, PrintStream err) {
        int vertices = args.intValue("vertices", Garments.DEFAULT_ROBE_VERTICES, 100, 500_000);
        int frames = args.intValue("frames", 2000, 1, 100_000_000);
        int workers = args.intValue("workers", 0, 0, 256);
        int clipFrames = args.intValue("clip-frames", 0, 0, 100_000);
        String backend = args.value("backend").orElse("local");
        if (!backend.equals("local") && !backend.equals("slurm") && !backend.equals("both")) {
            throw new InvalidInputException("option", "--backend", "bench explore runs local, slurm or both (was '"
                    + backend + "')");
        }
        Path scratch = BenchCommand.scratch(args);
        try {
            ConsoleProgressMonitor monitor = new ConsoleProgressMonitor(err).cancelOnShutdown();
            Path demo = scratch.resolve("demo");
            DemoPipeline.run(demo, new DemoPipeline.Options(clipFrames, vertices, 0, workers), monitor).close();
            ExplorationSettings settings = ExplorationSettings.defaults().withWorkers(workers);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("benchmark", "explore");
            m.put("backend", backend);
            Map<String, Object> local = null;
            Map<String, Object> slurm = null;
            if (!backend.equals("slurm")) {
                Path folder = Project.copy(demo, scratch.resolve("local"));
                try (Project p = Project.open(folder); ThreadUnitExecutor threads = new ThreadUnitExecutor()) {
                    local = explore(p, settings, threads, frames, monitor);
                    local.put("workers", settings.effectiveWorkers());
                }
            }
            if (!backend.equals("local")) {
                Path folder = Project.copy(demo, scratch.resolve("slurm"));
                try (Project p = Project.open(folder)) {
                    SlurmSettings s = SlurmOptions.apply(args, SlurmSettings.of(p));
                    try (SlurmUnitExecutor executor = new SlurmUnitExecutor(p, s)) {
                        executor.addListener(SlurmOptions.printer(err));
                        slurm = explore(p, settings, executor, frames, monitor);
                        SlurmUnitExecutor.Stats st = executor.stats();
                        slurm.put("maxJobs", s.maxJobs());
                        slurm.put("cpusPerTask", s.cpusPerTask());
                        slurm.put("units", st.units());
                        slurm.put("sbatchSubmissions", st.submissions());
                        slurm.put("pilotJobsStarted", st.jobsStarted());
                        slurm.put("jobStartSeconds", BenchCommand.round(st.meanJobStartSeconds()));
                        slurm.put("unitHandlingSeconds", BenchCommand.round(st.meanUnitHandlingSeconds()));
                        slurm.put("nodeSecondsPerUnit", BenchCommand.round(st.nodeSeconds() / Math.max(1, st.units())));
                    }
                }
            }
            if (local != null) {
                m.put("local", local);
            }
            if (slurm != null) {
                m.put("slurm", slurm);
            }
            if (local != null && slurm != null) {
                double lw = (double) local.get("wallSeconds");
                double sw = (double) slurm.get("wallSeconds");
                int units = (int) slurm.get("units");
                m.put("sameGraph", local.get("graphDigest").equals(slurm.get("graphDigest")));
                m.put("slurmFramesPerSecondOverLocal", BenchCommand.round(lw / sw));
                m.put("overheadSeconds", BenchCommand.round(sw - lw));
                m.put("overheadPerUnitSeconds", BenchCommand.round((sw - lw) / Math.max(1, units)));
            }
            m.put("cores", Runtime.getRuntime().availableProcessors());
            return m;
        } finally {
            if (args.value("dir").isEmpty()) {
                BenchCommand.delete(scratch);
            }
        }
    }

    private static Map<String, Object> explore(Project project, ExplorationSettings settings, UnitExecutor executor,
            int frames, ConsoleProgressMonitor monitor) {
        GarmentInfo robe = ProjectGarments.find(project, ProjectGarments.ROBE);
        Explorer.Report r = new Explorer(project, robe, new XpbdClothSimulator(), settings, executor)
                .run(Explorer.Limits.frames(frames), monitor);
        ExplorationStatus s = r.status();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("vertices", ProjectGarments.mesh(project, robe).vertexCount());
        m.put("primaryNodes", project.summary().primaryNodes());
        m.put("simulatedFrames", s.simulatedFrames());
        m.put("states", s.states());
        m.put("rounds", s.round());
        m.put("wallSeconds", BenchCommand.round(s.wallSeconds()));
        m.put("framesPerSecond", BenchCommand.round(s.simulatedFrames() / s.wallSeconds()));
        m.put("cpuSecondsPerFrame", BenchCommand.round(s.cpuSeconds() / Math.max(1, s.simulatedFrames())));
        m.put("bookkeepingSeconds", BenchCommand.round(s.bookkeepingSeconds()));
        m.put("bookkeepingShareOfWall", BenchCommand.round(s.bookkeepingSeconds() / s.wallSeconds()));
        m.put("worstErrorMm", BenchCommand.round(s.worstErrorMm()));
        m.put("stopReason", r.stopReason());
        m.put("graphDigest", GraphFingerprint.digest(project));
        return m;
    }
}
