package org.clothgraph.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.explore.ClassFlips;
import org.clothgraph.explore.ExploredPath;
import org.clothgraph.graphview.Colouring;
import org.clothgraph.graphview.GraphExport;
import org.clothgraph.graphview.GraphPicture;
import org.clothgraph.graphview.PathToState;
import org.clothgraph.graphview.SecondaryGraphLayout;
import org.clothgraph.graphview.SecondaryGraphSnapshot;
import org.clothgraph.graphview.StateEmbedding;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.motion.project.PrimaryLaneLayout;

/**
 * {@code graph export | render | path | flips}: the whole secondary cloth graph for other tools (GraphML, DOT, JSON), as
 * a picture coloured by hood state, clip, merge error or age (drawn without a display), "how did we get here": the
 * shortest primary motion from the initial state to a state, and where the cloth changes class (simulated and merged
 * transitions apart, trajectories through dressing clips).
 */
public final class GraphCommand extends WorkspaceCommand {
    public GraphCommand() {
        super("graph", "Export, draw or query the explored secondary cloth graph.");
        option(Option.value("format", "graphml|dot|json", "export: the format (default graphml)"));
        option(Option.value("out", "FILE", "export: write here instead of standard output"));
        option(Option.value("png", "FILE", "render: the picture to write"));
        option(Option.value("color-by", "hood|clip|error|age", "render: what states are coloured by (default hood)"));
        option(Option.value("width", "PX", "render: picture width (default 1600)"));
        option(Option.value("height", "PX", "render: picture height (default 1000)"));
        option(Option.value("state", "ID", "path: the cloth state to reach"));
        option(Option.value("garment", "NAME", "garment whose graph to use (default: the explored one)"));
    }

    @Override
    public boolean takesPositionals() {
        return true;
    }

    @Override
    protected String usage() {
        return "export --workspace DIR [--format graphml|dot|json] [--out FILE] | render --workspace DIR --png FILE"
                + " [--color-by hood|clip|error|age] [--width PX] [--height PX] | path --workspace DIR --state ID"
                + " | flips --workspace DIR;"
                + " all take [--garment NAME] [--json]";
    }

    @Override
    protected int run(Project project, Args args, PrintStream out, PrintStream err) {
        List<String> pos = args.positionals();
        if (pos.size() != 1) {
            throw new UsageException("graph takes one subcommand: export, render, path or flips");
        }
        GarmentInfo garment = args.flag("garment") ? SimulateCommand.garment(project, args, 0)
                : ExploredPath.exploredGarment(project);
        SecondaryGraphSnapshot graph = SecondaryGraphSnapshot.of(project, garment);
        switch (pos.get(0)) {
            case "export" -> export(project, garment, graph, args, out, err);
            case "render" -> render(project, garment, graph, args, out, err);
            case "path" -> path(graph, args, out);
            case "flips" -> flips(project, garment, args, out);
            default -> throw new UsageException("unknown subcommand '" + pos.get(0) + "' (export, render, path, flips)");
        }
        return 0;
    }

    /** The layout with its timings (s). */
    record Laid(SecondaryGraphLayout layout, double embeddingSeconds, double layoutSeconds) {
    }

    static Laid layout(Project project, GarmentInfo garment, SecondaryGraphSnapshot graph, PrintStream err) {
        long t0 = System.nanoTime();
        StateEmbedding embedding = StateEmbedding.compute(graph, StateEmbedding.frames(project, garment.vertexCount()),
                new ConsoleProgressMonitor(err));
        long t1 = System.nanoTime();
        PrimaryLaneLayout lanes = PrimaryLaneLayout.of(PrimaryGraphSnapshot.of(project));
        SecondaryGraphLayout layout = SecondaryGraphLayout.of(graph, lanes, embedding);
        long t2 = System.nanoTime();
        return new Laid(layout, (t1 - t0) / 1e9, (t2 - t0) / 1e9);
    }

