package org.clothgraph.explore.ui.internal;

import org.clothgraph.cloth.ui.gl.ClothCanvases;
import org.clothgraph.cloth.ui.gl.ClothRenderer;
import org.clothgraph.cloth.ui.gl.ClothScene;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.opengl.GLCanvas;
import org.eclipse.swt.widgets.Composite;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GL11;
import org.lwjgl.opengl.GLCapabilities;

/**
 * Two cloth states side by side on one GL canvas (one viewport each, the Cloth Preview's renderer): the dead end on
 * the left, its merge target on the right, both on the body at the same pose. Dragging orbits one camera for both,
 * the wheel zooms. Painted on demand only: nothing animates.
 */
final class StatePairCanvas {
    private static final int GAP = 2;
    private final GLCanvas canvas;
    private final ClothRenderer renderer = new ClothRenderer();
    private GLCapabilities capabilities;
    private ClothScene left;
    private ClothScene right;

    StatePairCanvas(Composite parent) {
        canvas = ClothCanvases.create(parent);
        canvas.setCurrent();
        capabilities = GL.createCapabilities();
        renderer.orbit(Math.toRadians(30), Math.toRadians(10), 3.4);
        canvas.addListener(SWT.Paint, e -> paint());
        canvas.addListener(SWT.Resize, e -> canvas.redraw());
        ClothCanvases.orbitWithMouse(canvas, renderer);
        canvas.addDisposeListener(e -> {
            GL.setCapabilities(null); // SWT has destroyed the context already: no setCurrent() here
            capabilities = null;
        });
    }

    GLCanvas control() {
        return canvas;
    }

    /** Shows two scenes (either may be null: an empty half). */
    void show(ClothScene deadEnd, ClothScene target) {
        left = deadEnd;
        right = target;
        canvas.redraw();
    }

    boolean showsStates() {
        return left != null || right != null;
    }

    private void paint() {
        if (canvas.isDisposed() || capabilities == null) {
            return;
        }
        canvas.setCurrent();
        GL.setCapabilities(capabilities);
        Point size = canvas.getSize();
        GL11.glViewport(0, 0, Math.max(1, size.x), Math.max(1, size.y));
        GL11.glClearColor(0.8f, 0.81f, 0.84f, 1f);
        GL11.glClear(GL11.GL_COLOR_BUFFER_BIT | GL11.GL_DEPTH_BUFFER_BIT);
        int half = (size.x - GAP) / 2;
        renderer.render(left, 0, 0, half, size.y);
        renderer.render(right, half + GAP, 0, size.x - half - GAP, size.y);
        canvas.swapBuffers();
    }
}
