package org.clothgraph.explore.ui.internal;

import java.util.List;

import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;

/** Bars of named counts (live states per class now), each labelled with its value, drawn with SWT graphics. */
final class BarChart {
    /** One bar. */
    record Bar(String name, long value, RGB color) {
    }

    private final Canvas canvas;
    private final String title;
    private final String emptyMessage;
    private List<Bar> bars = List.of();

    BarChart(Composite parent, String title, String emptyMessage) {
        this.title = title;
        this.emptyMessage = emptyMessage;
        canvas = ChartFrame.canvas(parent, this::paint);
    }

    Canvas control() {
        return canvas;
    }

    void setBars(List<Bar> newBars) {
        if (!newBars.equals(bars)) {
            bars = List.copyOf(newBars);
            canvas.redraw();
        }
    }

    List<Bar> bars() {
        return bars;
    }

    private void paint(GC gc) {
        Rectangle client = canvas.getClientArea();
        long most = 1;
        for (Bar b : bars) {
            most = Math.max(most, b.value());
        }
        Axis y = Axis.covering(0, most * 1.15, Math.max(2, client.height / 45));
        Rectangle plot = ChartFrame.begin(gc, client, title, y, 1);
        ChartFrame.valueAxis(gc, plot, y);
        if (bars.isEmpty()) {
            ChartFrame.empty(gc, plot, emptyMessage);
            return;
        }
        int slot = plot.width / bars.size();
        int width = Math.max(4, Math.min(90, slot * 3 / 5));
        Color text = new Color(ChartFrame.TEXT);
        for (int i = 0; i < bars.size(); i++) {
            Bar b = bars.get(i);
            int cx = plot.x + slot * i + slot / 2;
            int top = y.pixel(b.value(), plot.y, plot.height, true);
            gc.setBackground(new Color(b.color()));
            gc.fillRectangle(cx - width / 2, top, width, plot.y + plot.height - top);
            gc.setForeground(text);
            String value = Formats.count(b.value());
            Point vs = gc.textExtent(value);
            gc.drawText(value, cx - vs.x / 2, top - vs.y - 1, true);
            Point ns = gc.textExtent(b.name());
            gc.drawText(b.name(), cx - Math.min(ns.x / 2, slot / 2), plot.y + plot.height + 2, true);
        }
    }
}
