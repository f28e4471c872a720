package org.clothgraph.graphview.ui.internal;

import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;

import org.lwjgl.BufferUtils;
import org.lwjgl.opengl.GL11;
import org.lwjgl.opengl.GL15;

/**
 * Draws a {@link GraphScene} with OpenGL vertex buffers (one for the state points and their colours, one for the
 * transitions, one for the overview's aggregated transitions). Level of detail: while an aggregation cell is under
 * {@link #DETAIL_PIXELS} on screen the overview segments are drawn, past it every transition; every state is always
 * drawn, as a point growing with the zoom. Needs the GL context current; {@link #dispose()} frees the buffers.
 */
final class GraphGl {
    static final double DETAIL_PIXELS = 6;
    private static final float[][] KIND_COLOUR = { { 0.1f, 0.1f, 0.1f, 0.16f }, { 0.35f, 0.35f, 0.8f, 0.35f },
            { 0.84f, 0.15f, 0.16f, 0.8f }, { 0.58f, 0f, 0.83f, 0.85f } };
    private static final float[] KIND_WIDTH = { 1f, 1f, 1.8f, 1.8f };

    private int pointBuffer, colourBuffer, lineBuffer, overviewBuffer, selectionBuffer;
    private GraphScene scene;
    private int selectionCount;
    private float[] path = new float[0];
    /** Whether the last frame drew every transition (false: the overview). */
    boolean detailed;

    void upload(GraphScene s) {
        if (pointBuffer == 0) {
            pointBuffer = GL15.glGenBuffers();
            colourBuffer = GL15.glGenBuffers();
            lineBuffer = GL15.glGenBuffers();
            overviewBuffer = GL15.glGenBuffers();
            selectionBuffer = GL15.glGenBuffers();
        }
        scene = s;
        data(GL15.GL_ARRAY_BUFFER, pointBuffer, floats(s.points));
        ByteBuffer c = BufferUtils.createByteBuffer(Math.max(1, s.colours.length));
        c.put(s.colours).flip();
        GL15.glBindBuffer(GL15.GL_ARRAY_BUFFER, colourBuffer);
        GL15.glBufferData(GL15.GL_ARRAY_BUFFER, c, GL15.GL_STATIC_DRAW);
        data(GL15.GL_ARRAY_BUFFER, lineBuffer, floats(s.lines));
        data(GL15.GL_ARRAY_BUFFER, overviewBuffer, floats(s.overviewLines));
        GL15.glBindBuffer(GL15.GL_ARRAY_BUFFER, 0);
        selectionCount = 0;
    }

    /** The states drawn highlighted (indices into the scene's graph). */
    void select(int[] states) {
        if (selectionBuffer == 0) {
            return;
        }
        IntBuffer b = BufferUtils.createIntBuffer(Math.max(1, states.length));
        b.put(states).flip();
        GL15.glBindBuffer(GL15.GL_ELEMENT_ARRAY_BUFFER, selectionBuffer);
        GL15.glBufferData(GL15.GL_ELEMENT_ARRAY_BUFFER, b, GL15.GL_DYNAMIC_DRAW);
        GL15.glBindBuffer(GL15.GL_ELEMENT_ARRAY_BUFFER, 0);
        selectionCount = states.length;
    }

    /** Segments (x0, y0, x1, y1) drawn over everything: the path of "how did we get here". */
    void path(float[] segments) {
        path = segments;
    }

    private static FloatBuffer floats(float[] a) {
        FloatBuffer b = BufferUtils.createFloatBuffer(Math.max(1, a.length));
        b.put(a).flip();
        return b;
    }

    private static void data(int target, int buffer, FloatBuffer b) {
        GL15.glBindBuffer(target, buffer);
        GL15.glBufferData(target, b, GL15.GL_STATIC_DRAW);
    }

