package org.clothgraph.explore.ui.internal;

import java.util.function.Consumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;

/** What the charts share: background, title, the value axis with grid lines, and the empty-chart message. */
final class ChartFrame {
    static final RGB GRID = new RGB(225, 228, 233);
    static final RGB AXIS = new RGB(120, 124, 130);
    static final RGB TEXT = new RGB(60, 63, 68);
    private static final int PAD = 6;

    private ChartFrame() {
    }

    /** A double-buffered canvas that paints with {@code painter} and repaints when resized. */
    static Canvas canvas(Composite parent, Consumer<GC> painter) {
        Canvas canvas = new Canvas(parent, SWT.DOUBLE_BUFFERED);
        canvas.addPaintListener(e -> painter.accept(e.gc));
        canvas.addListener(SWT.Resize, e -> canvas.redraw());
        return canvas;
    }

    /**
     * Paints the background and the title and returns the plot area: right of the value labels of {@code y}, above
     * {@code bottomLines} lines of text.
     */
    static Rectangle begin(GC gc, Rectangle client, String title, Axis y, int bottomLines) {
        gc.setAntialias(SWT.ON);
        gc.setBackground(gc.getDevice().getSystemColor(SWT.COLOR_WHITE));
        gc.fillRectangle(client);
        Color text = new Color(TEXT);
        gc.setForeground(text);
        int lineHeight = gc.getFontMetrics().getHeight();
        gc.drawText(title, client.x + PAD, client.y + PAD / 2, true);
        int labelWidth = 0;
        for (int i = 0; i <= y.tickCount(); i++) {
            labelWidth = Math.max(labelWidth, gc.textExtent(y.label(y.tick(i))).x);
        }
        int left = client.x + PAD + labelWidth + 4;
        int top = client.y + PAD + lineHeight + PAD;
        int bottom = client.y + client.height - PAD - bottomLines * lineHeight - 2;
        int right = client.x + client.width - PAD - 8;
        return new Rectangle(left, top, Math.max(1, right - left), Math.max(1, bottom - top));
    }

    /** Horizontal grid lines and labels of the value axis, and the frame's left and bottom edges. */
    static void valueAxis(GC gc, Rectangle plot, Axis y) {
        int half = gc.getFontMetrics().getHeight() / 2;
        Color grid = new Color(GRID);
        Color axis = new Color(AXIS);
        for (int i = 0; i <= y.tickCount(); i++) {
            int py = y.pixel(y.tick(i), plot.y, plot.height, true);
            gc.setForeground(grid);
            gc.drawLine(plot.x, py, plot.x + plot.width, py);
            gc.setForeground(new Color(TEXT));
            String label = y.label(y.tick(i));
            Point size = gc.textExtent(label);
            gc.drawText(label, plot.x - 4 - size.x, py - half, true);
        }
        gc.setForeground(axis);
        gc.drawLine(plot.x, plot.y, plot.x, plot.y + plot.height);
        gc.drawLine(plot.x, plot.y + plot.height, plot.x + plot.width, plot.y + plot.height);
    }

    /** A centred grey sentence in an empty plot. */
    static void empty(GC gc, Rectangle plot, String message) {
        gc.setForeground(new Color(AXIS));
        Point size = gc.textExtent(message);
        gc.drawText(message, plot.x + Math.max(0, (plot.width - size.x) / 2), plot.y + (plot.height - size.y) / 2, true);
    }
}
