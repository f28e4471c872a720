package org.clothgraph.cli.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.cloth.RunMeasures;
import org.clothgraph.explore.RootFrame;
import org.clothgraph.measure.FrameMeasure;
import org.clothgraph.measure.Measurer;
import org.clothgraph.measure.RunMeasure;
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
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * The independent measures ({@link org.clothgraph.measure}) applied to the explored secondary states: moved from
 * the root frame back to their node's pose and measured against its capsules. (Runs: {@link RunMeasures}.)
 */
final class ProjectMeasures {

    /** The settings key of the explored states' report (scope {@link RunMeasures#SCOPE}). */
    static final String EXPLORED = "explored";

    private ProjectMeasures() {
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
        List<Integer> picked = RunMeasures.sample(states.size(), every);
        SubMonitor sub = SubMonitor.convert(monitor, "Measuring explored states", picked.size());
        List<FrameMeasure> out = new ArrayList<>();
        for (int i : picked) {
            ClothStateRecord s = states.get(i);
            ClothFrame f = project.frames().read(s.frameId());
            PrimaryNode node = snapshot.node(s.primaryNode());
            Motion motion = node == null ? null : byClip.get(node.clipId());
            if (motion == null) { // a state retired with its node: no pose to measure against
                out.add(measurer.measure((int) s.id(), RunMeasures.toDouble(f.positions())));
            } else {
                ClothState world = RootFrame.of(motion, node.frame())
                        .toWorld(new ClothState(f.positions(), f.velocities()));
                out.add(measurer.measure((int) s.id(), RunMeasures.toDouble(world.positions()), character.pose(motion, node.frame())));
            }
            sub.split(1);
        }
        return new RunMeasure("explored states of " + garment.name() + " (every " + every + "; body: capsules)", out);
    }

}
