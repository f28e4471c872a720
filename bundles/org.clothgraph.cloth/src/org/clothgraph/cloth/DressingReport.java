package org.clothgraph.cloth;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import java.util.function.Supplier;

import org.clothgraph.cloth.dressing.ActionQueue;
import org.clothgraph.cloth.dressing.ArmCrossings;
import org.clothgraph.cloth.dressing.DressingAction;
import org.clothgraph.cloth.dressing.DressingController;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Vec3;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.garment.HoodStateClassifier;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;

/**
 * The "hood back up" measurement (issue 14, acceptance 1): hood-down cloth states where the character stands upright
 * (the hips' up axis within 37 degrees of vertical), taken from the project's stored simulation runs ({@link #fromRuns})
 * or its explored secondary graph (ExploredStart in org.clothgraph.explore), no two closer than a distance (RMS over
 * the vertices, each state in its character's root frame: the hips' position and heading removed) and none simulated
 * on from another within a time (the same run or exploration path a moment later), spread over their sources in
 * turn; the queue run from each (nothing stored), several at a time; per start the hood class at the end,
 * whether it stayed UP over {@code holdSeconds} after the last Release, the grip patch sizes and the independent arm
 * crossing count ({@link ArmCrossings}) per frame.
 */
public final class DressingReport {
    private DressingReport() {
    }

    /** One start's outcome. */
    public record Row(String start, double releaseSeconds, String endClass, boolean heldUp, double upFraction,
            int patchVertices, int gripsMissed, int armCrossingsAtStart, int maxArmCrossings, int framesWithArmCrossings,
            double seconds, String failure) {
    }

    public record Report(String garment, int candidates, double minDistanceMm, double separationSeconds,
            double holdSeconds, List<Row> rows) {
        public long succeeded() {
            return rows.stream().filter(Row::heldUp).count();
        }
    }

    /**
     * A hood-down state that may become a start: where it comes from, its key and the keys of the states it was
     * simulated on from within so many frames before it ({@code before}, nearest first: frames of the same run, or
     * the explored states above it; a report takes no start that lies so close below another), the character's motion
     * and frame, and its cloth in the world (read when it is looked at).
     */
    public record Candidate(String description, String key, IntFunction<List<String>> before, Motion motion, int frame,
            Supplier<ClothState> state) {
    }

    /**
     * Candidates in the order they are looked at, and what they are for a person ("stored runs") with the input field
     * that chose them, for the message when there are too few.
     */
    public record Candidates(String what, String field, List<Candidate> order) {
    }

    /**
     * The hood-down frames of the named stored runs of the garment (or of every run but dressing runs) where the
     * character stands upright, each run's frames strided (every 5th first, then the ones between), the runs taken in
     * turn.
     */
    public static Candidates fromRuns(Project project, GarmentInfo garment, List<String> runIds) {
        List<List<Candidate>> perRun = new ArrayList<>();
        for (ClothRun.Report r : ClothRun.runs(project)) {
            boolean named = runIds.contains(r.runId());
            if (!r.garment().equals(garment.name()) || !runIds.isEmpty() && !named
                    || runIds.isEmpty() && r.clips().get(0).startsWith("dressing")) {
                continue;
            }
            List<Candidate> down = new ArrayList<>();
            Motion m = RunMotion.of(project, r);
            for (int f = 0; f < r.frames(); f++) {
                if (f < m.frameCount() && upright(m, f) && HoodStateClassifier.DOWN.equals(r.classes().get(f))) {
                    int frame = f;
                    down.add(new Candidate("run " + r.runId() + " frame " + f, r.runId() + ":" + f,
                            n -> earlierFrames(r.runId(), frame, n), m, f, () -> {
                        var stored = project.frames().read(r.firstFrameId() + frame);
                        return new ClothState(stored.positions(), stored.velocities());
                    }));
                }
            }
            perRun.add(down);
        }
        return new Candidates("stored runs", "runs", inTurn(perRun));
    }

    /** The keys of a run's frames up to n before the frame, nearest first. */
    private static List<String> earlierFrames(String run, int frame, int n) {
        List<String> out = new ArrayList<>();
        for (int f = frame - 1; f >= Math.max(0, frame - n); f--) {
            out.add(run + ":" + f);
        }
        return out;
    }

    /** A dressing starts from a standing character: the hips' up axis within 37 degrees of vertical. */
    public static boolean upright(Motion m, int frame) {
        return m.rotation(frame, 0).rotate(new Vec3(0, 1, 0)).y() > 0.8;
    }

