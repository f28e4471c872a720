package org.clothgraph.graphview;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The states within k transitions of a state (either direction) and the transitions among them. */
public record Neighbourhood(int centre, int[] states, int[] hops, List<SecondaryGraphSnapshot.Edge> edges) {

    public static Neighbourhood of(SecondaryGraphSnapshot g, int centre, int k, int maxStates) {
        int n = g.size();
        List<List<SecondaryGraphSnapshot.Edge>> touching = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            touching.add(null);
        }
        for (SecondaryGraphSnapshot.Edge e : g.edges()) {
            add(touching, e.from(), e);
            add(touching, e.to(), e);
        }
        int[] hop = new int[n];
        Arrays.fill(hop, -1);
        hop[centre] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(centre));
        List<Integer> order = new ArrayList<>(List.of(centre));
        while (!queue.isEmpty() && order.size() < maxStates) {
            int s = queue.poll();
            if (hop[s] == k || touching.get(s) == null) {
                continue;
            }
            for (SecondaryGraphSnapshot.Edge e : touching.get(s)) {
                int o = e.from() == s ? e.to() : e.from();
                if (hop[o] < 0 && order.size() < maxStates) {
                    hop[o] = hop[s] + 1;
                    order.add(o);
                    queue.add(o);
                }
            }
        }
        int[] states = order.stream().mapToInt(Integer::intValue).toArray();
        int[] hops = Arrays.stream(states).map(s -> hop[s]).toArray();
        List<SecondaryGraphSnapshot.Edge> edges = new ArrayList<>();
        for (int s : states) {
            if (touching.get(s) != null) {
                for (SecondaryGraphSnapshot.Edge e : touching.get(s)) {
                    if (e.from() == s && hop[e.to()] >= 0) {
                        edges.add(e);
                    }
                }
            }
        }
        return new Neighbourhood(centre, states, hops, List.copyOf(edges));
    }

    private static void add(List<List<SecondaryGraphSnapshot.Edge>> touching, int s, SecondaryGraphSnapshot.Edge e) {
        if (touching.get(s) == null) {
            touching.set(s, new ArrayList<>(4));
        }
        touching.get(s).add(e);
    }
}
