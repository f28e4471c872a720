package org.clothgraph.explore;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.cloth.CharacterBodyMotion;
import org.clothgraph.cloth.FittingPose;
import org.clothgraph.cloth.PrimaryPath;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.explore.InitialisationPlan.PlannedBranch;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.ClothStateRecord.Status;
import org.clothgraph.model.ClothTransition;
import org.clothgraph.model.ExplorationLogEntry;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.MergeRecord;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.model.Secondary;
import org.clothgraph.model.frames.FrameStore;
import org.clothgraph.model.frames.FrameWriter;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.motion.project.ProjectPrimaryGraph;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothSimulator;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.InitialDrape;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationWorkUnit;
import org.clothgraph.sim.body.SampledBodyMotion;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

import com.google.gson.Gson;

/**
 * Grows the secondary cloth graph of one garment (Kim et al. 2013, section 3): the initialisation, then
 * ExpandGraph forever, in rounds. A round takes the R worst queued merges in (error, id) order, reverts each
 * merge, simulates on from its dead end (units of work placed by a {@link UnitExecutor}) and commits the results
 * in queue order, each atomically (frames first, then the graph change), removing the new dead ends with
 * RemoveDeadend. After every commit the graph has no dead ends; the result does not depend on the worker count.
 */
public final class Explorer {
    /** Job family of explorations. */
    public static final Object FAMILY = Explorer.class.getName();

    /**
     * When to stop (0 = no limit); a cancelled monitor or {@link #requestStop()} also stops. A limit is checked before
     * each round. {@code settleRounds}: once a limit is reached, at most this many more rounds that expand only the
     * queued cross-class merges (a hood that jumps between up and down where playback takes such a merge), ending
     * as soon as none is left; 0 stops at the limit.
     */
    public record Limits(long frames, double minutes, double untilErrorMm, int settleRounds) {
        /** What {@code explore} settles after a limit unless told otherwise. */
        public static final int DEFAULT_SETTLE_ROUNDS = 4;

        public Limits {
            if (frames < 0 || minutes < 0 || untilErrorMm < 0 || settleRounds < 0) {
                throw new IllegalArgumentException("negative limit");
            }
        }

        /** Limits without settling. */
        public Limits(long frames, double minutes, double untilErrorMm) {
            this(frames, minutes, untilErrorMm, 0);
        }

        public static Limits frames(long n) {
            return new Limits(n, 0, 0);
        }
    }

    /**
     * Why and where an exploration stopped; {@code trouble} when it stopped for a reason other than a limit, a
     * request or an empty queue (failing simulations, a failed initialisation, a full disk). {@code reusedFrames}: of
     * the frames this run, those a branch was given from an identical branch of its round instead of simulating them
     * ({@link DuplicateBranches}); {@code discardedFrames}: of the frames this run, those simulated after the
     * place a branch's dead end was put ({@link DeadEndPlacement}), not kept.
     */
    public record Report(String stopReason, ExplorationStatus status, long framesThisRun, double secondsThisRun,
            boolean trouble, long reusedFrames, long discardedFrames) {
    }

    /** Stop reasons that are trouble start with this. */
    private static final String TROUBLE = "stopped: ";

    private final Project project;
    private final GarmentInfo garment;
    private final ClothSimulator simulator;
    private final ExplorationSettings settings;
    private final UnitExecutor executor;
    private final List<ExplorationStatus.Listener> listeners = new CopyOnWriteArrayList<>();
    private final List<String> running = new CopyOnWriteArrayList<>();
    private volatile boolean stopRequested;
    /** Clips whose queued merges are expanded first ({@link #focus}); empty: worst-first over the whole queue. */
    private volatile List<Long> focus = List.of();
    /** Tests only: runs after an expansion's frames are stored and before its graph change commits. */
    Runnable afterFramesWritten = () -> { };

    // loaded by run()
    private PrimaryGraphSnapshot snapshot;
    private Horizon horizon;
    private ClothMesh mesh;
    private Material material;
    private CharacterBody character;
    private boolean classify;
    private MergeError metric;
    private DressingGrips grips;
    private final Map<Long, List<long[]>> live = new HashMap<>(); // primary node -> {state, frame}
    private final Map<Long, String> classOf = new HashMap<>();
    private final Map<Long, PrimaryEdge> edges = new HashMap<>();

    // counters
    private int round;
    private long simulatedFrames;
    private double cpuSeconds;
    /** Frames of this run given to a branch from an identical branch's simulation ({@link DuplicateBranches}). */
    private long reusedFrames, reusedAtStart;
    /** Frames of this run simulated after the place a branch's dead end was put ({@link DeadEndPlacement}). */
    private long discardedFrames, discardedAtStart;
    private double bookkeepingSeconds;
    private double wallSeconds;
    private String phase = "STOPPED";
    private String message = "";
    private final ArrayDeque<Boolean> recentFailures = new ArrayDeque<>();
    /** Claims the frames this run writes until the graph or a staged branch refers to them (never orphans meanwhile). */
    private FrameStore.Work work;
    /** Cancels a wait for the frame store while another writer (a simulation run) holds it, and says so. */
    private IProgressMonitor waitMonitor;

    public Explorer(Project project, GarmentInfo garment, ClothSimulator simulator, ExplorationSettings settings,
            UnitExecutor executor) {
        this.project = project;
        this.garment = garment;
        this.simulator = simulator;
        this.settings = settings;
        this.executor = executor;
    }

    public void addListener(ExplorationStatus.Listener l) {
        listeners.add(l);
    }

