package org.clothgraph.cloth.ui.gl;

import static org.lwjgl.opengl.GL11.*;

import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;

import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.PaletteData;
import org.lwjgl.BufferUtils;
import org.lwjgl.opengl.GL30;

/**
 * Fixed-function OpenGL drawing of a {@link ClothScene}: lit, two-sided cloth from client vertex
 * arrays, the body in grey, a ground grid, and an orbit camera around the pelvis. Buffers grow once and
 * are reused frame to frame. Several scenes can share one canvas, each in its own viewport. The body can be drawn
 * slightly shrunk and pushed back in depth, so that cloth resting on it does not z-fight with it (Kim et al. 2013
 * shrink the body slightly when rendering).
 */
public final class ClothRenderer {
    private FloatBuffer positions;
    private FloatBuffer normals;
    private FloatBuffer colors;
    private IntBuffer indices;
    private FloatBuffer bodyPositions;
    private FloatBuffer bodyNormals;
    private IntBuffer bodyIndices;
    private final FloatBuffer light = BufferUtils.createFloatBuffer(4);
    private float[] insetBody;
    private double bodyInset;
    private Runnable clothDrawer;

    private static final double NEAR = 0.05;
    private static final double FOV_HALF_DEGREES = 22;
    double yaw = Math.toRadians(30);
    double pitch = Math.toRadians(12);
    double distance = 3.2;

    /** Sets the orbit camera: yaw and pitch in radians, distance in metres. */
    public void orbit(double yawRadians, double pitchRadians, double metres) {
        yaw = yawRadians;
        pitch = pitchRadians;
        distance = metres;
    }

    /**
     * Draws the body {@code metres} inside its surface (moved against its normals) and with a polygon depth offset,
     * so that cloth touching it wins the depth test; 0 (the default) draws it as it is.
     */
    public void offsetBody(double metres) {
        bodyInset = Math.max(0, metres);
    }

    /**
     * Draws the cloth with {@code drawer} instead of from the scene's arrays (null: the arrays): e.g. a shader that
     * reconstructs it on the GPU. It runs with the camera's matrices, light 0 and colour material set, the body drawn.
     */
    public void clothDrawer(Runnable drawer) {
        clothDrawer = drawer;
    }

    /**
     * Where {@link #render} draws a point of the scene in a {@code width} x {@code height} viewport: {x, y} in pixels
     * from the top left and the distance in front of the camera (m); null when the point is behind the camera. The same
     * camera as the GL matrices of {@code render}, computed here for picking.
     */
    public double[] toScreen(ClothScene scene, int width, int height, double x, double y, double z) {
        double px = x - scene.centre[0];
        double py = y - Math.max(0.9, scene.centre[1]) * 0.9;
        double pz = z - scene.centre[2];
        double a = -yaw; // glRotated(-yaw, 0, 1, 0)
        double x1 = Math.cos(a) * px + Math.sin(a) * pz;
        double z1 = -Math.sin(a) * px + Math.cos(a) * pz;
        double y2 = Math.cos(pitch) * py - Math.sin(pitch) * z1; // glRotated(pitch, 1, 0, 0)
        double z2 = Math.sin(pitch) * py + Math.cos(pitch) * z1 - distance;
        if (z2 > -NEAR) {
            return null;
        }
        double aspect = (double) Math.max(1, width) / Math.max(1, height);
        double top = NEAR * Math.tan(Math.toRadians(FOV_HALF_DEGREES));
        double nx = NEAR * x1 / -z2 / (top * aspect);
        double ny = NEAR * y2 / -z2 / top;
        return new double[] { (nx + 1) / 2 * Math.max(1, width), (1 - ny) / 2 * Math.max(1, height), -z2 };
    }

    public void render(ClothScene scene, int width, int height) {
        render(scene, 0, 0, width, height);
    }

