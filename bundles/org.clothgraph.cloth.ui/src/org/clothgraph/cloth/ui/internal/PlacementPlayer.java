package org.clothgraph.cloth.ui.internal;

import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.SkinnedSurface;

/**
 * A garment as it is placed on the character, before any simulation: its stored rest mesh (the fit and the user's
 * placement applied) on the body in the fitting pose, which garments are made and placed for. One frame.
 */
final class PlacementPlayer implements PreviewPlayer {
    private final GarmentInfo garment;
    private final ClothMesh mesh;
    private final Body body;

    /** A garment of a project to show. */
    record Request(Project project, String garment) {
    }

    /** Reads the garment's mesh and the character's fitting pose, and makes its skinned surface (any thread). */
    static PlacementPlayer load(Request request) {
        Project project = request.project();
        GarmentInfo g = ProjectGarments.find(project, request.garment());
        if (g == null) {
            throw new InvalidInputException(project.folder().toString(), request.garment(), "no such garment");
        }
        PlacementPlayer player = new PlacementPlayer(g, ProjectGarments.mesh(project, g),
                ProjectGarments.restBody(project));
        SkinnedSurface.of(player.body);
        return player;
    }

    private PlacementPlayer(GarmentInfo garment, ClothMesh mesh, Body body) {
        this.garment = garment;
        this.mesh = mesh;
        this.body = body;
    }

    @Override
    public int frames() {
        return 1;
    }

    @Override
    public double fps() {
        return 30;
    }

    @Override
    public GarmentInfo garment() {
        return garment;
    }

    @Override
    public ClothMesh mesh() {
        return mesh;
    }

    @Override
    public float[] cloth(int frame) {
        return mesh.restPositions().clone();
    }

    @Override
    public Body body(int frame) {
        return body;
    }

    @Override
    public Body bindPose() {
        return body;
    }

    @Override
    public String classOf(int frame) {
        return "";
    }

    @Override
    public String note(int frame) {
        return "placed, not simulated";
    }
}