    /**
     * Focuses the exploration on clips (a clip just added to the primary graph, such as a dressing clip): from the next
     * round on, a round takes the worst queued merges whose dead end lies on a node of these clips, and worst-first
     * over the whole queue only when none is left there. The same focus gives the same graph; an empty list ends it.
     */
    public void focus(List<Long> clipIds) {
        focus = List.copyOf(clipIds);
    }

    /** Stops after the round in flight has been committed (a pause: run again to resume). */
    public void requestStop() {
        stopRequested = true;
    }

    /** Explores until a limit is reached, the monitor is cancelled or {@link #requestStop()} is called. */
    public Report run(Limits limits, IProgressMonitor monitor) {
        long t0 = System.nanoTime();
        stopRequested = false;
        SubMonitor sub = SubMonitor.convert(monitor, "Exploring " + garment.name(), 1000);
        load();
        settings.store(project);
        long start = simulatedFrames;
        reusedAtStart = reusedFrames;
        discardedAtStart = discardedFrames;
        String reason;
        work = project.frames().beginWork("exploration of " + garment.name());
        waitMonitor = sub;
        try {
            if (!initialised()) {
                phase = "INITIALISING";
                reason = initialise(limits, t0, sub);
                if (reason != null) {
                    return finish(reason, start, t0);
                }
            }
            phase = "EXPLORING";
            reason = explore(limits, start, t0, sub);
        } finally {
            phase = "STOPPED";
            work.close();
        }
        return finish(reason, start, t0);
    }

    private Report finish(String reason, long start, long t0) {
        phase = "STOPPED";
        message = reason;
        ExplorationStatus s = status();
        publish(s);
        boolean trouble = reason.startsWith(TROUBLE);
        return new Report(trouble ? reason.substring(TROUBLE.length()) : reason, s, simulatedFrames - start,
                (System.nanoTime() - t0) / 1e9, trouble, reusedFrames - reusedAtStart,
                discardedFrames - discardedAtStart);
    }

    // ---- loading ----------------------------------------------------------------------------------

    private void load() {
        snapshot = PrimaryGraphSnapshot.of(project);
        if (snapshot.graph().nodes().isEmpty()) {
            throw new InvalidInputException(project.folder().toString(), "primary graph",
                    "the project has no primary motion graph: build one first (motion graph)");
        }
        int window = ProjectPrimaryGraph.options(project, Double.NaN, 0).window();
        horizon = new Horizon(snapshot.graph(), window, settings.horizonFrames());
        for (PrimaryEdge e : snapshot.graph().edges()) {
            edges.put(e.id(), e);
        }
        mesh = ProjectGarments.mesh(project, garment);
        material = ProjectGarments.material(garment);
        character = CharacterBody.of(snapshot.motion(snapshot.clips().get(0)).skeleton());
        classify = mesh.vertexGroups().containsKey("hood");
        metric = new MergeError(settings);
        grips = DressingGrips.of(project, snapshot);
        live.clear();
        classOf.clear();
        for (ClothStateRecord s : project.secondary().states()) {
            if (s.garmentId() == garment.id() && s.live()) {
                live.computeIfAbsent(s.primaryNode(), k -> new ArrayList<>()).add(new long[] { s.id(), s.frameId() });
                classOf.put(s.id(), s.classes());
            }
        }
        List<ExplorationLogEntry> log = project.secondary().log();
        if (log.isEmpty()) {
            // the counters of an interrupted initialisation live in its staged branches
            round = 0;
            simulatedFrames = 0;
            cpuSeconds = 0;
            for (String json : project.secondary().initBranches()) {
                Staged s = new Gson().fromJson(json, Staged.class);
                if (s.index() >= 0) {
                    simulatedFrames += s.frames().length;
                    cpuSeconds += s.cpuSeconds();
                }
            }
        } else {
            ExplorationLogEntry last = log.get(log.size() - 1);
            round = last.round();
            simulatedFrames = last.simulatedFrames();
            cpuSeconds = last.cpuSeconds();
            bookkeepingSeconds = last.bookkeepingSeconds();
            wallSeconds = last.wallSeconds();
        }
    }

    /** Whether every primary node has a live state (primary nodes added after exploration have none). */
    private boolean initialised() {
        for (PrimaryNode n : snapshot.graph().nodes()) {
            if (!live.containsKey(n.id())) {
                return false;
            }
        }
        return true;
    }

    // ---- initialisation ---------------------------------------------------------------------------

    /** A staged initialisation branch: its frames are in the store, its graph not yet. */
    private record Staged(String plan, int index, long[] frames, List<String> classes, double cpuSeconds,
            long startFrame, String startClass) {
        /** Whether the branch was simulated from a fresh drape at its start (startFrame) after it failed. */
        boolean redraped() {
            return startFrame > 0;
        }
    }

