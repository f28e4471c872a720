package org.clothgraph.graphview;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;
import org.clothgraph.model.StorageException;

/**
 * A garment's secondary graph layout kept in the project (setting scope {@value #SCOPE}, key {@code layout.<garment
 * id>}): each state's id with its position, and the graph's state count. A cache whose count or ids differ from the
 * graph's is stale: the caller lays out again (and may start from the positions of the states it still knows).
 */
public final class LayoutCache {
    public static final String SCOPE = "graphview";
    // 2: offsets by rank of the cloth-shape embedding (version 1 caches are laid out again)
    private static final String VERSION = "2";

    private LayoutCache() {
    }

    static String key(GarmentInfo garment) {
        return "layout." + garment.id();
    }

    /** Positions by state id as stored (empty when none or unreadable). */
    public static Map<Long, float[]> positions(Project project, GarmentInfo garment) {
        Optional<String> v = project.setting(SCOPE, key(garment));
        Map<Long, float[]> m = new HashMap<>();
        if (v.isEmpty()) {
            return m;
        }
        String[] parts = v.get().split(";", 3);
        if (parts.length != 3 || !parts[0].equals(VERSION)) {
            return m;
        }
        ByteBuffer b = ByteBuffer.wrap(Base64.getDecoder().decode(parts[2])).order(ByteOrder.LITTLE_ENDIAN);
        int n = Integer.parseInt(parts[1]);
        if (b.remaining() != n * 16) {
            return m;
        }
        for (int i = 0; i < n; i++) {
            long id = b.getLong();
            m.put(id, new float[] { b.getFloat(), b.getFloat() });
        }
        return m;
    }

    /** The cached layout when it holds exactly the graph's states, else empty. */
    public static Optional<SecondaryGraphLayout> load(Project project, GarmentInfo garment, SecondaryGraphSnapshot graph) {
        Map<Long, float[]> m = positions(project, garment);
        if (m.size() != graph.size() || graph.size() == 0) {
            return Optional.empty();
        }
        double[] x = new double[graph.size()], y = new double[graph.size()];
        for (SecondaryGraphSnapshot.State s : graph.states()) {
            float[] p = m.get(s.id());
            if (p == null) {
                return Optional.empty();
            }
            x[s.index()] = p[0];
            y[s.index()] = p[1];
        }
        return Optional.of(SecondaryGraphLayout.of(x, y));
    }

    /**
     * Stores a layout; false when this process may not write the project (another process holds it: the cache is an
     * optimisation, the view lays out again next time).
     */
    public static boolean store(Project project, GarmentInfo garment, SecondaryGraphSnapshot graph,
            SecondaryGraphLayout layout) {
        ByteBuffer b = ByteBuffer.allocate(graph.size() * 16).order(ByteOrder.LITTLE_ENDIAN);
        for (SecondaryGraphSnapshot.State s : graph.states()) {
            b.putLong(s.id()).putFloat((float) layout.x(s.index())).putFloat((float) layout.y(s.index()));
        }
        try {
            project.setSetting(SCOPE, key(garment), VERSION + ";" + graph.size() + ";"
                    + Base64.getEncoder().encodeToString(b.array()));
            return true;
        } catch (StorageException | org.clothgraph.model.ProjectLockedException e) {
            return false;
        }
    }

    /**
     * A provisional layout while a stale one is recomputed: known states where the cache has them, a new state at the
     * mean of its primary node's known states (or at {@code fallback}'s place for it).
     */
    public static SecondaryGraphLayout provisional(Map<Long, float[]> known, SecondaryGraphSnapshot graph,
            SecondaryGraphLayout fallback) {
        int n = graph.size();
        double[] x = new double[n], y = new double[n];
        Map<Long, double[]> node = new HashMap<>();
        for (SecondaryGraphSnapshot.State s : graph.states()) {
            float[] p = known.get(s.id());
            if (p != null) {
                double[] a = node.computeIfAbsent(s.primaryNode(), k -> new double[3]);
                a[0] += p[0];
                a[1] += p[1];
                a[2]++;
            }
        }
        for (SecondaryGraphSnapshot.State s : graph.states()) {
            float[] p = known.get(s.id());
            double[] a = node.get(s.primaryNode());
            int i = s.index();
            if (p != null) {
                x[i] = p[0];
                y[i] = p[1];
            } else if (a != null) {
                x[i] = a[0] / a[2];
                y[i] = a[1] / a[2];
            } else {
                x[i] = fallback.x(i);
                y[i] = fallback.y(i);
            }
        }
        return SecondaryGraphLayout.of(x, y);
    }
}
