package org.clothgraph.sim.garment;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.sim.ClothMesh;

/**
 * The open borders of a garment mesh as ordered vertex loops: a neck, sleeve or face opening, a hem. A border edge
 * belongs to exactly one triangle; following border edges in their triangles' winding order closes each loop.
 */
public final class BoundaryLoops {
    private BoundaryLoops() {
    }

    /** Every closed border loop of the mesh, longest first; each loop's vertices in order (no repeat at the end). */
    public static List<int[]> of(ClothMesh mesh) {
        int[] t = mesh.triangles();
        Map<Long, Integer> uses = new HashMap<>();
        for (int i = 0; i < t.length; i += 3) {
            for (int k = 0; k < 3; k++) {
                uses.merge(key(t[i + k], t[i + (k + 1) % 3]), 1, Integer::sum);
            }
        }
        // border edges in winding order: vertex -> the next vertices along a border
        Map<Integer, List<Integer>> next = new HashMap<>();
        int border = 0;
        for (int i = 0; i < t.length; i += 3) {
            for (int k = 0; k < 3; k++) {
                int a = t[i + k];
                int b = t[i + (k + 1) % 3];
                if (uses.get(key(a, b)) == 1) {
                    next.computeIfAbsent(a, x -> new ArrayList<>()).add(b);
                    border++;
                }
            }
        }
        List<int[]> loops = new ArrayList<>();
        int guard = border + 1;
        for (Integer start : new ArrayList<>(next.keySet()).stream().sorted().toList()) {
            while (next.containsKey(start)) {
                List<Integer> loop = new ArrayList<>();
                int v = start;
                boolean closed = false;
                for (int steps = 0; steps < guard; steps++) {
                    loop.add(v);
                    List<Integer> out = next.get(v);
                    if (out == null) {
                        break; // an open chain (inconsistent winding): not a loop
                    }
                    int w = out.remove(out.size() - 1);
                    if (out.isEmpty()) {
                        next.remove(v);
                    }
                    if (w == start) {
                        closed = true;
                        break;
                    }
                    v = w;
                }
                if (closed && loop.size() >= 3) {
                    loops.add(loop.stream().mapToInt(Integer::intValue).toArray());
                }
            }
        }
        loops.sort((a, b) -> Integer.compare(b.length, a.length));
        return loops;
    }

    private static long key(int a, int b) {
        return a < b ? ((long) a << 32) | b : ((long) b << 32) | a;
    }
}
