package org.clothgraph.cli.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.cloth.CharacterBodyMotion;
import org.clothgraph.cloth.ClothRun;
import org.clothgraph.cloth.PrimaryPath;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.explore.RootFrame;
import org.clothgraph.measure.FrameMeasure;
import org.clothgraph.measure.Measurer;
import org.clothgraph.measure.RunMeasure;
import org.clothgraph.measure.Strain;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.model.frames.ClothFrame;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.project.ProjectCharacter;
import org.clothgraph.motion.project.ProjectClips;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.motion.project.ProjectPrimaryGraph;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.body.BodySurface;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * The independent measures ({@link org.clothgraph.measure}) applied to what a project stores: a simulation run
 * (its frames against the body it was simulated on: the body surface when the motion has one, else the
 * capsules) and the explored secondary states (moved from the root frame back to their node's pose and measured
 * against its capsules). Reports are kept in the project's settings, scope {@link #SCOPE}, key = run id.
 */
final class ProjectMeasures {

    static final String SCOPE = "measures";
    static final String EXPLORED = "explored";

    private ProjectMeasures() {
    }

    static ClothRun.Report run(Project project, String runId) {
        for (ClothRun.Report r : ClothRun.runs(project)) {
            if (r.runId().equals(runId)) {
                return r;
            }
        }
        throw new InvalidInputException(project.folder().toString(), "--run", "no simulation run '" + runId + "'");
    }

    /** Measures every {@code every}-th frame of a stored run (frame 0 always). */
    static RunMeasure measure(Project project, ClothRun.Report run, int every, IProgressMonitor monitor) {
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
        // The same path the run was simulated along (ClothRun: the clips through the stored graph).
        PrimaryGraphSnapshot snapshot = PrimaryGraphSnapshot.of(project);
        int window = ProjectPrimaryGraph.options(project, Double.NaN, 0).window();
        PrimaryPath path = PrimaryPath.through(snapshot, run.clips(), run.frames(), window);
        CharacterBodyMotion body = new CharacterBodyMotion(CharacterBody.of(path.motion().skeleton()), path.motion());
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

    /**
     * Measures every {@code every}-th explored cloth state of the garment (ordered by state id), taken from the
     * root frame back to the world of its primary node's pose and measured against that pose's capsules.
     */
    static RunMeasure measureExplored(Project project, GarmentInfo garment, int every, IProgressMonitor monitor) {
        ClothMesh mesh = ProjectGarments.mesh(project, garment);
        Measurer measurer = Measurer.of(mesh);
        List<ClothStateRecord> states = project.secondary().states().stream()
                .filter(s -> s.garmentId() == garment.id()).toList();
        if (states.isEmpty()) {
            throw new InvalidInputException(project.folder().toString(), "explored", "no explored cloth states of "
                    + garment.name() + " (clothgraph explore makes them)");
        }
        PrimaryGraphSnapshot snapshot = PrimaryGraphSnapshot.of(project);
        List<ClipInfo> clips = project.clips();
        List<Motion> motions = ProjectClips.load(project, clips);
        Map<Long, Motion> byClip = new HashMap<>();
        for (int i = 0; i < clips.size(); i++) {
            byClip.put(clips.get(i).id(), motions.get(i));
        }
        CharacterBody character = CharacterBody.of(ProjectCharacter.skeleton(project));
        List<Integer> picked = sample(states.size(), every);
        SubMonitor sub = SubMonitor.convert(monitor, "Measuring explored states", picked.size());
        List<FrameMeasure> out = new ArrayList<>();
        for (int i : picked) {
            ClothStateRecord s = states.get(i);
            ClothFrame f = project.frames().read(s.frameId());
            PrimaryNode node = snapshot.node(s.primaryNode());
            Motion motion = node == null ? null : byClip.get(node.clipId());
            if (motion == null) { // a state retired with its node: no pose to measure against
                out.add(measurer.measure((int) s.id(), toDouble(f.positions())));
            } else {
                ClothState world = RootFrame.of(motion, node.frame())
                        .toWorld(new ClothState(f.positions(), f.velocities()));
                out.add(measurer.measure((int) s.id(), toDouble(world.positions()), character.pose(motion, node.frame())));
            }
            sub.split(1);
        }
        return new RunMeasure("explored states of " + garment.name() + " (every " + every + "; body: capsules)", out);
    }

    static void store(Project project, String key, RunMeasure m) {
        project.setSetting(SCOPE, key, m.toJson());
    }

    static Optional<String> stored(Project project, String key) {
        return project.setting(SCOPE, key);
    }

    private static List<Integer> sample(int n, int every) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i += every) {
            out.add(i);
        }
        return out;
    }

    private static double[] toDouble(float[] f) {
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            d[i] = f[i];
        }
        return d;
    }
}
