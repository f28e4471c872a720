package org.clothgraph.motion.ui.internal;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;

/**
 * A skeleton drawn in a three-quarter view, following the root on the ground plane. Shows one pose, or
 * plays a motion (a clip span or a blended transition) paced by {@link Display#timerExec}.
 */
final class PosePreview {
    private static final double YAW = Math.toRadians(35);
    private final Canvas canvas;
    private Motion motion;
    private int frame;
    private boolean playing;
    private String caption = "";
    private final Runnable tick = this::advance;

    PosePreview(Composite parent) {
        canvas = new Canvas(parent, SWT.DOUBLE_BUFFERED | SWT.BORDER);
        canvas.setBackground(parent.getDisplay().getSystemColor(SWT.COLOR_WHITE));
        canvas.addPaintListener(e -> paint(e.gc));
        canvas.addDisposeListener(e -> stop());
    }

    Canvas control() {
        return canvas;
    }

    /** Shows one frame of a motion. */
    void show(Motion m, int f, String text) {
        stop();
        motion = m;
        frame = Math.max(0, Math.min(f, m.frameCount() - 1));
        caption = text;
        canvas.redraw();
    }

    /** Plays a motion once (then holds its last frame). */
    void play(Motion m, String text) {
        stop();
        motion = m;
        frame = 0;
        caption = text;
        playing = true;
        canvas.redraw();
        canvas.getDisplay().timerExec((int) Math.round(1000 / m.fps()), tick);
    }

    boolean isPlaying() {
        return playing;
    }

    void stop() {
        playing = false;
        if (!canvas.isDisposed()) {
            canvas.getDisplay().timerExec(-1, tick);
        }
    }

    private void advance() {
        if (!playing || canvas.isDisposed() || motion == null) {
            return;
        }
        if (frame + 1 >= motion.frameCount()) {
            playing = false;
            return;
        }
        frame++;
        canvas.redraw();
        // paused while hidden: a hidden canvas gets no further ticks until shown again
        if (canvas.isVisible()) {
            canvas.getDisplay().timerExec((int) Math.round(1000 / motion.fps()), tick);
        } else {
            playing = false;
        }
    }

    private void paint(GC gc) {
        Rectangle area = canvas.getClientArea();
        gc.setAntialias(SWT.ON);
        if (motion == null) {
            gc.drawText("Hover a frame to see its pose; select a transition to play it.", 8, 8, true);
            return;
        }
        Skeleton sk = motion.skeleton();
        double[] p = new double[sk.size() * 3];
        motion.worldPositions(frame, p);
        double cx = p[0];
        double cz = p[2];
        double scale = Math.min(area.width, area.height) / 2.4;
        int ox = area.width / 2;
        int oy = (int) (area.height * 0.92);
        double cos = Math.cos(YAW);
        double sin = Math.sin(YAW);
        int[] sx = new int[sk.size()];
        int[] sy = new int[sk.size()];
        for (int j = 0; j < sk.size(); j++) {
            double x = p[j * 3] - cx;
            double z = p[j * 3 + 2] - cz;
            double u = cos * x - sin * z;
            double depth = sin * x + cos * z;
            sx[j] = ox + (int) Math.round(u * scale);
            sy[j] = oy - (int) Math.round((p[j * 3 + 1] + 0.15 * depth) * scale);
        }
        Display d = canvas.getDisplay();
        gc.setForeground(d.getSystemColor(SWT.COLOR_GRAY));
        gc.drawLine(ox - (int) scale, oy, ox + (int) scale, oy);
        gc.setLineWidth(3);
        gc.setForeground(d.getSystemColor(SWT.COLOR_DARK_BLUE));
        for (int j = 1; j < sk.size(); j++) {
            int parent = sk.parent(j);
            gc.drawLine(sx[parent], sy[parent], sx[j], sy[j]);
        }
        int head = sk.indexOf("Head");
        if (head >= 0) {
            int r = (int) Math.round(0.1 * scale);
            gc.drawOval(sx[head] - r, sy[head] - 2 * r, 2 * r, 2 * r);
        }
        gc.setLineWidth(1);
        gc.setForeground(d.getSystemColor(SWT.COLOR_BLACK));
        gc.drawText(caption + "   frame " + (frame + 1) + "/" + motion.frameCount(), 8, 8, true);
    }
}
