package org.clothgraph.ui.internal;

import java.util.Set;

import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.character.CharacterSkin;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;

/**
 * The character's mapped skeleton in its rest pose, from the front and from the side: bones of the trunk, left and
 * right side in their own colours, a joint the source had filled dot, a role placed between its neighbours hollow;
 * the imported surface's vertices as grey points behind it.
 */
final class SkeletonPreview extends Canvas {
    private Skeleton skeleton;
    private Set<String> mapped = Set.of();
    private double[] surface;

    SkeletonPreview(Composite parent) {
        super(parent, SWT.DOUBLE_BUFFERED | SWT.BORDER);
        setBackground(getDisplay().getSystemColor(SWT.COLOR_WHITE));
        addPaintListener(e -> paint(e.gc));
    }

    /** Shows a skeleton (null: nothing), the roles its source had a joint for, and its surface (may be null). */
    void show(Skeleton s, Set<String> mappedRoles, CharacterSkin skin) {
        skeleton = s;
        mapped = Set.copyOf(mappedRoles);
        surface = skin == null ? null : skin.restPositions();
        redraw();
    }

    Skeleton skeleton() {
        return skeleton;
    }

    @Override
    public Point computeSize(int wHint, int hHint, boolean changed) {
        return new Point(wHint == SWT.DEFAULT ? 240 : wHint, hHint == SWT.DEFAULT ? 320 : hHint);
    }

    private void paint(GC gc) {
        Rectangle r = getClientArea();
        gc.setAntialias(SWT.ON);
        if (skeleton == null) {
            gc.drawText("No character read yet", r.x + 10, r.y + 10, true);
            return;
        }
        Vec3[] p = CharacterSkin.restJoints(skeleton);
        Vec3[] e = skeleton.restEndSites();
        double up = skeleton.restRootHeight();
        // one scale for both views; the front view as wide as the arms, the side view as deep as the body
        double top = 0, wideX = 0.1, wideZ = 0.15;
        for (int j = 0; j < p.length; j++) {
            top = Math.max(top, p[j].y());
            wideX = Math.max(wideX, Math.abs(p[j].x()));
            wideZ = Math.max(wideZ, Math.abs(p[j].z()));
            if (e[j] != null) {
                top = Math.max(top, e[j].y() + up);
                wideX = Math.max(wideX, Math.abs(e[j].x()));
                wideZ = Math.max(wideZ, Math.abs(e[j].z()));
            }
        }
        if (surface != null) {
            for (int i = 0; i < surface.length; i += 3) {
                top = Math.max(top, surface[i + 1]);
                wideX = Math.max(wideX, Math.abs(surface[i]));
                wideZ = Math.max(wideZ, Math.abs(surface[i + 2]));
            }
        }
        int label = gc.getFontMetrics().getHeight() + 6, margin = 14;
        double scale = Math.min((r.width - 4.0 * margin) / (2 * wideX + 2 * wideZ), (r.height - label - 2.0 * margin) / top);
        int frontWidth = (int) Math.round(2 * wideX * scale) + 2 * margin;
        int[] left = {r.x, r.x + frontWidth};
        int[] width = {frontWidth, r.width - frontWidth};
        for (int view = 0; view < 2; view++) {
            int cx = left[view] + width[view] / 2, ground = r.y + r.height - margin;
            gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY));
            gc.drawText(view == 0 ? "front" : "side", left[view] + 8, r.y + 4, true);
            gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_GRAY));
            gc.drawLine(left[view] + margin / 2, ground, left[view] + width[view] - margin / 2, ground);
            if (surface != null) {
                for (int i = 0; i < surface.length; i += 3) {
                    Point q = project(view, surface[i], surface[i + 1], surface[i + 2], cx, ground, scale);
                    gc.drawPoint(q.x, q.y);
                }
            }
            gc.setLineWidth(3);
            for (int j = 0; j < p.length; j++) {
                gc.setForeground(colour(skeleton.name(j)));
                Point a = project(view, p[j], cx, ground, scale);
                if (j > 0) {
                    Point b = project(view, p[skeleton.parent(j)], cx, ground, scale);
                    gc.drawLine(a.x, a.y, b.x, b.y);
                }
                if (e[j] != null) {
                    Point b = project(view, e[j].add(new Vec3(0, up, 0)), cx, ground, scale);
                    gc.drawLine(a.x, a.y, b.x, b.y);
                }
            }
            gc.setLineWidth(1);
            for (int j = 0; j < p.length; j++) {
                Point a = project(view, p[j], cx, ground, scale);
                gc.setBackground(colour(skeleton.name(j)));
                gc.setForeground(colour(skeleton.name(j)));
                if (mapped.contains(skeleton.name(j))) {
                    gc.fillOval(a.x - 4, a.y - 4, 9, 9);
                } else {
                    gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_WHITE));
                    gc.fillOval(a.x - 4, a.y - 4, 9, 9);
                    gc.drawOval(a.x - 4, a.y - 4, 8, 8);
                }
            }
        }
    }

    private static Point project(int view, Vec3 v, int cx, int ground, double scale) {
        return project(view, v.x(), v.y(), v.z(), cx, ground, scale);
    }

    /** Front (seen from ahead): the character's left (+X) on the viewer's right; side: forward (+Z) to the right. */
    private static Point project(int view, double x, double y, double z, int cx, int ground, double scale) {
        double h = view == 0 ? x : z;
        return new Point((int) Math.round(cx + h * scale), (int) Math.round(ground - y * scale));
    }

    private Color colour(String joint) {
        if (joint.startsWith("Left")) {
            return getDisplay().getSystemColor(SWT.COLOR_DARK_RED);
        }
        if (joint.startsWith("Right")) {
            return getDisplay().getSystemColor(SWT.COLOR_DARK_GREEN);
        }
        return getDisplay().getSystemColor(SWT.COLOR_DARK_BLUE);
    }
}
