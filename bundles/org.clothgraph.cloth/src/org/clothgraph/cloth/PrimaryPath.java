package org.clothgraph.cloth;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.graph.Alignment;
import org.clothgraph.motion.graph.MotionGraph;
import org.clothgraph.motion.graph.MotionGraphBuilder;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;

/**
 * A walk through the stored primary graph that plays clips in a given order: each clip plays as far
 * as it can before the latest transition into the next clip (through other clips when no direct
 * transition exists), the last clip to the end of its kept frames. Played as one continuous motion,
 * blends included, with the primary node of every output frame that lands on one.
 */
public final class PrimaryPath {
    private final List<PrimaryNode> nodes;
    private final Motion motion;
    private final long[] nodeOfFrame;

    private PrimaryPath(List<PrimaryNode> nodes, Motion motion, long[] nodeOfFrame) {
        this.nodes = List.copyOf(nodes);
        this.motion = motion;
        this.nodeOfFrame = nodeOfFrame;
    }

    /** The node sequence visited. */
    public List<PrimaryNode> nodes() {
        return nodes;
    }

    /** The played motion (output frames at the clips' rate). */
    public Motion motion() {
        return motion;
    }

    /** Primary node id of an output frame, or -1 inside a blended transition. */
    public long nodeOfFrame(int frame) {
        return nodeOfFrame[frame];
    }

    /** Plays {@code clipNames} in order through the graph; at most {@code maxFrames} output frames (0: all). */
    public static PrimaryPath through(PrimaryGraphSnapshot snapshot, List<String> clipNames, int maxFrames, int window) {
        if (clipNames.isEmpty()) {
            throw new InvalidInputException("simulate", "clips", "name at least one clip");
        }
        Map<Long, List<PrimaryEdge>> out = new HashMap<>();
        for (PrimaryEdge e : snapshot.graph().edges()) {
            out.computeIfAbsent(e.from(), k -> new ArrayList<>()).add(e);
        }
        List<ClipInfo> clips = new ArrayList<>();
        for (String name : clipNames) {
            ClipInfo c = snapshot.clips().stream().filter(x -> x.name().equals(name)).findFirst()
                    .orElseThrow(() -> new InvalidInputException("simulate", "clips", "no clip named '" + name
                            + "' (clips: " + String.join(", ", snapshot.clips().stream().map(ClipInfo::name).toList()) + ")"));
            clips.add(c);
        }
        List<PrimaryNode> path = new ArrayList<>();
        PrimaryNode current = firstNode(snapshot, clips.get(0));
        path.add(current);
        for (int i = 0; i < clips.size(); i++) {
            List<PrimaryNode> chain = chain(snapshot, out, current);
            if (i == clips.size() - 1) {
                path.addAll(chain.subList(1, chain.size()));
                break;
            }
            long next = clips.get(i + 1).id();
            int nextFrames = clips.get(i + 1).frameCount();
            int leave = -1;
            PrimaryEdge via = null;
            int best = Integer.MIN_VALUE;
            // Play as much as possible of both clips: frames left in this one before leaving, plus frames of the
            // next one after arriving.
            for (int k = 0; k < chain.size(); k++) {
                for (PrimaryEdge e : out.getOrDefault(chain.get(k).id(), List.of())) {
                    PrimaryNode to = snapshot.node(e.to());
                    int score = k + (nextFrames - to.frame());
                    if (e.kind() == PrimaryEdge.Kind.TRANSITION && to.clipId() == next && score > best) {
                        best = score;
                        via = e;
                        leave = k;
                    }
                }
            }
            if (via != null) {
                path.addAll(chain.subList(1, leave + 1));
                current = snapshot.node(via.to());
                path.add(current);
            } else {
                List<PrimaryNode> detour = shortestPathToClip(snapshot, out, chain.get(chain.size() - 1), next);
                path.addAll(chain.subList(1, chain.size()));
                path.addAll(detour.subList(1, detour.size()));
                current = detour.get(detour.size() - 1);
            }
        }
        return play(snapshot, path, maxFrames, window);
    }

    /**
     * Plays a given node sequence (each consecutive pair joined by a primary edge: a clip step or a blended
     * transition of {@code window} frames).
     */
    public static PrimaryPath along(PrimaryGraphSnapshot snapshot, List<PrimaryNode> nodes, int window) {
        return play(snapshot, nodes, 0, window);
    }

