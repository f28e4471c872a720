package org.clothgraph.graphview.ui.internal;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.clothgraph.graphview.Colouring;
import org.clothgraph.graphview.DrawBench;
import org.clothgraph.graphview.GraphFilter;
import org.clothgraph.graphview.SecondaryGraphLayout;
import org.clothgraph.graphview.SecondaryGraphSnapshot;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.opengl.GLCanvas;
import org.eclipse.swt.opengl.GLData;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GL11;

/**
 * The view's renderer measured (for {@code clothgraph bench graphview}): a shell with one GL canvas of the asked size,
 * the camera panning across the whole graph and zooming between 0.6x and 0.8x of the fit, so the whole graph stays on screen
 * (the overview level: every state drawn, transitions aggregated), glFinish and a buffer swap per frame; then the same at 8x (every transition).
 */
public final class GlDrawBench implements DrawBench {
    @Override
    public Map<String, Object> run(SecondaryGraphSnapshot graph, SecondaryGraphLayout layout, Colouring colouring,
            int width, int height, double seconds) {
        boolean own = Display.getCurrent() == null;
        Display display = own ? new Display() : Display.getCurrent();
        Shell shell = new Shell(display, SWT.SHELL_TRIM);
        try {
            shell.setText("ClothGraph graph view bench");
            Rectangle trim = shell.computeTrim(0, 0, width, height);
            shell.setSize(trim.width, trim.height);
            GLData data = new GLData();
            data.doubleBuffer = true;
            GLCanvas canvas = new GLCanvas(shell, SWT.NO_BACKGROUND, data);
            canvas.setBounds(0, 0, width, height);
            shell.open();
            canvas.setCurrent();
            GL.createCapabilities();
            long t0 = System.nanoTime();
            GraphScene scene = new GraphScene(graph, layout, colouring, GraphFilter.ALL);
            GraphGl gl = new GraphGl();
            gl.upload(scene);
            GL11.glFinish();
            double uploadSeconds = (System.nanoTime() - t0) / 1e9;
            while (display.readAndDispatch()) {
                // let the shell map
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("renderer", GL11.glGetString(GL11.GL_RENDERER));
            m.put("glVersion", GL11.glGetString(GL11.GL_VERSION));
            m.put("viewWidth", canvas.getSize().x);
            m.put("viewHeight", canvas.getSize().y);
            m.put("sceneSeconds", round(uploadSeconds));
            m.put("overviewSegments", scene.overviewStart[GraphScene.KINDS]);
            m.put("transitionSegments", scene.shownEdges);
            Camera cam = new Camera();
            cam.fit(layout, width, height);
            Result overview = frames(display, canvas, gl, cam, width, height, seconds, 0.6, 0.8);
            m.put("overviewFramesPerSecond", round(overview.fps));
            m.put("overviewFrames", overview.frames);
            m.put("overviewFrameMsMedian", round(overview.medianMs));
            m.put("overviewFrameMsP95", round(overview.p95Ms));
            m.put("overviewDrewEveryState", overview.everyStateDrawn);
            // CPU per frame (all threads, llvmpipe's too): what the frame costs on a machine others do not share
            m.put("overviewCpuMsPerFrame", round(overview.cpuMsPerFrame));
            m.put("loadAverage1min", round(java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                    .getSystemLoadAverage()));
            m.put("overviewLevelOfDetail", overview.detailed ? "every transition" : "aggregated transitions");
            Result detail = frames(display, canvas, gl, cam, width, height, Math.max(1, seconds / 3), 8, 8);
            m.put("zoomed8xFramesPerSecond", round(detail.fps));
            m.put("zoomed8xLevelOfDetail", detail.detailed ? "every transition" : "aggregated transitions");
            gl.dispose();
            return m;
        } finally {
            shell.dispose();
            if (own) {
                display.dispose();
            }
        }
    }

    private record Result(double fps, int frames, double medianMs, double p95Ms, boolean everyStateDrawn,
            boolean detailed, double cpuMsPerFrame) {
    }

    /**
     * CPU time of the whole process, the JVM's and Mesa's llvmpipe threads (user + system from /proc/self/stat, in
     * clock ticks of 10 ms); -1 where there is no /proc.
     */
    private static long processCpuNanos() {
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10_000_000L;
        } catch (java.io.IOException | RuntimeException e) {
            return -1;
        }
    }

    private static Result frames(Display display, GLCanvas canvas, GraphGl gl, Camera cam, int width, int height,
            double seconds, double zoomMin, double zoomMax) {
        double fit = cam.fitScale, x0 = cam.cx, y0 = cam.cy;
        double spanX = width / fit, spanY = height / fit;
        double[] ms = new double[100_000];
        int frames = 0;
        long cpu0 = processCpuNanos();
        long start = System.nanoTime(), end = start + (long) (seconds * 1e9);
        boolean detailed = false;
        while (System.nanoTime() < end && frames < ms.length) {
            double t = frames / 60.0;
            // a slow pan around the graph and a zoom breathing between the two bounds
            cam.scale = fit * (zoomMin + (zoomMax - zoomMin) * 0.5 * (1 - Math.cos(t)));
            cam.cx = x0 + 0.1 * spanX * Math.sin(0.7 * t);
            cam.cy = y0 + 0.1 * spanY * Math.sin(0.5 * t);
            long f0 = System.nanoTime();
            canvas.setCurrent();
            gl.render(cam, width, height);
            GL11.glFinish();
            canvas.swapBuffers();
            ms[frames++] = (System.nanoTime() - f0) / 1e6;
            detailed |= gl.detailed;
            display.readAndDispatch();
        }
        double wall = (System.nanoTime() - start) / 1e9;
        double cpuMs = (processCpuNanos() - cpu0) / 1e6 / Math.max(1, frames);
        double[] sorted = Arrays.copyOf(ms, frames);
        Arrays.sort(sorted);
        // every state is drawn at every level: the point pass draws the whole vertex buffer
        return new Result(frames / wall, frames, frames == 0 ? 0 : sorted[frames / 2],
                frames == 0 ? 0 : sorted[Math.min(frames - 1, (int) (0.95 * frames))], true, detailed, cpuMs);
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