    private String initialise(Limits limits, long t0, SubMonitor sub) {
        InitialisationPlan plan;
        long startNode = -1;
        if (live.isEmpty()) {
            startNode = startNode();
            plan = InitialisationPlan.of(horizon, startNode);
        } else {
            Map<Long, Long> roots = new HashMap<>();
            for (Map.Entry<Long, List<long[]>> e : live.entrySet()) {
                roots.put(e.getKey(), e.getValue().stream().mapToLong(x -> x[0]).min().getAsLong());
            }
            plan = InitialisationPlan.extend(horizon, roots);
        }
        String fp = plan.fingerprint();
        Gson gson = new Gson();
        Map<Integer, Staged> staged = new HashMap<>();
        for (String json : project.secondary().initBranches()) {
            Staged s = gson.fromJson(json, Staged.class);
            if (s.plan().equals(fp)) {
                staged.put(s.index(), s);
            }
        }
        if (staged.size() < project.secondary().initBranches().size()) {
            // staged on another primary graph: its frames stay in the store, its plan is void
            project.secondary().clearInitBranches();
            for (Staged s : staged.values()) {
                project.secondary().addInitBranch(gson.toJson(s));
            }
        }
        int total = plan.frames(horizon);
        message = "initialising: " + plan.branches().size() + " branches, " + total + " frames over "
                + snapshot.graph().nodes().size() + " primary nodes";
        publish(status());
        // the initial drape (index -1)
        if (plan.fromDrape() && !staged.containsKey(-1)) {
            long tb = System.nanoTime();
            ClothState drape = drape(startNode, sub.split(20));
            long id;
            try (FrameWriter w = project.frames().writer(work, waitMonitor)) {
                id = w.append(drape.positions(), drape.velocities());
                w.commit();
            }
            Staged s = new Staged(fp, -1, new long[] { id }, List.of(classOf(drape, startNode)), 0, 0, null);
            project.secondary().addInitBranch(gson.toJson(s));
            staged.put(-1, s);
            wallSeconds += (System.nanoTime() - tb) / 1e9;
        }
        long sessionStart = simulatedFrames;
        int needed = plan.branches().size() + (plan.fromDrape() ? 1 : 0);
        while (staged.size() < needed) {
            String stop = stopCheck(limits, sessionStart, t0, sub);
            if (stop != null) {
                return stop + " during the initialisation (" + countBranches(staged) + " of " + plan.branches().size()
                        + " branches simulated; explore again to continue)";
            }
            List<ExpansionUnit> units = new ArrayList<>();
            for (PlannedBranch b : plan.branches()) {
                boolean ready = b.parent() <= -2 || staged.containsKey(b.parent());
                if (!staged.containsKey(b.index()) && ready && units.size() < settings.roundSize()) {
                    ClothState start;
                    if (b.parent() <= -2) {
                        start = read(project.secondary().state(plan.rootStates().get(-2 - b.parent())).frameId());
                    } else {
                        Staged parent = staged.get(b.parent());
                        start = read(parent.frames()[parent.frames().length - 1]);
                    }
                    units.add(unit(b.index(), "initialisation branch " + (b.index() + 1) + " of " + plan.branches().size()
                            + " (" + where(b.startNode()) + " to " + where(b.leafNode()) + ")",
                            start, b.startNode(), List.of(b.edges())));
                }
            }
            long tr = System.nanoTime();
            List<ExpansionResult> results = runUnits(units, sub);
            double simWall = (System.nanoTime() - tr) / 1e9;
            long tb = System.nanoTime();
            for (int i = 0; i < units.size(); i++) {
                ExpansionResult r = results.get(i);
                long startFrame = 0;
                String startClass = null;
                if (r.failed()) {
                    // Kim et al. start from an initial drape: a branch whose simulation failed is simulated again from
                    // a fresh drape at its start pose; the state it would have continued from gets a queued merge
                    // into the new branch instead (linkMissingTransitions at the commit), so the graph has no gap
                    PlannedBranch b = branch(plan, (int) units.get(i).id());
                    ClothState fresh;
                    try {
                        fresh = drape(b.startNode(), null);
                    } catch (InvalidInputException e) {
                        return TROUBLE + "the initialisation failed: " + units.get(i).label() + ": " + r.failure()
                                + "; a fresh drape there failed too: " + e.getMessage();
                    }
                    ExpansionResult again = runUnits(List.of(unit(b.index(), units.get(i).label() + " from a fresh drape",
                            fresh, b.startNode(), List.of(b.edges()))), sub).get(0);
                    cpuSeconds += r.cpuSeconds();
                    if (again.failed()) {
                        return TROUBLE + "the initialisation failed: " + units.get(i).label() + ": " + r.failure()
                                + "; again from a fresh drape: " + again.failure();
                    }
                    try (FrameWriter w = project.frames().writer(work, waitMonitor)) {
                        startFrame = w.append(fresh.positions(), fresh.velocities());
                        w.commit();
                    }
                    startClass = classOf(fresh, b.startNode());
                    message = units.get(i).label() + " failed (" + r.failure() + "); simulated again from a fresh drape";
                    r = again;
                }
                long[] ids = writeFrames(r.frames());
                Staged s = new Staged(fp, (int) units.get(i).id(), ids, r.classes().get(0), r.cpuSeconds(), startFrame,
                        startClass);
                project.secondary().addInitBranch(gson.toJson(s));
                staged.put(s.index(), s);
                simulatedFrames += r.frameCount();
                cpuSeconds += r.cpuSeconds();
            }
            bookkeepingSeconds += (System.nanoTime() - tb) / 1e9;
            wallSeconds += simWall + (System.nanoTime() - tb) / 1e9;
            message = "initialisation: " + countBranches(staged) + " of " + plan.branches().size() + " branches";
            publish(status());
        }
        long tb = System.nanoTime();
        commitInitialisation(plan, staged);
        bookkeepingSeconds += (System.nanoTime() - tb) / 1e9;
        wallSeconds += (System.nanoTime() - tb) / 1e9;
        logRound();
        message = "initialised: " + countLive() + " states on " + snapshot.graph().nodes().size() + " primary nodes";
        publish(status());
        return null;
    }

    private static PlannedBranch branch(InitialisationPlan plan, int index) {
        for (PlannedBranch b : plan.branches()) {
            if (b.index() == index) {
                return b;
            }
        }
        throw new IllegalStateException("no initialisation branch " + index);
    }

    /** A primary node as a person reads it: clip:frame. */
    private String where(long node) {
        PrimaryNode n = snapshot.node(node);
        if (n == null) {
            return "primary node " + node;
        }
        ClipInfo c = snapshot.clip(n.clipId());
        return (c == null ? "clip " + n.clipId() : c.name()) + ":" + n.frame();
    }