    private static void export(Project project, GarmentInfo garment, SecondaryGraphSnapshot graph, Args args,
            PrintStream out, PrintStream err) {
        GraphExport.Format format;
        try {
            format = GraphExport.Format.parse(args.value("format").orElse("graphml"));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Laid laid = layout(project, garment, graph, err);
        try {
            if (args.value("out").isPresent()) {
                Path file = Path.of(args.value("out").get());
                Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
                try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                    GraphExport.write(graph, laid.layout(), format, w);
                }
                Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                err.printf(Locale.ROOT, "wrote %d states and %d transitions to %s%n", graph.size(),
                        graph.edges().size(), file);
            } else {
                Writer w = new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8);
                GraphExport.write(graph, laid.layout(), format, w);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void render(Project project, GarmentInfo garment, SecondaryGraphSnapshot graph, Args args,
            PrintStream out, PrintStream err) {
        Path png = Path.of(args.required("png"));
        Colouring.By by;
        try {
            by = Colouring.By.parse(args.value("color-by").orElse("hood"));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        int width = args.intValue("width", 1600, 320, 8000);
        int height = args.intValue("height", 1000, 240, 8000);
        if (graph.size() == 0) {
            throw new InvalidInputException(project.folder().toString(), "secondary graph",
                    "garment '" + garment.name() + "' has no explored cloth states: explore first");
        }
        Laid laid = layout(project, garment, graph, err);
        Colouring colouring = Colouring.of(graph, by, "hood");
        String title = String.format(Locale.ROOT, "%s: %,d cloth states, %,d transitions (coloured by %s)",
                garment.name(), graph.size(), graph.edges().size(), by.name().toLowerCase(Locale.ROOT));
        try {
            GraphPicture.writePng(GraphPicture.draw(graph, laid.layout(), colouring, width, height, title), png);
        } catch (IOException e) {
            throw new InvalidInputException(png.toString(), "png", "cannot write: " + e.getMessage());
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("png", png.toString());
        r.put("states", graph.size());
        r.put("liveStates", graph.states().stream().filter(SecondaryGraphSnapshot.State::live).count());
        r.put("transitions", graph.edges().size());
        r.put("merges", graph.edges().stream().filter(SecondaryGraphSnapshot.Edge::merged).count());
        r.put("crossClassMerges", graph.edges().stream().filter(SecondaryGraphSnapshot.Edge::crossClass).count());
        r.put("embeddingSeconds", BenchCommand.round(laid.embeddingSeconds()));
        r.put("layoutSeconds", BenchCommand.round(laid.layoutSeconds()));
        r.put("hoodNeighbourShare10", BenchCommand.round(laid.layout().neighbourClassShare(graph, "hood", 10)));
        if (args.flag("json")) {
            JsonOutput.print(out, r);
        } else {
            out.printf(Locale.ROOT, "wrote %s: %,d states, %,d transitions; laid out in %.1f s; %.0f %% of each"
                    + " state's 10 nearest neighbours in the picture share its hood state%n", png, graph.size(),
                    graph.edges().size(), laid.layoutSeconds(), 100 * (double) r.get("hoodNeighbourShare10"));
        }
    }

    /** Class changes along simulated and merged transitions, and the trajectories through each dressing clip. */
    private static void flips(Project project, GarmentInfo garment, Args args, PrintStream out) {
        ClassFlips.Report r = ClassFlips.of(project, garment);
        if (args.flag("json")) {
            JsonOutput.print(out, r);
            return;
        }
        out.println("transitions by class (source -> target): simulated, merged");
        for (ClassFlips.Count c : r.edges()) {
            out.printf(Locale.ROOT, "  %s -> %s: %d, %d%n", c.from(), c.to(), c.simulated(), c.merged());
        }
        for (ClassFlips.DressingClip d : r.dressingClips()) {
            out.printf(Locale.ROOT, "dressing clip %s (first grip at frame %d, last release at %d, last frame in the"
                    + " primary graph %d, reach %.0f mm)%n", d.clip(), d.gripFrame(), d.releaseFrame(), d.lastFrame(),
                    d.reachMm());
            out.println("  simulated trajectories from the grip past the release (source -> end): " + d.chains()
                    + "; ended before the release: " + d.endedBeforeRelease());
            for (ClassFlips.Trajectory t : d.trajectories()) {
                out.printf(Locale.ROOT, "    state %d (%s, palm %.0f mm from the patch) -> state %d at frame %d (%s)%n",
                        t.source(), t.sourceClass(), t.palmToPatchMm(), t.end(), t.endFrame(), t.endClass());
            }
            out.println("  transitions inside the clip (source -> target): simulated, merged");
            for (ClassFlips.Count c : d.edges()) {
                out.printf(Locale.ROOT, "    %s -> %s: %d, %d%n", c.from(), c.to(), c.simulated(), c.merged());
            }
        }
    }

    private static void path(SecondaryGraphSnapshot graph, Args args, PrintStream out) {
        long id = Long.parseLong(args.required("state"));
        int target = graph.indexOf(id);
        if (target < 0) {
            throw new UsageException("--state " + id + ": no such cloth state of this garment");
        }
        PathToState p = PathToState.of(graph, target);
        if (p == null) {
            throw new UsageException("--state " + id + ": not reachable from the initial state");
        }
        if (args.flag("json")) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("state", id);
            r.put("transitions", p.edges().size());
            r.put("merges", p.merges());
            List<Map<String, Object>> segments = new ArrayList<>();
            for (PathToState.Segment s : p.segments()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("clip", s.clip());
                m.put("from", s.from());
                m.put("to", s.to());
                segments.add(m);
            }
            r.put("segments", segments);
            List<Long> ids = new ArrayList<>();
            p.edges().forEach(e -> ids.add(e.transitionId()));
            r.put("transitionIds", ids);
            JsonOutput.print(out, r);
        } else {
            SecondaryGraphSnapshot.State s = graph.state(target);
            out.printf(Locale.ROOT, "cloth state %d (%s, %s) is reached from the initial state in %d transitions"
                    + " (%d merges): %s%n", id, graph.clipName(s.clipId()) + " " + s.clipFrame(), s.classes(),
                    p.edges().size(), p.merges(), p);
        }
    }
}
