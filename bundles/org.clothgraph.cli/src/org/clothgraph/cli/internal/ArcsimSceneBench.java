package org.clothgraph.cli.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.measure.SelfIntersections;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.StorageException;
import org.clothgraph.sim.ClothSimulator;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationResult;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.arcsim.ArcsimScene;
import org.clothgraph.sim.body.Body;
import org.eclipse.core.runtime.IProgressMonitor;

/**
 * {@code bench arcsim-scene DIR}: the embedded simulator, as a black box, on a scene ARCSim ran (its output
 * folder): from ARCSim's frame 0, on the same rigid-part body and fabric, for N frames; seconds per frame, and
 * the independent checker's self-intersection counts of our frames beside ARCSim's own.
 */
final class ArcsimSceneBench {

    private ArcsimSceneBench() {
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

    /** @param frames frames to simulate, or -1 for the default (4, or fewer when the folder has fewer) */
    static Map<String, Object> run(Path dir, Path fabric, int frames, IProgressMonitor monitor) {
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
        long t0 = System.nanoTime();
        SimulationResult r;
        try {
            r = simulator.simulate(scene.mesh(), scene.material(), SimulationSettings.defaults(), scene.motion(), 0,
                    scene.start(), 1 / scene.frameTime(), n, monitor);
        } catch (SimulationFailedException e) {
            throw new StorageException("benchmark simulation failed: " + e.getMessage(), e);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        int[] tris = scene.mesh().triangles();
        List<Integer> ours = new ArrayList<>(), theirs = new ArrayList<>();
        ours.add(SelfIntersections.count(scene.start().positions(), tris));
        for (ClothState s : r.frames()) {
            ours.add(SelfIntersections.count(s.positions(), tris));
        }
        for (ClothState s : scene.frames()) {
            theirs.add(SelfIntersections.count(s.positions(), tris));
        }
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
        Body capsules = scene.motion().poseAt(0);
        float[] p = scene.start().positions();
        int inside = 0;
        for (int i = 0; i < p.length; i += 3) {
            inside += capsules.signedDistance(p[i], p[i + 1], p[i + 2]) < 0 ? 1 : 0;
        }
        m.put("startVerticesInsideBroadPhaseCapsules", inside);
        m.put("selfIntersectionsOurs", ours);
        m.put("selfIntersectionsArcsim", theirs);
        m.put("simulator", "embedded (XpbdClothSimulator), from ARCSim's frame 0");
        m.put("cores", Runtime.getRuntime().availableProcessors());
        return m;
    }
}
