package org.clothgraph.cloth.ui.gl;

import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.opengl.GLCanvas;
import org.eclipse.swt.widgets.Composite;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;

/**
 * A cloth view's GL canvas and its context: capabilities created once, made current before any GL call, painted on
 * demand, and never made current again once the canvas is disposed (SWT's own dispose listener has destroyed the
 * context by then, and glXMakeCurrent without one is an X error that aborts the process).
 */
public final class GlContext {
    /** What a paint draws, the context current, into the canvas's size. */
    @FunctionalInterface
    public interface Drawing {
        void draw(int width, int height);
    }

    private final GLCanvas canvas;
    private GLCapabilities capabilities;

    /** A new canvas ({@link ClothCanvases#create}) in {@code parent}, its context current. */
    public GlContext(Composite parent) {
        canvas = ClothCanvases.create(parent);
        canvas.setCurrent();
        capabilities = GL.createCapabilities();
        canvas.addDisposeListener(e -> {
            GL.setCapabilities(null);
            capabilities = null;
        });
    }

    public GLCanvas canvas() {
        return canvas;
    }

    /** The context's capabilities; null once the canvas is disposed. */
    public GLCapabilities capabilities() {
        return capabilities;
    }

    /** Makes the context current for GL calls; false when the canvas is gone. */
    public boolean makeCurrent() {
        if (canvas.isDisposed() || capabilities == null) {
            return false;
        }
        canvas.setCurrent();
        GL.setCapabilities(capabilities);
        return true;
    }

    /** Paints the canvas: the context current, {@code drawing} at the canvas's size, the buffers swapped. */
    public void paint(Drawing drawing) {
        if (makeCurrent()) {
            Point size = canvas.getSize();
            drawing.draw(size.x, size.y);
            canvas.swapBuffers();
        }
    }
}