    /** Each source's candidates strided (every 5th first, then the ones between), the sources taken in turn. */
    public static List<Candidate> inTurn(List<List<Candidate>> sources) {
        List<List<Candidate>> strided = new ArrayList<>();
        for (List<Candidate> l : sources) {
            List<Candidate> o = new ArrayList<>();
            for (int phase = 0; phase < 5; phase++) {
                for (int i = phase; i < l.size(); i += 5) {
                    o.add(l.get(i));
                }
            }
            strided.add(o);
        }
        List<Candidate> order = new ArrayList<>();
        for (int k = 0; ; k++) {
            boolean any = false;
            for (List<Candidate> l : strided) {
                if (k < l.size()) {
                    order.add(l.get(k));
                    any = true;
                }
            }
            if (!any) {
                return order;
            }
        }
    }

    /**
     * Runs the queue from the starts {@link #pick} takes; {@code workers} starts at a time.
     */
    public static Report run(Project project, GarmentInfo garment, ActionQueue queue, String queueSource,
            SimulationSettings settings, Candidates candidates, int starts, double minDistance, double separationSeconds,
            double holdSeconds, int workers, IProgressMonitor monitor) {
        ClothMesh mesh = ProjectGarments.mesh(project, garment);
        if (!mesh.vertexGroups().containsKey("hood")) {
            throw new InvalidInputException(project.folder().toString(), "garment", "garment " + garment.name()
                    + " has no hood to classify");
        }
        if (queue.actions().stream().noneMatch(a -> a instanceof DressingAction.Release)) {
            throw new InvalidInputException(queueSource, "actions", "the queue never releases: nothing to hold up after");
        }
        HoodStateClassifier hood = new HoodStateClassifier(mesh);
        SubMonitor sub = SubMonitor.convert(monitor, "Hood back up", 10 + 100 * starts);
        Picked chosen = pick(candidates, starts, minDistance, separationSeconds);
        List<DressingRun.Start> picked = chosen.starts();
        sub.split(10);
        if (picked.size() < starts) {
            throw new InvalidInputException(project.folder().toString(), candidates.field(), "the " + candidates.what()
                    + " of " + garment.name()
                    + " have " + picked.size() + " hood-down states no two within " + Math.round(minDistance * 1000)
                    + " mm or " + separationSeconds + " s of simulation of each other, " + starts + " asked for:"
                    + " simulate (or explore) more motion that throws the hood off first");
        }
        List<Row> rows = new ArrayList<>();
        // the starts are independent: K at a time, each on its own thread; the rows in the order of the starts
        try (ParallelStarts parallel = new ParallelStarts("hood back up", Math.min(workers, picked.size()))) {
            List<Future<Row>> pending = new ArrayList<>();
            for (DressingRun.Start s : picked) {
                pending.add(parallel.submit(() -> one(mesh, garment, queue, queueSource, settings, hood, s, holdSeconds,
                        parallel.startMonitor())));
            }
            for (Future<Row> f : pending) {
                rows.add(parallel.await(f, sub));
                sub.worked(100);
            }
        }
        return new Report(garment.name(), chosen.looked(), minDistance * 1000, separationSeconds, holdSeconds, rows);
    }

    /** The starts taken and the candidates looked at to find them. */
    public record Picked(List<DressingRun.Start> starts, int looked) {
    }

    /**
     * Up to {@code starts} of the candidates, in their order: each at least {@code minDistance} RMS (in its
     * character's root frame) from every start taken before, and none simulated on from another within {@code
     * separationSeconds} (the same run or exploration path a moment later).
     */
    public static Picked pick(Candidates candidates, int starts, double minDistance, double separationSeconds) {
        List<DressingRun.Start> picked = new ArrayList<>();
        List<double[]> pickedLocal = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        Set<String> above = new HashSet<>(); // what the starts taken were simulated on from, within the separation
        int looked = 0;
        for (Candidate c : candidates.order()) {
            if (picked.size() >= starts) {
                break;
            }
            looked++;
            List<String> before = c.before().apply((int) Math.round(separationSeconds * c.motion().fps()));
            if (above.contains(c.key()) || before.stream().anyMatch(keys::contains)) {
                continue;
            }
            ClothState state = c.state().get();
            double[] local = rootLocal(state.positions(), c.motion(), c.frame());
            boolean far = true;
            for (double[] p : pickedLocal) {
                if (rms(p, local) < minDistance) {
                    far = false;
                    break;
                }
            }
            if (far) {
                keys.add(c.key());
                above.addAll(before);
                pickedLocal.add(local);
                picked.add(new DressingRun.Start(c.description(), c.motion(), c.frame(), state));
            }
        }
        return new Picked(picked, looked);
    }

