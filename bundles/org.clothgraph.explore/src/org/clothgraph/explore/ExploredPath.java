package org.clothgraph.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.cloth.PrimaryPath;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.motion.project.ProjectPrimaryGraph;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.garment.HoodStateClassifier;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * A {@link SecondaryWalk} played: the frames to show, one per output frame of the character motion. The start
 * state's frame, then for every transition its inner frames and its target state's frame; where a transition is
 * merged the jump to the dead end is blended away over the next B frames ({@link MergeBlend}, Kim et al. 2013,
 * section 5.1). Per frame it also gives the primary node, the played character motion
 * ({@link PrimaryPath#along}) and its root frame, so that the cloth, stored in the root frame, can be drawn in
 * the world, and the classifier's result (hood up/down) of the frame shown.
 * <p>
 * Frames are read from the project's frame store when asked for; only the jumps of the merges crossed are kept.
 * Distances ("jumps", "steps") are per-vertex position distances in the character's root frame, in metres.
 */
public final class ExploredPath {
    /** Job family of explored-path builds. */
    public static final Object FAMILY = ExploredPath.class.getName();

    /**
     * A merge the walk crosses.
     *
     * @param frame the shown frame where it lands (its target state's frame)
     * @param step the merged transition taken and its merge record
     * @param jump the largest per-vertex distance between the dead end and the target state: the jump blended away
     * @param stepUnblended the largest per-vertex move into the merge frame when stored frames are shown as they are
     * @param stepBlended the same move with the blend applied
     */
    public record CrossedMerge(int frame, SecondaryWalk.Step step, double jump, double stepUnblended,
            double stepBlended) {
    }

    private final Project project;
    private final SecondaryWalk walk;
    private final GarmentInfo garment;
    private final ClothMesh mesh;
    private final PrimaryPath primary;
    private final RootFrame[] roots;
    private final long[] frameIds;
    private final long[] states;
    private final long[] nodes;
    private final MergeBlend blend;
    private final List<float[]> jumpPositions = new ArrayList<>();
    private final List<float[]> jumpVelocities = new ArrayList<>();
    private final List<CrossedMerge> merges = new ArrayList<>();
    private final String[] classes;
    private final double[] offsets;
    private final double[] stepsShown;
    private final double[] stepsStored;

    private ExploredPath(Project project, SecondaryWalk walk, int blendFrames, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Playing a walk of " + walk.frames() + " frames",
                10 + walk.frames());
        this.project = project;
        this.walk = walk;
        this.garment = project.garments().stream().filter(g -> g.id() == walk.garmentId()).findFirst()
                .orElseThrow(() -> new InvalidInputException(project.folder().toString(), "garment " + walk.garmentId(),
                        "the walk's garment no longer exists"));
        this.mesh = ProjectGarments.mesh(project, garment);
        Map<Long, ClothStateRecord> stateRecords = new HashMap<>();
        for (ClothStateRecord s : project.secondary().states()) {
            stateRecords.put(s.id(), s);
        }
        int n = walk.frames();
        frameIds = new long[n];
        states = new long[n];
        nodes = new long[n];
        List<Integer> mergeFrames = new ArrayList<>();
        List<PrimaryNode> primaryNodes = new ArrayList<>();
        PrimaryGraphSnapshot snapshot = PrimaryGraphSnapshot.of(project);
        ClothStateRecord start = walk.start();
        int f = 0;
        frameIds[f] = start.frameId();
        states[f] = start.id();
        nodes[f++] = start.primaryNode();
        primaryNodes.add(snapshot.node(start.primaryNode()));
        for (SecondaryWalk.Step s : walk.steps()) {
            for (long inner : s.transition().innerFrames()) {
                frameIds[f] = inner;
                states[f] = -1;
                nodes[f++] = -1;
            }
            ClothStateRecord to = stateRecords.get(s.transition().to());
            if (to == null) {
                throw new InvalidInputException("secondary graph", "cloth state " + s.transition().to(),
                        "no longer exists: walk again");
            }
            frameIds[f] = to.frameId();
            states[f] = to.id();
            nodes[f] = to.primaryNode();
            primaryNodes.add(snapshot.node(to.primaryNode()));
            if (s.merged()) {
                mergeFrames.add(f);
            }
            f++;
        }
        int window = ProjectPrimaryGraph.options(project, Double.NaN, 0).window();
        primary = PrimaryPath.along(snapshot, primaryNodes, window);
        Motion motion = primary.motion();
        if (motion.frameCount() != n) {
            throw new IllegalStateException("the walk's character motion has " + motion.frameCount()
                    + " frames for " + n + " cloth frames");
        }
        roots = new RootFrame[n];
        for (int i = 0; i < n; i++) {
            if (primary.nodeOfFrame(i) != nodes[i]) {
                throw new IllegalStateException("frame " + i + " of the walk is at primary node " + nodes[i]
                        + ", its character motion at " + primary.nodeOfFrame(i));
            }
            roots[i] = RootFrame.of(motion, i);
        }
        blend = new MergeBlend(blendFrames, mergeFrames.stream().mapToInt(Integer::intValue).toArray());
        int j = 0;
        for (SecondaryWalk.Step s : walk.steps()) {
            if (!s.merged()) {
                continue;
            }
            ClothStateRecord deadEnd = stateRecords.get(s.merge().deadEndState());
            if (deadEnd == null) {
                throw new InvalidInputException("secondary graph", "merge " + s.merge().id(), "its dead end "
                        + s.merge().deadEndState() + " no longer exists: walk again");
            }
            ClothState c = read(deadEnd.frameId());
            ClothState target = read(frameIds[blend.mergeFrame(j++)]);
            jumpPositions.add(MergeBlend.jump(c.positions(), target.positions()));
            jumpVelocities.add(MergeBlend.jump(c.velocities(), target.velocities()));
        }
        sub.worked(10);

        // one pass over the frames: classes of what is shown, blend offsets, frame-to-frame steps
        classes = new String[n];
        offsets = new double[n];
        stepsShown = new double[n];
        stepsStored = new double[n];
        HoodStateClassifier hood = mesh.vertexGroups().containsKey("hood") ? new HoodStateClassifier(mesh) : null;
        CharacterBody character = hood == null ? null : CharacterBody.of(motion.skeleton());
        ClothState prevShown = null;
        ClothState prevStored = null;
        for (int i = 0; i < n; i++) {
            sub.split(1);
            ClothState stored = stored(i);
            ClothState shown = shown(i, stored);
            offsets[i] = largestDistance(shown.positions(), stored.positions());
            if (prevShown != null) {
                stepsShown[i] = largestDistance(shown.positions(), prevShown.positions());
                stepsStored[i] = largestDistance(stored.positions(), prevStored.positions());
            }
            classes[i] = hood == null ? "" : hood.name() + "=" + hood.classify(roots[i].toWorld(shown),
                    character.pose(motion, i));
            prevShown = shown;
            prevStored = stored;
        }
        j = 0;
        for (SecondaryWalk.Step s : walk.steps()) {
            if (s.merged()) {
                int m = blend.mergeFrame(j);
                merges.add(new CrossedMerge(m, s, largestDistance(jumpPositions.get(j), null), stepsStored[m],
                        stepsShown[m]));
                j++;
            }
        }
    }

    /** Plays a walk with the project's blend length ({@link ExplorationSettings#blendFrames()}). */
    public static ExploredPath of(Project project, SecondaryWalk walk, IProgressMonitor monitor) {
        return of(project, walk, ExplorationSettings.of(project).blendFrames(), monitor);
    }

    /** Plays a walk blending over {@code blendFrames} frames (0: stored frames as they are). */
    public static ExploredPath of(Project project, SecondaryWalk walk, int blendFrames, IProgressMonitor monitor) {
        return new ExploredPath(project, walk, blendFrames, monitor);
    }

    /**
     * The path the Cloth Preview and {@code clothgraph walk} show: a walk of at least {@code frames} frames from
     * the garment's initial state, chosen by {@code controller}, with the project's blend length.
     */
    public static ExploredPath fromInitialState(Project project, GarmentInfo garment, WalkController controller,
            int frames, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Walking the secondary graph", 10);
        SecondaryWalk walk = SecondaryWalk.generate(project, SecondaryWalk.initialState(project, garment), frames,
                controller);
        sub.worked(1);
        return of(project, walk, sub.split(9));
    }

    /** The garment whose secondary graph to walk: the hooded robe when explored, else the first explored one. */
    public static GarmentInfo exploredGarment(Project project) {
        java.util.Set<Long> explored = new java.util.HashSet<>();
        for (ClothStateRecord s : project.secondary().states()) {
            if (s.live()) {
                explored.add(s.garmentId());
            }
        }
        GarmentInfo robe = ProjectGarments.find(project, ProjectGarments.ROBE);
        if (robe != null && explored.contains(robe.id())) {
            return robe;
        }
        return project.garments().stream().filter(g -> explored.contains(g.id())).findFirst()
                .orElseThrow(() -> new InvalidInputException(project.folder().toString(), "secondary graph",
                        "nothing explored yet: run exploration first (clothgraph explore)"));
    }

    // ---- what to show ------------------------------------------------------------------------------

    public SecondaryWalk walk() {
        return walk;
    }

    public GarmentInfo garment() {
        return garment;
    }

    public ClothMesh mesh() {
        return mesh;
    }

    /** Shown frames (= frames of the character motion). */
    public int frames() {
        return frameIds.length;
    }

    /** The character's motion along the walk's primary nodes, one output frame per shown frame. */
    public PrimaryPath primaryPath() {
        return primary;
    }

    public Motion motion() {
        return primary.motion();
    }

    public RootFrame rootFrame(int frame) {
        return roots[frame];
    }

    /** The stored frame shown at {@code frame} (before blending). */
    public long frameId(int frame) {
        return frameIds[frame];
    }

    /** The cloth state whose frame this is, or -1 for a frame inside a blended primary transition. */
    public long state(int frame) {
        return states[frame];
    }

    /** The primary node of a frame, or -1 inside a blended primary transition. */
    public long primaryNode(int frame) {
        return nodes[frame];
    }

    /** The blend bookkeeping: which merges are active at which frame with which weight. */
    public MergeBlend blend() {
        return blend;
    }

    /** The merges crossed, in walk order. */
    public List<CrossedMerge> merges() {
        return List.copyOf(merges);
    }

    /** The jump of merge {@code j}: dead end minus target, positions then velocities, root frame. */
    public ClothState jump(int j) {
        return new ClothState(jumpPositions.get(j).clone(), jumpVelocities.get(j).clone());
    }

    /** The stored frame, in the root frame. */
    public ClothState stored(int frame) {
        return read(frameIds[frame]);
    }

    /** The frame as shown: stored plus the active blend offsets, in the root frame. */
    public ClothState shown(int frame) {
        return shown(frame, stored(frame));
    }

    /** The shown frame in the world (the root frame of the character motion at that frame undone). */
    public ClothState world(int frame) {
        return roots[frame].toWorld(shown(frame));
    }

    /** The classifier's result for the frame shown (e.g. "hood=UP"; empty for a garment without classifier). */
    public String classOf(int frame) {
        return classes[frame];
    }

    /** The largest per-vertex blend offset at a frame (0 when no merge is being blended), m. */
    public double offset(int frame) {
        return offsets[frame];
    }

    /** The largest per-vertex move from the previous shown frame (0 at frame 0), m. */
    public double step(int frame) {
        return stepsShown[frame];
    }

    /** The largest per-vertex move from the previous stored frame, as played without blending, m. */
    public double stepUnblended(int frame) {
        return stepsStored[frame];
    }

    /** The largest shown frame-to-frame move over the whole walk, m. */
    public double largestStep() {
        return max(stepsShown);
    }

    /** The largest frame-to-frame move over the whole walk without blending, m. */
    public double largestStepUnblended() {
        return max(stepsStored);
    }

    // ---- helpers -------------------------------------------------------------------------------------

    private ClothState shown(int frame, ClothState stored) {
        if (!blend.blending(frame)) {
            return stored;
        }
        float[] p = new float[stored.positions().length];
        float[] v = new float[stored.velocities().length];
        blend.apply(frame, stored.positions(), jumpPositions, p);
        blend.apply(frame, stored.velocities(), jumpVelocities, v);
        return new ClothState(p, v);
    }

    private ClothState read(long frameId) {
        float[] p = new float[3 * mesh.vertexCount()];
        float[] v = new float[3 * mesh.vertexCount()];
        project.frames().read(frameId, p, v);
        return new ClothState(p, v);
    }

    /** The largest per-vertex Euclidean distance between two position arrays (b null: the length of a). */
    public static double largestDistance(float[] a, float[] b) {
        double worst = 0;
        for (int i = 0; i < a.length; i += 3) {
            double dx = a[i] - (b == null ? 0 : b[i]);
            double dy = a[i + 1] - (b == null ? 0 : b[i + 1]);
            double dz = a[i + 2] - (b == null ? 0 : b[i + 2]);
            worst = Math.max(worst, dx * dx + dy * dy + dz * dz);
        }
        return Math.sqrt(worst);
    }

    private static double max(double[] a) {
        double m = 0;
        for (double x : a) {
            m = Math.max(m, x);
        }
        return m;
    }
}
