package org.clothgraph.explore;

import org.clothgraph.cloth.DressingRun;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.sim.ClothState;

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
}
