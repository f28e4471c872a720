package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.cloth.ClothRun;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.cloth.RunMeasures;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.sim.ClothSimulator;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.SolverCounters;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.arcsim.ArcsimClothSimulator;
import org.clothgraph.sim.arcsim.ArcsimOptions;
import org.clothgraph.sim.garment.Garments;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * {@code simulate}: the garment on the character while it plays clips in sequence through the primary
 * graph; frames go to the frame store.
 */
public final class SimulateCommand extends WorkspaceCommand {
    public SimulateCommand() {
        super("simulate", "Simulate a garment while the character plays clips in sequence through the primary graph.");
        option(Option.value("clips", "A,B,...", "clips to play in order (required)"));
        option(Option.value("frames", "N", "at most N output frames (default: the whole path)"));
        option(Option.value("garment", "NAME", "garment to simulate (default: the hooded robe, generated if missing)"));
        option(Option.value("vertices", "N", "vertex count when the demo robe has to be generated (default "
                + Garments.DEFAULT_ROBE_VERTICES + ")"));
        option(Option.value("simulator", "embedded|arcsim", "the simulator (default: embedded)"));
        option(Option.value("arcsim", "PATH", "the arcsim executable (with --simulator arcsim)"));
        option(Option.value("threads", "N", "embedded simulator worker threads (default: 2)"));
        option(Option.value("solver", "legacy|small-steps",
                "the embedded solver (default: legacy; small-steps is the rewritten one, see docs/SIMULATION.md)"));
        option(Option.value("body-collision", "smooth-capsules|surface", "small-steps: what the cloth collides with"
                + " (default smooth-capsules: the smooth union of the posed capsules; surface: the skinned mesh)"));
        option(Option.value("speed-limit", "M/S", "small-steps: the speed limit repair, 0 = off (default "
                + SimulationSettings.SMALL_STEPS_SPEED_LIMIT + "; recorded with the run, see docs/SIMULATION.md)"));
        option(Option.value("untangle-speed", "M/S", "small-steps: the untangling repair, 0 = off (default "
                + SimulationSettings.SMALL_STEPS_UNTANGLE_SPEED + "; recorded with the run)"));
        option(Option.value("tangle-retries", "N", "small-steps: a frame that starts clear of itself and ends through"
                + " itself is simulated again with twice the substeps, at most N times (0 = never; default "
                + SimulationSettings.SMALL_STEPS_TANGLE_RETRIES + "; recorded with the run)"));
        option(Option.value("compression-softening", "F", "small-steps: mesh edges shorter than at rest are F times"
                + " softer than in stretch (default 1: off; recorded with the run, see docs/SIMULATION.md)"));
        option(Option.value("compression-recovery", "M/S", "small-steps: a squeezed mesh edge regains its length at most"
                + " this fast (default 0: off; recorded with the run, see docs/SIMULATION.md)"));
        offerWait();
    }

    @Override
    protected boolean writes(Args args) {
        return true;
    }

    @Override
    protected String usage() {
        return "--workspace DIR --clips A,B,... [--frames N] [--simulator embedded|arcsim] [--arcsim PATH]"
                + " [--solver legacy|small-steps] [--body-collision smooth-capsules|surface] [--speed-limit M/S]"
                + " [--untangle-speed M/S] [--tangle-retries N] [--compression-softening F]"
                + " [--compression-recovery M/S] [--wait] [--json]";
    }

