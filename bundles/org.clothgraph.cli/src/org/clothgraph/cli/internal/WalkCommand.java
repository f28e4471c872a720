package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.clothgraph.explore.ExplorationSettings;
import org.clothgraph.explore.ExploredPath;
import org.clothgraph.explore.SecondaryWalk;
import org.clothgraph.explore.WalkController;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;

/**
 * {@code walk}: a character controller walks the explored secondary graph from the initial state; reports the
 * merges crossed and how far the cloth moves between shown frames with and without the merge blend (Kim et al.
 * 2013, section 5.1).
 */
public final class WalkCommand extends WorkspaceCommand {
    public WalkCommand() {
        super("walk", "Walk the explored secondary graph and measure the merge blends along the way.");
        option(Option.value("frames", "N", "shown frames at least (default 300)"));
        option(Option.value("seed", "S", "seed of the controller's choices (default 1)"));
        option(Option.value("controller", "random|clip-changes",
                "how the next primary edge is chosen (default random)"));
        option(Option.value("blend-frames", "B", "frames a merge jump is blended over (default: the exploration"
                + " setting, 10; 0 = no blending)"));
        option(Option.value("garment", "NAME", "garment whose graph to walk (default: the hooded robe)"));
    }

    @Override
    protected String usage() {
        return "--workspace DIR [--frames N] [--seed S] [--controller random|clip-changes] [--blend-frames B]"
                + " [--garment NAME] [--json]";
    }

    @Override
    protected int run(Project project, Args args, PrintStream out, PrintStream err) {
        int frames = args.intValue("frames", 300, 1, 1_000_000);
        int seed = args.intValue("seed", 1, 0, Integer.MAX_VALUE);
        String controllerName = args.value("controller").orElse("random");
        WalkController controller = WalkController.named(controllerName, seed);
        int blendFrames = args.intValue("blend-frames", ExplorationSettings.of(project).blendFrames(), 0, 1000);
        // --garment names one; by default the explored one (never generating a robe, as simulate would)
        GarmentInfo garment = args.flag("garment") ? SimulateCommand.garment(project, args, 0)
                : ExploredPath.exploredGarment(project);
        SecondaryWalk walk = SecondaryWalk.generate(project, SecondaryWalk.initialState(project, garment), frames,
                controller);
        ExploredPath path = ExploredPath.of(project, walk, blendFrames, new ConsoleProgressMonitor(err));
        Map<String, Object> r = report(path, seed, controllerName);
        if (args.flag("json")) {
            JsonOutput.print(out, r);
        } else {
            print(path, r, out);
        }
        return 0;
    }

    static Map<String, Object> report(ExploredPath path, int seed, String controller) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("garment", path.garment().name());
        m.put("startState", path.walk().start().id());
        m.put("controller", controller);
        m.put("seed", seed);
        m.put("frames", path.frames());
        m.put("transitions", path.walk().steps().size());
        m.put("blendFrames", path.blend().blendFrames());
        m.put("mergesCrossed", path.merges().size());
        List<Map<String, Object>> merges = new ArrayList<>();
        for (ExploredPath.CrossedMerge c : path.merges()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("frame", c.frame());
            x.put("transition", c.step().transition().id());
            x.put("deadEndState", c.step().merge().deadEndState());
            x.put("target", c.step().transition().to());
            x.put("mergeErrorMm", mm(c.step().merge().plainError()));
            x.put("jumpMm", mm(c.jump()));
            x.put("stepUnblendedMm", mm(c.stepUnblended()));
            x.put("stepBlendedMm", mm(c.stepBlended()));
            merges.add(x);
        }
        m.put("merges", merges);
        m.put("largestStepMm", mm(path.largestStep()));
        m.put("largestStepUnblendedMm", mm(path.largestStepUnblended()));
        Map<String, Integer> classes = new TreeMap<>();
        for (int f = 0; f < path.frames(); f++) {
            classes.merge(path.classOf(f).isEmpty() ? "(none)" : path.classOf(f), 1, Integer::sum);
        }
        m.put("classes", classes);
        return m;
    }

    private static void print(ExploredPath path, Map<String, Object> r, PrintStream out) {
        out.printf(Locale.ROOT, "walk of %d frames from cloth state %d of the %s (%s controller, seed %s):"
                + " %d transitions, %d merges crossed, blended over %d frames%n", path.frames(), r.get("startState"),
                path.garment().name(), r.get("controller"), r.get("seed"), path.walk().steps().size(),
                path.merges().size(), path.blend().blendFrames());
        for (ExploredPath.CrossedMerge c : path.merges()) {
            out.printf(Locale.ROOT, "  frame %4d: merged transition %d into state %d (dead end %d, jump %.1f mm):"
                    + " step %.1f mm unblended, %.1f mm blended%n", c.frame(), c.step().transition().id(),
                    c.step().transition().to(), c.step().merge().deadEndState(), c.jump() * 1000,
                    c.stepUnblended() * 1000, c.stepBlended() * 1000);
        }
        out.printf(Locale.ROOT, "largest frame-to-frame step (root frame): %.1f mm blended, %.1f mm without blending%n",
                path.largestStep() * 1000, path.largestStepUnblended() * 1000);
        @SuppressWarnings("unchecked")
        Map<String, Integer> classes = (Map<String, Integer>) r.get("classes");
        List<String> counts = new ArrayList<>();
        classes.forEach((c, n) -> counts.add(c + " " + n));
        out.println("frames by class: " + String.join(", ", counts));
    }

    private static double mm(double metres) {
        return BenchCommand.round(metres * 1000);
    }
}