    /** Draws the scene into the viewport (x, y, width, height), clearing only that rectangle. */
    public void render(ClothScene scene, int x, int y, int width, int height) {
        glViewport(x, y, Math.max(1, width), Math.max(1, height));
        glScissor(x, y, Math.max(1, width), Math.max(1, height));
        glEnable(GL_SCISSOR_TEST);
        glClearColor(0.93f, 0.94f, 0.96f, 1f);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        glDisable(GL_SCISSOR_TEST);
        glEnable(GL_DEPTH_TEST);
        glMatrixMode(GL_PROJECTION);
        glLoadIdentity();
        double aspect = (double) Math.max(1, width) / Math.max(1, height);
        double top = NEAR * Math.tan(Math.toRadians(FOV_HALF_DEGREES));
        glFrustum(-top * aspect, top * aspect, -top, top, NEAR, 50);
        glMatrixMode(GL_MODELVIEW);
        glLoadIdentity();
        glTranslated(0, 0, -distance);
        glRotated(Math.toDegrees(pitch), 1, 0, 0);
        glRotated(-Math.toDegrees(yaw), 0, 1, 0);
        if (scene == null) {
            return;
        }
        glTranslated(-scene.centre[0], -Math.max(0.9, scene.centre[1]) * 0.9, -scene.centre[2]);
        grid(scene.centre[0], scene.centre[2]);

        glEnable(GL_LIGHTING);
        glEnable(GL_LIGHT0);
        glEnable(GL_NORMALIZE);
        glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, GL_TRUE);
        light.clear();
        light.put(new float[] { 0.4f, 1.0f, 0.8f, 0f }).flip();
        glLightfv(GL_LIGHT0, GL_POSITION, light);
        glEnable(GL_COLOR_MATERIAL);
        glColorMaterial(GL_FRONT_AND_BACK, GL_AMBIENT_AND_DIFFUSE);

        bodyPositions = fill(bodyPositions, bodyInset > 0 ? inset(scene) : scene.bodyPositions);
        bodyNormals = fill(bodyNormals, scene.bodyNormals);
        if (bodyInset > 0) {
            glEnable(GL_POLYGON_OFFSET_FILL);
            glPolygonOffset(1f, 2f);
        }
        glEnableClientState(GL_VERTEX_ARRAY);
        glEnableClientState(GL_NORMAL_ARRAY);
        glColor3f(0.62f, 0.6f, 0.58f);
        glVertexPointer(3, GL_FLOAT, 0, bodyPositions);
        glNormalPointer(GL_FLOAT, 0, bodyNormals);
        if (scene.bodyTriangles != null) {
            bodyIndices = fill(bodyIndices, scene.bodyTriangles);
            glDrawElements(GL_TRIANGLES, bodyIndices);
        } else {
            glDrawArrays(GL_TRIANGLES, 0, scene.bodyPositions.length / 3);
        }
        glDisable(GL_POLYGON_OFFSET_FILL);