    @Override
    protected int run(Project project, Args args, PrintStream out, PrintStream err) {
        List<String> clips = new ArrayList<>();
        for (String c : args.required("clips").split(",")) {
            if (!c.isBlank()) {
                clips.add(c.strip());
            }
        }
        GarmentInfo garment = garment(project, args,
                args.intValue("vertices", Garments.DEFAULT_ROBE_VERTICES, 100, 200_000));
        String solver = args.value("solver").orElse("legacy");
        SimulationSettings settings = switch (solver) {
            case "legacy" -> SimulationSettings.defaults();
            case "small-steps" -> SimulationSettings.smallSteps();
            default -> throw new UsageException("--solver must be legacy or small-steps (got '" + solver + "')");
        };
        if (args.value("body-collision").isPresent()) {
            String b = args.value("body-collision").get();
            settings = settings.withBodyCollision(switch (b) {
                case "smooth-capsules" -> SimulationSettings.BodyCollision.SMOOTH_CAPSULES;
                case "surface" -> SimulationSettings.BodyCollision.SURFACE;
                default -> throw new UsageException("--body-collision must be smooth-capsules or surface (got '" + b + "')");
            });
        }
        if (args.value("speed-limit").isPresent() || args.value("untangle-speed").isPresent()
                || args.value("tangle-retries").isPresent() || args.value("compression-softening").isPresent()
                || args.value("compression-recovery").isPresent()) {
            if (settings.solver() != SimulationSettings.Solver.SMALL_STEPS) {
                throw new UsageException("--speed-limit, --untangle-speed, --tangle-retries, --compression-softening and"
                        + " --compression-recovery need --solver small-steps (the first solver's repairs are built in)");
            }
            if (args.value("compression-softening").isPresent()) {
                settings = settings.withCompressionSoftening(args.doubleValue("compression-softening", 1, 1,
                        SimulationSettings.MAX_COMPRESSION_SOFTENING));
            }
            if (args.value("compression-recovery").isPresent()) {
                settings = settings.withCompressionRecoverySpeed(args.doubleValue("compression-recovery",
                        settings.compressionRecoverySpeed(), 0, SimulationSettings.MAX_COMPRESSION_RECOVERY_SPEED));
            }
            settings = settings.withSpeedLimit(args.doubleValue("speed-limit", settings.speedLimit(), 0, 1e4))
                    .withUntangleSpeed(args.doubleValue("untangle-speed", settings.untangleSpeed(), 0, 1e4))
                    .withTangleRetries(args.intValue("tangle-retries", settings.tangleRetries(), 0,
                            SimulationSettings.MAX_TANGLE_RETRIES));
        }
        settings = settings.withThreads(args.intValue("threads", 0, 0, 64));
        ClothSimulator simulator = simulator(project, args);
        try {
            ClothRun.Report r = ClothRun.simulate(project, garment, clips, args.intValue("frames", 0, 0, 10_000_000),
                    simulator, settings, new ConsoleProgressMonitor(err).cancelOnShutdown());
            // ClothRun measured the run and kept the report with it.
            JsonObject measured = JsonParser.parseString(RunMeasures.stored(project, r.runId()).orElseThrow())
                    .getAsJsonObject();
            print(r, measured, args.flag("json"), out);
            return 0;
        } catch (SimulationFailedException e) {
            err.println("clothgraph simulate: simulation failed: " + e.getMessage());
            return 1;
        }
    }

    /** The garment named by --garment, or the demo robe (generated at {@code robeVertices} when missing). */
    static GarmentInfo garment(Project project, Args args, int robeVertices) {
        return args.value("garment").map(name -> {
            GarmentInfo g = ProjectGarments.find(project, name);
            if (g == null) {
                throw new InvalidInputException(project.folder().toString(), "garment", "no garment named '" + name + "'");
            }
            return g;
        }).orElseGet(() -> ProjectGarments.ensureRobe(project, robeVertices));
    }

    static ClothSimulator simulator(Project project, Args args) {
        String kind = args.value("simulator").orElse(project.setting("simulator", "kind").orElse("embedded"));
        switch (kind) {
            case "embedded":
                return new XpbdClothSimulator();
            case "arcsim":
                String exe = args.value("arcsim").orElse(project.setting("simulator", "arcsim").orElse(System.getenv("ARCSIM")));
                if (exe == null) {
                    throw new InvalidInputException("simulate", "--arcsim", "no ARCSim executable configured: pass --arcsim PATH");
                }
                ArcsimClothSimulator a = new ArcsimClothSimulator(ArcsimOptions.of(Path.of(exe).toAbsolutePath()));
                a.validate();
                return a;
            default:
                throw new UsageException("--simulator must be embedded or arcsim (got '" + kind + "')");
        }
    }

