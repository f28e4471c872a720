package org.clothgraph.graphview.ui.internal;

import java.util.function.Consumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.PaletteData;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.opengl.GLCanvas;
import org.eclipse.swt.opengl.GLData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;
import org.lwjgl.BufferUtils;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GL11;
import org.lwjgl.opengl.GLCapabilities;

/**
 * The whole graph on one GL canvas (capabilities created once, painted on demand: nothing animates). Drag pans, the
 * wheel zooms about the pointer, a click picks the nearest state within {@link #PICK_PIXELS}, Shift+drag selects the
 * states in a box, a double click fits the graph.
 */
final class GraphCanvas {
    static final int PICK_PIXELS = 8;
    private final GLCanvas canvas;
    private GLCapabilities capabilities;
    private final GraphGl gl = new GraphGl();
    final Camera camera = new Camera();
    private GraphScene scene;
    private boolean fitted;
    private final Consumer<int[]> onSelect;
    private Point down, last;
    private boolean boxing, dragged;

    /** @param onSelect receives the states picked or boxed (empty: cleared), UI thread */
    GraphCanvas(Composite parent, Consumer<int[]> onSelect) {
        this.onSelect = onSelect;
        GLData data = new GLData();
        data.doubleBuffer = true;
        canvas = new GLCanvas(parent, SWT.NO_BACKGROUND, data);
        canvas.setCurrent();
        capabilities = GL.createCapabilities();
        canvas.addListener(SWT.Paint, e -> paint());
        canvas.addListener(SWT.Resize, e -> {
            if (!fitted) {
                fit();
            }
            canvas.redraw();
        });
        canvas.addListener(SWT.MouseDown, this::mouseDown);
        canvas.addListener(SWT.MouseMove, this::mouseMove);
        canvas.addListener(SWT.MouseUp, this::mouseUp);
        canvas.addListener(SWT.MouseDoubleClick, e -> fit());
        canvas.addListener(SWT.MouseVerticalWheel, e -> {
            Point s = canvas.getSize();
            camera.zoomAt(e.count > 0 ? 1.25 : 0.8, e.x, e.y, s.x, s.y);
            canvas.redraw();
        });
        canvas.addDisposeListener(e -> {
            // SWT destroyed the context already: no setCurrent(), the buffers went with it
            gl.forget();
            GL.setCapabilities(null);
            capabilities = null;
        });
    }

    GLCanvas control() {
        return canvas;
    }

    GraphScene scene() {
        return scene;
    }

    /** Shows a scene; the camera fits it when it is the first or {@code refit}. */
    void show(GraphScene s, boolean refit) {
        scene = s;
        if (!current()) {
            return;
        }
        if (s == null) {
            gl.dispose();
            canvas.redraw();
            return;
        }
        gl.upload(s);
        if (refit || !fitted) {
            fit();
        }
        canvas.redraw();
    }

    void fit() {
        Point s = canvas.getSize();
        if (scene == null || s.x < 10 || s.y < 10) {
            return;
        }
        camera.fit(scene.layout, s.x, s.y);
        fitted = true;
        canvas.redraw();
    }

    void highlight(int[] states, float[] pathSegments) {
        if (current()) {
            gl.select(states);
            gl.path(pathSegments);
            canvas.redraw();
        }
    }

    /** Centres the camera on a state, keeping the zoom. */
    void centreOn(int state) {
        if (scene != null) {
            camera.cx = scene.points[2 * state];
            camera.cy = scene.points[2 * state + 1];
            canvas.redraw();
        }
    }

    boolean detailed() {
        return gl.detailed;
    }

    private boolean current() {
        if (canvas.isDisposed() || capabilities == null) {
            return false;
        }
        canvas.setCurrent();
        GL.setCapabilities(capabilities);
        return true;
    }

    private void paint() {
        if (!current()) {
            return;
        }
        Point s = canvas.getSize();
        gl.render(camera, s.x, s.y);
        if (boxing && down != null && last != null) {
            drawBox(s);
        }
        canvas.swapBuffers();
    }

    private void drawBox(Point s) {
        GL11.glMatrixMode(GL11.GL_PROJECTION);
        GL11.glLoadIdentity();
        GL11.glOrtho(0, s.x, s.y, 0, -1, 1);
        GL11.glColor4f(0.1f, 0.3f, 0.9f, 0.15f);
        GL11.glRectf(down.x, down.y, last.x, last.y);
        GL11.glColor4f(0.1f, 0.3f, 0.9f, 0.9f);
        GL11.glLineWidth(1);
        GL11.glBegin(GL11.GL_LINE_LOOP);
        GL11.glVertex2f(down.x, down.y);
        GL11.glVertex2f(last.x, down.y);
        GL11.glVertex2f(last.x, last.y);
        GL11.glVertex2f(down.x, last.y);
        GL11.glEnd();
    }