        if (clothDrawer != null) {
            glDisableClientState(GL_NORMAL_ARRAY);
            glDisableClientState(GL_VERTEX_ARRAY);
            clothDrawer.run();
            glDisable(GL_LIGHTING);
            return;
        }
        positions = fill(positions, scene.clothPositions);
        normals = fill(normals, scene.clothNormals);
        colors = fill(colors, scene.clothColors);
        indices = fill(indices, scene.clothTriangles);
        glEnableClientState(GL_COLOR_ARRAY);
        glVertexPointer(3, GL_FLOAT, 0, positions);
        glNormalPointer(GL_FLOAT, 0, normals);
        glColorPointer(3, GL_FLOAT, 0, colors);
        glDrawElements(GL_TRIANGLES, indices);
        glDisableClientState(GL_COLOR_ARRAY);
        glDisableClientState(GL_NORMAL_ARRAY);
        glDisableClientState(GL_VERTEX_ARRAY);
        glDisable(GL_LIGHTING);
    }

    private float[] inset(ClothScene scene) {
        float[] p = scene.bodyPositions;
        float[] n = scene.bodyNormals;
        if (insetBody == null || insetBody.length != p.length) {
            insetBody = new float[p.length];
        }
        float d = (float) bodyInset;
        for (int i = 0; i < p.length; i++) {
            insetBody[i] = p[i] - d * n[i];
        }
        return insetBody;
    }

    private static void grid(float cx, float cz) {
        glDisable(GL_LIGHTING);
        glColor3f(0.75f, 0.77f, 0.8f);
        glBegin(GL_LINES);
        float x0 = Math.round(cx);
        float z0 = Math.round(cz);
        for (int i = -5; i <= 5; i++) {
            glVertex3f(x0 + i * 0.5f, 0, z0 - 2.5f);
            glVertex3f(x0 + i * 0.5f, 0, z0 + 2.5f);
            glVertex3f(x0 - 2.5f, 0, z0 + i * 0.5f);
            glVertex3f(x0 + 2.5f, 0, z0 + i * 0.5f);
        }
        glEnd();
    }

    private static IntBuffer fill(IntBuffer b, int[] data) {
        if (b == null || b.capacity() < data.length) {
            b = BufferUtils.createIntBuffer(Math.max(16, data.length));
        }
        b.clear();
        b.put(data).flip();
        return b;
    }

    private static FloatBuffer fill(FloatBuffer b, float[] data) {
        if (b == null || b.capacity() < data.length) {
            b = BufferUtils.createFloatBuffer(Math.max(16, data.length));
        }
        b.clear();
        b.put(data).flip();
        return b;
    }

    /**
     * Renders the scene into an offscreen framebuffer and reads it back as bottom-up RGB rows: unlike the
     * window's back buffer, an FBO has no pixel-ownership holes when the view is covered or hidden.
     */
    public ByteBuffer capture(ClothScene scene, int width, int height) {
        int fbo = GL30.glGenFramebuffers();
        int color = GL30.glGenRenderbuffers();
        int depth = GL30.glGenRenderbuffers();
        try {
            GL30.glBindFramebuffer(GL30.GL_FRAMEBUFFER, fbo);
            GL30.glBindRenderbuffer(GL30.GL_RENDERBUFFER, color);
            GL30.glRenderbufferStorage(GL30.GL_RENDERBUFFER, GL_RGBA8, width, height);
            GL30.glFramebufferRenderbuffer(GL30.GL_FRAMEBUFFER, GL30.GL_COLOR_ATTACHMENT0, GL30.GL_RENDERBUFFER, color);
            GL30.glBindRenderbuffer(GL30.GL_RENDERBUFFER, depth);
            GL30.glRenderbufferStorage(GL30.GL_RENDERBUFFER, org.lwjgl.opengl.GL14.GL_DEPTH_COMPONENT24, width, height);
            GL30.glFramebufferRenderbuffer(GL30.GL_FRAMEBUFFER, GL30.GL_DEPTH_ATTACHMENT, GL30.GL_RENDERBUFFER, depth);
            render(scene, width, height);
            glFinish();
            ByteBuffer pixels = BufferUtils.createByteBuffer(width * height * 3);
            glPixelStorei(GL_PACK_ALIGNMENT, 1);
            glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels);
            return pixels;
        } finally {
            GL30.glBindFramebuffer(GL30.GL_FRAMEBUFFER, 0);
            GL30.glDeleteRenderbuffers(color);
            GL30.glDeleteRenderbuffers(depth);
            GL30.glDeleteFramebuffers(fbo);
        }
    }

    /** {@link #capture} as top-down SWT image data (screenshots of the GL content); the canvas's context is current. */
    public ImageData captureImage(ClothScene scene, int width, int height) {
        ByteBuffer px = capture(scene, width, height);
        ImageData image = new ImageData(width, height, 24, new PaletteData(0xFF0000, 0x00FF00, 0x0000FF));
        byte[] row = new byte[width * 3];
        for (int y = 0; y < height; y++) {
            px.position((height - 1 - y) * width * 3);
            px.get(row);
            for (int x = 0; x < width; x++) {
                image.setPixel(x, y, ((row[3 * x] & 0xFF) << 16) | ((row[3 * x + 1] & 0xFF) << 8) | (row[3 * x + 2] & 0xFF));
            }
        }
        return image;
    }
}
