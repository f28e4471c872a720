package org.clothgraph.graphview.ui.internal;

import org.clothgraph.graphview.SecondaryGraphLayout;

/** Where the graph view looks: the layout point at the canvas centre and pixels per layout unit. */
final class Camera {
    double cx, cy, scale = 1;
    /** The scale at which the whole graph fits (zoom 1). */
    double fitScale = 1;

    void fit(SecondaryGraphLayout layout, int width, int height) {
        double w = Math.max(1e-6, layout.maxX() - layout.minX()), h = Math.max(1e-6, layout.maxY() - layout.minY());
        cx = 0.5 * (layout.minX() + layout.maxX());
        cy = 0.5 * (layout.minY() + layout.maxY());
        fitScale = Math.min((width - 30) / w, (height - 30) / h);
        fitScale = fitScale > 0 ? fitScale : 1;
        scale = fitScale;
    }

    double zoom() {
        return scale / fitScale;
    }

    double toLayoutX(double px, int width) {
        return cx + (px - 0.5 * width) / scale;
    }

    double toLayoutY(double py, int height) {
        return cy + (py - 0.5 * height) / scale;
    }

    double toScreenX(double x, int width) {
        return 0.5 * width + (x - cx) * scale;
    }

    double toScreenY(double y, int height) {
        return 0.5 * height + (y - cy) * scale;
    }

    /** Zooms by a factor keeping the layout point under pixel (px, py) in place. */
    void zoomAt(double factor, double px, double py, int width, int height) {
        double x = toLayoutX(px, width), y = toLayoutY(py, height);
        scale = Math.max(fitScale * 0.25, Math.min(fitScale * 400, scale * factor));
        cx = x - (px - 0.5 * width) / scale;
        cy = y - (py - 0.5 * height) / scale;
    }

    void panPixels(double dx, double dy) {
        cx -= dx / scale;
        cy -= dy / scale;
    }
}
