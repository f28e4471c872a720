package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

import org.clothgraph.graphview.Colouring;
import org.clothgraph.graphview.DrawBench;
import org.clothgraph.graphview.SecondaryGraphLayout;
import org.clothgraph.graphview.StateEmbedding;
import org.clothgraph.graphview.SyntheticGraph;
import org.clothgraph.sim.garment.Garments;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.RegistryFactory;

/**
 * {@code bench graphview}: a synthetic explored graph of N cloth-like states (a fixture: the cloth is computed, not
 * stored), embedded and laid out as the view does it (timed together), then drawn by the workbench's GL renderer in a
 * window of its own when there is a display (the renderer is contributed to {@link DrawBench#EXTENSION_POINT}, so
 * this bundle imports no SWT or GL).
 */
final class GraphViewBench {
    private GraphViewBench() {
    }

    static Map<String, Object> run(Args args, PrintStream err) {
        int states = args.intValue("states", 100_000, 100, 2_000_000);
        int vertices = args.intValue("vertices", Garments.DEFAULT_ROBE_VERTICES, 16, 500_000);
        double seconds = args.intValue("seconds", 10, 1, 600);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("benchmark", "graphview");
        long t0 = System.nanoTime();
        SyntheticGraph.Fixture f = SyntheticGraph.of(states, vertices, 1);
        long t1 = System.nanoTime();
        StateEmbedding e = StateEmbedding.compute(f.graph(), f.frames(), new ConsoleProgressMonitor(err));
        long t2 = System.nanoTime();
        SecondaryGraphLayout layout = SecondaryGraphLayout.of(f.graph(), f.lanes(), e);
        long t3 = System.nanoTime();
        m.put("states", f.graph().size());
        m.put("transitions", f.graph().edges().size());
        m.put("merges", f.graph().edges().stream().filter(x -> x.merged()).count());
        m.put("vertices", vertices);
        m.put("fixtureSeconds", BenchCommand.round((t1 - t0) / 1e9));
        m.put("embeddingSeconds", BenchCommand.round((t2 - t1) / 1e9));
        m.put("layoutSeconds", BenchCommand.round((t3 - t1) / 1e9));
        m.put("layoutUnder30s", (t3 - t1) / 1e9 < 30);
        m.put("hoodNeighbourShare10", BenchCommand.round(layout.neighbourClassShare(f.graph(), "hood", 10)));
        m.put("cores", Runtime.getRuntime().availableProcessors());
        String display = System.getenv("DISPLAY");
        if (display == null || display.isEmpty()) {
            m.put("draw", "skipped: no DISPLAY (run under xvfb-run -s '-screen 0 1280x1024x24')");
            return m;
        }
        IConfigurationElement[] benches = RegistryFactory.getRegistry()
                .getConfigurationElementsFor(DrawBench.EXTENSION_POINT);
        if (benches.length == 0) {
            m.put("draw", "skipped: no renderer contributes " + DrawBench.EXTENSION_POINT);
            return m;
        }
        try {
            DrawBench bench = (DrawBench) benches[0].createExecutableExtension("class");
            err.println("drawing " + f.graph().size() + " states for " + (int) seconds + " s ...");
            Map<String, Object> d = bench.run(f.graph(), layout, Colouring.of(f.graph(), Colouring.By.CLASS, "hood"),
                    args.intValue("width", 1280, 64, 8192), args.intValue("height", 800, 64, 8192), seconds);
            m.putAll(d);
            Object fps = d.get("overviewFramesPerSecond");
            m.put("atLeast30fps", fps instanceof Number n && n.doubleValue() >= 30);
        } catch (CoreException | RuntimeException | LinkageError x) {
            m.put("draw", "failed: " + x);
        }
        return m;
    }
}
