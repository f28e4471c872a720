package org.clothgraph.cli.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.measure.FrameMeasure;
import org.clothgraph.measure.Measurer;
import org.clothgraph.measure.Strain;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.StorageException;
import org.clothgraph.sim.ClothSimulator;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.SolverCounters;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.arcsim.ArcsimScene;
import org.clothgraph.sim.arcsim.RigidPartsMotion;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodySurface;
import org.eclipse.core.runtime.IProgressMonitor;

/**
 * {@code bench arcsim-scene DIR}: the embedded simulator, as a black box, on a scene ARCSim ran (its output
 * folder): from ARCSim's frame 0, on the same rigid-part body and fabric, for N frames; seconds per frame, and
 * the independent measures ({@link Measurer}: self and body crossings, penetration, clearance, strain) of our
 * frames beside ARCSim's own.
 */
final class ArcsimSceneBench {

    private ArcsimSceneBench() {
    }

    /** The independent measures of each frame k (at time k * frameTime), frame 0 first. */
    private static List<Map<String, Object>> measure(Measurer measurer, BodySurface surface, List<ClothState> frames,
            double frameTime) {
        List<Map<String, Object>> out = new ArrayList<>();
        double[] body = new double[3 * surface.vertexCount()];
        for (int k = 0; k < frames.size(); k++) {
            surface.positionsAt(k * frameTime, body);
            float[] p = frames.get(k).positions();
            double[] cloth = new double[p.length];
            for (int i = 0; i < p.length; i++) {
                cloth[i] = p[i];
            }
            FrameMeasure f = measurer.measure(k, cloth, body);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("frame", k);
            m.put("selfCrossings", f.selfCrossings());
            m.put("bodyCrossings", f.bodyCrossings());
            m.put("inside", f.inside());
            m.put("maxPenetrationMm", BenchCommand.round(1000 * f.maxPenetration()));
            m.put("clearanceMm", BenchCommand.round(1000 * f.clearance()));
            m.put("strainP99", BenchCommand.round(f.strainP99()));
            out.add(m);
        }
        return out;
    }

    /**
     * Mean over the first {@code frames} lines of ARCSim's {@code timing} file (seconds per module, one line per
     * frame) of each line's sum: ARCSim's own seconds per frame on the machine that ran it; NaN without the file.
     */
    private static double arcsimSecondsPerFrame(Path timing, int frames) {
        if (!Files.isRegularFile(timing)) {
            return Double.NaN;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(timing);
        } catch (IOException e) {
            return Double.NaN;
        }
        double sum = 0;
        int n = 0;
        for (int k = 0; k < Math.min(frames, lines.size()); k++, n++) {
            for (String f : lines.get(k).trim().split("\\s+")) {
                try {
                    sum += Double.parseDouble(f);
                } catch (NumberFormatException e) {
                    throw new InvalidInputException(timing, "line " + (k + 1), "not a number: " + f);
                }
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /**
     * @param frames frames to simulate, or -1 for the default (4, or fewer when the folder has fewer)
     * @param solver the embedded solver's name as the CLI spells it (legacy or small-steps), reported
     * @param settings the embedded solver's settings, reported with the result
     */
    static Map<String, Object> run(Path dir, Path fabric, int frames, String solver, SimulationSettings settings,
            IProgressMonitor monitor) {
        ArcsimScene scene = ArcsimScene.load(dir, fabric);
        int covered = (int) Math.round(scene.motion().endTime() / scene.frameTime());
        if (covered < 1) {
            throw new InvalidInputException(dir, null, "the obstacle transforms cover frame 0 only: nothing to simulate");
        }
        int n = frames < 0 ? Math.min(4, covered) : frames;
        if (n > covered) {
            throw new InvalidInputException(dir, "--frames", "the obstacle transforms (NNNNobsJJ.txt) cover frames 0-"
                    + covered + " only: at most " + covered + " frames");
        }
        ClothSimulator simulator = new XpbdClothSimulator();
        // the small-step solver's collision with the part meshes takes the capsules to lie inside them
        RigidPartsMotion body = settings.solver() == SimulationSettings.Solver.SMALL_STEPS
                && settings.bodyCollision() == SimulationSettings.BodyCollision.SURFACE ? scene.motion().inscribed()
                        : scene.motion();
        long t0 = System.nanoTime();
        List<ClothState> simulated = new ArrayList<>();
        SolverCounters[] counters = { null };
        try {
            simulator.simulate(scene.mesh(), scene.material(), settings, body, 0, scene.start(),
                    1 / scene.frameTime(), n, new ClothSimulator.FrameSink() {
                        @Override
                        public void frame(int index, ClothState state, double costMillis) {
                            simulated.add(state);
                        }

                        @Override
                        public void finished(SolverCounters c) {
                            counters[0] = c;
                        }
                    }, monitor);
        } catch (SimulationFailedException e) {
            throw new StorageException("benchmark simulation failed: " + e.getMessage(), e);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        BodySurface surface = scene.motion().surface();
        Measurer measurer = new Measurer(scene.mesh().triangles(), Strain.againstRest(scene.mesh()),
                surface.vertexCount(), surface.triangles());
        List<ClothState> oursFrames = new ArrayList<>();
        oursFrames.add(scene.start());
        oursFrames.addAll(simulated);
        List<Map<String, Object>> ours = measure(measurer, surface, oursFrames, scene.frameTime());
        List<Map<String, Object>> theirs = measure(measurer, surface, scene.frames(), scene.frameTime());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("benchmark", "arcsim-scene");
        m.put("dir", dir.toString());
        m.put("vertices", scene.mesh().vertexCount());
        m.put("bodyParts", scene.motion().partCount());
        m.put("bodySurfaceVertices", scene.motion().surface().vertexCount());
        m.put("frames", n);
        m.put("fps", BenchCommand.round(1 / scene.frameTime()));
        m.put("thicknessMm", BenchCommand.round(1000 * scene.material().thickness()));
        m.put("secondsPerFrame", BenchCommand.round(seconds / n));
        double arcsim = arcsimSecondsPerFrame(dir.resolve("timing"), n);
        if (!Double.isNaN(arcsim)) {
            m.put("arcsimSecondsPerFrame", BenchCommand.round(arcsim));
        }
        Body capsules = body.poseAt(0);
        float[] p = scene.start().positions();
        int inside = 0;
        for (int i = 0; i < p.length; i += 3) {
            inside += capsules.signedDistance(p[i], p[i + 1], p[i + 2]) < 0 ? 1 : 0;
        }
        m.put("startVerticesInsideBroadPhaseCapsules", inside);
        m.put("capsules", body.hasInscribedCapsules() ? "inscribed in the parts" : "enclosing the parts");
        m.put("measuredAgainst", "the rigid part meshes (body crossings, penetration, clearance); strain against"
                + " frame 0");
        m.put("ours", ours);
        m.put("arcsim", theirs);
        m.put("simulator", "embedded (XpbdClothSimulator), from ARCSim's frame 0");
        m.put("solver", solver);
        m.put("settings", settings);
        m.put("solverCounters", counters[0] == null ? null : SimulateCommand.counters(counters[0]));
        m.put("cores", Runtime.getRuntime().availableProcessors());
        return m;
    }
}