    private static int countBranches(Map<Integer, Staged> staged) {
        return (int) staged.keySet().stream().filter(i -> i >= 0).count();
    }

    private long startNode() {
        return startClip(settings, snapshot).flatMap(c -> firstNode(snapshot, c)).map(PrimaryNode::id)
                .orElseThrow(() -> new InvalidInputException("exploration settings", "startClip",
                        settings.startClip().isEmpty() ? "no clip with frames in the primary graph"
                                : "no clip '" + settings.startClip() + "' with frames in the primary graph"));
    }

    /**
     * The clip in whose first pose the initial drape is made: the stored start clip, or by default the first clip that
     * is not excluded and has poses in the primary graph; empty when there is no such clip. The one place this default
     * is decided (the CLI's refusal and the Exploration view name the clip it gives).
     */
    public static Optional<ClipInfo> startClip(ExplorationSettings settings, PrimaryGraphSnapshot snapshot) {
        for (ClipInfo c : snapshot.clips()) {
            if ((settings.startClip().isEmpty() ? !c.excluded() : c.name().equals(settings.startClip()))
                    && firstNode(snapshot, c).isPresent()) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /** The name of {@link #startClip}'s clip, or the stored name when the primary graph has no such clip (any more). */
    public static String startClipName(ExplorationSettings settings, PrimaryGraphSnapshot snapshot) {
        return startClip(settings, snapshot).map(ClipInfo::name).orElse(settings.startClip());
    }

    private static Optional<PrimaryNode> firstNode(PrimaryGraphSnapshot snapshot, ClipInfo c) {
        for (int f = 0; f < c.frameCount(); f++) {
            PrimaryNode n = snapshot.nodeAt(c.id(), f);
            if (n != null) {
                return Optional.of(n);
            }
        }
        return Optional.empty();
    }

    /** Kim et al. start from an initial drape: draped in the fitting pose, carried into the start pose. */
    private ClothState drape(long startNode, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Draping " + garment.name(), 2);
        PrimaryPath path = pathFrom(startNode);
        Motion leadIn = FittingPose.leadIn(path.motion());
        CharacterBodyMotion leadBody = new CharacterBodyMotion(character, leadIn);
        try {
            ClothState state = InitialDrape.drape(mesh, material, InitialDrape.settingsFor(simulator,
                    settings.simulation()), leadBody, 0, 1.0, sub.split(1));
            state = simulator.simulate(mesh, material, settings.simulation(), leadBody, 0, state, leadBody.fps(),
                    leadIn.frameCount() - 1, sub.split(1)).last();
            return RootFrame.of(path.motion(), 0).toLocal(state);
        } catch (SimulationFailedException e) {
            throw new InvalidInputException("garment " + garment.name(), "drape", "the initial drape failed: "
                    + e.getMessage());
        }
    }

    /** A short played path whose first frame is the pose of {@code node}. */
    private PrimaryPath pathFrom(long node) {
        PrimaryEdge first = horizon.out(node).get(0);
        return PrimaryPath.along(snapshot, List.of(snapshot.node(node), snapshot.node(first.to())), horizon.window());
    }

    private String classOf(ClothState local, long node) {
        if (!classify) {
            return "";
        }
        PrimaryPath path = pathFrom(node);
        RootFrame root = RootFrame.of(path.motion(), 0);
        org.clothgraph.sim.garment.HoodStateClassifier c = new org.clothgraph.sim.garment.HoodStateClassifier(mesh);
        return c.name() + "=" + c.classify(root.toWorld(local), character.pose(path.motion(), 0));
    }

    private void commitInitialisation(InitialisationPlan plan, Map<Integer, Staged> staged) {
        Secondary sec = project.secondary();
        project.batch(() -> {
            Map<Integer, Long> leafState = new HashMap<>();
            if (plan.fromDrape()) {
                Staged d = staged.get(-1);
                long c0 = sec.addState(garment.id(), plan.startNode(), d.frames()[0], d.classes().get(0), Status.LIVE,
                        round);
                addLive(plan.startNode(), c0, d.frames()[0], d.classes().get(0));
                leafState.put(-1, c0);
            }
            for (int k = 0; k < plan.rootStates().size(); k++) {
                leafState.put(-2 - k, plan.rootStates().get(k));
            }
            List<long[]> merges = new ArrayList<>(); // {transition, leaf state, leaf frame, node}
            for (PlannedBranch b : plan.branches()) {
                Staged s = staged.get(b.index());
                long[] nodes = nodesOf(b.startNode(), b.edges());
                long start = leafState.get(b.parent());
                if (s.redraped()) {
                    // the branch starts from its own drape; the parent's leaf is linked to it by a queued merge below
                    start = sec.addState(garment.id(), b.startNode(), s.startFrame(), s.startClass(), Status.LIVE, round);
                    addLive(b.startNode(), start, s.startFrame(), s.startClass());
                }
                long[] leaf = addBranch(start, -1, nodes, b.edges(), s.frames(), s.classes(), !b.leafContinues());
                if (b.leafContinues()) {
                    leafState.put(b.index(), leaf[1]);
                } else {
                    merges.add(new long[] { leaf[0], leaf[1], s.frames()[s.frames().length - 1], b.leafNode() });
                }
            }
            for (long[] m : merges) {
                removeDeadEnd(m[0], m[1], read(m[2]), m[3]);
            }
            // other live states at the roots' nodes (and any state lacking an edge into a node covered now)
            sec.linkMissingTransitions();
            sec.clearInitBranches();
        });
    }

    /** Node of every frame of a branch (-1 inside blended transitions), starting with the start node. */
    private long[] nodesOf(long start, List<PrimaryEdge> branch) {
        List<Long> nodes = new ArrayList<>();
        nodes.add(start);
        for (PrimaryEdge e : branch) {
            for (int k = 1; k < horizon.frames(e); k++) {
                nodes.add(-1L);
            }
            nodes.add(e.to());
        }
        long[] a = new long[nodes.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = nodes.get(i);
        }
        return a;
    }

    // ---- ExpandGraph ------------------------------------------------------------------------------

    private String explore(Limits limits, long sessionStart, long t0, SubMonitor sub) {
        String limit = null; // the limit reached, once it is: then only settling rounds
        int settling = 0;
        while (true) {
            String stop = interruption(sub);
            if (stop != null) {
                return limit == null || stop.startsWith(TROUBLE) ? stop : limit + settled(settling) + "; " + stop;
            }
            if (limit == null) {
                limit = limitReached(limits, sessionStart, t0);
            }
            long tb = System.nanoTime();
            List<MergeRecord> worst;
            if (limit != null) {
                if (limits.settleRounds() == 0) {
                    return limit;
                }
                worst = project.secondary().worstQueuedCrossClass(settings.roundSize());
                if (worst.isEmpty()) {
                    return limit + settled(settling) + (settling > 0 ? " (none left)" : "; no cross-class merge queued");
                }
                if (settling == limits.settleRounds()) {
                    long left = project.secondary().worstQueuedCrossClass(Integer.MAX_VALUE).size();
                    return limit + settled(settling) + "; " + left + " cross-class merge" + (left == 1 ? "" : "s")
                            + " still queued";
                }
                settling++;
                message = "limit reached; settling round " + settling + " of at most " + limits.settleRounds() + ": "
                        + worst.size() + " cross-class merge" + (worst.size() == 1 ? "" : "s");
                publish(status());
            } else {
                // focused: the worst queued merges on the focus clips first; worst-first over the whole queue when
                // none is left there
                worst = project.secondary().worstQueuedOn(settings.roundSize(), focus);
                if (worst.isEmpty()) {
                    worst = project.secondary().worstQueued(settings.roundSize());
                }
            }
            if (worst.isEmpty()) {
                return "the queue is empty (" + countQuarantined() + " quarantined)";
            }
            Map<Long, ClothTransition> transitions = transitionsOf(worst);
            List<ExpansionUnit> units = new ArrayList<>();
            for (MergeRecord m : worst) {
                units.add(expansionUnit(m, transitions.get(m.transitionId())));
            }
            double book = (System.nanoTime() - tb) / 1e9;
            long tr = System.nanoTime();
            List<ExpansionResult> results = runUnits(units, sub);
            double simWall = (System.nanoTime() - tr) / 1e9;
            tb = System.nanoTime();
            round++;
            for (int i = 0; i < worst.size(); i++) {
                ExpansionResult r = results.get(i);
                MergeRecord m = worst.get(i);
                cpuSeconds += r.cpuSeconds();
                if (r.failed()) {
                    project.secondary().quarantine(m.id(), r.failure());
                    noteOutcome(true);
                    message = "quarantined merge " + m.id() + ": " + r.failure();
                } else {
                    commitExpansion(m, transitions.get(m.transitionId()), units.get(i), r);
                    simulatedFrames += r.frameCount();
                    noteOutcome(false);
                }
            }
            book += (System.nanoTime() - tb) / 1e9;
            bookkeepingSeconds += book;
            wallSeconds += simWall + book;
            logRound();
            ExplorationStatus s = status();
            message = String.format(java.util.Locale.ROOT, "round %d: %d states, worst merge error %.1f mm", round,
                    s.states(), s.worstErrorMm());
            publish(s.with(message, s.running()));
            String failing = failureStop();
            if (failing != null) {
                return failing;
            }
        }
    }

    private Map<Long, ClothTransition> transitionsOf(List<MergeRecord> merges) {
        Map<Long, ClothTransition> out = new HashMap<>();
        for (MergeRecord m : merges) {
            out.put(m.transitionId(), project.secondary().transition(m.transitionId()));
        }
        return out;
    }

    private ExpansionUnit expansionUnit(MergeRecord m, ClothTransition t) {
        if (m.deadEndState() > 0) {
            ClothStateRecord c = project.secondary().state(m.deadEndState());
            return treeUnit(m.id(), "expanding dead end " + c.id() + " (merge error " + mm(m.plainError()) + " mm)",
                    read(c.frameId()), c.primaryNode(), horizon.expansion(horizon.out(c.primaryNode()),
                            settings.minBranchFrames()));
        }
        // a transition never simulated (a primary edge added after exploration): simulate it from its source
        ClothStateRecord src = project.secondary().state(t.from());
        PrimaryEdge e = edges.get(t.primaryEdge());
        return treeUnit(m.id(), "simulating new primary edge " + e.id() + " from state " + src.id(), read(src.frameId()),
                src.primaryNode(), horizon.expansion(List.of(e), settings.minBranchFrames()));
    }

    private void commitExpansion(MergeRecord m, ClothTransition t, ExpansionUnit unit, ExpansionResult r) {
        // where each branch's dead end lies (DeadEndPlacement), against the states committed before this expansion;
        // the frames after it are not kept; a branch that goes on in others ends where it reaches their start
        int[] ends = new int[unit.branches().size()];
        boolean[] goesOn = new boolean[ends.length];
        List<List<ClothState>> kept = new ArrayList<>();
        for (int b = 0; b < ends.length; b++) {
            goesOn[b] = unit.continues(b);
            ends[b] = goesOn[b] ? r.frames().get(b).size()
                    : DeadEndPlacement.choose(unit.branches().get(b).nodes(), r.frames().get(b), r.classes().get(b),
                            settings.mergeWindow(), (node, state, cls, bound) -> mostSimilar(node, state, cls, bound).ranked());
            kept.add(r.frames().get(b).subList(0, ends[b]));
            discardedFrames += r.frames().get(b).size() - ends[b];
        }
        long[][] frameIds = new long[kept.size()][];
        long[] all = writeFrames(kept);
        afterFramesWritten.run();
        int k = 0;
        for (int b = 0; b < frameIds.length; b++) {
            frameIds[b] = java.util.Arrays.copyOfRange(all, k, k + kept.get(b).size());
            k += kept.get(b).size();
        }
        Secondary sec = project.secondary();
        project.batch(() -> {
            long start;
            long reuse = -1;
            sec.removeMerge(m.id());
            if (m.deadEndState() > 0) {
                // ExpandGraph: revert the merge, re-inserting the dead end
                ClothStateRecord c = sec.state(m.deadEndState());
                sec.redirect(t.id(), c.id(), false);
                sec.setStatus(c.id(), Status.LIVE);
                addLive(c.primaryNode(), c.id(), c.frameId(), c.classes());
                start = c.id();
            } else {
                start = t.from();
                reuse = t.id();
            }
            long[] last = new long[unit.branches().size()];
            for (int b = 0; b < unit.branches().size(); b++) {
                ExpansionUnit.Branch branch = unit.branches().get(b);
                List<PrimaryEdge> es = new ArrayList<>();
                for (long id : branch.edges()) {
                    es.add(edges.get(id));
                }
                long[] nodes = java.util.Arrays.copyOf(branch.nodes(), ends[b] + 1);
                long from = branch.parent() < 0 ? start : last[branch.parent()];
                long[] leaf = addBranch(from, branch.parent() < 0 ? reuse : -1, nodes, es, frameIds[b],
                        r.classes().get(b), !goesOn[b]);
                last[b] = leaf[1];
                if (!goesOn[b]) {
                    // the dead end as it was written (the bytes the store holds)
                    removeDeadEnd(leaf[0], leaf[1], r.frames().get(b).get(ends[b] - 1), nodes[nodes.length - 1]);
                }
            }
        });
    }

    /**
     * Adds the states and transitions of one simulated branch from state {@code start}. Returns {transition into
     * the leaf, leaf state}. {@code reuse} > 0 is a merged transition that becomes the branch's first transition.
     */
    private long[] addBranch(long start, long reuse, long[] nodes, List<PrimaryEdge> branchEdges, long[] frameIds,
            List<String> classes, boolean leafMerged) {
        Secondary sec = project.secondary();
        long prev = start;
        List<Long> inner = new ArrayList<>();
        int edge = 0;
        long transition = -1;
        long state = -1;
        for (int f = 1; f < nodes.length; f++) {
            long frame = frameIds[f - 1];
            if (nodes[f] < 0) {
                inner.add(frame);
                continue;
            }
            PrimaryEdge e = branchEdges.get(edge++);
            boolean leaf = f == nodes.length - 1;
            String cls = classes.get(f - 1);
            state = sec.addState(garment.id(), nodes[f], frame, cls, leaf && leafMerged ? Status.MERGED : Status.LIVE,
                    round);
            if (!(leaf && leafMerged)) {
                addLive(nodes[f], state, frame, cls);
            }
            long[] in = inner.stream().mapToLong(Long::longValue).toArray();
            if (edge == 1 && reuse > 0) {
                sec.resimulate(reuse, state, in);
                transition = reuse;
            } else {
                transition = sec.addTransition(prev, state, e.id(), false, in);
            }
            inner.clear();
            prev = state;
        }
        return new long[] { transition, state };
    }

    /**
     * RemoveDeadend(c): FindMostSimilar(c) among the live states at the same primary node, redirect the transition
     * into c there, and queue (c, error).
     */
    private void removeDeadEnd(long transition, long deadEnd, ClothState c, long node) {
        Match best = mostSimilar(node, c, project.secondary().state(deadEnd).classes(), Double.POSITIVE_INFINITY);
        project.secondary().redirect(transition, best.state(), true);
        project.secondary().addMerge(transition, deadEnd, best.ranked(), best.plain(), best.cross());
    }

    /** The outcome of FindMostSimilar: the state merged into (-1: none ranked below the bound) and the errors. */
    private record Match(long state, double ranked, double plain, boolean cross) {
    }

    /**
     * FindMostSimilar: among the live states at {@code node}, the one whose merge with {@code c} (class {@code cls})
     * ranks lowest; a ranked error of at least {@code bound} (the state -1) when none ranks below it.
     */
    private Match mostSimilar(long node, ClothState c, String cls, double bound) {
        List<long[]> candidates = live.get(node);
        if (candidates == null || candidates.isEmpty()) {
            throw new IllegalStateException("no live cloth state at primary node " + node + " to merge into");
        }
        float[] p = new float[c.positions().length];
        float[] v = new float[c.velocities().length];
        long best = -1;
        double bestRanked = bound;
        double bestPlain = 0;
        boolean bestCross = false;
        for (long[] cand : candidates) {
            boolean cross = !cls.equals(classOf.get(cand[0]));
            double penalty = cross ? settings.classPenalty() : 0;
            if (penalty >= bestRanked) {
                continue;
            }
            project.frames().read(cand[1], p, v);
            double plain = metric.plain(c.positions(), c.velocities(), p, v, bestRanked - penalty);
            double ranked = metric.ranked(plain, cross);
            if (ranked < bestRanked) {
                bestRanked = ranked;
                bestPlain = plain;
                bestCross = cross;
                best = cand[0];
            }
        }
        return new Match(best, bestRanked, bestPlain, bestCross);
    }

    private void addLive(long node, long state, long frame, String cls) {
        live.computeIfAbsent(node, k -> new ArrayList<>()).add(new long[] { state, frame });
        classOf.put(state, cls);
    }

    // ---- units ------------------------------------------------------------------------------------

    /** Tests: a unit of work from a state along primary edges (the project is loaded on first use). */
    ExpansionUnit unitFor(long startNode, ClothState startLocal, List<List<PrimaryEdge>> branches) {
        if (snapshot == null) {
            load();
        }
        return unit(0, "test unit", startLocal, startNode, branches);
    }

    /** Tests: a unit of work of branches that may continue each other ({@link Horizon#expansion}). */
    ExpansionUnit stepsUnitFor(long startNode, ClothState startLocal, List<Horizon.Step> steps) {
        if (snapshot == null) {
            load();
        }
        return treeUnit(0, "test unit", startLocal, startNode, steps);
    }

    /** Tests: the initial drape carried into the pose of {@code node}, in the root frame. */
    ClothState drapeAt(long node) {
        if (snapshot == null) {
            load();
        }
        return drape(node, null);
    }

    Horizon horizon() {
        if (snapshot == null) {
            load();
        }
        return horizon;
    }

    private ExpansionUnit unit(long id, String label, ClothState startLocal, long startNode,
            List<List<PrimaryEdge>> branches) {
        return treeUnit(id, label, startLocal, startNode, branches.stream().map(b -> new Horizon.Step(-1, b)).toList());
    }

    /** A unit of the branches {@code steps} (continuations start where their parent ends, from its last frame). */
    private ExpansionUnit treeUnit(long id, String label, ClothState startLocal, long startNode, List<Horizon.Step> steps) {
        List<ExpansionUnit.Branch> out = new ArrayList<>();
        ClothState continued = new ClothState(new float[0], new float[0]);
        for (Horizon.Step step : steps) {
            List<PrimaryEdge> b = step.edges();
            long from = step.parent() < 0 ? startNode : steps.get(step.parent()).lastNode();
            long[] nodes = nodesOf(from, b);
            List<PrimaryNode> path = new ArrayList<>();
            path.add(snapshot.node(from));
            for (PrimaryEdge e : b) {
                path.add(snapshot.node(e.to()));
            }
            PrimaryPath played = PrimaryPath.along(snapshot, path, horizon.window());
            Motion motion = played.motion();
            int frames = motion.frameCount() - 1;
            if (frames + 1 != nodes.length) {
                throw new IllegalStateException("played path has " + motion.frameCount() + " frames, expected "
                        + nodes.length);
            }
            CharacterBodyMotion body = new CharacterBodyMotion(character, motion);
            SampledBodyMotion sampled = SampledBodyMotion.sample(body, 0, frames / motion.fps(),
                    motion.fps() * settings.simulation().substeps());
            double[] roots = new double[3 * nodes.length];
            for (int f = 0; f < nodes.length; f++) {
                RootFrame r = RootFrame.of(motion, f);
                roots[3 * f] = r.yaw();
                roots[3 * f + 1] = r.x();
                roots[3 * f + 2] = r.z();
            }
            long[] edgeIds = b.stream().mapToLong(PrimaryEdge::id).toArray();
            out.add(new ExpansionUnit.Branch(new SimulationWorkUnit(mesh, material, settings.simulation(), sampled, 0,
                    step.parent() < 0 ? startLocal : continued, motion.fps(), frames), nodes, edgeIds, roots,
                    grips.along(nodes, motion), step.parent()));
        }
        return new ExpansionUnit(id, label, classify, out);
    }

    /**
     * Runs a round's units, each branch whose simulation input another branch of the round already has given that
     * branch's frames instead of simulated again ({@link DuplicateBranches}); results in unit order.
     */
    private List<ExpansionResult> runUnits(List<ExpansionUnit> units, SubMonitor sub) {
        DuplicateBranches duplicates = new DuplicateBranches(units);
        // the executor sees one unit per distinct branch, each with a label of its own
        List<ExpansionResult> ran = executor.runAll(duplicates.distinct(), simulator, settings.effectiveWorkers(),
                new UnitExecutor.Progress() {
                    @Override
                    public void started(ExpansionUnit unit) {
                        running.add(unit.label());
                        ExplorationStatus s = lastStatus;
                        if (s != null) {
                            publish(s.with("simulating " + unit.label(), new ArrayList<>(running)));
                        }
                    }

                    @Override
                    public void finished(ExpansionUnit unit, ExpansionResult result) {
                        running.remove(unit.label());
                    }
                }, sub.newChild(0));
        reusedFrames += duplicates.reusedFrames(ran);
        return duplicates.results(ran);
    }

    private long[] writeFrames(List<List<ClothState>> branches) {
        long[] ids = new long[branches.stream().mapToInt(List::size).sum()];
        int i = 0;
        try (FrameWriter w = project.frames().writer(work, waitMonitor)) {
            for (List<ClothState> b : branches) {
                for (ClothState s : b) {
                    ids[i++] = w.append(s.positions(), s.velocities());
                }
            }
            w.commit();
        }
        return ids;
    }

    private ClothState read(long frameId) {
        float[] p = new float[3 * mesh.vertexCount()];
        float[] v = new float[3 * mesh.vertexCount()];
        project.frames().read(frameId, p, v);
        return new ClothState(p, v);
    }

    // ---- stopping ---------------------------------------------------------------------------------

    /** What stops a run before its next round (a limit, a request, the disk), or null. */
    private String stopCheck(Limits limits, long sessionStart, long t0, SubMonitor sub) {
        String stop = interruption(sub);
        return stop != null ? stop : limitReached(limits, sessionStart, t0);
    }

    /** ", then N settling rounds" after a limit's reason, or nothing. */
    private static String settled(int rounds) {
        return rounds == 0 ? "" : ", then " + rounds + " settling round" + (rounds == 1 ? "" : "s")
                + " expanded the cross-class merges left";
    }

    /** A request to stop, a full disk (trouble) or null; a cancelled monitor throws. */
    private String interruption(SubMonitor sub) {
        if (sub.isCanceled()) {
            throw new org.eclipse.core.runtime.OperationCanceledException();
        }
        if (stopRequested) {
            return "stopped on request";
        }
        try {
            FileStore store = Files.getFileStore(project.folder());
            long free = store.getUsableSpace() / (1024 * 1024);
            if (free < settings.minFreeDiskMb()) {
                return TROUBLE + "before the disk is full: " + free + " MB free on " + store + " (minimum "
                        + settings.minFreeDiskMb() + " MB)";
            }
        } catch (IOException e) {
            return TROUBLE + "cannot read the free disk space: " + e.getMessage();
        }
        return null;
    }

    /** The limit this run has reached, or null. */
    private String limitReached(Limits limits, long sessionStart, long t0) {
        long done = simulatedFrames - sessionStart;
        if (limits.frames() > 0 && done >= limits.frames()) {
            return "simulated " + done + " frames (limit " + limits.frames() + ")";
        }
        if (limits.minutes() > 0 && (System.nanoTime() - t0) / 60e9 >= limits.minutes()) {
            return "ran " + limits.minutes() + " minutes";
        }
        if (limits.untilErrorMm() > 0 && phase.equals("EXPLORING")) {
            double worst = ExplorationStats.worstErrorMm(project);
            if (worst <= limits.untilErrorMm()) {
                return String.format(java.util.Locale.ROOT, "the worst merge error is %.2f mm (target %.2f mm)", worst,
                        limits.untilErrorMm());
            }
        }
        return null;
    }

    private void noteOutcome(boolean failed) {
        recentFailures.addLast(failed);
        while (recentFailures.size() > settings.failureWindow()) {
            recentFailures.removeFirst();
        }
    }

    private String failureStop() {
        if (recentFailures.size() < settings.failureWindow()) {
            return null;
        }
        long failed = recentFailures.stream().filter(b -> b).count();
        if (failed > settings.failureStop() * recentFailures.size()) {
            return TROUBLE + failed + " of the last " + recentFailures.size() + " expansions failed (" + message
                    + "); the simulator cannot run this garment with these settings";
        }
        return null;
    }

    // ---- status -----------------------------------------------------------------------------------

    private void logRound() {
        ExplorationStats s = ExplorationStats.of(project);
        project.secondary().log(new ExplorationLogEntry(round, simulatedFrames, s.liveStates(), s.queue(),
                s.quarantined(), s.worstError(), s.medianError(), s.crossClassMerges(), cpuSeconds, bookkeepingSeconds,
                wallSeconds, Instant.now().toString()));
    }

    private long countLive() {
        long n = 0;
        for (List<long[]> l : live.values()) {
            n += l.size();
        }
        return n;
    }

    private long countQuarantined() {
        return ExplorationStats.of(project).quarantined();
    }

    /**
     * Whether the project's exploration has begun: the graph has states, or an interrupted initialisation has staged
     * branches. From then on the start clip is fixed: the initialisation's plan, and so every staged branch and every
     * state, runs from its first pose.
     */
    public static boolean begun(Project project) {
        return project.secondary().hasStatesOrInitBranches();
    }

    /**
     * Frames the project's exploration has simulated so far: the last committed round's count, or, during an
     * interrupted initialisation, the frames of its staged branches (what a resumed run starts counting from).
     */
    public static long simulatedFrames(Project project) {
        List<ExplorationLogEntry> log = project.secondary().log();
        if (!log.isEmpty()) {
            return log.get(log.size() - 1).simulatedFrames();
        }
        long frames = 0;
        for (String json : project.secondary().initBranches()) {
            Staged s = new Gson().fromJson(json, Staged.class);
            if (s.index() >= 0) {
                frames += s.frames().length;
            }
        }
        return frames;
    }

    /** The current status (reads the project). */
    public ExplorationStatus status() {
        ExplorationStats s = ExplorationStats.of(project);
        List<double[]> history = new ArrayList<>();
        for (ExplorationLogEntry e : project.secondary().log()) {
            history.add(new double[] { e.simulatedFrames(), e.worstError() * 1000 });
        }
        Map<String, Long> byClass = new LinkedHashMap<>(project.secondary().liveStatesByClass());
        return new ExplorationStatus(phase, message, round, simulatedFrames, s.liveStates(), s.queue(), s.quarantined(),
                s.worstError() * 1000, s.medianError() * 1000, s.crossClassMerges(),
                wallSeconds > 0 ? simulatedFrames / wallSeconds : 0, cpuSeconds, bookkeepingSeconds, wallSeconds,
                new ArrayList<>(running), history, Collections.unmodifiableMap(byClass));
    }

    private volatile ExplorationStatus lastStatus;

    private void publish(ExplorationStatus s) {
        lastStatus = s;
        for (ExplorationStatus.Listener l : listeners) {
            l.status(s);
        }
    }

    private static String mm(double metres) {
        return String.format(java.util.Locale.ROOT, "%.1f", metres * 1000);
    }
}
