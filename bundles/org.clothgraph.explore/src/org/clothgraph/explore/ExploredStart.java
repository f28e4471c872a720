package org.clothgraph.explore;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.clothgraph.cloth.DressingReport;
import org.clothgraph.cloth.DressingRun;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.garment.HoodStateClassifier;

/**
 * A dressing start from an explored secondary-graph cloth state: its cloth (stored in its pose's root frame) put back
 * in the world at its primary node's pose ({@code dress --from-state}, the Dressing view's start chooser).
 */
public final class ExploredStart {
    private ExploredStart() {
    }

    /** The start of state {@code id}; bad input when there is no such state or its node has left the graph. */
    public static DressingRun.Start of(Project project, long id) {
        ClothStateRecord s = project.secondary().state(id); // bad input when there is none
        PrimaryGraphSnapshot snapshot = PrimaryGraphSnapshot.of(project);
        PrimaryNode node = snapshot.node(s.primaryNode());
        if (node == null) {
            throw new InvalidInputException(project.folder().toString(), "--from-state", "state " + id
                    + " is on a primary node the graph no longer has");
        }
        Motion m = snapshot.motionOfClip(node.clipId());
        var f = project.frames().read(s.frameId());
        ClothState world = RootFrame.of(m, node.frame()).toWorld(new ClothState(f.positions(), f.velocities()));
        return new DressingRun.Start("cloth state " + id, m, node.frame(), world);
    }

    /**
     * The live hood-down states of the garment in the explored graph whose node's pose stands upright, as starts of
     * the "hood back up" measurement ({@code dress --report --from-graph}): grouped by the clip of their primary node,
     * each clip's states in the order they were made (strided), the clips taken in turn; each with the states it was
     * simulated on from ({@link ExploredLineage}).
     */
    public static DressingReport.Candidates hoodDown(Project project, GarmentInfo garment) {
        String down = "hood=" + HoodStateClassifier.DOWN;
        return upright(project, garment, s -> s.classes().equals(down));
    }

    /** The live states of the garment that {@code which} accepts where the character stands upright, as hoodDown. */
    static DressingReport.Candidates upright(Project project, GarmentInfo garment, Predicate<ClothStateRecord> which) {
        PrimaryGraphSnapshot snapshot = PrimaryGraphSnapshot.of(project);
        ExploredLineage lineage = ExploredLineage.of(project);
        Map<Long, List<DressingReport.Candidate>> byClip = new LinkedHashMap<>();
        for (ClothStateRecord s : project.secondary().states()) {
            if (s.garmentId() != garment.id() || !s.live() || !which.test(s)) {
                continue;
            }
            PrimaryNode node = snapshot.node(s.primaryNode());
            if (node == null) {
                continue;
            }
            Motion m = snapshot.motionOfClip(node.clipId());
            if (!DressingReport.upright(m, node.frame())) {
                continue;
            }
            byClip.computeIfAbsent(node.clipId(), k -> new ArrayList<>()).add(new DressingReport.Candidate(
                    "cloth state " + s.id() + " (" + snapshot.clip(node.clipId()).name() + " frame " + node.frame() + ")",
                    "state " + s.id(), n -> lineage.before(s.id(), n).stream().map(x -> "state " + x).toList(), m,
                    node.frame(), () -> {
                        var f = project.frames().read(s.frameId());
                        return RootFrame.of(m, node.frame()).toWorld(new ClothState(f.positions(), f.velocities()));
                    }));
        }
        return new DressingReport.Candidates("explored graph's states", "--from-graph",
                DressingReport.inTurn(new ArrayList<>(byClip.values())));
    }
}
