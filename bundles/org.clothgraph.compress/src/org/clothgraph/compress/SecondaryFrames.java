package org.clothgraph.compress;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.ClothTransition;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.MergeRecord;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.Project;
import org.clothgraph.model.frames.FrameLocation;
import org.clothgraph.motion.project.ProjectPrimaryGraph;

/**
 * The stored secondary frames of one garment's explored graph as the columns of D, in the order the runtime
 * database keeps them: a depth-first preorder of the simulation trees (each frame follows the frame it was
 * simulated from: a transition's inner frames follow its start state, its end follows the last of them), so a
 * frame's coefficients are coded as the difference from its predecessor's, cut into blocks for random access.
 * The frames are every state's (live and merged dead ends, which merge jumps need) and every playable
 * transition's inner frames; positions are in the character's root frame, as stored.
 */
public final class SecondaryFrames implements FrameSource {
    /** A transition the runtime can play. */
    public record Transition(long id, int from, int to, PrimaryEdge edge, boolean merged, int[] inner, int deadEnd) {
    }

    private final Project project;
    private final GarmentInfo garment;
    private final int vertices;
    private final long[] frameIds;
    private final int[] predecessor;
    private final List<ClothStateRecord> states = new ArrayList<>();
    private final int[] stateFrame;
    private final List<Transition> transitions = new ArrayList<>();
    private final float[] velocities;
    private final FrameLocation[] locations;

