package org.clothgraph.cloth.ui.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;

import org.clothgraph.cloth.ui.gl.ClothRenderer;
import org.clothgraph.cloth.ui.gl.ClothScene;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.ProceduralBody;
import org.junit.jupiter.api.Test;

/**
 * Picking border loops by a click: two flat sheets facing the camera, one 0.4 m behind the other and sticking out
 * to its right. Which border edges are hidden is known from the geometry: the back sheet's top edge is behind the
 * front sheet where both overlap on the screen and in plain view to the right of it.
 */
class LoopPickerTest {
    private static final int W = 800, H = 600;

    @Test
    void aBorderEdgeBehindTheClothIsNotPickedAndTheSameEdgeInViewIs() {
        Body body = ProceduralBody.motion(ProceduralBody.Motion.WALK).poseAt(0);
        // the scene is centred on the pelvis; the sheets are placed around that point
        ClothRenderer renderer = new ClothRenderer();
        renderer.orbit(0, 0, 3.0); // looking along -z from in front
        double[] c = body.find("pelvis").center();
        int cols = 9, rows = 6;
        // front sheet: x in [-0.3, 0.3], y in [-0.3, 0.3] around the centre, 0.2 m towards the camera
        float[] front = sheet(c, -0.3, 0.3, -0.3, 0.3, 0.2, cols, rows);
        // back sheet: x in [-0.25, 0.75], y in [-0.2, 0.2], 0.2 m away from the camera
        float[] back = sheet(c, -0.25, 0.75, -0.2, 0.2, -0.2, 2 * cols, rows);
        int nf = front.length / 3;
        float[] x = new float[front.length + back.length];
        System.arraycopy(front, 0, x, 0, front.length);
        System.arraycopy(back, 0, x, front.length, back.length);
        int[] tf = grid(cols, rows, 0), tb = grid(2 * cols, rows, nf);
        int[] t = Arrays.copyOf(tf, tf.length + tb.length);
        System.arraycopy(tb, 0, t, tf.length, tb.length);
        ClothMesh mesh = new ClothMesh("two sheets", x, null, t, Map.of());
        ClothScene scene = new ClothScene(mesh, x, body, null, null, new float[] { 0.5f, 0.5f, 0.8f });
        LoopPicker picker = new LoopPicker(mesh);

        // the back sheet's top edge at x = 0 (behind the front sheet) and at x = 0.6 (to the right of it)
        double[] hidden = renderer.toScreen(scene, W, H, c[0], c[1] + 0.2, c[2] - 0.2);
        double[] inView = renderer.toScreen(scene, W, H, c[0] + 0.6, c[1] + 0.2, c[2] - 0.2);
        double[] frontRight = renderer.toScreen(scene, W, H, c[0] + 0.3, c[1], c[2] + 0.2);
        double[] frontTop = renderer.toScreen(scene, W, H, c[0], c[1] + 0.3, c[2] + 0.2);
        assertTrue(inView[0] > frontRight[0] + 2 * LoopPicker.TOLERANCE, "the right part of the back sheet is clear of the"
                + " front sheet on the screen: " + inView[0] + " against " + frontRight[0]);
        assertTrue(Math.abs(hidden[1] - frontTop[1]) > 2 * LoopPicker.TOLERANCE, "the hidden edge is away from the front"
                + " sheet's border: " + hidden[1] + " against " + frontTop[1]);

        int[] backLoop = picker.pick(renderer, scene, x, W, H, (int) Math.round(inView[0]), (int) Math.round(inView[1]));
        assertNotNull(backLoop, "the back sheet's top edge in plain view is picked");
        assertTrue(Arrays.stream(backLoop).allMatch(v -> v >= nf), "it is the back sheet's border loop");
        assertNull(picker.pick(renderer, scene, x, W, H, (int) Math.round(hidden[0]), (int) Math.round(hidden[1])),
                "the same edge behind the front sheet is not picked");

        // without the front sheet the hidden part is in view again and is picked
        ClothMesh backOnly = new ClothMesh("back sheet", x, null, tb, Map.of());
        int[] again = new LoopPicker(backOnly).pick(renderer, scene, x, W, H, (int) Math.round(hidden[0]),
                (int) Math.round(hidden[1]));
        assertNotNull(again, "with nothing in front the edge is picked");
        int[] sortedBack = backLoop.clone(), sortedAgain = again.clone();
        Arrays.sort(sortedBack);
        Arrays.sort(sortedAgain);
        assertArrayEquals(sortedBack, sortedAgain, "the same loop");
    }

    /** A flat grid of (cols + 1) x (rows + 1) vertices in the plane z = c.z + dz. */
    private static float[] sheet(double[] c, double x0, double x1, double y0, double y1, double dz, int cols, int rows) {
        float[] p = new float[3 * (cols + 1) * (rows + 1)];
        int k = 0;
        for (int j = 0; j <= rows; j++) {
            for (int i = 0; i <= cols; i++) {
                p[k++] = (float) (c[0] + x0 + (x1 - x0) * i / cols);
                p[k++] = (float) (c[1] + y0 + (y1 - y0) * j / rows);
                p[k++] = (float) (c[2] + dz);
            }
        }
        return p;
    }

    private static int[] grid(int cols, int rows, int offset) {
        int[] t = new int[6 * cols * rows];
        int k = 0;
        for (int j = 0; j < rows; j++) {
            for (int i = 0; i < cols; i++) {
                int a = offset + j * (cols + 1) + i, b = a + 1, d = a + cols + 1, e = d + 1;
                t[k++] = a;
                t[k++] = b;
                t[k++] = e;
                t[k++] = a;
                t[k++] = e;
                t[k++] = d;
            }
        }
        return t;
    }
}
