package org.clothgraph.explore;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.ClothTransition;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.MergeRecord;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.Project;
import org.clothgraph.motion.project.ProjectPrimaryGraph;

/**
 * A walk of the secondary cloth graph: a live start state and the transitions taken from it, each leaving the
 * state the previous one reached. It is what a character controller produces at run time (Kim et al. 2013,
 * section 5); {@link ExploredPath} turns it into the frames to show. A walk is a snapshot of the graph: it keeps
 * the transition and merge records as they were when it was made.
 */
public final class SecondaryWalk {

    /** One step: a transition, its primary edge, and its merge record when the transition is merged. */
    public record Step(ClothTransition transition, PrimaryEdge edge, MergeRecord merge) {
        public boolean merged() {
            return transition.merged();
        }

        /** Shown frames this step adds: its inner frames, then its target state's frame. */
        public int frames() {
            return transition.innerFrames().length + 1;
        }
    }

    private final ClothStateRecord start;
    private final List<Step> steps;

    private SecondaryWalk(ClothStateRecord start, List<Step> steps) {
        this.start = start;
        this.steps = List.copyOf(steps);
    }

    public ClothStateRecord start() {
        return start;
    }

    public List<Step> steps() {
        return steps;
    }

    public long garmentId() {
        return start.garmentId();
    }

    /** Shown frames: the start state's frame, then every step's. */
    public int frames() {
        int n = 1;
        for (Step s : steps) {
            n += s.frames();
        }
        return n;
    }

    /** How many merged transitions the walk takes. */
    public int mergesCrossed() {
        return (int) steps.stream().filter(Step::merged).count();
    }

    /** A walk along given transitions; each must leave the state the previous one reached. */
    public static SecondaryWalk of(Project project, long startState, List<Long> transitionIds) {
        Graph g = new Graph(project);
        ClothStateRecord at = g.liveState(startState);
        ClothStateRecord start = at;
        List<Step> steps = new ArrayList<>();
        for (long id : transitionIds) {
            long from = at.id();
            Step step = g.steps(from).stream().filter(s -> s.transition().id() == id).findFirst()
                    .orElseThrow(() -> new InvalidInputException("secondary graph", "transition " + id,
                            "does not leave cloth state " + from + " (step " + (steps.size() + 1) + " of the walk)"));
            String why = g.unplayable(step);
            if (why != null) {
                throw new InvalidInputException("secondary graph", "transition " + id, why);
            }
            steps.add(step);
            at = g.state(step.transition().to());
        }
        return new SecondaryWalk(start, steps);
    }

    /**
     * A walk of at least {@code minFrames} shown frames from {@code startState}, the controller choosing at every
     * state among its playable outgoing transitions; it ends early only at a state with none (a graph with dead
     * ends, or whose only ways on were never simulated).
     */
    public static SecondaryWalk generate(Project project, long startState, int minFrames, WalkController controller) {
        Graph g = new Graph(project);
        ClothStateRecord start = g.liveState(startState);
        ClothStateRecord at = start;
        List<Step> steps = new ArrayList<>();
        int frames = 1;
        while (frames < minFrames) {
            List<Step> choices = g.steps(at.id()).stream().filter(s -> g.unplayable(s) == null).toList();
            if (choices.isEmpty()) {
                break;
            }
            Step step = controller.choose(at, choices);
            steps.add(step);
            frames += step.frames();
            at = g.state(step.transition().to());
        }
        return new SecondaryWalk(start, steps);
    }

    /**
     * The state exploration started from for a garment (its initial drape): the garment's first live state.
     * Refuses a garment that has not been explored.
     */
    public static long initialState(Project project, GarmentInfo garment) {
        return project.secondary().states().stream().filter(s -> s.garmentId() == garment.id() && s.live())
                .mapToLong(ClothStateRecord::id).min().orElseThrow(() -> new InvalidInputException(
                        project.folder().toString(), "secondary graph", "garment '" + garment.name()
                                + "' has no explored cloth states: explore first (clothgraph explore)"));
    }

    /** The stored secondary graph, indexed for walking. */
    private static final class Graph {
        private final Map<Long, ClothStateRecord> states = new HashMap<>();
        private final Map<Long, List<Step>> out = new HashMap<>();
        private final int window;

        Graph(Project project) {
            for (ClothStateRecord s : project.secondary().states()) {
                states.put(s.id(), s);
            }
            Map<Long, PrimaryEdge> edges = new HashMap<>();
            for (PrimaryEdge e : project.primaryGraph().edges()) {
                edges.put(e.id(), e);
            }
            Map<Long, MergeRecord> merges = new HashMap<>();
            for (MergeRecord m : project.secondary().merges()) {
                merges.put(m.transitionId(), m);
            }
            for (ClothTransition t : project.secondary().transitions()) {
                PrimaryEdge e = edges.get(t.primaryEdge());
                if (e != null) {
                    out.computeIfAbsent(t.from(), k -> new ArrayList<>())
                            .add(new Step(t, e, t.merged() ? merges.get(t.id()) : null));
                }
            }
            for (List<Step> l : out.values()) {
                l.sort(Comparator.comparingLong((Step s) -> s.edge().id()).thenComparingLong(s -> s.transition().id()));
            }
            window = ProjectPrimaryGraph.options(project, Double.NaN, 0).window();
        }

        ClothStateRecord state(long id) {
            ClothStateRecord s = states.get(id);
            if (s == null) {
                throw new InvalidInputException("secondary graph", "cloth state " + id, "no such state");
            }
            return s;
        }

        ClothStateRecord liveState(long id) {
            ClothStateRecord s = state(id);
            if (!s.live()) {
                throw new InvalidInputException("secondary graph", "cloth state " + id, "is " + s.status()
                        .name().toLowerCase(java.util.Locale.ROOT) + ", not live: a walk starts at a live state");
            }
            return s;
        }

        List<Step> steps(long state) {
            return out.getOrDefault(state, List.of());
        }

        /** Why a step cannot be shown (null when it can): its frames must match the primary edge it plays. */
        String unplayable(Step s) {
            int expected = s.edge().kind() == PrimaryEdge.Kind.TRANSITION ? window - 1 : 0;
            if (s.merged() && (s.merge() == null || s.merge().deadEndState() <= 0)) {
                return "was never simulated (a primary edge added after exploration): no frames to show";
            }
            if (s.transition().innerFrames().length != expected) {
                return "has " + s.transition().innerFrames().length + " inner frames where its primary edge plays "
                        + expected + " (the primary graph's window changed after exploration)";
            }
            if (!states.containsKey(s.transition().to())) {
                return "leads to a missing state " + s.transition().to();
            }
            return null;
        }
    }
}