    private static Row one(ClothMesh mesh, GarmentInfo garment, ActionQueue queue, String source,
            SimulationSettings settings, HoodStateClassifier hood, DressingRun.Start s, double hold,
            IProgressMonitor monitor) {
        CharacterBody character = CharacterBody.of(s.motion().skeleton());
        DressingController c = new DressingController(mesh, ProjectGarments.material(garment), settings, character, null,
                source);
        long t0 = System.nanoTime();
        DressingController.Result r;
        try {
            r = c.run(s.motion(), s.frame(), s.state(), queue, s.motion().fps(), monitor);
        } catch (SimulationFailedException e) {
            return new Row(s.description(), Double.NaN, "", false, 0, 0, 0, 0, 0, 0, (System.nanoTime() - t0) / 1e9,
                    e.getMessage());
        } catch (OperationCanceledException e) {
            throw e;
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        double fps = r.motion().fps();
        CharacterBodyMotion body = new CharacterBodyMotion(character, r.motion());
        int release = -1, patch = 0, missed = 0;
        DressingAction.Hand hand = DressingAction.Hand.RIGHT;
        for (DressingController.GripEvent e : r.events()) {
            if (e.kind().equals("release")) {
                release = e.frame();
            } else if (e.kind().equals("grip")) {
                patch = Math.max(patch, e.vertices().length);
                hand = e.hand();
            } else if (e.kind().equals("missed")) {
                missed++;
            }
        }
        ArmCrossings arm = new ArmCrossings(s.motion().skeleton(), hand, mesh.triangles());
        int atStart = 0, max = 0, with = 0;
        int n = r.frames().size();
        for (int f = 0; f < n; f++) {
            int x = arm.count(r.frames().get(f).positions(), r.motion(), f,
                    DressingController.heldAt(r.events(), hand, f));
            if (f == 0) {
                atStart = x;
            } else {
                max = Math.max(max, x);
                with += x > 0 ? 1 : 0;
            }
        }
        String[] classes = new String[n];
        for (int f = 0; f < n; f++) {
            classes[f] = hood.classify(r.frames().get(f), body.frame(f));
        }
        int holdFrames = (int) Math.round(hold * fps);
        return new Row(s.description(), release < 0 ? Double.NaN : release / fps, classes[n - 1],
                heldUp(classes, release, holdFrames), upFraction(classes, release, holdFrames), patch, missed, atStart,
                max, with, seconds, null);
    }

    /**
     * Whether the hood stays UP for {@code holdFrames} frames after the release at output frame {@code release} (-1:
     * none) and is UP at the end. The window is the frames after the release's own frame: that frame was still
     * simulated with the grip ({@link DressingController.GripEvent}), the hand letting go after it.
     */
    static boolean heldUp(String[] classes, int release, int holdFrames) {
        int n = classes.length;
        return release >= 0 && release + holdFrames < n && upFraction(classes, release, holdFrames) == 1
                && HoodStateClassifier.UP.equals(classes[n - 1]);
    }

    /** The share of the frames after the release's (at most {@code holdFrames}) in which the hood is UP. */
    static double upFraction(String[] classes, int release, int holdFrames) {
        if (release < 0) {
            return 0;
        }
        int up = 0, total = 0;
        for (int f = release + 1; f < classes.length && f <= release + holdFrames; f++) {
            total++;
            up += HoodStateClassifier.UP.equals(classes[f]) ? 1 : 0;
        }
        return total == 0 ? 0 : up / (double) total;
    }

    /** Cloth positions in the root frame of frame f of the motion: the hips' position and heading removed. */
    static double[] rootLocal(float[] x, Motion m, int f) {
        Vec3 root = m.rootPosition(f);
        Vec3 fwd = m.rotation(f, 0).rotate(new Vec3(0, 0, 1));
        double yaw = Math.atan2(fwd.x(), fwd.z());
        Quat back = Quat.rotY(-yaw);
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i += 3) {
            Vec3 p = back.rotate(new Vec3(x[i] - root.x(), x[i + 1] - root.y(), x[i + 2] - root.z()));
            out[i] = p.x();
            out[i + 1] = p.y();
            out[i + 2] = p.z();
        }
        return out;
    }

    static double rms(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return Math.sqrt(s / (a.length / 3));
    }

}
