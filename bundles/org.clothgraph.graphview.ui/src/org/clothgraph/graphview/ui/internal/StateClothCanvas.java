package org.clothgraph.graphview.ui.internal;

import java.util.HashMap;
import java.util.Map;

import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.cloth.ui.gl.ClothCanvases;
import org.clothgraph.cloth.ui.gl.ClothRenderer;
import org.clothgraph.cloth.ui.gl.ClothScene;
import org.clothgraph.explore.ui.internal.RootFrameBody;
import org.clothgraph.graphview.SecondaryGraphSnapshot;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.body.Body;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.opengl.GLCanvas;
import org.eclipse.swt.widgets.Composite;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;

/**
 * The selected state's cloth on the character at its primary node's pose, in the root frame it is stored in (the
 * Cloth Preview's renderer; drag orbits, the wheel zooms). The frame is read in a background job; only the latest
 * request is shown.
 */
final class StateClothCanvas {
    private static final float[] UP = { 0.25f, 0.45f, 0.8f }, DOWN = { 0.85f, 0.4f, 0.25f };
    private final GLCanvas canvas;
    private final ClothRenderer renderer = new ClothRenderer();
    private GLCapabilities capabilities;
    private volatile ClothScene scene;
    private volatile long shownState = -1;
    private final Map<Long, ClothMesh> meshes = new HashMap<>();
    private PrimaryGraphSnapshot primary;
    private Project of;

    StateClothCanvas(Composite parent) {
        canvas = ClothCanvases.create(parent);
        canvas.setCurrent();
        capabilities = GL.createCapabilities();
        renderer.orbit(Math.toRadians(30), Math.toRadians(10), 3.0);
        canvas.addListener(SWT.Paint, e -> paint());
        canvas.addListener(SWT.Resize, e -> canvas.redraw());
        ClothCanvases.orbitWithMouse(canvas, renderer);
        canvas.addDisposeListener(e -> {
            GL.setCapabilities(null); // SWT destroyed the context already: no setCurrent() here
            capabilities = null;
        });
    }

    GLCanvas control() {
        return canvas;
    }

    /** The state whose cloth is drawn, -1 for none. */
    long shownState() {
        return shownState;
    }

    void show(Project project, GarmentInfo garment, SecondaryGraphSnapshot.State state) {
        if (state == null || project == null) {
            scene = null;
            shownState = -1;
            canvas.redraw();
            return;
        }
        Job job = Job.create("Reading cloth state " + state.id(), m -> {
            ClothScene s = read(project, garment, state);
            canvas.getDisplay().asyncExec(() -> {
                if (!canvas.isDisposed()) {
                    scene = s;
                    shownState = state.id();
                    canvas.redraw();
                }
            });
            return Status.OK_STATUS;
        });
        job.setSystem(true);
        job.schedule();
    }

    private synchronized ClothScene read(Project p, GarmentInfo garment, SecondaryGraphSnapshot.State state) {
        if (p != of) {
            meshes.clear();
            primary = PrimaryGraphSnapshot.of(p);
            of = p;
        }
        PrimaryNode node = primary.node(state.primaryNode());
        if (node == null) {
            return null;
        }
        ClothMesh mesh = meshes.computeIfAbsent(garment.id(), id -> ProjectGarments.mesh(p, garment));
        Body body = RootFrameBody.at(primary, node);
        float[] positions = p.frames().read(state.frameId()).positions();
        return new ClothScene(mesh, positions, body, RootFrameBody.bindPose(primary, node), null,
                "DOWN".equals(state.classOf("hood")) ? DOWN : UP);
    }

    /** The primary graph changed: read it again for the next state. */
    synchronized void forgetPrimary() {
        of = null;
    }

    private void paint() {
        if (canvas.isDisposed() || capabilities == null) {
            return;
        }
        canvas.setCurrent();
        GL.setCapabilities(capabilities);
        Point size = canvas.getSize();
        renderer.render(scene, size.x, size.y);
        canvas.swapBuffers();
    }
}
