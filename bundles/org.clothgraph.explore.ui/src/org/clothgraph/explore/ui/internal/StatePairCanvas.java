package org.clothgraph.explore.ui.internal;

import org.clothgraph.cloth.ui.gl.ClothCanvases;
import org.clothgraph.cloth.ui.gl.ClothRenderer;
import org.clothgraph.cloth.ui.gl.ClothScene;
import org.clothgraph.cloth.ui.gl.GlContext;
import org.eclipse.swt.SWT;
import org.eclipse.swt.opengl.GLCanvas;
import org.eclipse.swt.widgets.Composite;
import org.lwjgl.opengl.GL11;

/**
 * Two cloth states side by side on one GL canvas (one viewport each, the Cloth Preview's renderer): the dead end on
 * the left, its merge target on the right, both on the body at the same pose. Dragging orbits one camera for both,
 * the wheel zooms. Painted on demand only: nothing animates.
 */
final class StatePairCanvas {
    private static final int GAP = 2;
    private final GlContext gl;
    private final GLCanvas canvas;
    private final ClothRenderer renderer = new ClothRenderer();
    private ClothScene left;
    private ClothScene right;

    StatePairCanvas(Composite parent) {
        gl = new GlContext(parent);
        canvas = gl.canvas();
        renderer.orbit(Math.toRadians(30), Math.toRadians(10), 3.4);
        canvas.addListener(SWT.Paint, e -> gl.paint(this::draw));
        canvas.addListener(SWT.Resize, e -> canvas.redraw());
        ClothCanvases.orbitWithMouse(canvas, renderer);
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

    private void draw(int width, int height) {
        GL11.glViewport(0, 0, Math.max(1, width), Math.max(1, height));
        GL11.glClearColor(0.8f, 0.81f, 0.84f, 1f);
        GL11.glClear(GL11.GL_COLOR_BUFFER_BIT | GL11.GL_DEPTH_BUFFER_BIT);
        int half = (width - GAP) / 2;
        renderer.render(left, 0, 0, half, height);
        renderer.render(right, half + GAP, 0, width - half - GAP, height);
    }
}
