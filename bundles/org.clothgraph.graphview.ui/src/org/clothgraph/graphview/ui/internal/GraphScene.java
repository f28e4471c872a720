package org.clothgraph.graphview.ui.internal;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.clothgraph.graphview.Colouring;
import org.clothgraph.graphview.GraphFilter;
import org.clothgraph.graphview.GraphPicture;
import org.clothgraph.graphview.SecondaryGraphLayout;
import org.clothgraph.graphview.SecondaryGraphSnapshot;

/**
 * What the GL canvas draws, built off the UI thread from a graph, its layout, a colouring and a filter: every state as
 * a point (position, colour, faint when no shown transition touches it), the shown transitions as line segments
 * grouped by kind (simulated, merge, high-error merge, cross-class merge), and for the overview the simulated and
 * plain merge transitions aggregated between cells of a {@value #CELLS}x{@value #CELLS} grid (one segment per pair of
 * cells, between the cells' mean state positions). Immutable.
 */
final class GraphScene {
    static final int CELLS = 256;
    /** Edge kinds, in drawing order. */
    static final int SIMULATED = 0, MERGE = 1, HIGH = 2, CROSS = 3, KINDS = 4;

    final SecondaryGraphSnapshot graph;
    final SecondaryGraphLayout layout;
    final Colouring colouring;
    final GraphFilter filter;
    /** x, y per state. */
    final float[] points;
    /** RGBA per state. */
    final byte[] colours;
    /** States drawn (a clip filter hides the others). */
    final boolean[] shown;
    final int shownStates;
    /** Segments (x0, y0, x1, y1) of every shown transition, kinds in order; kindStart[k]..kindStart[k+1]. */
    final float[] lines;
    final int[] kindStart = new int[KINDS + 1];
    /** The overview: aggregated simulated + plain merge segments, then the emphasised ones in full. */
    final float[] overviewLines;
    final int[] overviewStart = new int[KINDS + 1];
    final int shownEdges;

    GraphScene(SecondaryGraphSnapshot graph, SecondaryGraphLayout layout, Colouring colouring, GraphFilter filter) {
        this.graph = graph;
        this.layout = layout;
        this.colouring = colouring;
        this.filter = filter;
        int n = graph.size();
        points = new float[2 * n];
        colours = new byte[4 * n];
        shown = new boolean[n];
        boolean[] touched = new boolean[n];
        int count = 0;
        for (int i = 0; i < n; i++) {
            points[2 * i] = (float) layout.x(i);
            points[2 * i + 1] = (float) layout.y(i);
            shown[i] = filter.shows(graph.state(i));
            count += shown[i] ? 1 : 0;
        }
        shownStates = count;
        int[][] byKind = new int[KINDS][];
        int[] counts = new int[KINDS];
        int e = graph.edges().size();
        int[] kind = new int[e];
        for (int k = 0; k < e; k++) {
            SecondaryGraphSnapshot.Edge edge = graph.edges().get(k);
            if (!filter.shows(graph, edge)) {
                kind[k] = -1;
                continue;
            }
            kind[k] = kindOf(edge);
            counts[kind[k]]++;
            touched[edge.from()] = true;
            touched[edge.to()] = true;
        }
        int total = 0;
        for (int k = 0; k < KINDS; k++) {
            byKind[k] = new int[counts[k]];
            kindStart[k] = total;
            total += counts[k];
            counts[k] = 0;
        }
        kindStart[KINDS] = total;
        shownEdges = total;
        for (int k = 0; k < e; k++) {
            if (kind[k] >= 0) {
                byKind[kind[k]][counts[kind[k]]++] = k;
            }
        }
        lines = new float[4 * total];
        int o = 0;
        for (int k = 0; k < KINDS; k++) {
            for (int idx : byKind[k]) {
                SecondaryGraphSnapshot.Edge edge = graph.edges().get(idx);
                lines[o++] = points[2 * edge.from()];
                lines[o++] = points[2 * edge.from() + 1];
                lines[o++] = points[2 * edge.to()];
                lines[o++] = points[2 * edge.to() + 1];
            }
        }
        boolean faintUntouched = !filter.withClip(-1).isAll();
        for (int i = 0; i < n; i++) {
            int c = colouring.colour(i);
            // faint states are lightened towards the white background here, so points draw without blending
            double a = faintUntouched && !touched[i] ? 0.18 : graph.state(i).live() ? 1 : 0.45;
            colours[4 * i] = (byte) lighten((c >> 16) & 255, a);
            colours[4 * i + 1] = (byte) lighten((c >> 8) & 255, a);
            colours[4 * i + 2] = (byte) lighten(c & 255, a);
            colours[4 * i + 3] = (byte) (shown[i] ? 255 : 0);
        }
        overviewLines = aggregate(byKind);
    }

    private static int lighten(int channel, double alpha) {
        return (int) Math.round(channel * alpha + 255 * (1 - alpha));
    }

    static int kindOf(SecondaryGraphSnapshot.Edge e) {
        if (!e.merged()) {
            return SIMULATED;
        }
        if (e.crossClass()) {
            return CROSS;
        }
        return e.errorMm() >= GraphPicture.HIGH_ERROR_MM ? HIGH : MERGE;
    }

    private float[] aggregate(int[][] byKind) {
        int n = graph.size();
        double w = Math.max(1e-9, layout.maxX() - layout.minX()), h = Math.max(1e-9, layout.maxY() - layout.minY());
        int[] cell = new int[n];
        double[] sx = new double[CELLS * CELLS], sy = new double[CELLS * CELLS];
        int[] sn = new int[CELLS * CELLS];
        for (int i = 0; i < n; i++) {
            int cx = Math.min(CELLS - 1, (int) ((layout.x(i) - layout.minX()) / w * CELLS));
            int cy = Math.min(CELLS - 1, (int) ((layout.y(i) - layout.minY()) / h * CELLS));
            cell[i] = cy * CELLS + cx;
            sx[cell[i]] += layout.x(i);
            sy[cell[i]] += layout.y(i);
            sn[cell[i]]++;
        }
        float[] out = new float[lines.length];
        int o = 0;
        for (int k = 0; k < KINDS; k++) {
            overviewStart[k] = o / 4;
            if (k == HIGH || k == CROSS) {
                System.arraycopy(lines, 4 * kindStart[k], out, o, 4 * (kindStart[k + 1] - kindStart[k]));
                o += 4 * (kindStart[k + 1] - kindStart[k]);
                continue;
            }
            Map<Long, Boolean> seen = new HashMap<>();
            for (int idx : byKind[k]) {
                SecondaryGraphSnapshot.Edge edge = graph.edges().get(idx);
                int a = cell[edge.from()], b = cell[edge.to()];
                if (a == b || seen.put(Math.min(a, b) * (long) (CELLS * CELLS) + Math.max(a, b), Boolean.TRUE) != null) {
                    continue;
                }
                out[o++] = (float) (sx[a] / sn[a]);
                out[o++] = (float) (sy[a] / sn[a]);
                out[o++] = (float) (sx[b] / sn[b]);
                out[o++] = (float) (sy[b] / sn[b]);
            }
        }
        overviewStart[KINDS] = o / 4;
        return Arrays.copyOf(out, o);
    }

    /** Layout units per aggregation cell along x (the overview is exact enough while a cell is a few pixels). */
    double cellSize() {
        return Math.max(layout.maxX() - layout.minX(), layout.maxY() - layout.minY()) / CELLS;
    }
}
