package org.clothgraph.graphview.ui.internal;

import java.util.HashMap;
import java.util.Map;
import java.util.function.IntConsumer;

import org.clothgraph.graphview.Colouring;
import org.clothgraph.graphview.Neighbourhood;
import org.clothgraph.graphview.SecondaryGraphSnapshot;
import org.clothgraph.motion.project.PrimaryLaneLayout;
import org.eclipse.elk.alg.layered.options.LayeredOptions;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.util.ElkGraphUtil;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;

/**
 * The selected state's k-hop neighbourhood as a node-link diagram, laid out by ELK's layered algorithm (left to
 * right along transitions) and drawn with SWT: states as circles in their colour (the selected one ringed), labelled
 * by id; simulated transitions grey, merges dashed with their error, emphasised as in the graph. Click a state to
 * select it.
 */
final class NeighbourhoodCanvas {
    static final int HOPS = 2, MAX_STATES = 40;
    private static final int R = 9;
    private final Canvas canvas;
    private final IntConsumer onSelect;
    private SecondaryGraphSnapshot graph;
    private Colouring colouring;
    private Neighbourhood hood;
    private final Map<Integer, double[]> at = new HashMap<>();
    private double width, height;

    NeighbourhoodCanvas(Composite parent, IntConsumer onSelect) {
        this.onSelect = onSelect;
        canvas = new Canvas(parent, SWT.DOUBLE_BUFFERED);
        canvas.setBackground(canvas.getDisplay().getSystemColor(SWT.COLOR_WHITE));
        canvas.addListener(SWT.Paint, e -> paint(e.gc));
        canvas.addListener(SWT.MouseUp, e -> {
            Integer s = stateAt(e.x, e.y);
            if (s != null) {
                this.onSelect.accept(s);
            }
        });
    }

    Canvas control() {
        return canvas;
    }

    Neighbourhood shown() {
        return hood;
    }

    void show(SecondaryGraphSnapshot g, Colouring c, int state) {
        graph = g;
        colouring = c;
        at.clear();
        hood = state < 0 ? null : Neighbourhood.of(g, state, HOPS, MAX_STATES);
        if (hood != null) {
            layout();
        }
        canvas.redraw();
    }

