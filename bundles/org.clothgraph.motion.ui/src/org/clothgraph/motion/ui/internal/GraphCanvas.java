package org.clothgraph.motion.ui.internal;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.motion.project.PrimaryLaneLayout;
import org.clothgraph.motion.project.PrimaryLaneLayout.Lane;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Path;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;

/**
 * Draws the primary graph: one lane per clip (kept frames blue, pruned frames hatched grey, excluded
 * clips pale), transitions as arcs coloured by their distance. Reports hovered frames and clicked
 * frames, transitions and lanes to its {@link Listener}.
 */
final class GraphCanvas {
    /** What the canvas tells its owner. */
    interface Listener {
        void hovered(ClipInfo clip, int frame, PrimaryNode node);

        void clicked(Object target);
    }

    /** A clicked frame of a clip (node null when pruned). */
    record FrameTarget(ClipInfo clip, int frame, PrimaryNode node) {
    }

    private static final int MARGIN = 24;
    private final Canvas canvas;
    private PrimaryGraphSnapshot snapshot;
    private PrimaryLaneLayout layout;
    private Object selection;
    private FrameTarget pendingSource;
    private double scale = 1;
    private final List<Arc> arcs = new ArrayList<>();

    private record Arc(PrimaryEdge edge, float[] xs, float[] ys) {
    }

    GraphCanvas(Composite parent, Listener listener) {
        canvas = new Canvas(parent, SWT.DOUBLE_BUFFERED | SWT.BORDER);
        canvas.setBackground(parent.getDisplay().getSystemColor(SWT.COLOR_WHITE));
        canvas.addPaintListener(e -> paint(e.gc));
        canvas.addListener(SWT.MouseMove, e -> {
            FrameTarget t = frameAt(e.x, e.y);
            if (t != null) {
                listener.hovered(t.clip(), t.frame(), t.node());
                canvas.setToolTipText(t.clip().name() + " frame " + (t.frame() + 1)
                        + (t.node() == null ? " (pruned)" : " (node " + t.node().id() + ")"));
            } else {
                Arc a = arcAt(e.x, e.y);
                canvas.setToolTipText(a == null ? null : String.format("transition %d: distance %.3f m",
                        a.edge().id(), a.edge().distance()));
            }
        });
        canvas.addListener(SWT.MouseDown, e -> {
            if (e.button != 1) {
                return;
            }
            Object target = arcAt(e.x, e.y);
            target = target != null ? ((Arc) target).edge() : frameAt(e.x, e.y);
            if (target == null) {
                Lane lane = laneAt(e.x, e.y, 6);
                target = lane == null ? null : lane.clip();
            }
            listener.clicked(target);
        });
    }

    Canvas control() {
        return canvas;
    }

    void setSnapshot(PrimaryGraphSnapshot s, PrimaryLaneLayout l) {
        snapshot = s;
        layout = l;
        canvas.redraw();
    }

    void setSelection(Object s) {
        selection = s;
        canvas.redraw();
    }

    /** Marks the source frame while the user picks a transition's target. */
    void setPendingSource(FrameTarget source) {
        pendingSource = source;
        canvas.redraw();
    }

    private double sx(double x) {
        return MARGIN + x * scale;
    }

    private double sy(double y) {
        return MARGIN + y * scale;
    }

    private void updateScale() {
        Rectangle a = canvas.getClientArea();
        double w = Math.max(1, layout.width());
        double h = Math.max(1, layout.height());
        scale = Math.max(0.05, Math.min((a.width - 2.0 * MARGIN) / w, (a.height - 2.0 * MARGIN) / h));
    }