    void render(Camera cam, int width, int height) {
        GL11.glViewport(0, 0, Math.max(1, width), Math.max(1, height));
        GL11.glClearColor(1f, 1f, 1f, 1f);
        GL11.glClear(GL11.GL_COLOR_BUFFER_BIT | GL11.GL_DEPTH_BUFFER_BIT);
        if (scene == null) {
            return;
        }
        GL11.glDisable(GL11.GL_DEPTH_TEST);
        GL11.glDisable(GL11.GL_LIGHTING);
        GL11.glMatrixMode(GL11.GL_PROJECTION);
        GL11.glLoadIdentity();
        double hw = 0.5 * width / cam.scale, hh = 0.5 * height / cam.scale;
        GL11.glOrtho(cam.cx - hw, cam.cx + hw, cam.cy + hh, cam.cy - hh, -1, 1);
        GL11.glMatrixMode(GL11.GL_MODELVIEW);
        GL11.glLoadIdentity();
        GL11.glEnable(GL11.GL_BLEND);
        GL11.glBlendFunc(GL11.GL_SRC_ALPHA, GL11.GL_ONE_MINUS_SRC_ALPHA);
        GL11.glEnableClientState(GL11.GL_VERTEX_ARRAY);

        detailed = scene.cellSize() * cam.scale > DETAIL_PIXELS;
        GL15.glBindBuffer(GL15.GL_ARRAY_BUFFER, detailed ? lineBuffer : overviewBuffer);
        GL11.glVertexPointer(2, GL11.GL_FLOAT, 0, 0L);
        int[] start = detailed ? scene.kindStart : scene.overviewStart;
        for (int k = 0; k < GraphScene.KINDS; k++) {
            int count = start[k + 1] - start[k];
            if (count == 0) {
                continue;
            }
            float[] c = KIND_COLOUR[k];
            GL11.glColor4f(c[0], c[1], c[2], detailed || k >= GraphScene.HIGH ? c[3] : Math.min(1, c[3] * 1.6f));
            GL11.glLineWidth(KIND_WIDTH[k]);
            if (k == GraphScene.MERGE) {
                GL11.glEnable(GL11.GL_LINE_STIPPLE);
                GL11.glLineStipple(1, (short) 0x0F0F);
            }
            GL11.glDrawArrays(GL11.GL_LINES, 2 * start[k], 2 * count);
            GL11.glDisable(GL11.GL_LINE_STIPPLE);
        }

        GL15.glBindBuffer(GL15.GL_ARRAY_BUFFER, pointBuffer);
        GL11.glVertexPointer(2, GL11.GL_FLOAT, 0, 0L);
        GL11.glEnableClientState(GL11.GL_COLOR_ARRAY);
        GL15.glBindBuffer(GL15.GL_ARRAY_BUFFER, colourBuffer);
        GL11.glColorPointer(4, GL11.GL_UNSIGNED_BYTE, 0, 0L);
        GL11.glPointSize(pointSize(cam));
        // opaque points (faint ones are lightened in the scene); states a filter hides have alpha 0
        GL11.glDisable(GL11.GL_BLEND);
        GL11.glEnable(GL11.GL_ALPHA_TEST);
        GL11.glAlphaFunc(GL11.GL_GREATER, 0.5f);
        GL11.glDrawArrays(GL11.GL_POINTS, 0, scene.graph.size());
        GL11.glDisable(GL11.GL_ALPHA_TEST);
        GL11.glEnable(GL11.GL_BLEND);
        GL11.glDisableClientState(GL11.GL_COLOR_ARRAY);

        if (path.length > 0) {
            GL15.glBindBuffer(GL15.GL_ARRAY_BUFFER, 0);
            GL11.glLineWidth(2.5f);
            // the path in black over everything: no colouring uses black
            GL11.glColor4f(0.05f, 0.05f, 0.05f, 0.8f);
            GL11.glBegin(GL11.GL_LINES);
            for (int i = 0; i + 3 < path.length; i += 4) {
                GL11.glVertex2f(path[i], path[i + 1]);
                GL11.glVertex2f(path[i + 2], path[i + 3]);
            }
            GL11.glEnd();
        }
        if (selectionCount > 0) {
            GL15.glBindBuffer(GL15.GL_ARRAY_BUFFER, pointBuffer);
            GL11.glVertexPointer(2, GL11.GL_FLOAT, 0, 0L);
            GL15.glBindBuffer(GL15.GL_ELEMENT_ARRAY_BUFFER, selectionBuffer);
            GL11.glPointSize(pointSize(cam) + 6);
            GL11.glColor4f(0f, 0f, 0f, 1f);
            GL11.glDrawElements(GL11.GL_POINTS, selectionCount, GL11.GL_UNSIGNED_INT, 0L);
            GL11.glPointSize(pointSize(cam) + 3);
            GL11.glColor4f(1f, 0.85f, 0f, 1f);
            GL11.glDrawElements(GL11.GL_POINTS, selectionCount, GL11.GL_UNSIGNED_INT, 0L);
            GL15.glBindBuffer(GL15.GL_ELEMENT_ARRAY_BUFFER, 0);
        }
        GL15.glBindBuffer(GL15.GL_ARRAY_BUFFER, 0);
        GL11.glDisableClientState(GL11.GL_VERTEX_ARRAY);
    }

    private static float pointSize(Camera cam) {
        return (float) Math.max(2, Math.min(7, 2 + Math.log(Math.max(1, cam.zoom())) * 1.3));
    }

    void dispose() {
        if (pointBuffer != 0) {
            GL15.glDeleteBuffers(new int[] { pointBuffer, colourBuffer, lineBuffer, overviewBuffer, selectionBuffer });
            pointBuffer = 0;
        }
        scene = null;
    }

    /** Forgets the buffers without freeing them (the context is gone with them). */
    void forget() {
        pointBuffer = 0;
        scene = null;
    }
}