    private static PrimaryNode firstNode(PrimaryGraphSnapshot snapshot, ClipInfo clip) {
        for (int f = 0; f < clip.frameCount(); f++) {
            PrimaryNode n = snapshot.nodeAt(clip.id(), f);
            if (n != null) {
                return n;
            }
        }
        throw new InvalidInputException("simulate", "clips", "clip '" + clip.name() + "' has no frames in the primary graph"
                + (clip.excluded() ? " (it is excluded)" : " (pruned); rebuild the graph"));
    }

    /** The node and its successors along clip edges. */
    private static List<PrimaryNode> chain(PrimaryGraphSnapshot snapshot, Map<Long, List<PrimaryEdge>> out, PrimaryNode start) {
        List<PrimaryNode> chain = new ArrayList<>();
        chain.add(start);
        PrimaryNode n = start;
        while (true) {
            PrimaryEdge next = null;
            for (PrimaryEdge e : out.getOrDefault(n.id(), List.of())) {
                if (e.kind() == PrimaryEdge.Kind.CLIP) {
                    next = e;
                }
            }
            if (next == null) {
                return chain;
            }
            n = snapshot.node(next.to());
            chain.add(n);
        }
    }

    private static List<PrimaryNode> shortestPathToClip(PrimaryGraphSnapshot snapshot, Map<Long, List<PrimaryEdge>> out,
            PrimaryNode from, long clipId) {
        Map<Long, Long> parent = new HashMap<>();
        ArrayDeque<Long> queue = new ArrayDeque<>();
        queue.add(from.id());
        parent.put(from.id(), -1L);
        while (!queue.isEmpty()) {
            long id = queue.poll();
            if (snapshot.node(id).clipId() == clipId && id != from.id()) {
                List<PrimaryNode> p = new ArrayList<>();
                for (long x = id; x != -1L; x = parent.get(x)) {
                    p.add(0, snapshot.node(x));
                }
                return p;
            }
            for (PrimaryEdge e : out.getOrDefault(id, List.of())) {
                if (!parent.containsKey(e.to())) {
                    parent.put(e.to(), id);
                    queue.add(e.to());
                }
            }
        }
        throw new InvalidInputException("simulate", "clips", "the primary graph has no way into clip " + clipId);
    }

    private static PrimaryPath play(PrimaryGraphSnapshot snapshot, List<PrimaryNode> path, int maxFrames, int window) {
        if (path.size() < 2) {
            // a clip cut so short that its one pose kept in the graph has no way on (e.g. a demo of a few frames)
            long clipId = path.isEmpty() ? -1 : path.get(0).clipId();
            String name = snapshot.clips().stream().filter(c -> c.id() == clipId).map(ClipInfo::name).findFirst()
                    .orElse("?");
            throw new InvalidInputException("simulate", "clips", "clip '" + name + "' has no step to play in the"
                    + " primary graph (one pose kept; a longer clip is needed)");
        }
        List<Motion> motions = new ArrayList<>();
        Map<Long, Integer> index = new HashMap<>();
        for (ClipInfo c : snapshot.clips()) {
            index.put(c.id(), motions.size());
            motions.add(snapshot.motion(c));
        }
        List<MotionGraph.Edge> edges = new ArrayList<>();
        List<Long> frameNodes = new ArrayList<>();
        frameNodes.add(path.get(0).id());
        for (int i = 0; i + 1 < path.size(); i++) {
            PrimaryNode a = path.get(i);
            PrimaryNode b = path.get(i + 1);
            int ca = index.get(a.clipId());
            int cb = index.get(b.clipId());
            if (ca == cb && b.frame() == a.frame() + 1) {
                edges.add(new MotionGraph.Edge(new MotionGraph.Node(ca, a.frame()), new MotionGraph.Node(cb, b.frame()),
                        MotionGraph.Kind.CLIP, 0, null, null));
                frameNodes.add(b.id());
            } else {
                edges.add(MotionGraphBuilder.transition(motions, ca, a.frame(), cb, b.frame(), window).toEdge());
                for (int k = 0; k < window - 1; k++) {
                    frameNodes.add(-1L);
                }
                frameNodes.add(b.id());
            }
        }
        Motion played = MotionGraph.play(motions, edges, Alignment.IDENTITY);
        int frames = played.frameCount();
        if (maxFrames > 0 && maxFrames < frames) {
            played = played.sub(0, maxFrames, played.name());
            frames = maxFrames;
        }
        long[] nodeOfFrame = new long[frames];
        Arrays.fill(nodeOfFrame, -1L);
        for (int f = 0; f < frames && f < frameNodes.size(); f++) {
            nodeOfFrame[f] = frameNodes.get(f);
        }
        return new PrimaryPath(path, played, nodeOfFrame);
    }
}
