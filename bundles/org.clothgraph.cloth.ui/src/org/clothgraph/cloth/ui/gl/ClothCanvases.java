package org.clothgraph.cloth.ui.gl;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.opengl.GLCanvas;
import org.eclipse.swt.opengl.GLData;
import org.eclipse.swt.widgets.Composite;

/** What every cloth GL view does alike: the canvas (double-buffered, 24-bit depth) and mouse orbiting. */
public final class ClothCanvases {
    private ClothCanvases() {
    }

    public static GLCanvas create(Composite parent) {
        GLData data = new GLData();
        data.doubleBuffer = true;
        data.depthSize = 24;
        return new GLCanvas(parent, SWT.NO_BACKGROUND, data);
    }

    /** Dragging turns the renderer's orbit camera, the wheel zooms; the canvas redraws. */
    public static void orbitWithMouse(GLCanvas canvas, ClothRenderer renderer) {
        Point[] drag = new Point[1];
        canvas.addListener(SWT.MouseDown, e -> drag[0] = new Point(e.x, e.y));
        canvas.addListener(SWT.MouseUp, e -> drag[0] = null);
        canvas.addListener(SWT.MouseMove, e -> {
            if (drag[0] != null) {
                renderer.yaw -= (e.x - drag[0].x) * 0.01;
                renderer.pitch = Math.max(-1.2, Math.min(1.4, renderer.pitch + (e.y - drag[0].y) * 0.01));
                drag[0] = new Point(e.x, e.y);
                canvas.redraw();
            }
        });
        canvas.addListener(SWT.MouseVerticalWheel, e -> {
            renderer.distance = Math.max(0.8, Math.min(12, renderer.distance * (e.count > 0 ? 0.9 : 1.1)));
            canvas.redraw();
        });
    }
}
