package org.clothgraph.playback;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.cloth.PrimaryPath;
import org.clothgraph.explore.RootFrame;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.motion.project.ProjectPrimaryGraph;
import org.clothgraph.runtime.PlaybackFrame;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.SkinnedSurface;

/**
 * The project's character for playing a runtime database: the body posed at a decoded frame's primary node (the
 * node's clip and frame, as the Cloth Preview and the Exploration view pose it) or inside a blended primary
 * transition, moved like the cloth from that pose's root frame into the world of the walk
 * ({@link PlaybackFrame#rootYaw()} etc., {@link RootFrame}'s convention). {@link WalkPoser} follows a walk frame by
 * frame. Posing is safe from any thread.
 */
public final class PlaybackCharacter {
    private final Project project;
    private final PrimaryGraphSnapshot snapshot;
    private final Map<Long, CharacterBody> bodies = new HashMap<>();
    private final Body bindPose;
    private final double fps;
    private final int window;
    private final Map<List<Long>, PrimaryPath> transitions = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<List<Long>, PrimaryPath> eldest) {
            return size() > 64;
        }
    };

    private PlaybackCharacter(Project project) {
        this.project = project;
        this.snapshot = PrimaryGraphSnapshot.of(project);
        ClipInfo first = snapshot.clips().stream().findFirst().orElseThrow(() -> new InvalidInputException(
                project.folder().toString(), "clips", "the project has no motion clips: nothing to pose"));
        for (ClipInfo c : snapshot.clips()) {
            bodies.put(c.id(), CharacterBody.of(snapshot.motion(c).skeleton()));
        }
        this.bindPose = bodies.get(first.id()).bindPose();
        this.fps = snapshot.motion(first).fps();
        this.window = ProjectPrimaryGraph.options(project, Double.NaN, 0).window();
    }

    /** The character of a project with a primary graph. */
    public static PlaybackCharacter of(Project project) {
        return new PlaybackCharacter(project);
    }

    public Project project() {
        return project;
    }

    /** The character's bind pose, which its skinned surface is generated from. */
    public Body bindPose() {
        return bindPose;
    }

    public SkinnedSurface surface() {
        return SkinnedSurface.of(bindPose);
    }

    /** Frames per second of the project's motion (the rate a walk is played at). */
    public double fps() {
        return fps;
    }

    /** The posed capsules at a primary node, in the node's root frame. */
    public Body atNode(long primaryNode) {
        PrimaryNode node = node(primaryNode);
        Motion motion = snapshot.motionOfClip(node.clipId());
        Body world = bodies.get(node.clipId()).pose(motion, node.frame());
        return RootFrame.of(motion, node.frame()).toLocal(world);
    }

    /**
     * The posed capsules at inner frame {@code k} (from 0) of the blended primary transition from node {@code from}
     * to node {@code to}, in that frame's root frame: the character motion is the one exploration simulated along
     * ({@link PrimaryPath#along}, the project's blend window).
     */
    public Body inTransition(long from, long to, int k) {
        PrimaryPath path;
        synchronized (transitions) {
            path = transitions.computeIfAbsent(List.of(from, to), key -> PrimaryPath.along(snapshot,
                    List.of(node(from), node(to)), window));
        }
        Motion motion = path.motion();
        int frame = Math.max(0, Math.min(motion.frameCount() - 1, k + 1));
        Body world = bodies.get(path.nodes().get(0).clipId()).pose(motion, frame);
        return RootFrame.of(motion, frame).toLocal(world);
    }

    private PrimaryNode node(long id) {
        PrimaryNode node = snapshot.node(id);
        if (node == null) {
            throw new InvalidInputException(project.folder().toString(), "primary node " + id, "is not in the"
                    + " project's primary graph: the database was compressed from another graph");
        }
        return node;
    }

    /** A posed body in a frame's root frame moved into the world of the walk, where the frame's cloth is. */
    public static Body inWorld(PlaybackFrame f, Body local) {
        return walkRoot(f).toWorld(local);
    }

    /** The skinned surface of posed capsules: xyz per vertex. */
    public float[] surface(Body posed) {
        SkinnedSurface s = surface();
        double[] p = new double[3 * s.vertexCount()];
        s.pose(posed, p);
        float[] out = new float[p.length];
        for (int i = 0; i < p.length; i++) {
            out[i] = (float) p[i];
        }
        return out;
    }

    /** The frame's cloth in the world of the walk (a fresh array). */
    public static float[] cloth(PlaybackFrame f) {
        float[] p = f.positions();
        return walkRoot(f).toWorld(new ClothState(p, new float[p.length])).positions();
    }

    /** Where the frame's root frame sits in the world, accumulated along the walk. */
    public static RootFrame walkRoot(PlaybackFrame f) {
        return new RootFrame(f.rootYaw(), f.rootX(), f.rootZ());
    }
}
