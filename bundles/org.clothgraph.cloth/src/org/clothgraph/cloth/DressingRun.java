package org.clothgraph.cloth;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.clothgraph.cloth.dressing.ActionQueue;
import org.clothgraph.cloth.dressing.DressingAction;
import org.clothgraph.cloth.dressing.DressingController;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;
import org.clothgraph.model.frames.FrameStore;
import org.clothgraph.model.frames.FrameWriter;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.motion.project.ProjectClips;
import org.clothgraph.motion.project.StoredMotion;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.InitialDrape;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.garment.HoodStateClassifier;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * A dressing clip made in a project: the {@link DressingController} runs an action queue on the character from a
 * start (a stored cloth state and the pose it belongs to, or the garment draped in the fitting pose), and the result
 * is stored as a simulation run (frames in the frame store, the motion in {@code runs/}, so the Cloth Preview and
 * {@code measure} play it like any run) plus its dressing record in scope {@link #SCOPE}: the queue, the grip and
 * release events (frame, hand, vertices) and the start. With a clip name the motion is also added to the project's
 * clips, so the next {@code motion graph} puts it in the primary graph; the record under that clip's name carries the
 * grip events with it.
 */
public final class DressingRun {
    /** Project settings scope of dressing records, keyed by run id (and by clip name for added clips). */
    public static final String SCOPE = "dressing";

    private DressingRun() {
    }

    /** Where a dressing starts: a cloth state (world space) at frame {@code frame} of {@code motion}. */
    public record Start(String description, Motion motion, int frame, ClothState state) {
    }

    /** The stored outcome: the run, the controller's result and the added clip (null when none). */
    public record Outcome(ClothRun.Report run, DressingController.Result result, String clip) {
    }

    /** The garment draped in the character's fitting pose (hood up): the start when none is given. */
    public static Start fittingStart(Project project, GarmentInfo garment, SimulationSettings settings,
            IProgressMonitor monitor) throws SimulationFailedException {
        ClothMesh mesh = ProjectGarments.mesh(project, garment);
        org.clothgraph.motion.Skeleton skeleton = org.clothgraph.motion.project.ProjectCharacter.skeleton(project);
        Motion fit = FittingPose.aPose(skeleton, project.clips().isEmpty() ? 30 : project.clips().get(0).fps());
        CharacterBodyMotion body = new CharacterBodyMotion(CharacterBody.of(skeleton), fit);
        ClothState s = InitialDrape.drape(mesh, ProjectGarments.material(garment), settings, body, 0, 1.0, monitor);
        return new Start("draped in the fitting pose", fit, 0, s);
    }

    /** Frame {@code frame} of a stored simulation run, in world space, with the run's pose there. */
    public static Start fromRun(Project project, ClothRun.Report run, int frame) {
        if (frame < 0 || frame >= run.frames()) {
            throw new org.clothgraph.model.InvalidInputException(project.folder().toString(), "run " + run.runId(),
                    "has frames 0.." + (run.frames() - 1) + ", not " + frame);
        }
        var f = project.frames().read(run.firstFrameId() + frame);
        return new Start("run " + run.runId() + " frame " + frame, RunMotion.of(project, run), frame,
                new ClothState(f.positions(), f.velocities()));
    }

    /**
     * Runs the queue and stores the clip.
     *
     * @param clipName when not null, the dressing motion is added to the project's clips under this name
     */
    public static Outcome dress(Project project, GarmentInfo garment, ActionQueue queue, String queueSource, Start start,
            SimulationSettings settings, String clipName, IProgressMonitor monitor) throws SimulationFailedException {
        SubMonitor sub = SubMonitor.convert(monitor, "Dressing", 100);
        ClothMesh mesh = ProjectGarments.mesh(project, garment);
        Material material = ProjectGarments.material(garment);
        CharacterBody character = CharacterBody.of(start.motion().skeleton());
        PrimaryGraphSnapshot snapshot = PrimaryGraphSnapshot.of(project);
        DressingController controller = new DressingController(mesh, material, settings, character,
                name -> clip(project, snapshot, name), queueSource);
        controller.validate(queue);
        if (clipName != null && project.clips().stream().anyMatch(c -> c.name().equals(clipName))) {
            throw new org.clothgraph.model.InvalidInputException(project.folder().toString(), "clip",
                    "a clip named '" + clipName + "' exists already");
        }
        long t0 = System.nanoTime();
        DressingController.Result r = controller.run(start.motion(), start.frame(), start.state(), queue,
                start.motion().fps(), sub.split(85));
        double seconds = (System.nanoTime() - t0) / 1e9;
        HoodStateClassifier hood = mesh.vertexGroups().containsKey("hood") ? new HoodStateClassifier(mesh) : null;
        CharacterBodyMotion body = new CharacterBodyMotion(character, r.motion());
        List<String> classes = new ArrayList<>();
        double pen = 0;
        for (int f = 0; f < r.frames().size(); f++) {
            Body pose = body.frame(f);
            classes.add(hood == null ? "" : hood.classify(r.frames().get(f), pose));
            pen = Math.max(pen, pose.maxPenetration(r.frames().get(f).positions()));
        }
        String runId;
        ClothRun.Report report;
        try (FrameStore.Work work = project.frames().beginWork("dressing of " + garment.name());
                FrameWriter writer = project.frames().writer(work, sub.split(5))) {
            try {
                long first = -1, last = -1;
                for (ClothState s : r.frames()) {
                    last = writer.append(s.positions(), s.velocities());
                    first = first < 0 ? last : first;
                }
                writer.commit();
                runId = ClothRun.nextRunId(project);
                String motionFile = RunMotion.file(runId);
                StoredMotion.write(project, motionFile, r.motion());
                int n = r.frames().size();
                report = new ClothRun.Report(runId, garment.name(), List.of("dressing: " + queueSource), n,
                        r.motion().fps(), seconds / Math.max(1, n - 1), classes, pen * 1000, first, last, 0, motionFile,
                        r.counters(), settings);
                project.setSetting(ClothRun.RUNS_SCOPE, runId, new Gson().toJson(report));
                project.setSetting(SCOPE, runId, record(queue, start, r, settings, null));
            } catch (RuntimeException | Error e) {
                try {
                    writer.abandon();
                } catch (RuntimeException suppressed) {
                    e.addSuppressed(suppressed);
                }
                throw e;
            }
        }
        // the run is stored: what follows finishes whatever the monitor says (a Cancel arriving here, as a short run ended,
        // left the run stored and its job reported as cancelled, "nothing was stored")
        IProgressMonitor stored = new NullProgressMonitor();
        String added = null;
        if (clipName != null) {
            List<ClipInfo> c = ProjectClips.store(project, List.of(r.motion().withName(clipName)), stored);
            added = c.get(0).name();
            project.setSetting(SCOPE, "clip:" + added, record(queue, start, r, settings, runId));
        }
        RunMeasures.store(project, runId, RunMeasures.measure(project, report, 1, stored));
        sub.done();
        return new Outcome(report, r, added);
    }

    /**
     * A grip of an added dressing clip, as exploration replays it: the hand holds {@code vertices} (the grip patch)
     * from clip frame {@code from} (the Grip) to clip frame {@code until} (its Release, or the clip's last frame when
     * it never released), closing on the patch when its palm is within {@code reach} (the queue's Grip).
     */
    public record ClipGrip(DressingAction.Hand hand, int[] vertices, double reach, int from, int until) {
    }

    /**
     * The grips of clip {@code clip} (of {@code frames} frames) from its dressing record ("clip:NAME"); none for a
     * clip that was not added by {@code dress --add-clip}. Grips the controller missed when the clip was made are not
     * replayed (the clip's hand went on empty). The k-th grip or missed event is the k-th Grip action of the queue.
     */
    public static List<ClipGrip> clipGrips(Project project, String clip, int frames) {
        Optional<String> json = record(project, "clip:" + clip);
        if (json.isEmpty()) {
            return List.of();
        }
        String source = "dressing record of clip " + clip;
        JsonObject o;
        try {
            o = JsonParser.parseString(json.get()).getAsJsonObject();
        } catch (RuntimeException e) {
            throw new org.clothgraph.model.InvalidInputException(source, null, "not a JSON object");
        }
        if (!o.has("queue") || !o.has("events") || !o.get("events").isJsonArray()) {
            throw new org.clothgraph.model.InvalidInputException(source, "events", "missing (queue and events)");
        }
        ActionQueue queue = ActionQueue.parse(source + ", queue", o.get("queue").toString());
        List<DressingAction.Grip> actions = new ArrayList<>();
        for (DressingAction a : queue.actions()) {
            if (a instanceof DressingAction.Grip g) {
                actions.add(g);
            }
        }
        JsonArray ev = o.getAsJsonArray("events");
        List<ClipGrip> out = new ArrayList<>();
        int gripIndex = 0;
        for (int i = 0; i < ev.size(); i++) {
            String at = "events[" + i + "]";
            try {
                gripIndex = clipGrip(source, at, ev, i, actions, gripIndex, frames, out);
            } catch (IllegalStateException | UnsupportedOperationException | NullPointerException
                    | ClassCastException | IllegalArgumentException e) {
                throw new org.clothgraph.model.InvalidInputException(source, at, "not a grip or release event ("
                        + e.getClass().getSimpleName() + ")");
            }
        }
        return out;
    }

    /** Reads event i; returns the index of the next Grip action. */
    private static int clipGrip(String source, String at, JsonArray ev, int i, List<DressingAction.Grip> actions,
            int gripIndex, int frames, List<ClipGrip> out) {
        JsonObject e = ev.get(i).getAsJsonObject();
        String kind = e.get("kind").getAsString();
        if (kind.equals("release")) {
            return gripIndex;
        }
        if (gripIndex >= actions.size()) {
            throw new org.clothgraph.model.InvalidInputException(source, at, "more grips than the queue's "
                    + actions.size() + " Grip actions");
        }
        DressingAction.Grip action = actions.get(gripIndex++);
        if (!kind.equals("grip")) {
            return gripIndex;
        }
        DressingAction.Hand hand = DressingAction.Hand.valueOf(e.get("hand").getAsString().toUpperCase(
                java.util.Locale.ROOT));
        int from = e.get("frame").getAsInt();
        int until = frames - 1;
        for (int k = i + 1; k < ev.size(); k++) {
            JsonObject r = ev.get(k).getAsJsonObject();
            if (r.get("kind").getAsString().equals("release") && r.get("hand").getAsString().equals(hand.id())) {
                until = r.get("frame").getAsInt();
                break;
            }
        }
        JsonArray v = e.getAsJsonArray("vertices");
        int[] vertices = new int[v.size()];
        for (int k = 0; k < vertices.length; k++) {
            vertices[k] = v.get(k).getAsInt();
        }
        if (from < 0 || until > frames - 1 || until <= from || vertices.length == 0) {
            throw new org.clothgraph.model.InvalidInputException(source, at, "a grip over frames " + from + ".."
                    + until + " of " + vertices.length + " vertices does not fit a clip of " + frames + " frames");
        }
        out.add(new ClipGrip(hand, vertices, action.reach(), from, until));
        return gripIndex;
    }

    /** The stored dressing record of a run or of an added clip ("clip:NAME"). */
    public static Optional<String> record(Project project, String key) {
        return project.setting(SCOPE, key);
    }

    private static String record(ActionQueue queue, Start start, DressingController.Result r,
            SimulationSettings settings, String runId) {
        JsonObject o = new JsonObject();
        o.add("queue", JsonParser.parseString(queue.toJson()));
        o.addProperty("start", start.description());
        if (runId != null) {
            o.addProperty("run", runId);
        }
        o.add("settings", new Gson().toJsonTree(settings));
        JsonArray ev = new JsonArray();
        for (DressingController.GripEvent e : r.events()) {
            JsonObject x = new JsonObject();
            x.addProperty("frame", e.frame());
            x.addProperty("hand", e.hand().id());
            x.addProperty("kind", e.kind());
            x.addProperty("distance", e.distance());
            JsonArray v = new JsonArray();
            for (int i : e.vertices()) {
                v.add(i);
            }
            x.add("vertices", v);
            ev.add(x);
        }
        o.add("events", ev);
        return new Gson().toJson(o);
    }

    private static Motion clip(Project project, PrimaryGraphSnapshot snapshot, String name) {
        for (ClipInfo c : snapshot.clips()) {
            if (c.name().equals(name)) {
                return snapshot.motion(c);
            }
        }
        return null;
    }
}
