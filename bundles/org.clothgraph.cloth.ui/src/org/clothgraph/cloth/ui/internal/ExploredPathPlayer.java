package org.clothgraph.cloth.ui.internal;

import java.util.Locale;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.cloth.CharacterBodyMotion;
import org.clothgraph.explore.ExploredPath;
import org.clothgraph.explore.WalkController;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.body.Body;
import org.eclipse.core.runtime.SubMonitor;

/**
 * An explored path ready to play: a walk of the secondary graph chosen by a seeded controller from the initial
 * state, the character along its primary nodes, the cloth blended across merges and moved from the root frame
 * into the world. Built off the UI thread by {@link #schedule}.
 */
final class ExploredPathPlayer implements PreviewPlayer {
    /** Length of the walk the preview shows. */
    static final int FRAMES = 300;
    /** Seed of the controller's choices: the same path every time. */
    static final long SEED = 1;

    final ExploredPath path;
    final long seed;
    private final CharacterBodyMotion body;

    ExploredPathPlayer(ExploredPath path, long seed) {
        this.path = path;
        this.seed = seed;
        this.body = new CharacterBodyMotion(CharacterBody.of(path.motion().skeleton()), path.motion());
    }

    /** Walks the project's explored graph in a job of family {@link ExploredPath#FAMILY}. */
    static OperationJob<ExploredPathPlayer> schedule(Project project, long seed) {
        String name = "Walking the secondary cloth graph (seed " + seed + ")";
        OperationJob<ExploredPathPlayer> job = new OperationJob<>(name, ExploredPath.FAMILY, m -> {
            SubMonitor sub = SubMonitor.convert(m, 10);
            GarmentInfo garment = ExploredPath.exploredGarment(project);
            ExploredPath path = ExploredPath.fromInitialState(project, garment, WalkController.random(seed), FRAMES,
                    sub.split(9));
            return new ExploredPathPlayer(path, seed);
        });
        job.schedule();
        return job;
    }

    @Override
    public int frames() {
        return path.frames();
    }

    @Override
    public double fps() {
        return path.motion().fps();
    }

    @Override
    public GarmentInfo garment() {
        return path.garment();
    }

    @Override
    public ClothMesh mesh() {
        return path.mesh();
    }

    @Override
    public float[] cloth(int frame) {
        return path.world(frame).positions();
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
        String c = path.classOf(frame);
        return c.substring(c.indexOf('=') + 1);
    }

    @Override
    public String note(int frame) {
        double offset = path.offset(frame);
        return offset > 0 ? String.format(Locale.ROOT, "blending merge (%.0f mm)", offset * 1000) : "";
    }
}
