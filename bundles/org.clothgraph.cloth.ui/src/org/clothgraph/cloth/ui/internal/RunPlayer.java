package org.clothgraph.cloth.ui.internal;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.cloth.CharacterBodyMotion;
import org.clothgraph.cloth.ClothRun;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.cloth.RunMotion;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.SkinnedSurface;
import org.clothgraph.sim.garment.HoodStateClassifier;

/**
 * A stored simulation run ready to play: the garment mesh, the character body along the motion the run stored
 * ({@link RunMotion}: unchanged by later clip renames, exclusions or graph rebuilds) and the cloth frames read one at
 * a time from the frame store.
 */
final class RunPlayer implements PreviewPlayer {
    final ClothRun.Report report;
    final GarmentInfo garment;
    final ClothMesh mesh;
    private final CharacterBodyMotion body;
    private final Project project;
    private final float[] positions;
    private final float[] velocities;
    /** The run's classifier, null when the garment has no hood. */
    private final HoodStateClassifier hood;
    /** The frame {@link #positions} and {@link #velocities} hold, -1 before the first read. */
    private int read = -1;

    /** A run of a project to read. */
    record Request(Project project, ClothRun.Report report) {
    }

    /**
     * Reads a run and makes its body's skinned surface (cached), so that showing its frames does not wait for either
     * (any thread).
     */
    static RunPlayer load(Request request) {
        RunPlayer player = new RunPlayer(request.project(), request.report());
        SkinnedSurface.of(player.bindPose());
        return player;
    }

    RunPlayer(Project project, ClothRun.Report report) {
        this.project = project;
        this.report = report;
        this.garment = ProjectGarments.find(project, report.garment());
        if (garment == null) {
            throw new InvalidInputException(project.folder().toString(), report.runId(), "garment '" + report.garment()
                    + "' of this run no longer exists");
        }
        this.mesh = ProjectGarments.mesh(project, garment);
        Motion motion = RunMotion.of(project, report);
        this.body = new CharacterBodyMotion(CharacterBody.of(motion.skeleton()), motion);
        this.positions = new float[mesh.vertexCount() * 3];
        this.velocities = new float[mesh.vertexCount() * 3];
        this.hood = mesh.vertexGroups().containsKey("hood") ? new HoodStateClassifier(mesh) : null;
    }

    /** The project the run belongs to. */
    Project project() {
        return project;
    }

    @Override
    public int frames() {
        return report.frames();
    }

    @Override
    public double fps() {
        return report.fps();
    }

    @Override
    public GarmentInfo garment() {
        return garment;
    }

    @Override
    public ClothMesh mesh() {
        return mesh;
    }

    /** Cloth positions of a frame (a fresh array: scenes keep it). */
    @Override
    public float[] cloth(int frame) {
        read(frame);
        return positions.clone();
    }

    @Override
    public Body body(int frame) {
        return body.frame(Math.min(frame, body.frameCount() - 1));
    }

    @Override
    public Body bindPose() {
        return body.bindPose();
    }

    @Override
    public String classOf(int frame) {
        return frame < report.classes().size() ? report.classes().get(frame) : "";
    }

    /** The classifier's decision re-made from the stored frame and the frame's pose (as the run made it). */
    @Override
    public HoodStateClassifier.Decision decision(int frame) {
        if (hood == null) {
            return null;
        }
        read(frame);
        return hood.decide(new ClothState(positions, velocities), body(frame));
    }

    /** Reads a frame unless it is the one read last (a shown frame is read once for its cloth and its decision). */
    private void read(int frame) {
        if (frame != read) {
            read = -1;
            project.frames().read(report.firstFrameId() + frame, positions, velocities);
            read = frame;
        }
    }
}
