package org.clothgraph.cloth;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.ProjectFormat;
import org.clothgraph.model.Project;
import org.clothgraph.model.frames.FrameReferences;
import org.clothgraph.model.frames.FrameStore;
import org.clothgraph.model.frames.FrameWriter;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.motion.project.ProjectPrimaryGraph;
import org.clothgraph.motion.project.StoredMotion;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothSimulator;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.InitialDrape;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.SolverCounters;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.garment.GarmentStateClassifier;
import org.clothgraph.sim.garment.HoodStateClassifier;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * One simulation run: the garment is draped collision-free on the first pose of a primary-graph path,
 * then simulated along it by a {@link ClothSimulator} used as a black box, in one continuous simulation.
 * Frames stream into the project's frame store and are committed every few frames; each is classified (hood
 * up/down) and measured for body penetration. A run that fails or is cancelled removes its frames again
 * ({@link FrameWriter#abandon()}): only a completed run, with its report, keeps frames.
 */
public final class ClothRun {
    /** Job family of simulation runs, to join or cancel them. */
    public static final Object FAMILY = ClothRun.class.getName();
    public static final String RUNS_SCOPE = FrameReferences.RUNS_SCOPE;
    private static final int CHUNK = 15;

    /**
     * What a run produced. {@code motionFile} is the project file holding the motion the run was simulated along
     * ({@link RunMotion}); null for runs stored before runs kept their motion. {@code solver} is what the solver
     * did along the path (substeps, contacts and how often each counted repair acted), as the simulator counted it;
     * null when it counts nothing (the first embedded solver, ARCSim) and for runs stored before runs kept it.
     */
    public record Report(String runId, String garment, List<String> clips, int frames, double fps, double secondsPerFrame,
            List<String> classes, double maxPenetrationMm, long firstFrameId, long lastFrameId, double drapeSeconds,
            String motionFile, SolverCounters solver, SimulationSettings settings) {
    }

    private ClothRun() {
    }

    /**
     * Simulates {@code garment} while the character plays {@code clipNames} through the primary graph.
     *
     * @param maxFrames at most this many output frames (0: the whole path)
     */
    public static Report simulate(Project project, GarmentInfo garment, List<String> clipNames, int maxFrames,
            ClothSimulator simulator, SimulationSettings settings, IProgressMonitor monitor)
            throws SimulationFailedException {
        SubMonitor sub = SubMonitor.convert(monitor, "Simulating " + garment.name(), 100);
        PrimaryGraphSnapshot snapshot = PrimaryGraphSnapshot.of(project);
        int window = ProjectPrimaryGraph.options(project, Double.NaN, 0).window();
        PrimaryPath path = PrimaryPath.through(snapshot, clipNames, maxFrames, window);
        ClothMesh mesh = ProjectGarments.mesh(project, garment);
        Material material = ProjectGarments.material(garment);
        CharacterBody character = CharacterBody.of(path.motion().skeleton());
        CharacterBodyMotion body = new CharacterBodyMotion(character, path.motion());
        GarmentStateClassifier classifier = mesh.vertexGroups().containsKey("hood") ? new HoodStateClassifier(mesh) : null;
        double fps = body.fps();
        int frames = body.frameCount();

        long t0 = System.nanoTime();
        // Kim et al. start from an initial drape: drape in the fitting pose (where the garment was made, so it
        // starts collision-free), then carry it along a short lead-in into the path's first pose.
        sub.subTask("Draping " + garment.name() + " in the fitting pose");
        Motion leadIn = FittingPose.leadIn(path.motion());
        CharacterBodyMotion leadBody = new CharacterBodyMotion(character, leadIn);
        ClothState state = InitialDrape.drape(mesh, material, InitialDrape.settingsFor(simulator, settings), leadBody, 0,
                1.0, sub.split(5));
        sub.subTask("Lead-in to the first pose of the path");
        state = simulator.simulate(mesh, material, settings, leadBody, 0, state, fps, leadIn.frameCount() - 1,
                sub.split(5)).last();
        double drapeSeconds = (System.nanoTime() - t0) / 1e9;

        List<String> classes = new ArrayList<>();
        double[] maxPenetration = { 0 };
        double[] costMillis = { 0 };
        SolverCounters[] counters = { null };
        long first;
        long[] last = { -1 };
        SubMonitor loop = sub.split(90).setWorkRemaining(frames);
        loop.setTaskName("Simulating " + garment.name() + " along " + String.join(" > ", clipNames));
        Report report;
        try (FrameStore.Work work = project.frames().beginWork("simulation run of " + garment.name() + " along "
                + String.join(" > ", clipNames)); FrameWriter writer = project.frames().writer(work, loop)) {
            try {
                first = writer.append(state.positions(), state.velocities());
                Body pose0 = body.frame(0);
                classes.add(classifier == null ? "" : classifier.classify(state, pose0));
                maxPenetration[0] = pose0.maxPenetration(state.positions());
                writer.commit();
                loop.worked(1);
                // one continuous simulation (contact history carries over); frames are committed every CHUNK frames
                simulator.simulate(mesh, material, settings, body, 0, state, fps, frames - 1, new ClothSimulator.FrameSink() {
                    @Override
                    public void frame(int i, ClothState s, double ms) {
                        Body pose = body.frame(i + 1);
                        last[0] = writer.append(s.positions(), s.velocities());
                        classes.add(classifier == null ? "" : classifier.classify(s, pose));
                        maxPenetration[0] = Math.max(maxPenetration[0], pose.maxPenetration(s.positions()));
                        costMillis[0] += ms;
                        if ((i + 1) % CHUNK == 0) {
                            writer.commit();
                        }
                    }

                    @Override
                    public void finished(SolverCounters c) {
                        counters[0] = c;
                    }
                }, loop.split(frames - 1));
                writer.commit();
                int simulated = Math.max(1, frames - 1);
                String runId = nextRunId(project);
                // the run keeps the motion it was simulated along: renaming or excluding clips later cannot change it
                String motionFile = RunMotion.file(runId);
                StoredMotion.write(project, motionFile, path.motion());
                report = new Report(runId, garment.name(), List.copyOf(clipNames), frames, fps,
                        costMillis[0] / 1000.0 / simulated, classes, maxPenetration[0] * 1000, first,
                        frames > 1 ? last[0] : first, drapeSeconds, motionFile, counters[0], settings);
                // the report names the frames before the work that claims them ends: they are never orphans
                project.setSetting(RUNS_SCOPE, report.runId(), new Gson().toJson(report));
            } catch (SimulationFailedException | RuntimeException | Error e) {
                // a failed or cancelled run has no report: its frames would be orphans nobody can reach
                try {
                    writer.abandon();
                } catch (RuntimeException suppressed) {
                    e.addSuppressed(suppressed); // left for check to report and gc to collect
                }
                throw e;
            }
        }
        // Every run gets its independent measures, kept with it (RunMeasures; clothgraph measure shows them).
        sub.setWorkRemaining(1);
        RunMeasures.store(project, report.runId(), RunMeasures.measure(project, report, 1, sub.split(1)));
        return report;
    }

    static String nextRunId(Project project) {
        Map<String, String> runs = project.settings(RUNS_SCOPE);
        int n = runs.size() + 1;
        while (runs.containsKey(String.format("run-%04d", n))) {
            n++;
        }
        return String.format("run-%04d", n);
    }

    /**
     * Stored run reports, oldest first.
     *
     * @throws InvalidInputException naming the database, the run and the field of a report that cannot be read
     */
    public static List<Report> runs(Project project) {
        List<Report> out = new ArrayList<>();
        String source = project.folder().resolve(ProjectFormat.DATABASE_FILE).toString();
        for (Map.Entry<String, String> e : new LinkedHashMap<>(project.settings(RUNS_SCOPE)).entrySet()) {
            out.add(parseReport(source, e.getKey(), e.getValue()));
        }
        return out;
    }

    /**
     * Reads one stored run report (JSON), checking every field, so a damaged report is one line naming the run and
     * the field rather than a half-read record.
     *
     * @param source the file it was read from (named in the error)
     * @param key the run's key in scope {@link #RUNS_SCOPE}
     */
    public static Report parseReport(String source, String key, String json) {
        String run = "run " + key;
        JsonObject o;
        try {
            JsonElement root = JsonParser.parseString(json);
            if (!root.isJsonObject()) {
                throw new InvalidInputException(source, run, "the report is not a JSON object");
            }
            o = root.getAsJsonObject();
        } catch (JsonParseException | StackOverflowError e) {
            throw new InvalidInputException(source, run, "the report is not readable JSON");
        }
        String runId = string(source, run, o, "runId");
        String garment = string(source, run, o, "garment");
        List<String> clips = strings(source, run, o, "clips", Integer.MAX_VALUE);
        long frames = integer(source, run, o, "frames", 1, Integer.MAX_VALUE);
        double fps = number(source, run, o, "fps", 1e-3, 1e6);
        double secondsPerFrame = number(source, run, o, "secondsPerFrame", 0, Double.MAX_VALUE);
        List<String> classes = strings(source, run, o, "classes", frames);
        double penetration = number(source, run, o, "maxPenetrationMm", 0, Double.MAX_VALUE);
        long first = integer(source, run, o, "firstFrameId", 1, Long.MAX_VALUE);
        long last = integer(source, run, o, "lastFrameId", first, Long.MAX_VALUE);
        double drape = number(source, run, o, "drapeSeconds", 0, Double.MAX_VALUE);
        if (last - first + 1 != frames) {
            throw new InvalidInputException(source, run + ", field lastFrameId", "frames " + first + ".." + last
                    + " are not the run's " + frames + " frames");
        }
        if (classes.size() != frames) {
            throw new InvalidInputException(source, run + ", field classes", classes.size() + " classes for " + frames
                    + " frames");
        }
        if (clips.isEmpty()) {
            throw new InvalidInputException(source, run + ", field clips", "no clips");
        }
        // runs stored before runs kept their motion have no motionFile
        String motionFile = o.has("motionFile") && !o.get("motionFile").isJsonNull() ? string(source, run, o, "motionFile")
                : null;
        // runs stored before runs kept the solver's counters, and runs of simulators that count nothing, have none
        SolverCounters solver = o.has("solver") && !o.get("solver").isJsonNull() ? counters(source, run, o.get("solver"))
                : null;
        // runs stored before runs kept their simulation settings have none
        SimulationSettings settings = o.has("settings") && !o.get("settings").isJsonNull()
                ? settings(source, run, o.get("settings")) : null;
        return new Report(runId, garment, clips, (int) frames, fps, secondsPerFrame, classes, penetration, first, last,
                drape, motionFile, solver, settings);
    }

    private static SimulationSettings settings(String source, String run, JsonElement e) {
        if (!e.isJsonObject()) {
            throw new InvalidInputException(source, run + ", field settings", "not an object");
        }
        SimulationSettings s;
        try {
            s = new Gson().fromJson(e, SimulationSettings.class);
        } catch (RuntimeException ex) {
            // a malformed value, or an invalid record refused by its constructor's check (Gson wraps that one)
            throw new InvalidInputException(source, run + ", field settings", "not valid simulation settings");
        }
        if (s == null || s.solver() == null || s.bodyCollision() == null) {
            throw new InvalidInputException(source, run + ", field settings", "no solver or body collision");
        }
        return s;
    }

    private static SolverCounters counters(String source, String run, JsonElement e) {
        if (!e.isJsonObject()) {
            throw new InvalidInputException(source, run + ", field solver", "not an object");
        }
        JsonObject c = e.getAsJsonObject();
        String r = run + ", solver";
        long frames = integer(source, r, c, "frames", 0, Integer.MAX_VALUE);
        long substeps = integer(source, r, c, "substeps", 0, Long.MAX_VALUE);
        long most = integer(source, r, c, "maxSubstepsPerFrame", 0, Integer.MAX_VALUE);
        return new SolverCounters((int) frames, substeps, (int) most, integer(source, r, c, "framesAtBudget", 0, frames),
                integer(source, r, c, "selfContacts", 0, Long.MAX_VALUE),
                integer(source, r, c, "bodyPushes", 0, Long.MAX_VALUE),
                integer(source, r, c, "deepRescues", 0, Long.MAX_VALUE), integer(source, r, c, "pinches", 0, Long.MAX_VALUE),
                integer(source, r, c, "depenetrationLimits", 0, Long.MAX_VALUE),
                integer(source, r, c, "speedLimits", 0, Long.MAX_VALUE),
                // runs stored before the untangling step existed have no untangles: none were made
                c.has("untangles") ? integer(source, r, c, "untangles", 0, Long.MAX_VALUE) : 0,
                // nor, before the retries existed, any retried or tangled frames counted
                c.has("tangleRetries") ? integer(source, r, c, "tangleRetries", 0, Long.MAX_VALUE) : 0,
                c.has("tangledFrames") ? integer(source, r, c, "tangledFrames", 0, frames) : 0);
    }

    private static JsonElement field(String source, String run, JsonObject o, String name) {
        JsonElement e = o.get(name);
        if (e == null || e.isJsonNull()) {
            throw new InvalidInputException(source, run + ", field " + name, "missing");
        }
        return e;
    }

    private static String string(String source, String run, JsonObject o, String name) {
        JsonElement e = field(source, run, o, name);
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) {
            throw new InvalidInputException(source, run + ", field " + name, "not a string");
        }
        return e.getAsString();
    }

    private static List<String> strings(String source, String run, JsonObject o, String name, long max) {
        JsonElement e = field(source, run, o, name);
        if (!e.isJsonArray() || e.getAsJsonArray().size() > max) {
            throw new InvalidInputException(source, run + ", field " + name, e.isJsonArray() ? "more entries than"
                    + " frames" : "not a list");
        }
        List<String> out = new ArrayList<>();
        for (JsonElement x : e.getAsJsonArray()) {
            if (!x.isJsonPrimitive() || !x.getAsJsonPrimitive().isString()) {
                throw new InvalidInputException(source, run + ", field " + name, "entry " + out.size() + " is not a"
                        + " string");
            }
            out.add(x.getAsString());
        }
        return List.copyOf(out);
    }

    private static double number(String source, String run, JsonObject o, String name, double min, double max) {
        JsonElement e = field(source, run, o, name);
        double v;
        try {
            if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber()) {
                throw new NumberFormatException();
            }
            v = e.getAsDouble();
        } catch (NumberFormatException x) {
            throw new InvalidInputException(source, run + ", field " + name, "not a number");
        }
        if (!(v >= min && v <= max)) {
            throw new InvalidInputException(source, run + ", field " + name, v + " is outside " + min + ".." + max);
        }
        return v;
    }

    private static long integer(String source, String run, JsonObject o, String name, long min, long max) {
        JsonElement e = field(source, run, o, name);
        long v;
        try {
            if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber()) {
                throw new NumberFormatException();
            }
            v = new java.math.BigDecimal(e.getAsString()).longValueExact();
        } catch (NumberFormatException | ArithmeticException x) {
            throw new InvalidInputException(source, run + ", field " + name, "not a whole number in range");
        }
        if (v < min || v > max) {
            throw new InvalidInputException(source, run + ", field " + name, v + " is outside " + min + ".." + max);
        }
        return v;
    }
}
