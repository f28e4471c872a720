package org.clothgraph.graphview.ui.internal;

import java.util.function.IntConsumer;

import org.clothgraph.graphview.Colouring;
import org.clothgraph.graphview.Neighbourhood;
import org.clothgraph.graphview.NeighbourhoodDiagram;
import org.clothgraph.graphview.SecondaryGraphSnapshot;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Transform;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;

/**
 * The selected state's k-hop neighbourhood as a node-link diagram ({@link NeighbourhoodDiagram}: laid out by ELK's
 * layered algorithm left to right along transitions, labels placed by ELK at their drawn size so none covers a state
 * or another label) drawn with SWT: states as circles in their colour (the selected one ringed), labelled by id;
 * simulated transitions grey, merges dashed with their error, emphasised as in the graph. The whole diagram is scaled
 * to fit, text with it, so what ELK kept apart stays apart. Click a state to select it.
 */
final class NeighbourhoodCanvas {
    static final int HOPS = 2, MAX_STATES = 40;
    private static final int R = 9, TITLE = 20;
    /** Largest magnification of a small diagram. */
    private static final double MAX_SCALE = 1.3;
    private final Canvas canvas;
    private final IntConsumer onSelect;
    private SecondaryGraphSnapshot graph;
    private Colouring colouring;
    private Neighbourhood hood;
    private NeighbourhoodDiagram diagram;

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

    /** What is drawn (tests: where ELK put states and labels). */
    NeighbourhoodDiagram diagram() {
        return diagram;
    }

    void show(SecondaryGraphSnapshot g, Colouring c, int state) {
        graph = g;
        colouring = c;
        hood = state < 0 ? null : Neighbourhood.of(g, state, HOPS, MAX_STATES);
        diagram = null;
        if (hood != null) {
            GC gc = new GC(canvas);
            try {
                int h = gc.getFontMetrics().getHeight();
                diagram = NeighbourhoodDiagram.of(g, hood, R, new NeighbourhoodDiagram.TextSize() {
                    @Override
                    public double width(String text) {
                        return gc.textExtent(text).x;
                    }

                    @Override
                    public double height() {
                        return h;
                    }
                });
            } finally {
                gc.dispose();
            }
        }
        canvas.redraw();
    }

    /** Scale and offset of the diagram in the canvas: {k, ox, oy}. */
    private double[] fit() {
        Point s = canvas.getSize();
        double k = Math.min(MAX_SCALE, Math.min((s.x - 8) / Math.max(1, diagram.width()),
                (s.y - TITLE - 4) / Math.max(1, diagram.height())));
        k = Math.max(0.05, k);
        return new double[] { k, 0.5 * (s.x - diagram.width() * k), TITLE + 0.5 * (s.y - TITLE - diagram.height() * k) };
    }

    private Integer stateAt(int x, int y) {
        if (diagram == null) {
            return null;
        }
        double[] f = fit();
        double lx = (x - f[1]) / f[0], ly = (y - f[2]) / f[0];
        for (NeighbourhoodDiagram.Node n : diagram.nodes()) {
            if ((n.cx() - lx) * (n.cx() - lx) + (n.cy() - ly) * (n.cy() - ly) <= (R + 2) * (R + 2)) {
                return n.state();
            }
        }
        return null;
    }

    private void paint(GC gc) {
        gc.setAntialias(SWT.ON);
        gc.setTextAntialias(SWT.ON);
        if (hood == null || diagram == null) {
            gc.drawText("Select a state to see its neighbourhood.", 8, 8, true);
            return;
        }
        gc.drawText(String.format("%d states within %d transitions of state %d%s", hood.states().length, HOPS,
                graph.state(hood.centre()).id(), hood.states().length >= MAX_STATES ? " (first " + MAX_STATES + ")" : ""),
                6, 2, true);
        double[] f = fit();
        Transform t = new Transform(canvas.getDisplay());
        Color grey = new Color(150, 150, 150), merge = new Color(90, 90, 205), high = new Color(214, 39, 40),
                cross = new Color(148, 0, 211);
        try {
            t.translate((float) f[1], (float) f[2]);
            t.scale((float) f[0], (float) f[0]);
            gc.setTransform(t);
            for (NeighbourhoodDiagram.Link link : diagram.links()) {
                SecondaryGraphSnapshot.Edge e = link.edge();
                int kind = GraphScene.kindOf(e);
                Color c = kind == GraphScene.SIMULATED ? grey : kind == GraphScene.MERGE ? merge
                        : kind == GraphScene.HIGH ? high : cross;
                gc.setForeground(c);
                gc.setLineWidth(kind >= GraphScene.HIGH ? 2 : 1);
                gc.setLineStyle(e.merged() ? SWT.LINE_DASH : SWT.LINE_SOLID);
                int[] route = new int[link.route().length];
                for (int i = 0; i < route.length; i++) {
                    route[i] = (int) Math.round(link.route()[i]);
                }
                gc.drawPolyline(route);
                gc.setLineStyle(SWT.LINE_SOLID);
                arrow(gc, link.route());
                if (link.label() != null) {
                    gc.drawText(link.text(), (int) Math.round(link.label().x()), (int) Math.round(link.label().y()), true);
                }
            }
            gc.setLineWidth(1);
            for (NeighbourhoodDiagram.Node n : diagram.nodes()) {
                int c = colouring.colour(n.state());
                Color fill = new Color((c >> 16) & 255, (c >> 8) & 255, c & 255);
                gc.setBackground(fill);
                int x = (int) Math.round(n.cx() - R), y = (int) Math.round(n.cy() - R);
                gc.fillOval(x, y, 2 * R, 2 * R);
                boolean centre = n.state() == hood.centre();
                gc.setForeground(canvas.getDisplay().getSystemColor(centre ? SWT.COLOR_BLACK : SWT.COLOR_GRAY));
                gc.setLineWidth(centre ? 3 : 1);
                gc.drawOval(x, y, 2 * R, 2 * R);
                gc.setLineWidth(1);
                gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_BLACK));
                gc.drawText(n.text(), (int) Math.round(n.label().x()), (int) Math.round(n.label().y()), true);
            }
        } finally {
            gc.setTransform(null);
            t.dispose();
        }
    }

    /** An arrow head at the end of a route (its last segment's direction). */
    private static void arrow(GC gc, double[] route) {
        int m = route.length;
        if (m < 4) {
            return;
        }
        double bx = route[m - 2], by = route[m - 1], dx = bx - route[m - 4], dy = by - route[m - 3];
        double len = Math.hypot(dx, dy);
        if (len < 1e-6) {
            return;
        }
        double ux = dx / len, uy = dy / len;
        int[] poly = { (int) Math.round(bx), (int) Math.round(by), (int) Math.round(bx - 7 * ux + 4 * uy),
                (int) Math.round(by - 7 * uy - 4 * ux), (int) Math.round(bx - 7 * ux - 4 * uy),
                (int) Math.round(by - 7 * uy + 4 * ux) };
        gc.setBackground(gc.getForeground());
        gc.fillPolygon(poly);
    }
}
