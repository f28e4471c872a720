package org.clothgraph.graphview;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * "How did we get here": the shortest sequence of transitions (fewest) from the initial state to a state, and the
 * primary motion it plays as clip segments (for example the sequences after which the hood falls).
 */
public final class PathToState {

    /** A stretch of one clip along the path: frames {@code from..to} of {@code clip}. */
    public record Segment(String clip, int from, int to) {
        @Override
        public String toString() {
            return from == to ? clip + " " + from : clip + " " + from + "-" + to;
        }
    }

    private final List<SecondaryGraphSnapshot.Edge> edges;
    private final List<Segment> segments;

    private PathToState(List<SecondaryGraphSnapshot.Edge> edges, List<Segment> segments) {
        this.edges = edges;
        this.segments = segments;
    }

    /** The path to state index {@code target}, or null when it cannot be reached from the initial state. */
    public static PathToState of(SecondaryGraphSnapshot graph, int target) {
        int n = graph.size();
        int start = graph.initial();
        if (start < 0 || target < 0 || target >= n) {
            return null;
        }
        // adjacency in compressed form
        int[] count = new int[n + 1];
        for (SecondaryGraphSnapshot.Edge e : graph.edges()) {
            count[e.from() + 1]++;
        }
        for (int i = 0; i < n; i++) {
            count[i + 1] += count[i];
        }
        int[] fill = Arrays.copyOf(count, n);
        int[] adj = new int[graph.edges().size()];
        for (int k = 0; k < graph.edges().size(); k++) {
            adj[fill[graph.edges().get(k).from()]++] = k;
        }
        int[] via = new int[n];
        Arrays.fill(via, -2);
        via[start] = -1;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(start);
        while (!queue.isEmpty() && via[target] == -2) {
            int s = queue.poll();
            for (int a = count[s]; a < count[s + 1]; a++) {
                int to = graph.edges().get(adj[a]).to();
                if (via[to] == -2) {
                    via[to] = adj[a];
                    queue.add(to);
                }
            }
        }
        if (via[target] == -2) {
            return null;
        }
        List<SecondaryGraphSnapshot.Edge> path = new ArrayList<>();
        for (int s = target; via[s] >= 0; s = graph.edges().get(via[s]).from()) {
            path.add(0, graph.edges().get(via[s]));
        }
        List<Segment> segments = new ArrayList<>();
        List<SecondaryGraphSnapshot.State> visited = new ArrayList<>();
        visited.add(graph.state(start));
        for (SecondaryGraphSnapshot.Edge e : path) {
            visited.add(graph.state(e.to()));
        }
        for (SecondaryGraphSnapshot.State s : visited) {
            String clip = graph.clipName(s.clipId());
            Segment last = segments.isEmpty() ? null : segments.get(segments.size() - 1);
            if (last != null && last.clip().equals(clip) && s.clipFrame() >= last.to()) {
                segments.set(segments.size() - 1, new Segment(clip, last.from(), s.clipFrame()));
            } else {
                segments.add(new Segment(clip, s.clipFrame(), s.clipFrame()));
            }
        }
        return new PathToState(List.copyOf(path), List.copyOf(segments));
    }

    /** The transitions from the initial state to the target, in order. */
    public List<SecondaryGraphSnapshot.Edge> edges() {
        return edges;
    }

    /** The primary motion along the path, as clip segments. */
    public List<Segment> segments() {
        return segments;
    }

    /** Merges crossed on the way. */
    public int merges() {
        return (int) edges.stream().filter(SecondaryGraphSnapshot.Edge::merged).count();
    }

    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        segments.forEach(s -> parts.add(s.toString()));
        return String.join(" > ", parts);
    }
}
