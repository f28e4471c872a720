package org.clothgraph.cloth;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.clothgraph.measure.FrameMeasure;
import org.clothgraph.measure.Measurer;
import org.clothgraph.measure.RunMeasure;
import org.clothgraph.measure.Strain;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.body.BodySurface;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * The independent measures ({@link org.clothgraph.measure}) of a stored simulation run: its frames against the
 * body it was simulated on (the body surface when the motion has one, else the capsules). {@link ClothRun}
 * measures every run it completes; reports are kept in the project's settings, scope {@link #SCOPE}, key = run id.
 */
public final class RunMeasures {

    public static final String SCOPE = "measures";

    private RunMeasures() {
    }

    public static ClothRun.Report run(Project project, String runId) {
        for (ClothRun.Report r : ClothRun.runs(project)) {
            if (r.runId().equals(runId)) {
                return r;
            }
        }
        throw new InvalidInputException(project.folder().toString(), "--run", "no simulation run '" + runId + "'");
    }

    /** Measures every {@code every}-th frame of a stored run (frame 0 always). */
    public static RunMeasure measure(Project project, ClothRun.Report run, int every, IProgressMonitor monitor) {
        GarmentInfo garment = ProjectGarments.find(project, run.garment());
        if (garment == null) {
            throw new InvalidInputException(project.folder().toString(), "run " + run.runId(),
                    "its garment '" + run.garment() + "' is gone");
        }
        if (run.lastFrameId() - run.firstFrameId() + 1 != run.frames()) {
            throw new InvalidInputException(project.folder().toString(), "run " + run.runId(), "frames "
                    + run.firstFrameId() + ".." + run.lastFrameId() + " are not the run's " + run.frames() + " frames");
        }
        ClothMesh mesh = ProjectGarments.mesh(project, garment);
        // the motion the run was simulated along, as the run stored it
        org.clothgraph.motion.Motion motion = RunMotion.of(project, run);
        CharacterBodyMotion body = new CharacterBodyMotion(CharacterBody.of(motion.skeleton()), motion);
        BodySurface surface = body.surface();
        Strain strain = Strain.againstRest(mesh);
        Measurer measurer = surface == null ? new Measurer(mesh.triangles(), strain, 0, null)
                : new Measurer(mesh.triangles(), strain, surface.vertexCount(), surface.triangles());
        double[] bodyXyz = surface == null ? null : new double[3 * surface.vertexCount()];
        List<Integer> frames = sample(run.frames(), every);
        SubMonitor sub = SubMonitor.convert(monitor, "Measuring " + run.runId(), frames.size());
        List<FrameMeasure> out = new ArrayList<>();
        for (int f : frames) {
            double[] cloth = toDouble(project.frames().read(run.firstFrameId() + f).positions());
            if (surface != null) {
                surface.positionsAt(f / body.fps(), bodyXyz);
                out.add(measurer.measure(f, cloth, bodyXyz));
            } else {
                out.add(measurer.measure(f, cloth, body.frame(Math.min(f, body.frameCount() - 1))));
            }
            sub.split(1);
        }
        return new RunMeasure(run.runId() + (surface == null ? " (body: capsules)" : " (body: surface)"), out);
    }

    public static void store(Project project, String key, RunMeasure m) {
        project.setSetting(SCOPE, key, m.toJson());
    }

    /** The stored JSON report of a run (or of another key of {@link #SCOPE}). */
    public static Optional<String> stored(Project project, String key) {
        return project.setting(SCOPE, key);
    }

    /** 0, every, 2 every, ... below n. */
    public static List<Integer> sample(int n, int every) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i += every) {
            out.add(i);
        }
        return out;
    }

    public static double[] toDouble(float[] f) {
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            d[i] = f[i];
        }
        return d;
    }
}
