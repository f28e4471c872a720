package org.clothgraph.retarget.ui.internal;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.contact.FootContact;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;

/**
 * Skeletons side by side, one panel each, all at one frame and one scale (so that proportions compare), in a
 * three-quarter view that follows each root on the ground plane. The floor is a line; a foot point below it is drawn
 * red with how deep it is.
 */
final class SkeletonsCanvas {
    /** One panel: a title and a motion (null: empty panel). */
    record Panel(String title, Motion motion, RGB colour) {
    }

    private static final double YAW = Math.toRadians(35);
    private final Canvas canvas;
    private final List<Panel> panels = new ArrayList<>();
    private String empty = "";
    private int frame;

    SkeletonsCanvas(Composite parent) {
        canvas = new Canvas(parent, SWT.DOUBLE_BUFFERED | SWT.BORDER);
        canvas.setBackground(parent.getDisplay().getSystemColor(SWT.COLOR_WHITE));
        canvas.addPaintListener(e -> paint(e.gc));
    }

    Canvas control() {
        return canvas;
    }

    void setPanels(List<Panel> p) {
        panels.clear();
        panels.addAll(p);
        canvas.redraw();
    }

    List<Panel> panels() {
        return List.copyOf(panels);
    }

    /** The text shown while there are no panels. */
    void setEmptyText(String text) {
        empty = text;
        canvas.redraw();
    }

    void setFrame(int f) {
        frame = f;
        canvas.redraw();
    }

    int frame() {
        return frame;
    }

    private void paint(GC gc) {
        Rectangle area = canvas.getClientArea();
        gc.setAntialias(SWT.ON);
        gc.setTextAntialias(SWT.ON);
        if (panels.isEmpty()) {
            gc.drawText(empty, 8, 8, true);
            return;
        }
        // one scale for all panels: the tallest skeleton fills 80 % of the panel height
        double tallest = 0.5;
        for (Panel p : panels) {
            if (p.motion() != null) tallest = Math.max(tallest, height(p.motion().skeleton()));
        }
        int n = panels.size();
        int pw = area.width / n;
        int titleHeight = gc.getFontMetrics().getHeight();
        int top = titleHeight * 3 + 8;
        double scale = Math.min((area.height - top - 24) / (tallest * 1.15), pw / (tallest * 1.1));
        for (int i = 0; i < n; i++) {
            Panel p = panels.get(i);
            int x0 = i * pw;
            if (i > 0) {
                gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_WIDGET_NORMAL_SHADOW));
                gc.drawLine(x0, 0, x0, area.height);
            }
            gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_BLACK));
            drawClipped(gc, p.title(), x0 + 8, 6, pw - 16);
            if (p.motion() != null) {
                drawSkeleton(gc, p, x0, pw, area.height - 24, scale, top, titleHeight);
            }
        }
    }

    /** Draws text, cut with an ellipsis to the width (never over the next panel). */
    private static void drawClipped(GC gc, String text, int x, int y, int width) {
        String t = text;
        if (gc.textExtent(t).x > width) {
            while (t.length() > 1 && gc.textExtent(t + "\u2026").x > width) t = t.substring(0, t.length() - 1);
            t = t + "\u2026";
        }
        gc.drawText(t, x, y, true);
    }

    private void drawSkeleton(GC gc, Panel panel, int x0, int pw, int floorY, double scale, int top, int lineHeight) {
        Motion m = panel.motion();
        Skeleton sk = m.skeleton();
        int f = Math.max(0, Math.min(frame, m.frameCount() - 1));
        double[] p = new double[sk.size() * 3];
        m.worldPositions(f, p);
        double cx = p[0], cz = p[2];
        double cos = Math.cos(YAW), sin = Math.sin(YAW);
        int ox = x0 + pw / 2;
        int[] sx = new int[sk.size()], sy = new int[sk.size()];
        for (int j = 0; j < sk.size(); j++) {
            Point s = project(p[j * 3] - cx, p[j * 3 + 1], p[j * 3 + 2] - cz, ox, floorY, scale, cos, sin);
            sx[j] = s.x;
            sy[j] = s.y;
        }
        gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_GRAY));
        gc.setLineWidth(1);
        gc.drawLine(x0 + 12, floorY, x0 + pw - 12, floorY);
        Color bones = new Color(canvas.getDisplay(), panel.colour());
        try {
            gc.setLineWidth(3);
            gc.setForeground(bones);
            for (int j = 1; j < sk.size(); j++) gc.drawLine(sx[sk.parent(j)], sy[sk.parent(j)], sx[j], sy[j]);
            int head = sk.indexOf("Head");
            if (head >= 0) {
                int r = (int) Math.round(0.09 * scale);
                gc.drawOval(sx[head] - r, sy[head] - 2 * r, 2 * r, 2 * r);
            }
        } finally {
            bones.dispose();
        }
        // the foot points (ankles, toes) and how far the lowest is below the floor
        List<FootContact.Point> feet = FootContact.points(sk);
        Vec3[] at = FootContact.positions(feet, m, f);
        double lowest = Double.MAX_VALUE;
        gc.setLineWidth(1);
        for (int i = 0; i < feet.size(); i++) {
            Vec3 w = at[i];
            double h = w.y() - feet.get(i).lift();
            lowest = Math.min(lowest, h);
            Point s = project(w.x() - cx, w.y(), w.z() - cz, ox, floorY, scale, cos, sin);
            gc.setBackground(canvas.getDisplay().getSystemColor(h < 0 ? SWT.COLOR_RED : SWT.COLOR_DARK_GREEN));
            gc.fillOval(s.x - 3, s.y - 3, 7, 7);
        }
        gc.setForeground(canvas.getDisplay().getSystemColor(lowest < -0.001 ? SWT.COLOR_RED : SWT.COLOR_DARK_GRAY));
        String below = lowest < -0.001 ? String.format(java.util.Locale.ROOT, "feet %.0f mm below the floor", -lowest * 1000)
                : "feet on or above the floor";
        drawClipped(gc, String.format(java.util.Locale.ROOT, "frame %d/%d", f + 1, m.frameCount()), x0 + 8, 6 + lineHeight,
                pw - 16);
        drawClipped(gc, below, x0 + 8, 6 + 2 * lineHeight, pw - 16);
    }

    private static Point project(double x, double y, double z, int ox, int floorY, double scale, double cos, double sin) {
        double u = cos * x - sin * z;
        double depth = sin * x + cos * z;
        return new Point(ox + (int) Math.round(u * scale), floorY - (int) Math.round((y + 0.15 * depth) * scale));
    }

    /** Rest height of a skeleton from its lowest to its highest joint. */
    private static double height(Skeleton s) {
        double lo = Double.MAX_VALUE, hi = -Double.MAX_VALUE;
        for (Vec3 p : s.restPositions()) {
            lo = Math.min(lo, p.y());
            hi = Math.max(hi, p.y());
        }
        return hi - lo + 0.2;
    }
}
