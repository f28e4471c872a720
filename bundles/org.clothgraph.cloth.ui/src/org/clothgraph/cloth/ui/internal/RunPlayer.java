package org.clothgraph.cloth.ui.internal;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.cloth.CharacterBodyMotion;
import org.clothgraph.cloth.ClothRun;
import org.clothgraph.cloth.PrimaryPath;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.motion.project.ProjectPrimaryGraph;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.body.Body;

/**
 * A stored simulation run ready to play: the garment mesh, the character body along the run's path
 * (recomputed deterministically from the primary graph) and the cloth frames read one at a time from
 * the frame store.
 */
final class RunPlayer implements PreviewPlayer {
    final ClothRun.Report report;
    final GarmentInfo garment;
    final ClothMesh mesh;
    private final CharacterBodyMotion body;
    private final Project project;
    private final float[] positions;
    private final float[] velocities;

    RunPlayer(Project project, ClothRun.Report report) {
        this.project = project;
        this.report = report;
        this.garment = ProjectGarments.find(project, report.garment());
        if (garment == null) {
            throw new InvalidInputException(project.folder().toString(), report.runId(), "garment '" + report.garment()
                    + "' of this run no longer exists");
        }
        this.mesh = ProjectGarments.mesh(project, garment);
        PrimaryGraphSnapshot snapshot = PrimaryGraphSnapshot.of(project);
        int window = ProjectPrimaryGraph.options(project, Double.NaN, 0).window();
        PrimaryPath path = PrimaryPath.through(snapshot, report.clips(), report.frames(), window);
        this.body = new CharacterBodyMotion(CharacterBody.of(path.motion().skeleton()), path.motion());
        this.positions = new float[mesh.vertexCount() * 3];
        this.velocities = new float[mesh.vertexCount() * 3];
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
        project.frames().read(report.firstFrameId() + frame, positions, velocities);
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
}
