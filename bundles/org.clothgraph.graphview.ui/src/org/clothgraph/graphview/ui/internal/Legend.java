package org.clothgraph.graphview.ui.internal;

import java.util.Map;

import org.clothgraph.graphview.Colouring;
import org.clothgraph.graphview.GraphPicture;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;

/** The legend: each colour in use with its label, then the kinds of transition as the canvas draws them. */
final class Legend {
    private static final int ROW = 17;
    private final Canvas canvas;
    private Colouring colouring;

    Legend(Composite parent) {
        canvas = new Canvas(parent, SWT.DOUBLE_BUFFERED);
        canvas.addListener(SWT.Paint, e -> paint(e.gc));
    }

    Canvas control() {
        return canvas;
    }

    /** Draws another colouring's rows; the side panel sizes the legend to {@link #preferredHeight()}. */
    void show(Colouring c) {
        colouring = c;
        canvas.redraw();
    }

    int preferredHeight() {
        return (colouring == null ? 0 : colouring.legend().size()) * ROW + 4 * ROW + 12;
    }

    private void paint(GC gc) {
        gc.setAntialias(SWT.ON);
        int y = 4;
        gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_WIDGET_FOREGROUND));
        if (colouring != null) {
            for (Map.Entry<String, Integer> e : colouring.legend().entrySet()) {
                int c = e.getValue();
                Color col = new Color((c >> 16) & 255, (c >> 8) & 255, c & 255);
                gc.setBackground(col);
                gc.fillOval(4, y + 3, 10, 10);
                gc.drawText(e.getKey(), 20, y, true);
                y += ROW;
            }
        }
        y += 4;
        line(gc, y, new Color(150, 150, 150), 1, SWT.LINE_SOLID, "simulated transition");
        line(gc, y += ROW, new Color(90, 90, 205), 1, SWT.LINE_DASH, "merge transition");
        line(gc, y += ROW, new Color(214, 39, 40), 2, SWT.LINE_SOLID,
                "merge >= " + (int) GraphPicture.HIGH_ERROR_MM + " mm");
        line(gc, y += ROW, new Color(148, 0, 211), 2, SWT.LINE_SOLID, "cross-class merge");
    }

    private static void line(GC gc, int y, Color c, int width, int style, String text) {
        gc.setForeground(c);
        gc.setLineWidth(width);
        gc.setLineStyle(style);
        gc.drawLine(2, y + 8, 16, y + 8);
        gc.setLineStyle(SWT.LINE_SOLID);
        gc.setLineWidth(1);
        gc.setForeground(gc.getDevice().getSystemColor(SWT.COLOR_WIDGET_FOREGROUND));
        gc.drawText(text, 20, y, true);
    }
}
