package org.clothgraph.playback.ui.internal;

import java.util.Locale;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;

/**
 * The energy of each basis vector (its share of the frames' total energy, sigma_i^2 / sum sigma^2) on a logarithmic
 * scale, one bar per vector in basis order, drawn with SWT graphics: how fast the spectrum falls says how much a
 * larger basis would still buy.
 */
final class EnergyChart {
    private static final RGB BAR = new RGB(60, 110, 190);
    private static final RGB AXIS = new RGB(120, 120, 120);
    private static final RGB GRID = new RGB(225, 225, 225);
    private static final RGB TEXT = new RGB(40, 40, 40);
    private final Canvas canvas;
    private double[] energy = new double[0];

    EnergyChart(Composite parent) {
        canvas = new Canvas(parent, SWT.DOUBLE_BUFFERED);
        canvas.addListener(SWT.Paint, e -> paint(e.gc));
        canvas.addListener(SWT.Resize, e -> canvas.redraw());
    }

    Canvas control() {
        return canvas;
    }

    void setEnergy(double[] shares) {
        energy = shares.clone();
        canvas.redraw();
    }

    /** The energies shown (a copy). */
    double[] energy() {
        return energy.clone();
    }

    private void paint(GC gc) {
        Rectangle area = canvas.getClientArea();
        gc.setBackground(canvas.getDisplay().getSystemColor(SWT.COLOR_WHITE));
        gc.fillRectangle(area);
        int line = gc.getFontMetrics().getHeight();
        gc.setForeground(new Color(TEXT));
        gc.drawText("Energy per basis vector (share of the total, log scale; vector 1 is the mean shape)", area.x + 4,
                area.y + 2, true);
        double min = 1;
        for (double e : energy) {
            if (e > 0) {
                min = Math.min(min, e);
            }
        }
        int topDecade = 0;
        int bottomDecade = (int) Math.floor(Math.log10(min));
        if (bottomDecade >= topDecade) {
            bottomDecade = topDecade - 1;
        }
        String widest = String.format(Locale.ROOT, "1e%d", bottomDecade);
        int left = area.x + gc.textExtent(widest).x + 10;
        Rectangle plot = new Rectangle(left, area.y + line + 8, Math.max(10, area.width - left - 10),
                Math.max(10, area.height - 3 * line - 16)); // title above; tick labels and axis title below
        // one gridline and label per decade
        for (int d = bottomDecade; d <= topDecade; d++) {
            int y = yOf(d, bottomDecade, topDecade, plot);
            gc.setForeground(new Color(GRID));
            gc.drawLine(plot.x, y, plot.x + plot.width, y);
            String label = d == 0 ? "1" : String.format(Locale.ROOT, "1e%d", d);
            Point size = gc.textExtent(label);
            gc.setForeground(new Color(TEXT));
            gc.drawText(label, plot.x - size.x - 4, y - size.y / 2, true);
        }
        gc.setForeground(new Color(AXIS));
        gc.drawLine(plot.x, plot.y, plot.x, plot.y + plot.height);
        gc.drawLine(plot.x, plot.y + plot.height, plot.x + plot.width, plot.y + plot.height);
        if (energy.length == 0) {
            gc.setForeground(new Color(TEXT));
            gc.drawText("No compression report.", plot.x + 8, plot.y + 8, true);
            return;
        }
        gc.setBackground(new Color(BAR));
        double w = (double) plot.width / energy.length;
        for (int i = 0; i < energy.length; i++) {
            if (energy[i] <= 0) {
                continue;
            }
            int y = yOf(Math.log10(energy[i]), bottomDecade, topDecade, plot);
            int x0 = plot.x + (int) Math.round(i * w);
            int x1 = plot.x + (int) Math.round((i + 1) * w);
            gc.fillRectangle(x0, y, Math.max(1, x1 - x0 - (w > 3 ? 1 : 0)), plot.y + plot.height - y);
        }
        // x axis: vector numbers at a few places, never overlapping
        gc.setForeground(new Color(TEXT));
        int lastRight = Integer.MIN_VALUE;
        for (int i : new int[] { 1, energy.length / 4, energy.length / 2, 3 * energy.length / 4, energy.length }) {
            if (i < 1) {
                continue;
            }
            String label = Integer.toString(i);
            Point size = gc.textExtent(label);
            int x = plot.x + (int) Math.round((i - 0.5) * w) - size.x / 2;
            if (x > lastRight + 8) {
                gc.drawText(label, x, plot.y + plot.height + 2, true);
                lastRight = x + size.x;
            }
        }
        String title = "basis vector";
        Point size = gc.textExtent(title);
        gc.drawText(title, plot.x + (plot.width - size.x) / 2, plot.y + plot.height + 2 + line, true);
    }

    private static int yOf(double decade, int bottom, int top, Rectangle plot) {
        double t = (decade - bottom) / (top - bottom);
        return plot.y + plot.height - (int) Math.round(t * plot.height);
    }
}
