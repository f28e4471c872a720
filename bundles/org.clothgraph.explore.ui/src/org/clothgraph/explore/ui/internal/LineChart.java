package org.clothgraph.explore.ui.internal;

import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;

/**
 * A line plot of one series y(x) drawn with SWT graphics: nice ticks on both axes, the series as a line with a
 * marker per point. (SWTChart 1.1.0, the only release on Maven Central, is compiled for Java 21; the product runs
 * on Java 17.)
 */
final class LineChart {
    private static final RGB LINE = new RGB(200, 70, 50);
    private final Canvas canvas;
    private final String title;
    private final String xTitle;
    private final String emptyMessage;
    private double[] xs = new double[0];
    private double[] ys = new double[0];

    LineChart(Composite parent, String title, String xTitle, String emptyMessage) {
        this.title = title;
        this.xTitle = xTitle;
        this.emptyMessage = emptyMessage;
        canvas = ChartFrame.canvas(parent, this::paint);
    }

    Canvas control() {
        return canvas;
    }

    /** Replaces the series (the arrays are kept). */
    void setSeries(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException(x.length + " x values for " + y.length + " y values");
        }
        xs = x;
        ys = y;
        canvas.redraw();
    }

    double[] xSeries() {
        return xs.clone();
    }

    double[] ySeries() {
        return ys.clone();
    }

    private void paint(GC gc) {
        Rectangle client = canvas.getClientArea();
        double xLo = xs.length == 0 ? 0 : Double.POSITIVE_INFINITY;
        double xHi = xs.length == 0 ? 1 : Double.NEGATIVE_INFINITY;
        double yHi = 1;
        for (int i = 0; i < xs.length; i++) {
            xLo = Math.min(xLo, xs[i]);
            xHi = Math.max(xHi, xs[i]);
            yHi = Math.max(yHi, ys[i]);
        }
        Axis y = Axis.covering(0, yHi * 1.05, Math.max(2, client.height / 45));
        Rectangle plot = ChartFrame.begin(gc, client, title, y, 2);
        Axis x = Axis.covering(Math.min(0, xLo), xHi, Math.max(2, plot.width / 90));
        ChartFrame.valueAxis(gc, plot, y);
        xAxis(gc, plot, x);
        if (xs.length == 0) {
            ChartFrame.empty(gc, plot, emptyMessage);
            return;
        }
        int[] points = new int[2 * xs.length];
        for (int i = 0; i < xs.length; i++) {
            points[2 * i] = x.pixel(xs[i], plot.x, plot.width, false);
            points[2 * i + 1] = y.pixel(ys[i], plot.y, plot.height, true);
        }
        Color line = new Color(LINE);
        gc.setForeground(line);
        gc.setBackground(line);
        gc.setLineWidth(2);
        gc.drawPolyline(points);
        gc.setLineWidth(1);
        int r = xs.length > 60 ? 1 : 2;
        for (int i = 0; i < xs.length; i++) {
            gc.fillOval(points[2 * i] - r, points[2 * i + 1] - r, 2 * r + 1, 2 * r + 1);
        }
    }

    private void xAxis(GC gc, Rectangle plot, Axis x) {
        gc.setForeground(new Color(ChartFrame.TEXT));
        int lineHeight = gc.getFontMetrics().getHeight();
        int lastRight = Integer.MIN_VALUE;
        for (int i = 0; i <= x.tickCount(); i++) {
            int px = x.pixel(x.tick(i), plot.x, plot.width, false);
            gc.setForeground(new Color(ChartFrame.AXIS));
            gc.drawLine(px, plot.y + plot.height, px, plot.y + plot.height + 3);
            String label = x.label(x.tick(i));
            Point size = gc.textExtent(label);
            int left = Math.min(px - size.x / 2, plot.x + plot.width + 6 - size.x);
            if (left > lastRight + 6) { // never let tick labels overlap
                gc.setForeground(new Color(ChartFrame.TEXT));
                gc.drawText(label, left, plot.y + plot.height + 3, true);
                lastRight = left + size.x;
            }
        }
        Point size = gc.textExtent(xTitle);
        gc.drawText(xTitle, plot.x + (plot.width - size.x) / 2, plot.y + plot.height + 3 + lineHeight, true);
    }
}
