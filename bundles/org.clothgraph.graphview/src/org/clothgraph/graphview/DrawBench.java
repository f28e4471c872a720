package org.clothgraph.graphview;

import java.util.Map;

/**
 * Draws a laid-out graph on screen and measures it (the workbench's GL renderer, contributed to extension point
 * {@value #EXTENSION_POINT} so that the headless command line can run it without importing SWT or GL). Needs a
 * display; runs on the calling (main) thread.
 */
public interface DrawBench {
    String EXTENSION_POINT = "org.clothgraph.graphview.drawBenches";

    /**
     * Pans and zooms over the whole graph in a {@code width x height} view for {@code seconds}, every state drawn at
     * the overview level and glFinish per frame; returns the figures (framesPerSecond, frames, renderer, ...).
     */
    Map<String, Object> run(SecondaryGraphSnapshot graph, SecondaryGraphLayout layout, Colouring colouring, int width,
            int height, double seconds);
}