    private void layout() {
        PrimaryLaneLayout.registerLayered();
        ElkNode root = ElkGraphUtil.createGraph();
        root.setProperty(CoreOptions.ALGORITHM, LayeredOptions.ALGORITHM_ID);
        root.setProperty(CoreOptions.DIRECTION, Direction.RIGHT);
        root.setProperty(LayeredOptions.SPACING_NODE_NODE, 14.0);
        root.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, 40.0);
        Map<Integer, ElkNode> nodes = new HashMap<>();
        for (int s : hood.states()) {
            ElkNode n = ElkGraphUtil.createNode(root);
            n.setDimensions(2 * R, 2 * R);
            nodes.put(s, n);
        }
        for (SecondaryGraphSnapshot.Edge e : hood.edges()) {
            if (e.from() != e.to()) {
                ElkGraphUtil.createSimpleEdge(nodes.get(e.from()), nodes.get(e.to()));
            }
        }
        new RecursiveGraphLayoutEngine().layout(root, new BasicProgressMonitor());
        width = 0;
        height = 0;
        for (Map.Entry<Integer, ElkNode> e : nodes.entrySet()) {
            ElkNode n = e.getValue();
            at.put(e.getKey(), new double[] { n.getX() + R, n.getY() + R });
            width = Math.max(width, n.getX() + 2 * R);
            height = Math.max(height, n.getY() + 2 * R);
        }
    }

    private double scale() {
        Point s = canvas.getSize();
        // room for the title above and the id labels under the lowest states
        return Math.min(1.6, Math.min((s.x - 24) / Math.max(1, width), (s.y - 40) / Math.max(1, height)));
    }

    private Point place(int state) {
        double[] p = at.get(state);
        double k = scale();
        Point s = canvas.getSize();
        double ox = 0.5 * (s.x - width * k), oy = 20 + 0.5 * (s.y - 40 - height * k);
        return new Point((int) Math.round(ox + p[0] * k), (int) Math.round(oy + p[1] * k));
    }

    private Integer stateAt(int x, int y) {
        for (int s : at.keySet()) {
            Point p = place(s);
            if ((p.x - x) * (p.x - x) + (p.y - y) * (p.y - y) <= (R + 2) * (R + 2)) {
                return s;
            }
        }
        return null;
    }

    private void paint(GC gc) {
        gc.setAntialias(SWT.ON);
        gc.setTextAntialias(SWT.ON);
        Point size = canvas.getSize();
        if (hood == null) {
            gc.drawText("Select a state to see its neighbourhood.", 8, 8, true);
            return;
        }
        gc.drawText(String.format("%d states within %d transitions of state %d%s", hood.states().length, HOPS,
                graph.state(hood.centre()).id(), hood.states().length >= MAX_STATES ? " (first " + MAX_STATES + ")" : ""),
                6, 2, true);
        Color grey = new Color(150, 150, 150), merge = new Color(90, 90, 205), high = new Color(214, 39, 40),
                cross = new Color(148, 0, 211);
        for (SecondaryGraphSnapshot.Edge e : hood.edges()) {
            Point a = place(e.from()), b = place(e.to());
            int kind = GraphScene.kindOf(e);
            gc.setForeground(kind == GraphScene.SIMULATED ? grey : kind == GraphScene.MERGE ? merge
                    : kind == GraphScene.HIGH ? high : cross);
            gc.setLineWidth(kind >= GraphScene.HIGH ? 2 : 1);
            gc.setLineStyle(e.merged() ? SWT.LINE_DASH : SWT.LINE_SOLID);
            gc.drawLine(a.x, a.y, b.x, b.y);
            arrow(gc, a, b);
            gc.setLineStyle(SWT.LINE_SOLID);
            if (e.merged()) {
                // a third of the way from the source: merges converging on one target keep their labels apart
                String t = String.format("%.0f mm", e.errorMm());
                gc.setBackground(canvas.getBackground());
                gc.drawText(t, a.x + (b.x - a.x) / 3 + 2, a.y + (b.y - a.y) / 3 - 14, false);
            }
        }
        gc.setLineWidth(1);
        for (int s : hood.states()) {
            Point p = place(s);
            int c = colouring.colour(s);
            gc.setBackground(new Color((c >> 16) & 255, (c >> 8) & 255, c & 255));
            gc.fillOval(p.x - R, p.y - R, 2 * R, 2 * R);
            gc.setForeground(canvas.getDisplay().getSystemColor(s == hood.centre() ? SWT.COLOR_BLACK : SWT.COLOR_GRAY));
            gc.setLineWidth(s == hood.centre() ? 3 : 1);
            gc.drawOval(p.x - R, p.y - R, 2 * R, 2 * R);
            gc.setLineWidth(1);
            gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_BLACK));
            String id = Long.toString(graph.state(s).id());
            Point ext = gc.textExtent(id);
            if (size.x > 0) {
                gc.drawText(id, p.x - ext.x / 2, p.y + R + 1, true);
            }
        }
    }

    private static void arrow(GC gc, Point a, Point b) {
        double dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy);
        if (len < 2 * R + 2) {
            return;
        }
        double ux = dx / len, uy = dy / len;
        double tx = b.x - ux * R, ty = b.y - uy * R;
        int[] poly = { (int) tx, (int) ty, (int) (tx - 7 * ux + 4 * uy), (int) (ty - 7 * uy - 4 * ux),
                (int) (tx - 7 * ux - 4 * uy), (int) (ty - 7 * uy + 4 * ux) };
        gc.setBackground(gc.getForeground());
        gc.fillPolygon(poly);
    }
}