    private void paint(GC gc) {
        Display d = canvas.getDisplay();
        if (snapshot == null || layout == null) {
            gc.drawText("No primary graph: open a project with motion clips.", 10, 10, true);
            return;
        }
        gc.setAntialias(SWT.ON);
        updateScale();
        arcs.clear();
        for (Lane lane : layout.lanes().values()) {
            paintLane(gc, d, lane);
        }
        for (PrimaryEdge e : snapshot.transitions()) {
            paintArc(gc, d, e);
        }
        for (Lane lane : layout.lanes().values()) {
            paintLabel(gc, d, lane); // over the arcs, so no arc hides a clip's name
        }
        if (pendingSource != null) {
            Lane lane = layout.lane(pendingSource.clip().id());
            int x = (int) sx(lane.frameX(pendingSource.frame()));
            gc.setBackground(d.getSystemColor(SWT.COLOR_RED));
            gc.fillOval(x - 5, (int) sy(lane.y()) - 12, 10, 10);
        }
    }

    private void paintLane(GC gc, Display d, Lane lane) {
        ClipInfo clip = lane.clip();
        int x0 = (int) sx(lane.x());
        int y0 = (int) sy(lane.y());
        int w = (int) Math.max(2, lane.width() * scale);
        int h = (int) Math.max(6, lane.height() * scale);
        gc.setBackground(d.getSystemColor(clip.excluded() ? SWT.COLOR_WIDGET_LIGHT_SHADOW : SWT.COLOR_GRAY));
        gc.fillRectangle(x0, y0, w, h);
        Color kept = new Color(70, 130, 200);
        gc.setBackground(kept);
        int frames = clip.frameCount();
        int runStart = -1;
        for (int f = 0; f <= frames; f++) {
            boolean in = f < frames && snapshot.nodeAt(clip.id(), f) != null;
            if (in && runStart < 0) {
                runStart = f;
            } else if (!in && runStart >= 0) {
                int a = (int) sx(lane.x() + runStart * lane.width() / frames);
                int b = (int) sx(lane.x() + f * lane.width() / frames);
                gc.fillRectangle(a, y0, Math.max(1, b - a), h);
                runStart = -1;
            }
        }
        kept.dispose();
        boolean selected = selection instanceof ClipInfo c && c.id() == clip.id();
        gc.setForeground(d.getSystemColor(selected ? SWT.COLOR_RED : SWT.COLOR_DARK_GRAY));
        gc.setLineWidth(selected ? 2 : 1);
        gc.drawRectangle(x0, y0, w, h);
        gc.setLineWidth(1);
        if (selection instanceof FrameTarget t && t.clip().id() == clip.id()) {
            int x = (int) sx(lane.frameX(t.frame()));
            gc.setForeground(d.getSystemColor(SWT.COLOR_RED));
            gc.setLineWidth(2);
            gc.drawLine(x, y0 - 4, x, y0 + h + 4);
            gc.setLineWidth(1);
        }
    }

    /** The clip's name and length under its bar, on a light label that stays readable over arcs. */
    private void paintLabel(GC gc, Display d, Lane lane) {
        ClipInfo clip = lane.clip();
        String text = clip.name() + (clip.excluded() ? " (excluded)" : "") + "  " + clip.frameCount() + " f";
        org.eclipse.swt.graphics.Point size = gc.textExtent(text);
        int x0 = (int) sx(lane.x());
        int y0 = (int) sy(lane.y()) + (int) Math.max(6, lane.height() * scale) + 2;
        gc.setAlpha(225);
        gc.setBackground(d.getSystemColor(SWT.COLOR_WHITE));
        gc.fillRoundRectangle(x0, y0, size.x + 6, size.y + 2, 6, 6);
        gc.setAlpha(255);
        boolean selected = selection instanceof ClipInfo c && c.id() == clip.id();
        gc.setForeground(d.getSystemColor(selected ? SWT.COLOR_RED : clip.excluded() ? SWT.COLOR_DARK_GRAY
                : SWT.COLOR_BLACK));
        gc.drawText(text, x0 + 3, y0 + 1, true);
    }

