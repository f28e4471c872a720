package org.clothgraph.explore.ui.internal;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.cloth.ui.gl.ClothScene;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.ClothTransition;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.MergeRecord;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.body.Body;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;

/**
 * Reads a selected dead end in the background: its state and its merge target's, their frames from the frame
 * store, and the body at the primary node's pose; builds the two scenes. Only the latest selection is read.
 */
final class DeadEndLoader {
    private static final float[] UP_COLOR = { 0.25f, 0.45f, 0.8f };
    private static final float[] DOWN_COLOR = { 0.85f, 0.4f, 0.25f };

    private final PrimarySnapshots snapshots;
    private final Consumer<DeadEndDetail> sink;
    private final Job job;
    private final Map<Long, ClothMesh> meshes = new HashMap<>();
    private Project meshesOf;
    private volatile Project project;
    private volatile QueueRow requested;

    /** @param sink receives each detail (or a detail without scenes that says what went wrong), loader thread */
    DeadEndLoader(PrimarySnapshots snapshots, Consumer<DeadEndDetail> sink) {
        this.snapshots = snapshots;
        this.sink = sink;
        this.job = Job.create("Reading a dead end", m -> {
            load();
            return Status.OK_STATUS;
        });
        job.setSystem(true);
    }

    void request(Project p, QueueRow row) {
        project = p;
        requested = row;
        job.schedule();
    }

    void cancel() {
        job.cancel();
    }

    private void load() {
        Project p = project;
        QueueRow row = requested;
        if (p == null || row == null) {
            return;
        }
        try {
            sink.accept(read(p, row));
        } catch (RuntimeException e) {
            sink.accept(new DeadEndDetail(row, "Dead end at " + row.clipFrame(), "cannot show it: " + e.getMessage(), "",
                    "", null, null));
        }
    }

    private DeadEndDetail read(Project p, QueueRow row) {
        MergeRecord m = p.secondary().merge(row.merge().id()).orElse(null);
        if (m == null) {
            return undone(p, row);
        }
        PrimaryGraphSnapshot snapshot = snapshots.get(p);
        ClothTransition t = p.secondary().transition(m.transitionId());
        ClothStateRecord target = p.secondary().state(t.to());
        ClothStateRecord deadEnd = m.deadEndState() > 0 ? p.secondary().state(m.deadEndState()) : null;
        PrimaryNode node = snapshot.node(target.primaryNode());
        ClipInfo clip = node == null ? null : snapshot.clip(node.clipId());
        String where = clip == null ? "primary node " + target.primaryNode() + " (no longer in the primary graph)"
                : clip.name() + ":" + node.frame() + " (clip " + clip.name() + ", frame " + node.frame()
                        + ", primary node " + node.id() + ")";
        StringBuilder text = new StringBuilder();
        text.append(deadEnd == null ? "A primary edge never simulated, merged into state " + target.id()
                : "Dead end state " + deadEnd.id() + " (" + Formats.classes(deadEnd.classes()) + ", round "
                        + deadEnd.round() + ") merged into state " + target.id() + " (" + Formats.classes(target.classes())
                        + ", round " + target.round() + ")");
        text.append(".\nMerge error ").append(Formats.mm(row.errorMm())).append(", plain ")
                .append(Formats.mm(row.plainMm())).append(m.crossClass() ? ", across classes" : ", same class");
        if (m.quarantined()) {
            text.append(".\nQuarantined: ").append(m.quarantine());
        }
        ClothScene targetScene = node == null ? null : scene(p, snapshot, node, target);
        ClothScene deadEndScene = node == null || deadEnd == null ? null : scene(p, snapshot, node, deadEnd);
        return new DeadEndDetail(row, "At " + where, text.toString(),
                deadEnd == null ? "(none simulated)" : "dead end " + deadEnd.id(), "merge target " + target.id(),
                deadEndScene, targetScene);
    }

    /** The row's merge is gone: a later round undid it and simulated on from the dead end. */
    private DeadEndDetail undone(Project p, QueueRow row) {
        MergeRecord m = row.merge();
        String what = m.deadEndState() > 0 ? "Dead end state " + m.deadEndState() : "The never-simulated primary edge";
        String text = what + " at " + row.clipFrame() + " is no longer merged: a later round undid the merge (error "
                + Formats.mm(row.errorMm()) + ") and simulated on from it.";
        ClothScene deadEndScene = null;
        if (m.deadEndState() > 0) {
            ClothStateRecord deadEnd = p.secondary().state(m.deadEndState());
            PrimaryGraphSnapshot snapshot = snapshots.get(p);
            PrimaryNode node = snapshot.node(deadEnd.primaryNode());
            if (node != null) {
                deadEndScene = scene(p, snapshot, node, deadEnd);
            }
        }
        return new DeadEndDetail(row, "Merge undone", text,
                m.deadEndState() > 0 ? "state " + m.deadEndState() + " (simulated on)" : "(none simulated)",
                "(no merge target now)", deadEndScene, null);
    }

    /** A state's cloth on the body posed at its primary node, coloured by its hood class. */
    private ClothScene scene(Project p, PrimaryGraphSnapshot snapshot, PrimaryNode node, ClothStateRecord state) {
        Body body = RootFrameBody.at(snapshot, node);
        Body bind = RootFrameBody.bindPose(snapshot, node);
        float[] positions = p.frames().read(state.frameId()).positions();
        float[] color = state.classes() != null && state.classes().endsWith("=DOWN") ? DOWN_COLOR : UP_COLOR;
        return new ClothScene(mesh(p, state.garmentId()), positions, body, bind, null, color);
    }

    private synchronized ClothMesh mesh(Project p, long garmentId) {
        if (p != meshesOf) {
            meshes.clear();
            meshesOf = p;
        }
        return meshes.computeIfAbsent(garmentId, id -> {
            GarmentInfo g = p.garments().stream().filter(x -> x.id() == id).findFirst().orElseThrow(
                    () -> new IllegalStateException("garment " + id + " is no longer in the project"));
            return ProjectGarments.mesh(p, g);
        });
    }
}