    private static void print(ClothRun.Report r, JsonObject measured, boolean json, PrintStream out) {
        List<String> hood = new ArrayList<>();
        r.classes().forEach(c -> hood.add(c.toLowerCase(Locale.ROOT)));
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("run", r.runId());
            m.put("garment", r.garment());
            m.put("clips", r.clips());
            m.put("frames", r.frames());
            m.put("fps", r.fps());
            m.put("secondsPerFrame", BenchCommand.round(r.secondsPerFrame()));
            m.put("drapeSeconds", BenchCommand.round(r.drapeSeconds()));
            m.put("hood", hood);
            // the depth inside the posed capsules: the body the first solver projects the cloth out of (so 0 there by
            // construction); the independent depth against the skinned mesh is measures.maxPenetrationMm
            m.put("capsuleDepthMm", BenchCommand.round(r.maxPenetrationMm()));
            m.put("firstFrameId", r.firstFrameId());
            m.put("lastFrameId", r.lastFrameId());
            Map<String, Object> measures = new LinkedHashMap<>();
            for (String key : new String[] { "maxSelfCrossings", "maxBodyCrossings", "maxPenetrationMm", "maxStrainP99",
                    "maxStrain", "framesWithCrossings", "worstFrame" }) {
                measures.put(key, measured.get(key).isJsonNull() ? null : measured.get(key).getAsNumber());
            }
            m.put("measures", measures);
            m.put("solver", r.solver() == null ? null : counters(r.solver()));
            m.put("settings", r.settings());
            JsonOutput.print(out, m);
        } else {
            out.printf(Locale.ROOT, "%s: %s along %s, %d frames at %.0f fps, %.3f s/frame%n", r.runId(), r.garment(),
                    String.join(" > ", r.clips()), r.frames(), r.fps(), r.secondsPerFrame());
            if (!hood.isEmpty() && !hood.get(0).isEmpty()) {
                out.println("hood: " + summarize(hood));
            }
            out.printf(Locale.ROOT, "measures: self crossings up to %d, body crossings up to %s (%d frames with crossings,"
                    + " worst frame %d), deepest vertex %s inside the skinned body (%.2f mm inside the collision"
                    + " capsules), strain p99 up to %.2f %% (max %.2f %%); clothgraph measure --run %s for every frame%n",
                    measured.get("maxSelfCrossings").getAsInt(), orNotMeasured(measured, "maxBodyCrossings", "%.0f"),
                    measured.get("framesWithCrossings").getAsInt(), measured.get("worstFrame").getAsInt(),
                    orNotMeasured(measured, "maxPenetrationMm", "%.2f mm"), r.maxPenetrationMm(),
                    100 * number(measured, "maxStrainP99"), 100 * number(measured, "maxStrain"), r.runId());
            if (r.settings() != null) {
                out.println("settings: " + r.settings().summary());
            }
            out.println("solver: " + (r.solver() == null ? "no counts (this solver counts no repairs)" : r.solver().summary()));
        }
    }

    /** A measure for a person, in {@code format}, or "not measured" (no body to measure against). */
    private static String orNotMeasured(JsonObject measured, String key, String format) {
        JsonElement e = measured.get(key);
        return e == null || e.isJsonNull() ? "not measured" : String.format(Locale.ROOT, format, e.getAsDouble());
    }

    /** The solver's counters as a JSON map (simulate and measure print the same names). */
    static Map<String, Object> counters(SolverCounters c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("frames", c.frames());
        m.put("substeps", c.substeps());
        m.put("maxSubstepsPerFrame", c.maxSubstepsPerFrame());
        m.put("framesAtBudget", c.framesAtBudget());
        m.put("selfContacts", c.selfContacts());
        m.put("bodyPushes", c.bodyPushes());
        m.put("speedLimits", c.speedLimits());
        m.put("depenetrationLimits", c.depenetrationLimits());
        m.put("pinches", c.pinches());
        m.put("deepRescues", c.deepRescues());
        m.put("untangles", c.untangles());
        m.put("tangleRetries", c.tangleRetries());
        m.put("tangledFrames", c.tangledFrames());
        return m;
    }

    private static double number(JsonObject o, String key) {
        return o.get(key).isJsonNull() ? Double.NaN : o.get(key).getAsDouble();
    }

    /** "up x120, down x30" run-length summary. */
    static String summarize(List<String> classes) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < classes.size()) {
            int j = i;
            while (j < classes.size() && classes.get(j).equals(classes.get(i))) {
                j++;
            }
            if (b.length() > 0) {
                b.append(", ");
            }
            b.append(classes.get(i)).append(" x").append(j - i);
            i = j;
        }
        return b.toString();
    }
}