    private void paintArc(GC gc, Display d, PrimaryEdge e) {
        PrimaryNode a = snapshot.node(e.from());
        PrimaryNode b = snapshot.node(e.to());
        if (a == null || b == null) {
            return;
        }
        Lane la = layout.lane(a.clipId());
        Lane lb = layout.lane(b.clipId());
        if (la == null || lb == null) {
            return;
        }
        float x1 = (float) sx(la.frameX(a.frame()));
        float x2 = (float) sx(lb.frameX(b.frame()));
        float y1;
        float y2;
        float c1;
        float c2;
        if (la == lb) {
            y1 = (float) sy(la.y());
            y2 = y1;
            float lift = Math.max(12f, Math.abs(x2 - x1) * 0.35f);
            c1 = y1 - lift;
            c2 = y2 - lift;
        } else if (lb.y() > la.y()) {
            y1 = (float) sy(la.y() + la.height());
            y2 = (float) sy(lb.y());
            c1 = y1 + (y2 - y1) * 0.5f;
            c2 = y2 - (y2 - y1) * 0.5f;
        } else if (lb.y() < la.y()) {
            y1 = (float) sy(la.y());
            y2 = (float) sy(lb.y() + lb.height());
            c1 = y1 - (y1 - y2) * 0.5f;
            c2 = y2 + (y1 - y2) * 0.5f;
        } else {
            y1 = (float) sy(la.y() + la.height());
            y2 = (float) sy(lb.y() + lb.height());
            c1 = y1 + 40;
            c2 = y2 + 40;
        }
        Path path = new Path(d);
        path.moveTo(x1, y1);
        path.cubicTo(x1, c1, x2, c2, x2, y2);
        boolean selected = selection instanceof PrimaryEdge s && s.id() == e.id();
        Color color = distanceColor(d, e.distance());
        gc.setForeground(selected ? d.getSystemColor(SWT.COLOR_RED) : color);
        gc.setLineWidth(selected ? 3 : 1);
        gc.setAlpha(selected ? 255 : 150);
        gc.drawPath(path);
        gc.setAlpha(255);
        gc.setLineWidth(1);
        path.dispose();
        color.dispose();
        float[] xs = new float[17];
        float[] ys = new float[17];
        for (int i = 0; i <= 16; i++) {
            float t = i / 16f;
            float u = 1 - t;
            xs[i] = u * u * u * x1 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x2;
            ys[i] = u * u * u * y1 + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * y2;
        }
        arcs.add(new Arc(e, xs, ys));
    }

    /** Green for close poses, through yellow, to red at 10 cm RMS. */
    private static Color distanceColor(Display d, double distance) {
        double t = Math.max(0, Math.min(1, distance / 0.10));
        return new Color(d, (int) (40 + 200 * t), (int) (170 - 110 * t), 60);
    }

    private Lane laneAt(int x, int y, int slack) {
        if (layout == null) {
            return null;
        }
        for (Lane lane : layout.lanes().values()) {
            double x0 = sx(lane.x());
            double y0 = sy(lane.y());
            if (x >= x0 - slack && x <= x0 + lane.width() * scale + slack && y >= y0 - slack
                    && y <= y0 + lane.height() * scale + slack) {
                return lane;
            }
        }
        return null;
    }

    private FrameTarget frameAt(int x, int y) {
        Lane lane = laneAt(x, y, 0);
        if (lane == null) {
            return null;
        }
        int frames = lane.clip().frameCount();
        int f = (int) Math.floor((x - sx(lane.x())) / (lane.width() * scale) * frames);
        f = Math.max(0, Math.min(frames - 1, f));
        return new FrameTarget(lane.clip(), f, snapshot.nodeAt(lane.clip().id(), f));
    }

    private Arc arcAt(int x, int y) {
        Arc best = null;
        double bestD = 5;
        for (Arc a : arcs) {
            for (int i = 0; i < a.xs().length; i++) {
                double dd = Math.hypot(a.xs()[i] - x, a.ys()[i] - y);
                if (dd < bestD) {
                    bestD = dd;
                    best = a;
                }
            }
        }
        return best;
    }

    /** Pixel position of a frame's lane centre (tests click through it). */
    int[] pointOf(long clipId, int frame) {
        updateScale();
        Lane lane = layout.lane(clipId);
        return new int[] { (int) Math.round(sx(lane.frameX(frame))), (int) Math.round(sy(lane.y() + lane.height() / 2)) };
    }
}