    public SecondaryFrames(Project project, GarmentInfo garment) {
        this.project = project;
        this.garment = garment;
        this.vertices = garment.vertexCount();
        Map<Long, Integer> stateIndex = new HashMap<>();
        for (ClothStateRecord s : project.secondary().states()) {
            if (s.garmentId() == garment.id()) {
                stateIndex.put(s.id(), states.size());
                states.add(s);
            }
        }
        if (states.stream().noneMatch(ClothStateRecord::live)) {
            throw new InvalidInputException(project.folder().toString(), "secondary graph", "garment '" + garment.name()
                    + "' has no explored cloth states: explore first (clothgraph explore)");
        }
        Map<Long, PrimaryEdge> edges = new HashMap<>();
        for (PrimaryEdge e : project.primaryGraph().edges()) {
            edges.put(e.id(), e);
        }
        Map<Long, MergeRecord> merges = new HashMap<>();
        for (MergeRecord m : project.secondary().merges()) {
            merges.put(m.transitionId(), m);
        }
        int window = ProjectPrimaryGraph.options(project, Double.NaN, 0).window();

        // frames by stored id, in first-seen order; the chain of every playable transition
        Map<Long, Integer> frameIndex = new LinkedHashMap<>();
        for (ClothStateRecord s : states) {
            frameIndex.putIfAbsent(s.frameId(), frameIndex.size());
        }
        List<long[]> chains = new ArrayList<>();
        List<ClothTransition> playable = new ArrayList<>();
        List<ClothTransition> all = new ArrayList<>(project.secondary().transitions());
        all.sort(Comparator.comparingLong(ClothTransition::id));
        for (ClothTransition t : all) {
            Integer from = stateIndex.get(t.from());
            Integer to = stateIndex.get(t.to());
            PrimaryEdge e = edges.get(t.primaryEdge());
            if (from == null || to == null || e == null) {
                continue;
            }
            int expected = e.kind() == PrimaryEdge.Kind.TRANSITION ? window - 1 : 0;
            if (t.innerFrames().length != expected) {
                continue;
            }
            long endFrame = states.get(to).frameId();
            if (t.merged()) {
                MergeRecord m = merges.get(t.id());
                Integer dead = m == null ? null : stateIndex.get(m.deadEndState());
                if (dead == null) {
                    continue; // never simulated: nothing to play
                }
                endFrame = states.get(dead).frameId();
            }
            long[] chain = new long[t.innerFrames().length + 2];
            chain[0] = states.get(from).frameId();
            System.arraycopy(t.innerFrames(), 0, chain, 1, t.innerFrames().length);
            chain[chain.length - 1] = endFrame;
            for (long f : chain) {
                frameIndex.putIfAbsent(f, frameIndex.size());
            }
            chains.add(chain);
            playable.add(t);
        }
        int n = frameIndex.size();
        long[] ids = new long[n];
        frameIndex.forEach((id, i) -> ids[i] = id);
        int[] pred = new int[n];
        Arrays.fill(pred, -1);
        for (long[] chain : chains) {
            for (int k = 1; k < chain.length; k++) {
                int f = frameIndex.get(chain[k]);
                int p = frameIndex.get(chain[k - 1]);
                if (pred[f] < 0 && f != p) {
                    pred[f] = p;
                }
            }
        }
        // depth-first preorder of the predecessor forest (children by stored id); cycles broken at a root
        List<List<Integer>> children = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            children.add(new ArrayList<>(2));
        }
        for (int f = 0; f < n; f++) {
            if (pred[f] >= 0) {
                children.get(pred[f]).add(f);
            }
        }
        for (List<Integer> c : children) {
            c.sort(Comparator.comparingLong(i -> ids[i]));
        }
        Integer[] byId = new Integer[n];
        for (int i = 0; i < n; i++) {
            byId[i] = i;
        }
        Arrays.sort(byId, Comparator.comparingLong(i -> ids[i]));
        int[] order = new int[n];
        int[] newIndex = new int[n];
        Arrays.fill(newIndex, -1);
        int next = 0;
        for (int pass = 0; pass < 2; pass++) {
            for (int root : byId) {
                if (newIndex[root] >= 0 || (pass == 0 && pred[root] >= 0)) {
                    continue;
                }
                if (pass == 1) {
                    pred[root] = -1; // on a cycle
                }
                ArrayDeque<Integer> stack = new ArrayDeque<>();
                stack.push(root);
                while (!stack.isEmpty()) {
                    int f = stack.pop();
                    if (newIndex[f] >= 0) {
                        continue;
                    }
                    newIndex[f] = next;
                    order[next++] = f;
                    List<Integer> c = children.get(f);
                    for (int k = c.size() - 1; k >= 0; k--) {
                        stack.push(c.get(k));
                    }
                }
            }
        }
        frameIds = new long[n];
        predecessor = new int[n];
        for (int i = 0; i < n; i++) {
            int f = order[i];
            frameIds[i] = ids[f];
            predecessor[i] = pred[f] < 0 ? -1 : newIndex[pred[f]];
        }
        stateFrame = new int[states.size()];
        for (int s = 0; s < states.size(); s++) {
            stateFrame[s] = newIndex[frameIndex.get(states.get(s).frameId())];
        }
        for (int k = 0; k < playable.size(); k++) {
            ClothTransition t = playable.get(k);
            long[] chain = chains.get(k);
            int[] inner = new int[t.innerFrames().length];
            for (int i = 0; i < inner.length; i++) {
                inner[i] = newIndex[frameIndex.get(chain[i + 1])];
            }
            int dead = t.merged() ? newIndex[frameIndex.get(chain[chain.length - 1])] : -1;
            transitions.add(new Transition(t.id(), stateIndex.get(t.from()), stateIndex.get(t.to()),
                    edges.get(t.primaryEdge()), t.merged(), inner, dead));
        }
        velocities = new float[3 * vertices];
        locations = new FrameLocation[n];
    }

    public Project project() {
        return project;
    }

    public GarmentInfo garment() {
        return garment;
    }

    @Override
    public int rows() {
        return 3 * vertices;
    }

    @Override
    public int columns() {
        return frameIds.length;
    }

    @Override
    public void read(int j, float[] out) {
        if (locations[j] == null) {
            locations[j] = project.frames().location(frameIds[j]);
            if (locations[j] == null) {
                throw new InvalidInputException(project.frames().folder().toString(), "frame " + frameIds[j],
                        "no such frame in the store");
            }
        }
        project.frames().read(locations[j], out, velocities);
    }

    /** The stored frame id of column j. */
    public long frameId(int j) {
        return frameIds[j];
    }

    /** The frame column j is simulated from (an earlier column), or -1. */
    public int predecessor(int j) {
        return predecessor[j];
    }

    public List<ClothStateRecord> states() {
        return states;
    }

    /** The column of state s (index into {@link #states()}). */
    public int stateFrame(int s) {
        return stateFrame[s];
    }

    public List<Transition> transitions() {
        return transitions;
    }

    /**
     * The runtime's initial state: the garment's first live state (its initial drape), as
     * {@code SecondaryWalk.initialState} chooses.
     */
    public int initialState() {
        int best = -1;
        for (int s = 0; s < states.size(); s++) {
            if (states.get(s).live() && (best < 0 || states.get(s).id() < states.get(best).id())) {
                best = s;
            }
        }
        return best;
    }
}