    private void mouseDown(Event e) {
        if (e.button != 1) {
            return;
        }
        down = new Point(e.x, e.y);
        last = down;
        boxing = (e.stateMask & SWT.SHIFT) != 0;
        dragged = false;
    }

    private void mouseMove(Event e) {
        if (down == null) {
            return;
        }
        dragged |= Math.abs(e.x - down.x) + Math.abs(e.y - down.y) > 3;
        if (!boxing) {
            camera.panPixels(e.x - last.x, e.y - last.y);
        }
        last = new Point(e.x, e.y);
        canvas.redraw();
    }

    private void mouseUp(Event e) {
        if (down == null) {
            return;
        }
        if (boxing && dragged) {
            onSelect.accept(inBox(down.x, down.y, e.x, e.y));
        } else if (!dragged) {
            int i = pick(e.x, e.y);
            onSelect.accept(i < 0 ? new int[0] : new int[] { i });
        }
        down = null;
        boxing = false;
        canvas.redraw();
    }

    /** The shown state nearest pixel (px, py) within {@link #PICK_PIXELS}, or -1. */
    int pick(int px, int py) {
        if (scene == null) {
            return -1;
        }
        Point s = canvas.getSize();
        double x = camera.toLayoutX(px, s.x), y = camera.toLayoutY(py, s.y);
        double best = Math.pow(PICK_PIXELS / camera.scale, 2);
        int found = -1;
        float[] p = scene.points;
        for (int i = 0; i < scene.shown.length; i++) {
            if (!scene.shown[i]) {
                continue;
            }
            double d = (p[2 * i] - x) * (p[2 * i] - x) + (p[2 * i + 1] - y) * (p[2 * i + 1] - y);
            if (d < best) {
                best = d;
                found = i;
            }
        }
        return found;
    }

    /** The shown states inside a pixel rectangle. */
    int[] inBox(int x0, int y0, int x1, int y1) {
        if (scene == null) {
            return new int[0];
        }
        Point s = canvas.getSize();
        double ax = camera.toLayoutX(Math.min(x0, x1), s.x), bx = camera.toLayoutX(Math.max(x0, x1), s.x);
        double ay = camera.toLayoutY(Math.min(y0, y1), s.y), by = camera.toLayoutY(Math.max(y0, y1), s.y);
        int[] out = new int[scene.shown.length];
        int n = 0;
        for (int i = 0; i < scene.shown.length; i++) {
            float x = scene.points[2 * i], y = scene.points[2 * i + 1];
            if (scene.shown[i] && x >= ax && x <= bx && y >= ay && y <= by) {
                out[n++] = i;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    /** Pixel position of a state on the canvas (tests click there). */
    Point pixelOf(int state) {
        Point s = canvas.getSize();
        return new Point((int) Math.round(camera.toScreenX(scene.points[2 * state], s.x)),
                (int) Math.round(camera.toScreenY(scene.points[2 * state + 1], s.y)));
    }

    /** What the canvas shows now, read back from the GL back buffer (screenshots, tests). */
    ImageData capture() {
        Point s = canvas.getSize();
        if (!current() || s.x < 1 || s.y < 1) {
            return null;
        }
        gl.render(camera, s.x, s.y);
        GL11.glFinish();
        java.nio.ByteBuffer px = BufferUtils.createByteBuffer(s.x * s.y * 3);
        GL11.glPixelStorei(GL11.GL_PACK_ALIGNMENT, 1);
        GL11.glReadPixels(0, 0, s.x, s.y, GL11.GL_RGB, GL11.GL_UNSIGNED_BYTE, px);
        ImageData image = new ImageData(s.x, s.y, 24, new PaletteData(0xFF0000, 0x00FF00, 0x0000FF));
        byte[] row = new byte[s.x * 3];
        for (int y = 0; y < s.y; y++) {
            px.position((s.y - 1 - y) * s.x * 3);
            px.get(row);
            for (int x = 0; x < s.x; x++) {
                image.setPixel(x, y, ((row[3 * x] & 0xFF) << 16) | ((row[3 * x + 1] & 0xFF) << 8) | (row[3 * x + 2] & 0xFF));
            }
        }
        canvas.swapBuffers();
        return image;
    }
}
